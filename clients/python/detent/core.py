"""One connection to detentd as a protocol without I/O, in the manner of
h11: requests go in and come out as bytes, each line with its id; bytes
read from the daemon go in and come out as events, each reply matched to
the request it answers and each pushed decision queued. `Client` and
`AsyncClient` only move these bytes and wait; any other loop can too:

    core = Connection()
    data, pendings = core.send(requests)          # write data
    events = core.receive_data(sock.recv(65536))  # each answered Pending: .reply()
    core.receive_eof()                            # the daemon closed the connection
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from typing import Any

from ._lines import Request, with_id
from .errors import ConnectionClosed, DetentConnectionError, DetentError, DetentTimeout, ProtocolError
from .protocol import id_token, is_push, parse_reply
from .replies import Bye, ErrorReply, Hello, Reply, Snap

MAX_REPLY_BYTES = 1 << 20
"""The longest reply line read; a longer one ends the connection."""

Outcome = Reply | DetentConnectionError


class Pending:
    """A request sent and not yet answered: where its reply lands."""

    __slots__ = ("token", "line_end", "expected", "outcome", "waiter")

    def __init__(self, token: str, line_end: int, expected: Any) -> None:
        self.token = token
        """Its id, as the reply echoes it."""
        self.line_end = line_end
        """Where its line ends in the bytes `Connection.send` returned."""
        self.expected = expected
        """The reply class (or tuple of classes) of its Request; None for a raw line."""
        self.outcome: Outcome | None = None
        """Its reply, or why none can come."""
        self.waiter: Any = None
        """The front's own (AsyncClient's future)."""

    @property
    def done(self) -> bool:
        return self.outcome is not None

    def reply(self, raise_on_error: bool = True) -> Any:
        """The outcome as a call returns it: a failure raised, an error reply
        raised as DetentError (else returned), a reply of the wrong kind refused."""
        outcome = self.outcome
        if outcome is None:
            raise ConnectionClosed("no reply")
        if isinstance(outcome, DetentConnectionError):
            raise outcome
        if isinstance(outcome, ErrorReply):
            if raise_on_error:
                raise refusal(outcome)
            return outcome
        if self.expected is not None and not isinstance(outcome, self.expected):
            due = " or ".join(c.__name__ for c in (self.expected if isinstance(self.expected, tuple)
                                                   else (self.expected,)))
            raise ProtocolError(f"a {type(outcome).__name__} reply where {due} was due", repr(outcome))
        return outcome


Event = Pending | Snap
"""What bytes brought: a request answered (its Pending, now done) or a push."""


def refusal(reply: ErrorReply) -> DetentError:
    return DetentError(reply.code, reply.msg, reply.s, reply.id)


def replies(pendings: Sequence[Pending], raise_on_error: bool = True) -> list[Any]:
    """Pipelined requests' replies in order. With raise_on_error false an
    error reply is returned as its ErrorReply; else the first one is raised."""
    out = [pending.reply(False) for pending in pendings]
    if raise_on_error:
        for reply in out:
            if isinstance(reply, ErrorReply):
                raise refusal(reply)
    return out


class Connection:
    """The state of one connection: the requests waiting for their replies
    in the order sent (replies come in that order, and each echoes its id),
    the pushes not yet taken, and whether and why it ended."""

    def __init__(self, max_pushes: int = 1024) -> None:
        self.pushes: deque[Snap] = deque(maxlen=max_pushes)
        """Pushed decisions not yet taken (the oldest dropped past max_pushes)."""
        self.greeting: Hello | None = None
        """The last hello reply."""
        self.closed: str | None = None
        """Why the connection ended, once it has."""
        self.hung_up = False
        """This client ended it: it disconnected, or quit and the daemon said bye."""
        self._bye = False
        self._ids = itertools.count(1)
        self._waiting: deque[Pending] = deque()
        self._buffer = bytearray()

    # -- requests out

    def send(self, items: Sequence[Request[Any] | str]) -> tuple[bytes, list[Pending]]:
        """Requests of the command table, or raw lines (text or JSON, without
        an id), as the bytes to write, each line with an id of this
        connection; each now waits for its reply."""
        if self.closed is not None:
            raise ConnectionClosed(self.closed)
        if self._bye:
            raise ConnectionClosed("the daemon said bye (quit): it reads nothing more")
        chunks: list[bytes] = []
        pendings: list[Pending] = []
        size = 0
        for item in items:
            ident = next(self._ids)
            line = item.line(ident) if isinstance(item, Request) else with_id(item, ident)
            chunk = (line + "\n").encode("utf-8")
            chunks.append(chunk)
            size += len(chunk)
            pendings.append(Pending(str(ident), size, item.reply if isinstance(item, Request) else None))
        self._waiting.extend(pendings)
        return b"".join(chunks), pendings

    def time_out(self, pendings: Sequence[Pending], written: int, limit: float) -> DetentTimeout:
        """What a call raises when the requests of one `send` got no reply
        for `limit` seconds, `written` of their bytes on the wire. Those not
        written are withdrawn; the others stay waiting, and their late
        replies are dropped. Half a line written ends the connection:
        nothing after it could be framed."""
        unanswered = sum(1 for pending in pendings if not pending.done)
        message = f"no reply from detentd within {limit:g} s ({unanswered} of {len(pendings)} unanswered)"
        if written and all(pending.line_end != written for pending in pendings):
            self._end("a request timed out half written", None, [])
            return DetentTimeout(message + "; the connection is closed")
        for pending in reversed(pendings):
            if pending.line_end > written and self._waiting and self._waiting[-1] is pending:
                self._waiting.pop()
        return DetentTimeout(message)

    # -- bytes in

    def receive_data(self, data: bytes) -> list[Event]:
        """Bytes read from the daemon; returns what they brought, in order:
        each request answered (a Pending, now done) and each push (a Snap,
        also queued in `pushes`)."""
        events: list[Event] = []
        if self.closed is not None:
            return events
        self._buffer += data
        if b"\n" in data:
            *lines, rest = self._buffer.split(b"\n")
            self._buffer = bytearray(rest)
            for raw in lines:
                if self.closed is None:
                    self._line(bytes(raw), events)
        if self.closed is None and len(self._buffer) > MAX_REPLY_BYTES:
            reason = "a reply line longer than 1 MiB"
            self._end(reason, ProtocolError(reason), events)
        return events

    def receive_eof(self, reason: str = "the daemon closed the connection") -> list[Event]:
        """The daemon closed the connection, or reading failed (`reason`): a
        last line without its line break is read, then every request still
        waiting fails with ConnectionClosed."""
        events: list[Event] = []
        if self.closed is None and self._buffer:
            raw, self._buffer = bytes(self._buffer), bytearray()
            self._line(raw, events)
        self._end("the daemon closed the connection after bye" if self.hung_up else reason, None, events)
        return events

    def fail(self, reason: str) -> list[Event]:
        """The connection broke (writing failed): every request waiting fails."""
        events: list[Event] = []
        self._end(reason, None, events)
        return events

    def hang_up(self) -> list[Event]:
        """This client ends the connection: every request waiting fails."""
        events: list[Event] = []
        if self.closed is None:
            self.hung_up = True
            self._end("this client disconnected", None, events)
        return events

    def next_push(self) -> Snap | None:
        """The oldest push not yet taken; None when there is none (more may
        come while the connection is open). Raises ConnectionClosed when
        none is left and the daemon ended the connection."""
        if self.pushes:
            return self.pushes.popleft()
        if self.closed is not None and not self.hung_up:
            raise ConnectionClosed(self.closed)
        return None

    # -- the bookkeeping

    def _line(self, raw: bytes, events: list[Event]) -> None:
        """One line: a push to the queue, a reply to the request it answers.
        A line that cannot be read answers the next request as ProtocolError
        (one line per request keeps the framing); a reply to another id
        than the next one's ends the connection."""
        try:
            reply = parse_reply(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self._answer(ProtocolError("a reply that is not UTF-8", repr(raw)), events)
            return
        except ProtocolError as error:
            self._answer(error, events)
            return
        if is_push(reply):
            assert isinstance(reply, Snap)
            self.pushes.append(reply)
            events.append(reply)
            return
        if self._waiting and reply.id is not None and id_token(reply.id) != self._waiting[0].token:
            mismatch = ProtocolError(f"a reply to id {reply.id} where id {self._waiting[0].token} was due",
                                     raw.decode("utf-8"))
            self._end(str(mismatch), mismatch, events)
            return
        if self._answer(reply, events) and isinstance(reply, Hello):
            self.greeting = reply
        if isinstance(reply, Bye):
            self.hung_up = self._bye = True

    def _answer(self, outcome: Outcome, events: list[Event]) -> bool:
        if not self._waiting:
            return False  # a line nobody asked for (a late reply after a reset): dropped
        pending = self._waiting.popleft()
        pending.outcome = outcome
        events.append(pending)
        return True

    def _end(self, reason: str, error: DetentConnectionError | None, events: list[Event]) -> None:
        """Ends the connection: the first request waiting gets `error` when
        there is one, the others ConnectionClosed."""
        if self.closed is not None:
            return
        self.closed = reason
        closed = ConnectionClosed(reason)
        for pending in self._waiting:
            pending.outcome = error if error is not None else closed
            error = None
            events.append(pending)
        self._waiting.clear()
