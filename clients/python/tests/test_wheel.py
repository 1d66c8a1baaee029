"""wheel and scroll (detent-protocol(7)) on both clients and on the
sans-I/O core, against the real daemon's generic rule (paging): a notch
that snaps, one kept within wheelLockMs (150 ms), a touchpad gesture and
its doubled begin and end, and their refusals."""

from __future__ import annotations

import math
import socket

import pytest
from conftest import Clients, Daemon

import detent
from detent import Cause, ErrorCode, Mode

PAGES = {"viewport": 400, "item": 400, "count": 6}


def test_a_notch_snaps_a_notch_within_150_ms_is_kept(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("w", plugin="paging", **PAGES)
    snap = client.wheel("w", dx=0, dy=1, t=1000)
    assert isinstance(snap, detent.Snap)
    assert (snap.cause, snap.index, snap.x, snap.mode, snap.page, snap.from_) == (Cause.WHEEL, 1, 400, Mode.ANIMATE, 1, 0)
    kept = client.wheel("w", dx=0, dy=1, t=1100, source="mouse")
    assert isinstance(kept, detent.Kept)
    assert (kept.s, kept.index) == ("w", 1) and kept.id is not None
    # From the current target, from where the motion has the content now.
    step = client.wheel("w", dx=0, dy=1, t=1200)
    assert isinstance(step, detent.Snap) and step.index == 2 and 0 < step.from_ < 400
    # The axis is x: a mouse's dy counts, another source's does not.
    other = client.wheel("w", dx=0, dy=1, t=1400, source="other")
    assert isinstance(other, detent.Kept) and other.index == 2
    back = client.wheel("w", dx=-1, dy=0, t=1500, x=700)
    assert isinstance(back, detent.Snap) and (back.index, back.from_) == (1, 700)


def test_a_touchpad_gesture(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("w", plugin="paging", **PAGES, index=1)
    begun = client.scroll("w", dx=0, dy=0, t=3000, phase="begin")
    assert isinstance(begun, detent.Moved) and begun.x == 400
    assert client.scroll("w", dx=0, dy=0, t=3000, phase="begin").x == 400  # Qt doubles it
    drawn = [client.scroll("w", dx=dx, dy=dy, t=t).x for dx, dy, t in [(10, 0, 3016), (20, 5, 3032), (30, 0, 3048)]]
    assert drawn == [410, 430, 460]
    assert isinstance(client.wheel("w", dx=1, dy=0, t=3050), detent.Kept)  # the touchpad holds the content
    end = client.scroll("w", dx=0, dy=0, t=3064, phase="end")
    assert isinstance(end, detent.Snap)
    assert (end.cause, end.index, end.x, end.from_) == (Cause.SCROLL, 2, 800, 460) and end.v > 0
    again = client.scroll("w", dx=0, dy=0, t=3064, phase="end")
    assert isinstance(again, detent.Snap) and (again.index, again.x, again.v, again.ms) == (end.index, end.x, end.v, end.ms)


def test_their_refusals(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("w", plugin="paging", **PAGES)

    def refused(action: object) -> detent.DetentError:
        with pytest.raises(detent.DetentError) as caught:
            action()  # type: ignore[operator]
        assert caught.value.session == "w"
        return caught.value

    client.wheel("w", dx=0, dy=1, t=1000)
    error = refused(lambda: client.scroll("w", dx=5, dy=0, t=1100))
    assert error.code == ErrorCode.BAD_VALUE and "phase=begin" in error.message
    error = refused(lambda: client.wheel("w", dx=0, dy=1, t=10))
    assert error.code == ErrorCode.BAD_VALUE and error.message.startswith("t:")
    assert refused(lambda: client.wheel("w", dx=0, dy=math.inf, t=1200)).code == ErrorCode.BAD_VALUE
    assert refused(lambda: client.wheel("w", dx=0, dy=1, t=1200, source="pen")).code == ErrorCode.BAD_VALUE
    assert refused(lambda: client.scroll("w", dx=0, dy=1, t=1200, phase="middle")).code == ErrorCode.BAD_VALUE
    assert refused(lambda: client.send("wheel s=w dy=1 t=1200")).code == ErrorCode.MISSING_KEY
    client.scroll("w", dx=0, dy=0, t=1300, phase="begin")
    client.scroll("w", dx=4, dy=0, t=1316)
    assert refused(lambda: client.scroll("w", dx=0, dy=0, t=1332, phase="begin")).code == ErrorCode.BAD_VALUE
    assert isinstance(client.scroll("w", dx=0, dy=0, t=1348, phase="end"), detent.Snap)


def test_the_core_types_kept_and_refuses_a_reply_the_verb_does_not_give(shared_daemon: Daemon) -> None:
    core = detent.core.Connection()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        sock.connect(shared_daemon.socket)
        data, pendings = core.send([detent.protocol.open("w", "paging", **PAGES), detent.protocol.wheel("w", 0, 1, 1000),
                                    detent.protocol.wheel("w", 0, 1, 1010),
                                    detent.protocol.scroll("w", 0, 0, 2000, "begin")])
        sock.sendall(data)
        while not all(p.done for p in pendings):
            core.receive_data(sock.recv(65536))
    opened, snap, kept, moved = (p.reply() for p in pendings)
    assert isinstance(opened, detent.Opened) and isinstance(snap, detent.Snap) and snap.cause == Cause.WHEEL
    assert kept == detent.Kept(s="w", id=kept.id, index=1)
    assert isinstance(moved, detent.Moved)
    # A reply of a kind the verb does not answer with is refused.
    assert detent.parse_reply("kept s=w index=1") == detent.Kept(s="w", index=1)
    stray = detent.core.Pending("9", 0, detent.protocol.scroll("w", 0, 0, 1).reply)
    stray.outcome = detent.parse_reply("ok s=w every=0 id=9")
    with pytest.raises(detent.ProtocolError):
        stray.reply()
