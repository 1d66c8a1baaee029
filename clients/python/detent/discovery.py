"""Finding the daemon: detentd(8) "FINDING THE DAEMON".

An explicit path wins; else $DETENT_SOCKET when set and not empty (then
only it); else $XDG_RUNTIME_DIR/detent.sock (when that variable is set and
not empty), /run/detent/detent.sock and /tmp/detent-UID.sock, tried in that
order. Every attempt is recorded so that a failure says where the client
looked and why each place failed, which is what a user needs to fix it.
The two fixed paths are parameters so tests can stand temporary ones in.
"""

from __future__ import annotations

import asyncio
import errno
import os
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import DaemonNotFound

SYSTEM_SOCKET = "/run/detent/detent.sock"
"""The packaged service's socket (detentd.socket)."""


def fallback_socket() -> str:
    """The last resort, per user: /tmp/detent-UID.sock."""
    return f"/tmp/detent-{os.getuid()}.sock"


HOW_TO_START = ("start one with `systemctl --user start detentd.socket` "
                "(or `systemctl start detentd.socket` for the system service), "
                "or `scripts/run` in a Detent source tree")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place to try: `role` is explicit, variable, user, system or fallback."""

    role: str
    path: str


def candidates(path: str | None = None, *, environ: Mapping[str, str] | None = None,
               system_path: str = SYSTEM_SOCKET, fallback_path: str | None = None) -> list[Candidate]:
    """The places to try, in order."""
    env = os.environ if environ is None else environ
    if path is not None:
        return [Candidate("explicit", path)]
    variable = env.get("DETENT_SOCKET", "")
    if variable:
        return [Candidate("variable", variable)]
    out: list[Candidate] = []
    runtime = env.get("XDG_RUNTIME_DIR", "")
    if runtime:
        out.append(Candidate("user", os.path.join(runtime, "detent.sock")))
    out.append(Candidate("system", system_path))
    out.append(Candidate("fallback", fallback_path if fallback_path is not None else fallback_socket()))
    return out


def reason(error: BaseException) -> str:
    """Why a candidate failed, in the words of discovery.txt."""
    if isinstance(error, (TimeoutError, socket.timeout)):
        return "timed out"
    if isinstance(error, OSError):
        if error.errno == errno.ENOENT:
            return "absent"
        if error.errno == errno.ECONNREFUSED:
            return "refused"
        if error.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        if error.errno is not None:
            return os.strerror(error.errno).lower()
    return str(error) or type(error).__name__


def not_found(tried: list[tuple[Candidate, str]]) -> DaemonNotFound:
    """The error naming every place tried and why, and how to start a daemon."""
    pairs = [(candidate.path, why) for candidate, why in tried]
    if tried and tried[0][0].role == "variable":
        path, why = pairs[0]
        message = (f"no Detent daemon answers on DETENT_SOCKET={path} ({why}); "
                   "with DETENT_SOCKET set, no other place is tried: unset it, or "
                   f"{HOW_TO_START}, listening there")
    elif tried and tried[0][0].role == "explicit":
        path, why = pairs[0]
        message = f"no Detent daemon answers on {path} ({why}); {HOW_TO_START}"
    else:
        places = ", ".join(f"{path} ({why})" for path, why in pairs)
        message = (f"no Detent daemon answers: tried {places}; {HOW_TO_START}; "
                   "or set DETENT_SOCKET to the socket of a running one")
    return DaemonNotFound(message, pairs)


def _socket() -> socket.socket:
    return socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)


def connect(path: str | None = None, *, timeout: float = 10.0, environ: Mapping[str, str] | None = None,
            system_path: str = SYSTEM_SOCKET, fallback_path: str | None = None) -> tuple[socket.socket, str]:
    """A connected (blocking) socket to the first candidate that accepts,
    and its path; DaemonNotFound when none does."""
    tried: list[tuple[Candidate, str]] = []
    deadline = time.monotonic() + timeout
    for candidate in candidates(path, environ=environ, system_path=system_path, fallback_path=fallback_path):
        sock = _socket()
        while True:
            try:
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                sock.connect(candidate.path)
            except BlockingIOError:
                # A full listen backlog: a Unix socket says EAGAIN at once.
                if time.monotonic() < deadline:
                    time.sleep(0.01)
                    continue
                sock.close()
                tried.append((candidate, "timed out"))
                break
            except (OSError, ValueError) as error:
                sock.close()
                tried.append((candidate, reason(error)))
                break
            sock.settimeout(None)
            return sock, candidate.path
    raise not_found(tried)


async def connect_async(path: str | None = None, *, timeout: float = 10.0,
                        environ: Mapping[str, str] | None = None, system_path: str = SYSTEM_SOCKET,
                        fallback_path: str | None = None) -> tuple[socket.socket, str]:
    """As `connect`, never blocking the event loop: the socket is
    non-blocking, and a full listen backlog (EAGAIN on a Unix socket) is
    retried until the timeout rather than waited on."""
    tried: list[tuple[Candidate, str]] = []
    deadline = time.monotonic() + timeout
    for candidate in candidates(path, environ=environ, system_path=system_path, fallback_path=fallback_path):
        sock = _socket()
        sock.setblocking(False)
        while True:
            try:
                sock.connect(candidate.path)
            except BlockingIOError:
                if time.monotonic() < deadline:
                    await asyncio.sleep(0.01)
                    continue
                sock.close()
                tried.append((candidate, "timed out"))
                break
            except (OSError, ValueError) as error:
                sock.close()
                tried.append((candidate, reason(error)))
                break
            return sock, candidate.path
    raise not_found(tried)
