"""The blocking client: one thread, one socket, no background threads.

Requests go out with ids; replies are read when a call waits for one, so
pushed decisions that arrive meanwhile are queued for `pushes()`. Writing
and reading are interleaved on a non-blocking socket (poll), which is what
lets thousands of pipelined requests through a daemon that stops reading
while its replies are unread (limits.maxOutputBytes).
"""

from __future__ import annotations

import itertools
import select
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import discovery, protocol
from ._requests import BlockingVerbs
from .errors import ConnectionClosed, DetentConnectionError, DetentError, DetentTimeout, ProtocolError
from .protocol import Request, id_token, is_push, parse_reply, with_id
from .replies import Bye, ErrorReply, Hello, Reply, Snap

R = TypeVar("R")

DEFAULT_TIMEOUT = 10.0
DEFAULT_NAME = "detent-python"
MAX_REPLY_BYTES = 1 << 20
_CHUNK = 1 << 18


class _Slot:
    """Where one request's reply lands."""

    __slots__ = ("token", "result", "done", "abandoned")

    def __init__(self, token: str) -> None:
        self.token = token
        self.result: Reply | DetentConnectionError | None = None
        self.done = False
        self.abandoned = False


def _unwrap(item: Reply | DetentConnectionError | None, expected: type[Any] | None,
            raise_on_error: bool = True) -> Any:
    """A slot's result as a call returns it: failures raised, error
    replies raised as DetentError, a reply of the wrong kind refused."""
    if item is None:
        raise ConnectionClosed("no reply")
    if isinstance(item, DetentConnectionError):
        raise item
    if isinstance(item, ErrorReply):
        if raise_on_error:
            raise DetentError(item.code, item.msg, item.s, item.id)
        return item
    if expected is not None and not isinstance(item, expected):
        raise ProtocolError(f"a {type(item).__name__} reply where {expected.__name__} was due", repr(item))
    return item


