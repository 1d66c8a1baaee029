"""The sans-I/O core on its own: bytes in, events out. First driven by hand
over a plain socket to the real daemon (no client), then fed bytes that
detentd never writes (a wrong id, an unreadable line, a line too long)."""

from __future__ import annotations

import socket

import pytest
from conftest import CARDS, LOOP, Daemon

import detent
from detent import protocol
from detent.core import MAX_REPLY_BYTES, Connection, Pending

PUSH = b"snap s=c index=1 x=10 mode=animate cause=autoplay from=0 v=0 curve=ease ms=5\n"


def exchange(core: Connection, sock: socket.socket, items: list[object], received: bytearray) -> list[Pending]:
    """What a front does: write the core's bytes, feed it what comes back
    until the last request is answered; the bytes read are kept."""
    data, pendings = core.send(items)  # type: ignore[arg-type]
    sock.sendall(data)
    while not pendings[-1].done:
        chunk = sock.recv(4096)
        received += chunk
        if not chunk:
            core.receive_eof()
        else:
            core.receive_data(chunk)
    return pendings


def test_the_core_alone_talks_to_the_daemon(shared_daemon: Daemon) -> None:
    core = Connection()
    received = bytearray()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        sock.connect(shared_daemon.socket)
        [hello] = exchange(core, sock, [protocol.hello("core-test")], received)
        assert core.greeting is hello.reply() and core.greeting.proto == 1
        sent = [protocol.open("c", plugin="carousel", **LOOP), protocol.open("cards", plugin="cards", **CARDS),
                protocol.end("cards", x=90, v=1.4), '{"op":"ping"}', "nonsense", protocol.autoplay("c", every=2)]
        pendings = exchange(core, sock, sent, received)
        assert [p.token for p in pendings] == ["2", "3", "4", "5", "6", "7"]  # the core's ids, in order
        opened, cards, snap, pong, refused, ok = detent.core.replies(pendings, raise_on_error=False)
        assert (opened.snaps, cards.x, snap.index, snap.x) == (8, 0, 1, 351)
        assert isinstance(pong, detent.Pong) and pong.id == 5  # JSON keeps the id's type
        assert isinstance(refused, detent.ErrorReply) and refused.code == detent.ErrorCode.UNKNOWN_VERB
        with pytest.raises(detent.DetentError):
            pendings[4].reply()
        assert isinstance(ok, detent.Ok)
        while len(core.pushes) < 3:  # autoplay steps come unasked
            received += (chunk := sock.recv(4096))
            core.receive_data(chunk)
        steps = [core.next_push() for _ in range(3)]
        assert all(s is not None and s.is_push and s.cause == detent.Cause.AUTOPLAY for s in steps)
        exchange(core, sock, [protocol.autoplay("c", every=0)], received)
        [bye] = exchange(core, sock, [protocol.quit()], received)
        assert isinstance(bye.reply(), detent.Bye) and core.hung_up and core.closed is None
        with pytest.raises(detent.ConnectionClosed, match="bye"):
            core.send([protocol.ping()])
        while chunk := sock.recv(4096):
            core.receive_data(chunk)
    core.receive_eof()
    assert core.closed == "the daemon closed the connection after bye"
    core.pushes.clear()
    assert core.next_push() is None  # this client quit: no error, no more pushes

    # The same bytes, a byte at a time, make the same replies.
    again = Connection()
    _, first = again.send([protocol.hello("core-test")])
    _, rest = again.send(sent)
    events = []
    for byte in range(len(received)):
        events += again.receive_data(received[byte:byte + 1])
    answered = [e for e in events if isinstance(e, Pending)]
    assert answered[:len(first) + len(rest)] == first + rest
    assert [p.outcome for p in rest] == [p.outcome for p in pendings]


def test_an_unreadable_line_answers_the_next_request_and_the_connection_goes_on() -> None:
    core = Connection()
    _, (first, second, third) = core.send(["ping", "ping", "ping"])
    events = core.receive_data(b"pong id=1\n\xff\xfe\n!!! not a reply\n")
    assert events == [first, second, third]
    assert isinstance(first.reply(), detent.Pong)
    for pending in (second, third):
        with pytest.raises(detent.ProtocolError):
            pending.reply()
    assert core.closed is None
    _, [fourth] = core.send(["ping"])
    assert core.receive_data(b"pong id=4\n") == [fourth]


