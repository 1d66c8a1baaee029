"""Every verb of detent-protocol(7), on both clients, against the real daemon."""

from __future__ import annotations

import inspect

import pytest
from conftest import CARDS, LOOP, Clients, Daemon

import detent
from detent import Cause, Curve, Mode


def test_the_command_table_has_every_verb_and_both_clients_have_a_method_for_each() -> None:
    verbs = {"hello", "ping", "plugins", "open", "layout", "begin", "move", "end", "cancel", "goto",
             "autoplay", "close", "stats", "quit", "wheel", "scroll", "step", "scrollby"}
    assert set(detent.COMMANDS) == verbs
    for cls in (detent.Client, detent.AsyncClient):
        for verb in verbs:
            assert callable(getattr(cls, verb)), (cls, verb)
        assert inspect.iscoroutinefunction(getattr(detent.AsyncClient, "end"))
    assert str(inspect.signature(detent.Client.end)).endswith("-> 'Snap'")


def test_hello_greets_and_keeps_what_the_server_said(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket, name='a "quoted" name\\here')
    assert client.path == shared_daemon.socket
    assert client.proto == 1
    assert client.server.startswith("detentd/")
    assert "cards" in client.plugin_names and "carousel" in client.plugin_names
    again = client.hello("other")
    assert isinstance(again, detent.Hello) and again.plugins == client.plugin_names
    assert again.id is not None


