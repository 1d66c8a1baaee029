"""What can go wrong: the daemon's error replies and the connection's failures.

Two roots so callers can tell "the daemon said no" (`DetentError`, the
request was read and refused; the connection is fine) from "there is no
usable connection" (`DetentConnectionError` and its subclasses).
"""

from __future__ import annotations

from ._values import ErrorCode

__all__ = ["ErrorCode", "DetentException", "DetentError", "DetentConnectionError", "DaemonNotFound",
           "ConnectionClosed", "DetentTimeout", "ProtocolError"]


class DetentException(Exception):
    """The root of everything this package raises."""


class DetentError(DetentException):
    """An `error` reply: the daemon read the request and refused it."""

    def __init__(self, code: ErrorCode | str, message: str, session: str | None = None,
                 id: str | int | float | None = None) -> None:
        self.code = ErrorCode.of(str(code))
        self.message = message
        self.session = session
        self.id = id
        where = f" (session {session})" if session is not None else ""
        super().__init__(f"{self.code}{where}: {message}")


class DetentConnectionError(DetentException):
    """No usable connection: the base of the failures below."""


class DaemonNotFound(DetentConnectionError):
    """No candidate socket accepted. `tried` holds (path, reason) in the
    order tried, the same pairs the message names."""

    def __init__(self, message: str, tried: list[tuple[str, str]]) -> None:
        self.tried = tried
        super().__init__(message)


class ConnectionClosed(DetentConnectionError):
    """The connection ended (the daemon quit, was killed, or refused us
    after greeting) or this client hung up; requests still waiting fail."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"the connection to detentd is closed: {reason}")


class DetentTimeout(DetentConnectionError, TimeoutError):
    """No reply (or no progress writing) within the timeout. Also a
    `TimeoutError`, so generic timeout handling catches it."""


class ProtocolError(DetentConnectionError):
    """A line from the daemon this client cannot read, or a reply that
    does not answer the request it was matched to."""

    def __init__(self, message: str, line: str | None = None) -> None:
        self.line = line
        super().__init__(f"{message}: {line!r}" if line is not None else message)
