"""scrollby and snapstop (detent-protocol(7)) on both clients against the
real daemon: the man page's example (thumbs), and css-snap's
EndAndDirection stopping at a snapstop point, drawn as its curve=bezier;
a css-snap notch answered with a curve=path the client draws."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Clients, Daemon

import detent
from detent import Cause, Curve, Mode

STOPS = [0, 150, 300, 450, 600, 750, 900, 1050, 1200, 1350, 1500]
"""Tests/CssSnap's `stops`: twelve items of 150 px in a 300 px viewport."""


def css_snap(start_daemon: Callable[..., Daemon]) -> Daemon:
    return start_daemon({"plugins": [{"name": "web", "strategy": "css-snap"}], "defaultPlugin": "web"}, "web")


def test_scrollby_snaps_beyond_x_in_its_direction_or_is_kept(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("b", plugin="thumbs", viewport=300, points=[0, 300, 600, 900])
    snap = client.scrollby("b", by=400)
    assert isinstance(snap, detent.Snap) and (snap.index, snap.x, snap.cause, snap.mode) == (1, 300, Cause.SCROLLBY,
                                                                                             Mode.ANIMATE)
    # The nearest snap to 290 among those beyond 300 leftward is 0.
    back = client.scrollby("b", by=-10, x=300)
    assert isinstance(back, detent.Snap) and (back.index, back.x, back.from_) == (0, 0, 300)
    # None lies that way, or no displacement: kept.
    kept = client.scrollby("b", by=-10, x=0)
    assert isinstance(kept, detent.Kept) and (kept.s, kept.index) == ("b", 0)
    assert isinstance(client.scrollby("b", by=0, x=0), detent.Kept)


def test_css_snap_scrollby_stops_at_a_snapstop_and_draws_chromiums_curve(
        clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    client = clients.connect(css_snap(start_daemon).socket)
    client.open("w", viewport=300, points=STOPS, snapstop=[2, 5])
    # Chromium 156 (Tests/CssSnap/FACTS.md): scrollBy(400) from 0 rests at 300, the snap-stop.
    snap = client.scrollby("w", by=400, x=0, t=1000)
    assert isinstance(snap, detent.Snap) and (snap.index, snap.x, snap.from_) == (2, 300, 0)
    assert (snap.curve, snap.p1x, snap.p1y, snap.p2x, snap.p2y, snap.ms) == (Curve.BEZIER, 0.4, 0, 0, 1, 289)
    assert snap.position(100) == 203.10748071909836 and snap.position(289) == 300
    # Without the snap-stops, EndAndDirection's point closest to 400 beyond 0.
    client.open("n", viewport=300, points=STOPS)
    free = client.scrollby("n", by=400, x=0, t=1000)
    assert isinstance(free, detent.Snap) and free.x == 450


def test_css_snap_notch_is_a_path_the_client_draws(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    client = clients.connect(css_snap(start_daemon).socket)
    client.open("p", viewport=300, points=[0, 300, 600, 900], index=1)
    snap = client.wheel("p", dx=1, dy=0, t=1000, source="mouse", x=300)
    assert isinstance(snap, detent.Snap) and (snap.index, snap.cause, snap.curve) == (2, Cause.WHEEL, Curve.PATH)
    notch, after = snap.motion.segments()
    assert (notch.to, after.from_, after.to) == (420, 420, 600)
    # The notch's clock 8.3 ms in at the event (cc starts it a frame in, at
    # the frame after the event); its snap starts before it ends, 11 frames into it.
    assert notch.from_ == 300 and -9 < notch.at < -8 and after.at < notch.ends_at
    assert 300 < snap.position(0) < 301 and snap.position(after.at) == 420 and snap.position(snap.ms) == 600
    assert 300 < snap.position(100) < 420 < snap.position(after.at + after.span / 2) < 600
