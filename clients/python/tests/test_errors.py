"""Every error code of detent-protocol(7), raised as DetentError with its
code, message and session, on both clients; the connection stays usable
where the protocol says so."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CARDS, LOOP, REPO, Clients, Daemon, bundled_plugins, someone_else

import detent
from detent import ErrorCode


def expect(code: ErrorCode, action: Callable[[], Any], session: str | None = None) -> detent.DetentError:
    with pytest.raises(detent.DetentError) as caught:
        action()
    error = caught.value
    assert error.code == code and isinstance(error.code, ErrorCode), error
    assert error.message and error.session == session
    assert str(code) in str(error)
    return error


def test_the_enum_holds_every_code_of_the_man_page() -> None:
    page = (REPO / "man/detent-protocol.7").read_text()
    errors = page[page.index(".Ss Errors"):page.index(".Ss Reply format")]
    named = set(re.findall(r"^\.It Cm ([a-z-]+)(?: , ([a-z-]+))?", errors, re.M))
    codes = {code for pair in named for code in pair if code}
    codes |= set(re.findall(r"^\.Cm ([a-z]+-[a-z-]+|busy|forbidden) ?,?$", errors, re.M))
    assert codes >= {"bad-line", "unknown-verb", "busy", "forbidden", "line-too-long", "plugin-failed"}
    assert codes == {code.value for code in ErrorCode}
    assert ErrorCode.of("some-new-code") == "some-new-code"
    assert detent.DetentError("some-new-code", "m").code == "some-new-code"


def test_request_errors(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("c", plugin="cards", **CARDS)
    expect(ErrorCode.BAD_LINE, lambda: client.send('open s="c'))
    expect(ErrorCode.BAD_LINE, lambda: client.send('{"op":"ping"'))
    expect(ErrorCode.UNKNOWN_VERB, lambda: client.send("frobnicate s=c"), "c")
    expect(ErrorCode.UNKNOWN_KEY, lambda: client.send("ping x=1"))
    expect(ErrorCode.MISSING_KEY, lambda: client.open("m", viewport=375, item=100), "m")
    expect(ErrorCode.BAD_VALUE, lambda: client.end("c", x=math.inf), "c")
    expect(ErrorCode.BAD_VALUE, lambda: client.goto("c", index=5), "c")
    expect(ErrorCode.BAD_VALUE, lambda: client.autoplay("c", every=0.5), "c")
    expect(ErrorCode.UNKNOWN_SESSION, lambda: client.begin("nope", x=0), "nope")
    expect(ErrorCode.SESSION_EXISTS, lambda: client.open("c", **CARDS), "c")
    expect(ErrorCode.UNKNOWN_PLUGIN, lambda: client.open("u", plugin="no-such", **CARDS), "u")
    expect(ErrorCode.BAD_LAYOUT, lambda: client.open("b", viewport=375, points=[300, 100]), "b")
    expect(ErrorCode.BAD_LAYOUT, lambda: client.layout("c", viewport=375, item=100, count=3, sizes=[1, 2]), "c")
    expect(ErrorCode.UNSUPPORTED_LAYOUT, lambda: client.open("l", plugin="cards", **LOOP), "l")
    expect(ErrorCode.UNSUPPORTED_LAYOUT, lambda: client.open("g", plugin="shelf", viewport=375, points=[0, 100]), "g")
    # The id of an error reply is the request's, and the session kept its state.
    error = expect(ErrorCode.UNKNOWN_SESSION, lambda: client.close("gone"), "gone")
    assert error.id is not None
    assert client.end("c", x=90, v=1.4).index == 1


def test_too_many_sessions(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon({"limits": {"maxSessionsPerConnection": 2}, "plugins": bundled_plugins()})
    client = clients.connect(daemon.socket)
    client.open("a", **CARDS)
    client.open("b", **CARDS)
    expect(ErrorCode.TOO_MANY_SESSIONS, lambda: client.open("c", **CARDS), "c")
    client.close("a")
    assert client.open("c", **CARDS).s == "c"


def test_line_too_long_and_the_connection_goes_on(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon({"limits": {"maxLineBytes": 80}, "plugins": bundled_plugins()})
    client = clients.connect(daemon.socket)
    expect(ErrorCode.LINE_TOO_LONG, lambda: client.open("s", viewport=375, sizes=[100.5] * 40))
    expect(ErrorCode.LINE_TOO_LONG, lambda: client.send("ping " + "x" * 200))
    replies = client.send_many(["ping", "ping " + "y" * 500, "ping"], raise_on_error=False)
    assert [type(r) for r in replies] == [detent.Pong, detent.ErrorReply, detent.Pong]
    assert replies[1].code == ErrorCode.LINE_TOO_LONG and replies[1].id is None
    assert isinstance(client.ping(), detent.Pong)


def test_busy_at_the_greeting(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon({"limits": {"maxConnections": 1}, "plugins": bundled_plugins()})
    first = clients.connect(daemon.socket)
    expect(ErrorCode.BUSY, lambda: clients.connect(daemon.socket))
    assert isinstance(first.ping(), detent.Pong)


def test_forbidden_at_the_greeting(clients: Clients, start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon({"allowUsers": [someone_else()], "plugins": bundled_plugins()})
    expect(ErrorCode.FORBIDDEN, lambda: clients.connect(daemon.socket))


def test_plugin_failed(clients: Clients, start_daemon: Callable[..., Daemon], fixture_library: Path) -> None:
    daemon = start_daemon({"plugins": [
        {"name": "fails", "library": str(fixture_library), "strategy": "fx-fails"},
        {"name": "cards", "strategy": "flick"}]})
    client = clients.connect(daemon.socket)
    client.open("f", plugin="fails", **CARDS)
    expect(ErrorCode.PLUGIN_FAILED, lambda: client.end("f", x=90, v=1.4), "f")
    assert client.goto("f", index=2).index == 2  # the session stays usable


def test_error_replies_are_not_connection_errors() -> None:
    assert not issubclass(detent.DetentError, detent.DetentConnectionError)
    for cls in (detent.DaemonNotFound, detent.ConnectionClosed, detent.DetentTimeout, detent.ProtocolError):
        assert issubclass(cls, detent.DetentConnectionError)
        assert issubclass(cls, detent.DetentException)
    assert issubclass(detent.DetentTimeout, TimeoutError)