class Client(BlockingVerbs):
    """A blocking connection to detentd, greeted and ready.

    `path` names the socket; without it the discovery rule of detentd(8)
    applies (`environ`, `system_path` and `fallback_path` stand in for the
    process environment and the two fixed paths). Every call waits at most
    `timeout` seconds without progress (settable; per call with `call`).
    Not for several threads at once: use one client per thread.
    """

    def __init__(self, path: str | None = None, *, name: str = DEFAULT_NAME,
                 timeout: float = DEFAULT_TIMEOUT, environ: Mapping[str, str] | None = None,
                 system_path: str = discovery.SYSTEM_SOCKET, fallback_path: str | None = None,
                 max_pushes: int = 1024) -> None:
        self.timeout = timeout
        self._ids = itertools.count(1)
        self._pending: deque[_Slot] = deque()
        self._pushes: deque[Snap] = deque(maxlen=max_pushes)
        self._buffer = bytearray()
        self._closed: str | None = None
        self._hung_up = False
        self._bye = False
        self._resolved = 0
        sock, self.path = discovery.connect(path, timeout=timeout, environ=environ,
                                            system_path=system_path, fallback_path=fallback_path)
        sock.setblocking(False)
        self._sock = sock
        self._poll = select.poll()
        self._poll.register(sock.fileno(), select.POLLIN)
        self.greeting: Hello
        try:
            self.hello(name)
        except BaseException:
            self.disconnect()
            raise

    @classmethod
    def connect(cls, path: str | None = None, **options: Any) -> Client:
        """The same as `Client(path, **options)`."""
        return cls(path, **options)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.disconnect()

    def __repr__(self) -> str:
        state = f"closed: {self._closed}" if self._closed else "open"
        return f"<detent.Client {self.path} {state}>"

    # -- what the greeting said

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
    def socket(self) -> socket.socket:
        """The connected socket (for socket options; do not read or write it)."""
        return self._sock

    @property
    def closed(self) -> bool:
        return self._closed is not None

    # -- requests

    def call(self, request: Request[R], *, timeout: float | None = None) -> R:
        """Sends one request of the command table and returns its reply."""
        [item] = self._exchange([request], timeout)
        result: R = _unwrap(item, request.reply)
        return result

    def call_many(self, requests: Sequence[Request[Any]], *, timeout: float | None = None,
                  raise_on_error: bool = True) -> list[Any]:
        """Sends requests back to back (pipelined) and returns their replies
        in order. With raise_on_error false an error reply is returned as
        its ErrorReply; else the first one is raised once all are in."""
        items = self._exchange(requests, timeout)
        replies = [_unwrap(item, request.reply, False) for item, request in zip(items, requests)]
        return self._raise_first(replies) if raise_on_error else replies

    def send(self, line: str, *, timeout: float | None = None) -> Reply:
        """Sends one raw request line (text or JSON; the client adds the id)."""
        [item] = self._exchange([line], timeout)
        reply: Reply = _unwrap(item, None)
        return reply

    def send_many(self, lines: Sequence[str], *, timeout: float | None = None,
                  raise_on_error: bool = True) -> list[Reply]:
        """Sends raw lines pipelined; replies in order (see call_many)."""
        replies = [_unwrap(item, None, False) for item in self._exchange(lines, timeout)]
        return self._raise_first(replies) if raise_on_error else replies

    @staticmethod
    def _raise_first(replies: list[Any]) -> list[Any]:
        for reply in replies:
            if isinstance(reply, ErrorReply):
                raise DetentError(reply.code, reply.msg, reply.s, reply.id)
        return replies

    # -- the verbs (protocol.COMMANDS)

    def hello(self, client: str | None = None) -> Hello:
        """Greets the daemon; the reply is kept as `greeting`."""
        self.greeting = self.call(protocol.hello(client))
        return self.greeting


    # -- pushes

    def next_push(self, timeout: float | None = None) -> Snap | None:
        """The next pushed decision, or None when none comes within
        `timeout` seconds (default: the client's timeout) or this client
        hung up. Raises ConnectionClosed when the daemon went away."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while not self._pushes:
            if self._closed is not None:
                if self._hung_up:
                    return None
                raise ConnectionClosed(self._closed)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._poll.modify(self._sock.fileno(), select.POLLIN)
            if self._poll.poll(remaining * 1000):
                self._read()
        return self._pushes.popleft()

    def pushes(self, timeout: float | None = None) -> Iterator[Snap]:
        """Pushed decisions as they come; the iteration ends after `timeout`
        seconds without one (default: the client's timeout)."""
        while (push := self.next_push(timeout)) is not None:
            yield push

    # -- the connection

    def disconnect(self) -> None:
        """Hangs up; requests still waiting fail with ConnectionClosed."""
        if self._closed is None:
            self._hung_up = True
            self._fail("this client disconnected")
        try:
            self._sock.close()
        except OSError:
            pass

    def _fail(self, reason: str, head: DetentConnectionError | None = None) -> None:
        """Ends the connection: every waiting request gets the failure."""
        if self._closed is not None:
            return
        self._closed = reason
        closed = ConnectionClosed(reason)
        for slot in self._pending:
            slot.result = head if head is not None else closed
            slot.done = True
            head = None
        self._pending.clear()
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _exchange(self, items: Sequence[Request[Any] | str], timeout: float | None
                  ) -> list[Reply | DetentConnectionError | None]:
        if self._closed is not None:
            raise ConnectionClosed(self._closed)
        if self._bye:
            raise ConnectionClosed("the daemon said bye (quit): it reads nothing more")
        slots: list[_Slot] = []
        chunks: list[bytes] = []
        ends: list[int] = []
        size = 0
        for item in items:
            ident = next(self._ids)
            line = item.line(ident) if isinstance(item, Request) else with_id(item, ident)
            chunk = (line + "\n").encode("utf-8")
            chunks.append(chunk)
            size += len(chunk)
            ends.append(size)
            slots.append(_Slot(str(ident)))
        if not slots:
            return []
        data = memoryview(b"".join(chunks))
        self._pending.extend(slots)
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        sent = 0
        fd = self._sock.fileno()
        while not slots[-1].done and self._closed is None:
            now = time.monotonic()
            if now >= deadline:
                self._time_out(slots, ends, sent, limit)
            writing = sent < len(data)
            self._poll.modify(fd, select.POLLIN | (select.POLLOUT if writing else 0))
            ready = self._poll.poll((deadline - now) * 1000)
            if not ready:
                continue
            events = ready[0][1]
            resolved = self._resolved
            if writing and events & (select.POLLOUT | select.POLLERR | select.POLLHUP):
                try:
                    n = self._sock.send(data[sent:sent + _CHUNK])
                except BlockingIOError:
                    n = 0
                except OSError as error:
                    # The daemon is gone: what it did answer is still unread.
                    self._read_all_left()
                    self._fail(f"the daemon went away ({error.strerror or error})")
                    break
                if n:
                    sent += n
                    deadline = time.monotonic() + limit
            if events & (select.POLLIN | select.POLLERR | select.POLLHUP):
                self._read()
                if self._resolved != resolved:
                    deadline = time.monotonic() + limit
        return [slot.result for slot in slots]

    def _time_out(self, slots: list[_Slot], ends: list[int], sent: int, limit: float) -> None:
        unanswered = sum(1 for slot in slots if not slot.done)
        message = f"no reply from detentd within {limit:g} s ({unanswered} of {len(slots)} unanswered)"
        if sent and sent not in ends:
            # Half a line is on the wire: nothing after it can be framed.
            self._fail("a request timed out half written")
            raise DetentTimeout(message + "; the connection is closed")
        unsent = [slot for slot, end in zip(slots, ends) if end > sent]
        for _ in unsent:
            self._pending.pop()
        for slot in slots:
            if not slot.done:
                slot.abandoned = True
        raise DetentTimeout(message)

    def _read(self) -> None:
        """Reads what is there and hands out every complete line."""
        try:
            data = self._sock.recv(_CHUNK)
        except BlockingIOError:
            return
        except OSError as error:
            self._eof(f"the daemon went away ({error.strerror or error})")
            return
        if not data:
            self._eof("the daemon closed the connection")
            return
        self._feed(data)

    def _read_all_left(self) -> None:
        while self._closed is None:
            try:
                data = self._sock.recv(_CHUNK)
            except OSError:
                return
            if not data:
                return
            self._feed(data)

    def _feed(self, data: bytes) -> None:
        self._buffer += data
        if b"\n" not in data:
            if len(self._buffer) > MAX_REPLY_BYTES:
                self._fail("a reply line longer than 1 MiB",
                           ProtocolError("a reply line longer than 1 MiB"))
            return
        *lines, rest = self._buffer.split(b"\n")
        self._buffer = bytearray(rest)
        for raw in lines:
            self._dispatch(bytes(raw))

    def _eof(self, reason: str) -> None:
        if self._buffer:
            raw, self._buffer = bytes(self._buffer), bytearray()
            self._dispatch(raw)
        self._fail("the daemon closed the connection after bye" if self._hung_up else reason)

    def _dispatch(self, raw: bytes) -> None:
        """One line: a push to the queue, a reply to the request it answers."""
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
            return
        if self._pending and reply.id is not None and id_token(reply.id) != self._pending[0].token:
            error = ProtocolError(f"a reply to id {reply.id} where id {self._pending[0].token} was due",
                                  raw.decode("utf-8"))
            self._fail(str(error), error)
            return
        self._resolve(reply)
        if isinstance(reply, Bye):
            self._hung_up = self._bye = True

    def _resolve(self, result: Reply | DetentConnectionError) -> None:
        if not self._pending:
            return  # a line nobody asked for (a late reply after a reset): dropped
        slot = self._pending.popleft()
        slot.result = result
        slot.done = True
        self._resolved += 1