def test_a_reply_to_another_id_ends_the_connection() -> None:
    core = Connection()
    data, (first, second) = core.send([protocol.ping(), protocol.stats()])
    assert data == b"ping id=1\nstats id=2\n"
    assert core.receive_data(b"pong id=2\n") == [first, second]
    with pytest.raises(detent.ProtocolError, match="id 2 where id 1"):
        first.reply()
    with pytest.raises(detent.ConnectionClosed):
        second.reply()
    with pytest.raises(detent.ConnectionClosed):
        core.send(["ping"])
    with pytest.raises(detent.ConnectionClosed):
        core.next_push()  # the daemon's side ended it: waiting for a push is an error


def test_a_reply_of_the_wrong_kind_is_refused_and_late_lines_are_dropped() -> None:
    core = Connection()
    _, [pending] = core.send([protocol.goto("c", 1)])
    core.receive_data(b"opened s=c id=1 plugin=p index=0 x=0 snaps=1\n")
    with pytest.raises(detent.ProtocolError, match="Opened reply where Snap was due"):
        pending.reply()
    assert core.receive_data(b"pong id=9\n") == []  # nobody asked: dropped
    assert core.closed is None


def test_pushes_are_kept_apart_in_a_bounded_queue() -> None:
    core = Connection(max_pushes=2)
    _, [pending] = core.send([protocol.ping()])
    events = core.receive_data(PUSH + PUSH.replace(b"index=1", b"index=2") + b"pong id=1\n"
                               + PUSH.replace(b"index=1", b"index=3"))
    assert [type(e) for e in events] == [detent.Snap, detent.Snap, Pending, detent.Snap]
    assert events[2] is pending and pending.done
    assert [e.index for e in events if isinstance(e, detent.Snap)] == [1, 2, 3]
    assert [s.index for s in core.pushes] == [2, 3]  # the oldest dropped
    # A snap without an id that is not an autoplay step answers a request.
    _, [cancel] = core.send(["cancel s=c"])
    core.receive_data(PUSH.replace(b"cause=autoplay", b"cause=cancel"))
    assert cancel.reply().cause == detent.Cause.CANCEL


def test_a_line_is_framed_across_reads_and_bounded() -> None:
    core = Connection()
    _, [first, second] = core.send(["ping", "ping"])
    assert core.receive_data(b"po") == [] and core.receive_data(b"ng id=1\npong") == [first]
    assert core.receive_eof() == [second]  # a last line without its line break is read
    assert isinstance(second.reply(), detent.Pong)
    assert core.closed == "the daemon closed the connection"
    with pytest.raises(detent.ConnectionClosed):
        core.next_push()

    long = Connection()
    _, [pending] = long.send(["ping"])
    assert long.receive_data(b"x" * MAX_REPLY_BYTES) == []
    assert long.receive_data(b"x") == [pending]
    with pytest.raises(detent.ProtocolError, match="1 MiB"):
        pending.reply()
    assert long.closed == "a reply line longer than 1 MiB"


def test_a_timeout_withdraws_what_was_not_written() -> None:
    core = Connection()
    data, pendings = core.send(["ping", "ping", "ping"])
    error = core.time_out(pendings, written=pendings[0].line_end, limit=0.5)
    assert isinstance(error, detent.DetentTimeout) and "3 of 3 unanswered" in str(error)
    assert core.closed is None
    # The first stays waiting: its late reply is matched and dropped; the ids go on.
    _, [next_one] = core.send(["ping"])
    assert next_one.token == "4"
    assert core.receive_data(b"pong id=1\npong id=4\n") == [pendings[0], next_one]
    assert isinstance(next_one.reply(), detent.Pong)

    half = Connection()
    _, pendings = half.send(["ping", "ping"])
    error = half.time_out(pendings, written=pendings[0].line_end + 2, limit=0.5)
    assert "the connection is closed" in str(error) and half.closed == "a request timed out half written"
    assert all(isinstance(p.outcome, detent.ConnectionClosed) for p in pendings)


def test_hanging_up_fails_what_waits_and_ends_the_pushes() -> None:
    core = Connection()
    _, [pending] = core.send(["ping"])
    core.receive_data(PUSH)
    assert core.hang_up() == [pending] and core.hang_up() == []
    with pytest.raises(detent.ConnectionClosed, match="this client disconnected"):
        pending.reply()
    assert core.next_push() is not None and core.next_push() is None
    assert core.receive_data(b"pong id=1\n") == [] and core.receive_eof() == []
    with pytest.raises(ValueError):
        Connection().send(["ping id=3"])  # the core assigns the ids
