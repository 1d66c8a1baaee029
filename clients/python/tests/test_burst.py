"""10,000 pipelined requests through a daemon that stops reading while its
replies are unread (a small limits.maxOutputBytes) and a client socket with
tiny buffers: a client that writes everything before reading deadlocks
here; a working one gets every reply, in order, each matched to its id."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from conftest import CARDS, Daemon, bundled_plugins, run, wait_until

import detent

N = 10_000
TINY = 2048


def burst_daemon(start_daemon: Callable[..., Daemon]) -> Daemon:
    return start_daemon({"limits": {"maxOutputBytes": 4096}, "plugins": bundled_plugins()})


def shrink(sock: Any) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, TINY)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, TINY)
    assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) <= 4 * TINY


def check(replies: list[Any], first_id: int) -> None:
    assert len(replies) == N
    for i, reply in enumerate(replies):
        assert isinstance(reply, detent.Snap), reply
        assert reply.from_ == i % 1000, (i, reply)  # the reply to request i, not a neighbour's
    ids = [int(reply.id) for reply in replies]
    assert ids == list(range(first_id, first_id + N))


def lines() -> list[str]:
    return [f"end s=c x={i % 1000} v=0" for i in range(N)]


@pytest.mark.time_limit(30)
def test_blocking_send_many_burst(start_daemon: Callable[..., Daemon]) -> None:
    daemon = burst_daemon(start_daemon)
    with detent.Client(daemon.socket, timeout=5) as client:
        shrink(client.socket)
        client.open("c", plugin="cards", **CARDS)
        first = int(client.ping().id) + 1
        started = time.monotonic()
        check(client.send_many(lines()), first)
        assert time.monotonic() - started < 20
        assert isinstance(client.ping(), detent.Pong)


@pytest.mark.time_limit(30)
def test_async_gather_and_send_many_burst(start_daemon: Callable[..., Daemon]) -> None:
    daemon = burst_daemon(start_daemon)

    async def body() -> None:
        async with detent.AsyncClient.connect(daemon.socket, timeout=5) as client:
            shrink(client.socket)
            await client.open("c", plugin="cards", **CARDS)
            first = int((await client.ping()).id) + 1
            replies = await asyncio.gather(*(client.end("c", x=i % 1000, v=0) for i in range(N)))
            check(replies, first)
            check(await client.send_many(lines()), first + N)
            assert isinstance(await client.ping(), detent.Pong)

    run(body(), 25)


def test_the_burst_setup_stalls_a_client_that_writes_everything_before_reading(
        start_daemon: Callable[..., Daemon]) -> None:
    """The setup above is one where a naive client deadlocks (so the burst
    tests would catch one): the daemon stops reading, the write never ends."""
    daemon = burst_daemon(start_daemon)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(daemon.socket)
        shrink(sock)
        sock.sendall(b"open s=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16\n")
        sock.settimeout(1)
        with pytest.raises(TimeoutError):
            sock.sendall("".join(line + "\n" for line in lines()).encode())
    wait_until(lambda: "limit hit: limits.maxOutputBytes" in daemon.log(), 5, "the daemon to log its limit")
