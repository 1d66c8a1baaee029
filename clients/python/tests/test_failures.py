"""The daemon going away or stopping: calls fail with the right error in
bounded time, and the asyncio client never blocks its loop."""

from __future__ import annotations

import asyncio
import signal
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Daemon, run

import detent


def test_blocking_call_pending_when_the_daemon_is_killed(start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon()
    client = detent.Client(daemon.socket, timeout=5)
    daemon.signal(signal.SIGSTOP)  # the request is read by nobody...
    killer = threading.Timer(0.2, daemon.signal, (signal.SIGKILL,))  # ...until the daemon dies
    killer.start()
    started = time.monotonic()
    with pytest.raises(detent.ConnectionClosed):
        client.ping()
    killer.join()
    assert time.monotonic() - started < 3
    assert client.closed
    with pytest.raises(detent.ConnectionClosed):
        client.stats()
    with pytest.raises(detent.ConnectionClosed):
        client.next_push(timeout=1)


def test_async_call_pending_when_the_daemon_is_killed(start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon()

    async def body() -> None:
        client = await detent.AsyncClient.connect(daemon.socket, timeout=5)
        daemon.signal(signal.SIGSTOP)
        pending = asyncio.gather(client.ping(), client.stats(), return_exceptions=True)
        waiting_push = asyncio.create_task(client.next_push())
        await asyncio.sleep(0.1)
        assert not pending.done()
        daemon.signal(signal.SIGKILL)
        results = await pending
        assert all(isinstance(r, detent.ConnectionClosed) for r in results), results
        with pytest.raises(detent.ConnectionClosed):
            await waiting_push
        with pytest.raises(detent.ConnectionClosed):
            await client.ping()
        await client.disconnect()

    run(body())


def test_blocking_call_times_out_on_a_stopped_daemon_and_the_connection_recovers(
        start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon()
    client = detent.Client(daemon.socket)
    daemon.signal(signal.SIGSTOP)
    client.timeout = 0.3
    started = time.monotonic()
    with pytest.raises(detent.DetentTimeout) as caught:
        client.ping()
    assert 0.25 < time.monotonic() - started < 2
    assert isinstance(caught.value, TimeoutError)
    with pytest.raises(detent.DetentTimeout):
        detent.Client(daemon.socket, timeout=0.3)  # the greeting too: accepted by the backlog, never answered
    daemon.signal(signal.SIGCONT)
    client.timeout = 5
    late = client.stats()  # the late pong to the timed-out ping is dropped, not taken for this reply
    assert isinstance(late, detent.Stats)
    assert isinstance(client.ping(), detent.Pong)


def test_async_greeting_times_out_while_the_loop_keeps_running(start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon()
    daemon.signal(signal.SIGSTOP)

    async def body() -> None:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        started = time.monotonic()
        with pytest.raises(detent.DetentTimeout):
            await detent.AsyncClient.connect(daemon.socket, timeout=0.5)
        elapsed = time.monotonic() - started
        task.cancel()
        assert 0.45 < elapsed < 2
        assert ticks >= 20, f"the loop ticked {ticks} times in {elapsed:.2f} s"

    run(body())
    daemon.signal(signal.SIGCONT)


def test_a_full_listen_backlog_times_out_without_blocking_the_loop(short_tmp: Path) -> None:
    path = str(short_tmp / "full.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(0)
    queued = []
    while True:  # fill the backlog: then a Unix connect says EAGAIN
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.connect(path)
        except BlockingIOError:
            sock.close()
            break
        queued.append(sock)

    async def body() -> None:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        with pytest.raises(detent.DaemonNotFound) as caught:
            await detent.AsyncClient.connect(path, timeout=0.4)
        task.cancel()
        assert caught.value.tried == [(path, "timed out")]
        assert ticks >= 15

    try:
        run(body())
        with pytest.raises(detent.DaemonNotFound) as caught:
            detent.Client(path, timeout=0.3)
        assert caught.value.tried == [(path, "timed out")]
    finally:
        for sock in queued:
            sock.close()
        listener.close()


def test_disconnect_fails_waiting_calls(start_daemon: Callable[..., Daemon]) -> None:
    daemon = start_daemon()

    async def body() -> None:
        client = await detent.AsyncClient.connect(daemon.socket)
        daemon.signal(signal.SIGSTOP)
        pending = asyncio.create_task(client.ping())
        await asyncio.sleep(0.05)
        await client.disconnect()
        with pytest.raises(detent.ConnectionClosed):
            await pending

    try:
        run(body())
    finally:
        daemon.signal(signal.SIGCONT)
