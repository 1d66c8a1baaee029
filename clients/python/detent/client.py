"""The blocking client: one thread, one socket, no background threads.

The protocol is `core.Connection`'s; this only moves its bytes. Replies
are read when a call waits for one, so pushed decisions that arrive
meanwhile are queued for `pushes()`. Writing and reading are interleaved
on a non-blocking socket (poll), which is what lets thousands of pipelined
requests through a daemon that stops reading while its replies are unread
(limits.maxOutputBytes).
"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import discovery
from ._front import DEFAULT_NAME, DEFAULT_TIMEOUT, Front
from ._requests import BlockingVerbs
from .core import Connection, Event, Pending, replies
from .protocol import Request
from .replies import Reply, Snap

__all__ = ["Client", "DEFAULT_TIMEOUT"]

R = TypeVar("R")

_CHUNK = 1 << 18
_READABLE = select.POLLIN | select.POLLERR | select.POLLHUP


class Client(Front, BlockingVerbs):
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
        self._core = Connection(max_pushes)
        sock, self.path = discovery.connect(path, timeout=timeout, environ=environ,
                                            system_path=system_path, fallback_path=fallback_path)
        sock.setblocking(False)
        self._sock = sock
        self._poll = select.poll()
        self._poll.register(sock.fileno(), select.POLLIN)
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

    @property
    def socket(self) -> socket.socket:
        """The connected socket (for socket options; do not read or write it)."""
        return self._sock

    # -- requests

    def call(self, request: Request[R], *, timeout: float | None = None) -> R:
        """Sends one request of the command table and returns its reply."""
        result: R = self._exchange([request], timeout)[0].reply()
        return result

    def call_many(self, requests: Sequence[Request[Any]], *, timeout: float | None = None,
                  raise_on_error: bool = True) -> list[Any]:
        """Sends requests back to back (pipelined) and returns their replies
        in order. With raise_on_error false an error reply is returned as
        its ErrorReply; else the first one is raised once all are in."""
        return replies(self._exchange(requests, timeout), raise_on_error)

    def send(self, line: str, *, timeout: float | None = None) -> Reply:
        """Sends one raw request line (text or JSON; the client adds the id)."""
        reply: Reply = self._exchange([line], timeout)[0].reply()
        return reply

    def send_many(self, lines: Sequence[str], *, timeout: float | None = None,
                  raise_on_error: bool = True) -> list[Reply]:
        """Sends raw lines pipelined; replies in order (see call_many)."""
        return replies(self._exchange(lines, timeout), raise_on_error)

    # -- pushes

    def next_push(self, timeout: float | None = None) -> Snap | None:
        """The next pushed decision, or None when none comes within
        `timeout` seconds (default: the client's timeout) or this client
        hung up. Raises ConnectionClosed when the daemon went away."""
        deadline = time.monotonic() + self._limit(timeout)
        while (push := self._core.next_push()) is None and self._core.closed is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._poll.modify(self._sock.fileno(), select.POLLIN)
            if self._poll.poll(remaining * 1000):
                self._read()
        return push

    def pushes(self, timeout: float | None = None) -> Iterator[Snap]:
        """Pushed decisions as they come; the iteration ends after `timeout`
        seconds without one (default: the client's timeout)."""
        while (push := self.next_push(timeout)) is not None:
            yield push

    # -- the connection

    def disconnect(self) -> None:
        """Hangs up; requests still waiting fail with ConnectionClosed."""
        self._core.hang_up()
        self._shut()
        try:
            self._sock.close()
        except OSError:
            pass

    def _shut(self) -> None:
        """Once the connection ended: the daemon sees it at once."""
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _exchange(self, items: Sequence[Request[Any] | str], timeout: float | None) -> list[Pending]:
        """Writes the requests' lines while reading replies, until the last
        one is answered or nothing moved for the timeout."""
        data, pendings = self._core.send(items)
        if not pendings:
            return []
        view = memoryview(data)
        limit = self._limit(timeout)
        deadline = time.monotonic() + limit
        sent = 0
        fd = self._sock.fileno()
        while not pendings[-1].done:
            now = time.monotonic()
            if now >= deadline:
                error = self._core.time_out(pendings, sent, limit)
                if self._core.closed is not None:
                    self._shut()
                raise error
            writing = sent < len(view)
            self._poll.modify(fd, select.POLLIN | (select.POLLOUT if writing else 0))
            ready = self._poll.poll((deadline - now) * 1000)
            if not ready:
                continue
            events = ready[0][1]
            if writing and events & (select.POLLOUT | select.POLLERR | select.POLLHUP):
                try:
                    n = self._sock.send(view[sent:sent + _CHUNK])
                except BlockingIOError:
                    n = 0
                except OSError as error:
                    # The daemon is gone: what it did answer is still unread.
                    self._drain()
                    self._core.fail(f"the daemon went away ({error.strerror or error})")
                    self._shut()
                    break
                if n:
                    sent += n
                    deadline = time.monotonic() + limit
            if events & _READABLE and any(isinstance(e, Pending) for e in self._read()):
                deadline = time.monotonic() + limit
        return pendings

    def _read(self) -> list[Event]:
        """Reads what is there into the core; what it brought."""
        try:
            data = self._sock.recv(_CHUNK)
        except BlockingIOError:
            return []
        except OSError as error:
            events = self._core.receive_eof(f"the daemon went away ({error.strerror or error})")
        else:
            events = self._core.receive_data(data) if data else self._core.receive_eof()
        if self._core.closed is not None:
            self._shut()
        return events

    def _drain(self) -> None:
        """What the daemon answered before it went away, still unread."""
        while self._core.closed is None:
            try:
                data = self._sock.recv(_CHUNK)
            except OSError:
                return
            if not data:
                return
            self._core.receive_data(data)
