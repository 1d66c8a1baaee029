"""Pushed decisions (autoplay) arrive between replies and are kept apart
from them: every reply still reaches its request, every push the push queue."""

from __future__ import annotations

import asyncio
import time

from conftest import CARDS, LOOP, Clients, Daemon, run

import detent
from detent import Cause


def check_pushes(pushes: list[detent.Snap], session: str = "c") -> None:
    assert pushes
    for push in pushes:
        assert isinstance(push, detent.Snap)
        assert push.cause == Cause.AUTOPLAY and push.id is None and push.is_push and push.s == session
    for before, after in zip(pushes, pushes[1:]):
        assert after.index == (before.index + 1) % 4, (before, after)  # none lost, none doubled


def test_pushes_interleaved_with_replies(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("c", plugin="carousel", **LOOP)
    client.open("cards", plugin="cards", **CARDS)
    client.autoplay("c", every=2)
    rounds = 0
    started = time.monotonic()
    while time.monotonic() - started < 0.4:
        pong, snap, stats = client.send_many(["ping", "end s=cards x=90 v=1.4", "stats"])
        assert isinstance(pong, detent.Pong) and isinstance(stats, detent.Stats)
        assert isinstance(snap, detent.Snap) and snap.cause == Cause.RELEASE and snap.id is not None
        assert client.goto("cards", index=0).cause == Cause.GOTO
        rounds += 1
    client.autoplay("c", every=0)  # no step after this reply: the pushes end
    pushes = list(client.pushes(timeout=0.3))
    assert rounds > 10 and len(pushes) > 20
    check_pushes(pushes)


def test_pushes_of_a_json_autoplay_come_as_json_and_are_read(clients: Clients, shared_daemon: Daemon) -> None:
    client = clients.connect(shared_daemon.socket)
    client.open("c", plugin="carousel", **LOOP)
    ok = client.send('{"op":"autoplay","s":"c","every":5}')
    assert isinstance(ok, detent.Ok) and isinstance(ok.id, int)
    first = client.next_push(timeout=2)
    second = client.next_push(timeout=2)
    assert first is not None and second is not None
    client.autoplay("c", every=0)
    rest = list(client.pushes(timeout=0.2))  # those that came before the reply
    check_pushes([first, second, *rest])
    assert client.next_push(timeout=0.1) is None


def test_async_for_pushes_while_another_task_sends_requests(shared_daemon: Daemon) -> None:
    async def body() -> None:
        async with detent.AsyncClient.connect(shared_daemon.socket) as client:
            await client.open("c", plugin="carousel", **LOOP)
            await client.open("cards", plugin="cards", **CARDS)
            await client.autoplay("c", every=3)
            answered = 0

            async def requests() -> None:
                nonlocal answered
                while True:
                    pong, snap = await asyncio.gather(client.ping(), client.end("cards", x=90, v=1.4))
                    assert isinstance(pong, detent.Pong) and snap.cause == Cause.RELEASE
                    answered += 1

            task = asyncio.create_task(requests())
            got: list[detent.Snap] = []
            async for push in client.pushes(timeout=2):
                got.append(push)
                if len(got) == 30:
                    break
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            assert answered > 10
            check_pushes(got)
            await client.autoplay("c", every=0)
            assert isinstance(await client.ping(), detent.Pong)

    run(body())


def test_pushes_end_when_this_client_hangs_up(shared_daemon: Daemon) -> None:
    async def body() -> None:
        client = await detent.AsyncClient.connect(shared_daemon.socket)
        waiting = asyncio.create_task(client.next_push())
        await asyncio.sleep(0.05)
        await client.disconnect()
        assert await waiting is None

    run(body())
