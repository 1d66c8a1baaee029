"""A reply the client cannot read is an error for the request it answers,
never a crash, and the connection goes on (one line per request keeps the
framing); a reply to the wrong id ends the connection.

detentd never writes such lines, so the peer here is a scripted socket
server: the only test whose other end is not the real daemon."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Clients

import detent

SCRIPT = {
    "ping": "pong id={id} future=1 more=\"x y\"",
    "stats": "stats connections=1 id={id}",  # missing fields
    "plugins": "NOT-UTF-8",
    "close": "!!! not a reply",
    "cancel": "snap s=c id={id} index=1 x=1 mode=animate cause=cancel from=0 v=0 curve=decay ms=1",
    "goto": "opened s=c id={id} plugin=p index=0 x=0 snaps=1",  # the wrong kind of reply
    "begin": "began s=c id=999 index=0 x=0",  # the wrong id
}


class Peer:
    def __init__(self, path: str) -> None:
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(4)
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.talk, args=(conn,), daemon=True).start()

    def talk(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            for raw in lines:
                verb, fields = detent.protocol.split_text(raw.decode().strip())
                ident = fields["id"]
                if verb == "hello":
                    reply = f"hello id={ident} proto=1 server=scripted/0 plugins=p"
                else:
                    reply = SCRIPT[verb].format(id=ident)
                data = b"\xff\xfe" if reply == "NOT-UTF-8" else reply.encode()
                conn.sendall(data + b"\n")

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def peer(short_tmp: Path) -> Iterator[str]:
    path = str(short_tmp / "peer.sock")
    made = Peer(path)
    try:
        yield path
    finally:
        made.close()


def test_unreadable_replies_are_errors_and_the_connection_goes_on(clients: Clients, peer: str) -> None:
    client = clients.connect(peer)
    assert client.server == "scripted/0"
    assert isinstance(client.ping(), detent.Pong)  # unknown fields ignored
    for action in (client.stats, client.plugins, lambda: client.close("c"), lambda: client.cancel("c"),
                   lambda: client.goto("c", 1)):
        with pytest.raises(detent.ProtocolError):
            action()
        assert isinstance(client.ping(), detent.Pong)
    with pytest.raises(detent.ProtocolError) as caught:
        client.begin("c", x=0)
    assert "999" in str(caught.value)
    with pytest.raises(detent.ConnectionClosed):
        client.ping()
