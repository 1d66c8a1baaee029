"""Detent's Python client: where a paged scroll view comes to rest, asked
of detentd over its Unix socket (detent-protocol(7)).

    from detent import Client
    with Client() as client:
        client.open("cards", viewport=375, item=343, count=5, spacing=8, lead=16, trail=16)
        snap = client.end("cards", x=90, v=1.4)      # snap.index 1, snap.x 351
"""

from . import _values, protocol, replies
from ._values import *  # noqa: F401,F403 (the enumerations of reply values)
from .aio import AsyncClient
from .client import DEFAULT_TIMEOUT, Client
from .discovery import Candidate, candidates
from .errors import (ConnectionClosed, DaemonNotFound, DetentConnectionError, DetentError, DetentException,
                     DetentTimeout, ProtocolError)
from .motion import Motion, Segment
from .protocol import COMMANDS, Request, parse_reply
from .replies import *  # noqa: F401,F403 (one dataclass per reply kind, and Reply)

__version__ = "1.0.0"

__all__ = [
    "AsyncClient", "Client", "DEFAULT_TIMEOUT", "Candidate", "candidates", "protocol", "COMMANDS",
    "Request", "parse_reply", "ConnectionClosed", "DaemonNotFound", "DetentConnectionError", "DetentError",
    "DetentException", "DetentTimeout", "ProtocolError", "Motion", "Segment", "__version__",
    *_values.__all__, *replies.__all__,
]