def test_ping_plugins_and_stats(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    pong = client.ping()
    assert isinstance(pong, detent.Pong)
    plugins = client.plugins()
    assert plugins.default == "cards" and plugins.names == client.plugin_names
    client.open("a", **CARDS)
    stats = client.stats()
    assert isinstance(stats, detent.Stats)
    assert stats.connections >= 1 and stats.sessions >= 1 and stats.requests >= 4 and stats.uptime >= 0
    assert stats.errors >= 0


def test_open_every_geometry_and_layout(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    opened = client.open("cards", plugin="cards", **CARDS)
    assert opened == detent.Opened(s="cards", id=opened.id, plugin="cards", index=0, x=0, snaps=5)
    assert client.open("default", viewport=375, item=100, count=3).plugin == "cards"
    sized = client.open("sizes", plugin="thumbs", viewport=375, sizes=[100, 120.5, 80], spacing=4)
    assert sized.snaps >= 1 and sized.pad is None
    points = client.open("sheet", plugin="thumbs", viewport=800, points=[0, 200, 600.25], index=2, axis="y")
    assert (points.index, points.x, points.snaps) == (2, 600.25, 3)
    padded = client.open("pad", plugin="paging", viewport=375, item=343, count=5, spacing=3, lead=1, trail=2,
                         align="center", contain="pad", index=2, axis="x")
    assert (padded.index, padded.x, padded.snaps, padded.pad) == (2, 750, 5, 145)
    loop = client.open("loop", plugin="carousel", **LOOP)
    assert (loop.index, loop.x, loop.snaps, loop.dup) == (0, 582.5, 8, 2)
    relaid = client.layout("pad", viewport=375, item=100, count=10)
    assert isinstance(relaid, detent.Opened) and relaid.s == "pad"
    assert (relaid.index, relaid.x, relaid.snaps, relaid.pad) == (4, 375, 3, None)


def test_a_gesture_begin_move_end(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("cards", plugin="cards", **CARDS)
    began = client.begin("cards", x=0, t=0)
    assert (began.s, began.index, began.x, began.jump) == ("cards", 0, 0, None)
    moved = client.move("cards", x=-40, t=16)
    assert moved.s == "cards" and moved.x == pytest.approx(-20.780856423173788, abs=0)
    snap = client.end("cards", x=90, v=1.4)
    assert (snap.s, snap.index, snap.x, snap.mode, snap.cause) == ("cards", 1, 351, Mode.ANIMATE, Cause.RELEASE)
    assert (snap.from_, snap.v, snap.curve, snap.omega, snap.ms) == (90, 1.4, Curve.SPRING, 0.015707963267948967, 516)
    assert snap.rate is None and snap.page is None and snap.jump is None and snap.id is not None
    # Without v the daemon estimates it from timed samples; with target it is taken as given.
    client.begin("cards", x=351, t=0)
    client.move("cards", x=360, t=16)
    estimated = client.end("cards", x=380, t=32)
    assert estimated.v > 0
    client.open("thumbs", plugin="thumbs", **CARDS)
    assert client.end("thumbs", x=0, v=0.1).index == 0
    assert client.end("thumbs", x=0, v=0.1, target=1404, t=50).index == 4


def test_paging_decay_page_and_loop_jumps(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("p", plugin="paging", viewport=375, item=100, count=20)
    snap = client.end("p", x=40, v=2)
    assert (snap.index, snap.x, snap.mode, snap.page, snap.curve, snap.ms) == (4, 375, Mode.DECELERATE, 1, Curve.DECAY, 1090)
    assert snap.rate == 0.9940476366748394 and snap.omega is None
    client.open("c", plugin="carousel", **LOOP, index=3)
    wrapped = client.end("c", x=1600, v=1)
    assert (wrapped.index, wrapped.x, wrapped.jump) == (0, 1822.5, 582.5)
    regrab = client.begin("c", x=1822.5)
    assert (regrab.index, regrab.x, regrab.jump) == (0, 1822.5, 582.5)


def test_cancel_goto_autoplay_close(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("cards", plugin="cards", **CARDS)
    client.begin("cards", x=0, t=0)
    client.move("cards", x=100, t=16)
    cancelled = client.cancel("cards")
    assert (cancelled.cause, cancelled.mode, cancelled.index, cancelled.x, cancelled.v) == (Cause.CANCEL, Mode.ANIMATE, 0, 0, 0)
    assert cancelled.from_ == 100
    went = client.goto("cards", index=4)
    assert (went.cause, went.index, went.x, went.from_) == (Cause.GOTO, 4, 1404, 0)
    drawn = client.goto("cards", index=1, x=1000)
    assert (drawn.index, drawn.x, drawn.from_) == (1, 351, 1000)
    ok = client.autoplay("cards", every=250.5)
    assert (ok.s, ok.every) == ("cards", 250.5)
    assert client.autoplay("cards", every=0).every == 0
    closed = client.close("cards")
    assert isinstance(closed, detent.Closed) and closed.s == "cards"
    with pytest.raises(detent.DetentError) as caught:
        client.end("cards", x=0)
    assert caught.value.code == detent.ErrorCode.UNKNOWN_SESSION


def test_quit_says_bye_and_ends_the_connection(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    bye = client.quit()
    assert isinstance(bye, detent.Bye) and bye.id is not None
    with pytest.raises(detent.ConnectionClosed):
        client.ping()
    assert list(client.pushes(timeout=0.2)) == []


def test_requests_carry_client_ids_matched_to_replies(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    first = client.ping().id
    replies = client.send_many(["ping", "stats", '{"op":"ping"}', "plugins"])
    kinds = [type(reply) for reply in replies]
    assert kinds == [detent.Pong, detent.Stats, detent.Pong, detent.Plugins]
    ids = [int(reply.id) for reply in replies]
    assert ids == list(range(int(first) + 1, int(first) + 5))
    assert isinstance(replies[2].id, int)  # JSON keeps the id's type
    many = client.call_many([detent.protocol.ping(), detent.protocol.plugins()])
    assert [type(r) for r in many] == [detent.Pong, detent.Plugins]
    with pytest.raises(ValueError):
        client.send("ping id=7")  # ids are the client's
    with pytest.raises(ValueError):
        client.send("# a comment gets no reply")
    with pytest.raises(detent.DetentError) as caught:
        client.send("{ }")  # the id goes in, the missing op is still the daemon's to refuse
    assert caught.value.code == detent.ErrorCode.BAD_LINE


def test_send_many_can_return_error_replies_in_place(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    replies = client.send_many(["ping", "nonsense", "ping"], raise_on_error=False)
    assert isinstance(replies[1], detent.ErrorReply) and replies[1].code == "unknown-verb"
    assert [type(r) for r in (replies[0], replies[2])] == [detent.Pong, detent.Pong]
    with pytest.raises(detent.DetentError) as caught:
        client.send_many(["ping", "nonsense", "ping"])
    assert caught.value.code == detent.ErrorCode.UNKNOWN_VERB
    assert isinstance(client.ping(), detent.Pong)
