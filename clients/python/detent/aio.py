"""The asyncio client: the protocol is `core.Connection`'s, as `Client`'s;
this only moves its bytes, with one reader task that hands each reply to
the future of its request, so `asyncio.gather` over calls is pipelining,
and pushes go to their own queue. Nothing here blocks the event loop,
connecting and greeting included: a daemon that accepts (through the listen
backlog) but never answers ends in DetentTimeout while the loop keeps running.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine, Generator, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import discovery
from ._front import DEFAULT_NAME, DEFAULT_TIMEOUT, Front
from ._requests import AsyncVerbs
from .core import MAX_REPLY_BYTES, Connection, Event, Pending, replies
from .protocol import Request
from .replies import Reply, Snap

__all__ = ["AsyncClient"]

R = TypeVar("R")

_CHUNK = 1 << 18


class _Connecting:
    """What `AsyncClient.connect` returns: await it for the client, or use
    it as `async with` to disconnect at the end."""

    def __init__(self, opening: Coroutine[Any, Any, AsyncClient]) -> None:
        self._opening = opening
        self._client: AsyncClient | None = None

    def __await__(self) -> Generator[Any, None, AsyncClient]:
        return self._opening.__await__()

    async def __aenter__(self) -> AsyncClient:
        self._client = await self._opening
        return self._client

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        if self._client is not None:
            await self._client.disconnect()


class AsyncClient(Front, AsyncVerbs):
    """An asyncio connection to detentd: `client = await AsyncClient.connect()`.

    The options are those of `Client`. `timeout` bounds connecting, the
    greeting and every call (seconds without progress; per call with `call`).
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str,
                 timeout: float, max_pushes: int) -> None:
        self.path = path
        self.timeout = timeout
        self._core = Connection(max_pushes)
        self._reader = reader
        self._writer = writer
        self._push_waiters: list[asyncio.Future[None]] = []
        self._loop = asyncio.get_running_loop()
        self._reading = self._loop.create_task(self._read_loop())

    @classmethod
    def connect(cls, path: str | None = None, *, name: str = DEFAULT_NAME, timeout: float = DEFAULT_TIMEOUT,
                environ: Mapping[str, str] | None = None, system_path: str = discovery.SYSTEM_SOCKET,
                fallback_path: str | None = None, max_pushes: int = 1024) -> _Connecting:
        """Finds the daemon (detentd(8)'s rule, as `Client`), connects and greets it."""
        return _Connecting(cls._open(path, name, timeout, environ, system_path, fallback_path, max_pushes))

    @classmethod
    async def _open(cls, path: str | None, name: str, timeout: float, environ: Mapping[str, str] | None,
                    system_path: str, fallback_path: str | None, max_pushes: int) -> AsyncClient:
        sock, found = await discovery.connect_async(path, timeout=timeout, environ=environ,
                                                    system_path=system_path, fallback_path=fallback_path)
        try:
            reader, writer = await asyncio.open_unix_connection(sock=sock, limit=MAX_REPLY_BYTES)
        except BaseException:
            sock.close()
            raise
        client = cls(reader, writer, found, timeout, max_pushes)
        try:
            await client.hello(name)
        except BaseException:
            await client.disconnect()
            raise
        return client

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        await self.disconnect()

    @property
    def socket(self) -> Any:
        """The connected socket (for socket options; do not read or write it)."""
        return self._writer.get_extra_info("socket")

    # -- requests

    async def call(self, request: Request[R], *, timeout: float | None = None) -> R:
        """Sends one request of the command table and returns its reply."""
        result: R = (await self._exchange([request], timeout))[0].reply()
        return result

    async def call_many(self, requests: Sequence[Request[Any]], *, timeout: float | None = None,
                        raise_on_error: bool = True) -> list[Any]:
        """Requests pipelined, replies in order (as `Client.call_many`)."""
        return replies(await self._exchange(requests, timeout), raise_on_error)

    async def send(self, line: str, *, timeout: float | None = None) -> Reply:
        """One raw request line (text or JSON; the client adds the id)."""
        reply: Reply = (await self._exchange([line], timeout))[0].reply()
        return reply

    async def send_many(self, lines: Sequence[str], *, timeout: float | None = None,
                        raise_on_error: bool = True) -> list[Reply]:
        """Raw lines pipelined, replies in order (as `Client.send_many`)."""
        return replies(await self._exchange(lines, timeout), raise_on_error)

    # -- pushes

    async def next_push(self, timeout: float | None = None) -> Snap | None:
        """The next pushed decision; None after `timeout` seconds without
        one (None: no limit) or once this client hung up. Raises
        ConnectionClosed when the daemon went away."""
        while (push := self._core.next_push()) is None and self._core.closed is None:
            waiter: asyncio.Future[None] = self._loop.create_future()
            self._push_waiters.append(waiter)
            try:
                done, _ = await asyncio.wait([waiter], timeout=timeout)
            finally:
                if waiter in self._push_waiters:
                    self._push_waiters.remove(waiter)
                waiter.cancel()
            if not done:
                return None
        return push

    async def pushes(self, timeout: float | None = None) -> AsyncIterator[Snap]:
        """Pushed decisions as they come: `async for push in client.pushes()`.
        Ends after `timeout` seconds without one (None: when the client hangs up)."""
        while (push := await self.next_push(timeout)) is not None:
            yield push

    # -- the connection

    async def disconnect(self) -> None:
        """Hangs up; requests still waiting fail with ConnectionClosed."""
        self._deliver(self._core.hang_up())
        if self._reading is not asyncio.current_task():
            self._reading.cancel()
            await asyncio.gather(self._reading, return_exceptions=True)
        try:
            await self._writer.wait_closed()
        except (OSError, RuntimeError):
            pass

    def _deliver(self, events: Iterable[Event]) -> None:
        """Wakes whoever waits for what the core said happened."""
        pushed = self._core.closed is not None
        for event in events:
            if isinstance(event, Pending):
                if event.waiter is not None and not event.waiter.done():
                    event.waiter.set_result(None)
            else:
                pushed = True
        if pushed:
            for waiter in self._push_waiters:
                if not waiter.done():
                    waiter.set_result(None)
        if self._core.closed is not None:
            self._writer.close()

    async def _exchange(self, items: Sequence[Request[Any] | str], timeout: float | None) -> list[Pending]:
        data, pendings = self._core.send(items)
        futures: list[asyncio.Future[None]] = []
        for pending in pendings:
            pending.waiter = self._loop.create_future()
            futures.append(pending.waiter)
        # One write, in the same step as the queueing: the queue's order is the wire's.
        self._writer.write(data)
        limit = self._limit(timeout)
        try:
            for pending, future in zip(pendings, futures):
                if not pending.done:
                    done, _ = await asyncio.wait([future], timeout=limit)
                    if not done:
                        raise self._core.time_out(pendings, len(data), limit)
        except BaseException:
            for future in futures:
                future.cancel()  # a late reply finds it cancelled and is dropped
            raise
        return pendings

    async def _read_loop(self) -> None:
        reason: str | None = None
        try:
            while self._core.closed is None:
                data = await self._reader.read(_CHUNK)
                if not data:
                    break
                self._deliver(self._core.receive_data(data))
        except OSError as error:
            reason = f"the daemon went away ({error.strerror or error})"
        finally:
            self._deliver(self._core.receive_eof(reason) if reason else self._core.receive_eof())
