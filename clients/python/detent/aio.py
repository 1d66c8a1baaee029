"""The asyncio client: the same command table and parser as `Client`, with
one reader task that hands each reply to the future of its request, so
`asyncio.gather` over calls is pipelining, and pushes go to their own
queue. Nothing here blocks the event loop, connecting and greeting
included: a daemon that accepts (through the listen backlog) but never
answers ends in DetentTimeout while the loop keeps running.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine, Generator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import discovery, protocol
from ._requests import AsyncVerbs
from .client import DEFAULT_NAME, DEFAULT_TIMEOUT, MAX_REPLY_BYTES, _unwrap
from .errors import ConnectionClosed, DetentConnectionError, DetentError, DetentTimeout, ProtocolError
from .protocol import Request, id_token, is_push, parse_reply, with_id
from .replies import Bye, ErrorReply, Hello, Reply, Snap

R = TypeVar("R")

_Item = Reply | DetentConnectionError


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


class AsyncClient(AsyncVerbs):
    """An asyncio connection to detentd: `client = await AsyncClient.connect()`.

    The options are those of `Client`. `timeout` bounds connecting, the
    greeting and every call (seconds without progress; per call with `call`).
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str,
                 timeout: float, max_pushes: int) -> None:
        self.path = path
        self.timeout = timeout
        self.greeting: Hello
        self._reader = reader
        self._writer = writer
        self._ids = itertools.count(1)
        self._pending: deque[tuple[str, asyncio.Future[_Item]]] = deque()
        self._pushes: deque[Snap] = deque(maxlen=max_pushes)
        self._push_waiters: list[asyncio.Future[None]] = []
        self._closed: str | None = None
        self._hung_up = False
        self._bye = False
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

    def __repr__(self) -> str:
        state = f"closed: {self._closed}" if self._closed else "open"
        return f"<detent.AsyncClient {self.path} {state}>"

    @property
    def server(self) -> str:
        return self.greeting.server

    @property
    def proto(self) -> int:
        return self.greeting.proto

    @property
    def plugin_names(self) -> list[str]:
        return self.greeting.plugins

    @property
    def socket(self) -> Any:
        """The connected socket (for socket options; do not read or write it)."""
        return self._writer.get_extra_info("socket")

    @property
    def closed(self) -> bool:
        return self._closed is not None

    # -- requests

    async def call(self, request: Request[R], *, timeout: float | None = None) -> R:
        """Sends one request of the command table and returns its reply."""
        [item] = await self._exchange([request], timeout)
        result: R = _unwrap(item, request.reply)
        return result

    async def call_many(self, requests: Sequence[Request[Any]], *, timeout: float | None = None,
                        raise_on_error: bool = True) -> list[Any]:
        """Requests pipelined, replies in order (as `Client.call_many`)."""
        items = await self._exchange(requests, timeout)
        replies = [_unwrap(item, request.reply, False) for item, request in zip(items, requests)]
        return _raise_first(replies) if raise_on_error else replies

    async def send(self, line: str, *, timeout: float | None = None) -> Reply:
        """One raw request line (text or JSON; the client adds the id)."""
        [item] = await self._exchange([line], timeout)
        reply: Reply = _unwrap(item, None)
        return reply

    async def send_many(self, lines: Sequence[str], *, timeout: float | None = None,
                        raise_on_error: bool = True) -> list[Reply]:
        """Raw lines pipelined, replies in order (as `Client.send_many`)."""
        replies = [_unwrap(item, None, False) for item in await self._exchange(lines, timeout)]
        return _raise_first(replies) if raise_on_error else replies

    # -- the verbs (protocol.COMMANDS)

    async def hello(self, client: str | None = None) -> Hello:
        """Greets the daemon; the reply is kept as `greeting`."""
        self.greeting = await self.call(protocol.hello(client))
        return self.greeting


    # -- pushes

    async def next_push(self, timeout: float | None = None) -> Snap | None:
        """The next pushed decision; None after `timeout` seconds without
        one (None: no limit) or once this client hung up. Raises
        ConnectionClosed when the daemon went away."""
        while not self._pushes:
            if self._closed is not None:
                if self._hung_up:
                    return None
                raise ConnectionClosed(self._closed)
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
        return self._pushes.popleft()

    async def pushes(self, timeout: float | None = None) -> AsyncIterator[Snap]:
        """Pushed decisions as they come: `async for push in client.pushes()`.
        Ends after `timeout` seconds without one (None: when the client hangs up)."""
        while (push := await self.next_push(timeout)) is not None:
            yield push

    # -- the connection

    async def disconnect(self) -> None:
        """Hangs up; requests still waiting fail with ConnectionClosed."""
        if self._closed is None:
            self._hung_up = True
            self._fail("this client disconnected")
        self._writer.close()
        if self._reading is not asyncio.current_task():
            self._reading.cancel()
            await asyncio.gather(self._reading, return_exceptions=True)
        try:
            await self._writer.wait_closed()
        except (OSError, RuntimeError):
            pass

    def _fail(self, reason: str, head: DetentConnectionError | None = None) -> None:
        if self._closed is not None:
            return
        self._closed = reason
        closed = ConnectionClosed(reason)
        for _, future in self._pending:
            if not future.done():
                future.set_result(head if head is not None else closed)
                head = None
        self._pending.clear()
        self._wake()
        self._writer.close()

    def _wake(self) -> None:
        for waiter in self._push_waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def _exchange(self, items: Sequence[Request[Any] | str], timeout: float | None) -> list[_Item]:
        if self._closed is not None:
            raise ConnectionClosed(self._closed)
        if self._bye:
            raise ConnectionClosed("the daemon said bye (quit): it reads nothing more")
        lines: list[bytes] = []
        tokens: list[str] = []
        for item in items:
            ident = next(self._ids)
            line = item.line(ident) if isinstance(item, Request) else with_id(item, ident)
            lines.append((line + "\n").encode("utf-8"))
            tokens.append(str(ident))
        futures: list[asyncio.Future[_Item]] = []
        for token in tokens:
            future: asyncio.Future[_Item] = self._loop.create_future()
            self._pending.append((token, future))
            futures.append(future)
        # One write, in the same step as the queueing: the queue's order is the wire's.
        self._writer.write(b"".join(lines))
        limit = self.timeout if timeout is None else timeout
        try:
            for future in futures:
                if not future.done():
                    done, _ = await asyncio.wait([future], timeout=limit)
                    if not done:
                        unanswered = sum(1 for f in futures if not f.done())
                        raise DetentTimeout(f"no reply from detentd within {limit:g} s "
                                            f"({unanswered} of {len(futures)} unanswered)")
        except BaseException:
            for future in futures:
                future.cancel()  # a late reply finds it cancelled and is dropped
            raise
        return [future.result() for future in futures]

    async def _read_loop(self) -> None:
        reason = "the daemon closed the connection"
        head: DetentConnectionError | None = None
        try:
            while True:
                raw = await self._reader.readline()
                if not raw:
                    break
                self._dispatch(raw.rstrip(b"\n"))
                if not raw.endswith(b"\n"):
                    break
        except ValueError:
            reason = "a reply line longer than 1 MiB"
            head = ProtocolError(reason)
        except OSError as error:
            reason = f"the daemon went away ({error.strerror or error})"
        finally:
            if self._hung_up and self._closed is None:
                reason = "the daemon closed the connection after bye"
            self._fail(reason, head)

    def _dispatch(self, raw: bytes) -> None:
        try:
            reply = parse_reply(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self._resolve(ProtocolError("a reply that is not UTF-8", repr(raw)))
            return
        except ProtocolError as error:
            self._resolve(error)
            return
        if is_push(reply):
            assert isinstance(reply, Snap)
            self._pushes.append(reply)
            self._wake()
            return
        if self._pending and reply.id is not None and id_token(reply.id) != self._pending[0][0]:
            error = ProtocolError(f"a reply to id {reply.id} where id {self._pending[0][0]} was due",
                                  raw.decode("utf-8"))
            self._fail(str(error), error)
            return
        self._resolve(reply)
        if isinstance(reply, Bye):
            self._hung_up = self._bye = True

    def _resolve(self, item: _Item) -> None:
        if not self._pending:
            return  # a line nobody asked for: dropped
        _, future = self._pending.popleft()
        if not future.done():
            future.set_result(item)


def _raise_first(replies: list[Any]) -> list[Any]:
    for reply in replies:
        if isinstance(reply, ErrorReply):
            raise DetentError(reply.code, reply.msg, reply.s, reply.id)
    return replies
