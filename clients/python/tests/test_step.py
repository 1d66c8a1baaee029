"""step and motion (detent-protocol(7), "Steps" and "Reduced motion") on
both clients and on the sans-I/O core, against the real daemon (paging): a
step that snaps, one kept at a bound, motion=reduced drawing a decision at
x from t=0, layout keeping it and switching it back, the config's default,
and their refusals."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest
from conftest import Clients, Daemon

import detent
from detent import Cause, Curve, ErrorCode, Mode

PAGES = {"viewport": 400, "item": 400, "count": 6}
OMEGA = 0.015707963267948967  # paging's spring on a 400 pt viewport


def stepped(reply: object, index: int, from_: float, curve: Curve) -> detent.Snap:
    assert isinstance(reply, detent.Snap), reply
    assert (reply.cause, reply.mode, reply.index, reply.x, reply.page) == (Cause.STEP, Mode.ANIMATE, index, 400 * index, index)
    assert (reply.from_, reply.v, reply.curve) == (from_, 0, curve)
    return reply


def test_a_step_snaps_one_page_and_is_kept_at_a_bound(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("k", plugin="paging", **PAGES)
    for to in ("prev", "first"):
        kept = client.step("k", to=to)
        assert isinstance(kept, detent.Kept) and (kept.s, kept.index) == ("k", 0)
    snap = stepped(client.step("k", to="next"), 1, 0, Curve.SPRING)
    assert (snap.omega, snap.ms, snap.position(0)) == (OMEGA, 573, 0)
    stepped(client.step("k", to="last"), 5, 400, Curve.SPRING)
    for to in ("next", "last"):
        kept = client.step("k", to=to)
        assert isinstance(kept, detent.Kept) and kept.index == 5
    stepped(client.step("k", to="first", x=1990), 0, 1990, Curve.SPRING)  # x: where it is drawn
    # With t, a motion under way steps on from its target, from where its curve has the content.
    client.open("t", plugin="paging", motion="full", **PAGES)
    client.step("t", to="next", t=100)
    on = client.step("t", to="next", t=150)
    assert isinstance(on, detent.Snap) and on.index == 2 and 0 < on.from_ < 400


def test_reduced_motion_draws_x_at_once_and_layout_switches_back(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("r", plugin="paging", motion="reduced", **PAGES)
    snap = stepped(client.step("r", to="next"), 1, 0, Curve.NONE)
    assert snap.ms == 0 and snap.motion.curve == Curve.NONE
    assert [snap.position(t) for t in (0, 16, 1000)] == [400, 400, 400]
    # A layout without motion keeps it; motion=full animates again.
    client.layout("r", **PAGES, index=1)
    assert stepped(client.step("r", to="next"), 2, 400, Curve.NONE).position(0) == 800
    client.layout("r", motion="full", **PAGES, index=1)
    spring = stepped(client.step("r", to="next"), 2, 400, Curve.SPRING)
    assert spring.ms == 573 and spring.position(0) == 400 and 400 < spring.position(100) < 800


def test_the_configs_motion_is_the_default(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon({"motion": "reduced", "plugins": [{"name": "paging", "strategy": "paging"}]})
    client = clients.connect(daemon.socket)
    client.open("d", **PAGES)
    stepped(client.step("d", to="next"), 1, 0, Curve.NONE)
    client.open("f", motion="full", **PAGES)
    stepped(client.step("f", to="next"), 1, 0, Curve.SPRING)


def test_their_refusals(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("r", plugin="paging", **PAGES)

    def refused(action: object, session: str = "r") -> detent.DetentError:
        with pytest.raises(detent.DetentError) as caught:
            action()  # type: ignore[operator]
        assert caught.value.session == session
        return caught.value

    error = refused(lambda: client.step("r", to="up"))
    assert error.code == ErrorCode.BAD_VALUE and error.message.startswith("to:")
    assert refused(lambda: client.send("step s=r")).code == ErrorCode.MISSING_KEY
    error = refused(lambda: client.open("z", motion="slow", **PAGES), "z")
    assert error.code == ErrorCode.BAD_VALUE and error.message.startswith("motion:")
    assert refused(lambda: client.layout("r", motion="none", **PAGES)).code == ErrorCode.BAD_VALUE
    # Nothing changed: the session still animates, from where it rests.
    stepped(client.step("r", to="next"), 1, 0, Curve.SPRING)


def test_the_core_types_a_step_and_a_none_curve(shared_daemon: Daemon) -> None:
    core = detent.core.Connection()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        sock.connect(shared_daemon.socket)
        data, pendings = core.send([detent.protocol.open("w", "paging", "reduced", **PAGES),
                                    detent.protocol.step("w", "last"), detent.protocol.step("w", "next")])
        sock.sendall(data)
        while not all(p.done for p in pendings):
            core.receive_data(sock.recv(65536))
    opened, snap, kept = (p.reply() for p in pendings)
    assert isinstance(opened, detent.Opened)
    stepped(snap, 5, 0, Curve.NONE)
    assert kept == detent.Kept(s="w", id=kept.id, index=5)
    assert detent.parse_reply("snap s=w index=1 x=400 mode=animate cause=step from=0 v=0 curve=none ms=0").position(0) == 400
