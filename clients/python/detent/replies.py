# Generated from protocol/detent-protocol.json by protocol/generate
# (protocol/generators/python.py); do not edit: change the description and run protocol/generate.
"""The daemon's replies as values, one dataclass per reply kind of
detent-protocol(7). Attribute names are the protocol's field names (`from`
becomes `from_`), the same fields libdetent's structs hold, so a conformance
test can turn any of them back into the line's fields. Each field's metadata
says how the wire spells it and how it is read; `protocol.parse_reply` reads
that and nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from ._base import Id, Kind, reply_field
from ._mixins import Moving, Pushed
from ._values import Cause, Curve, ErrorCode, Mode

__all__ = ["Hello", "Pong", "Plugins", "Opened", "Began", "Moved", "Snap", "Ok", "Closed", "Stats", "Bye",
           "ErrorReply", "Kept", "Reply"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Hello:
    """The daemon's greeting."""

    id: Id | None = reply_field(Kind.ID, optional=True)
    proto: int = reply_field(Kind.INT)
    """the protocol's version"""
    server: str = reply_field(Kind.STR)
    """detentd/VERSION"""
    plugins: list[str] = reply_field(Kind.STRS)
    """the configured plugins"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Pong:
    """The answer to ping."""

    id: Id | None = reply_field(Kind.ID, optional=True)


@dataclass(frozen=True, kw_only=True, slots=True)
class Plugins:
    """The configured plugins."""

    id: Id | None = reply_field(Kind.ID, optional=True)
    names: list[str] = reply_field(Kind.STRS)
    """every configured plugin"""
    default: str = reply_field(Kind.STR)
    """the plugin of an open without plugin"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Opened:
    """A session's resting snap, after open or layout."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    plugin: str = reply_field(Kind.STR)
    """the session's plugin"""
    index: int = reply_field(Kind.INT)
    """the resting item"""
    x: float = reply_field(Kind.NUM)
    """the resting offset"""
    snaps: int = reply_field(Kind.INT)
    """the number of snaps"""
    pad: float | None = reply_field(Kind.NUM, optional=True)
    """the trailing space to add, exactly with contain=pad"""
    dup: int | None = reply_field(Kind.INT, optional=True)
    """the items duplicated at each end, exactly for loops"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Began:
    """The resting snap a gesture starts from."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    index: int = reply_field(Kind.INT)
    """the item"""
    x: float = reply_field(Kind.NUM)
    """its offset"""
    jump: float | None = reply_field(Kind.NUM, optional=True)
    """in a loop, the real item's offset to set at once"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Moved:
    """Where to draw the content during a drag."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    x: float = reply_field(Kind.NUM)
    """the offset to draw"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Snap(Moving, Pushed):
    """A decision: where the collection comes to rest and the motion there."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    index: int = reply_field(Kind.INT)
    """the item it rests on (for loops the logical one)"""
    x: float = reply_field(Kind.NUM)
    """the offset it rests at"""
    mode: Mode | str = reply_field(Kind.ENUM, values=Mode)
    """keep the momentum, or stop and animate"""
    cause: Cause | str = reply_field(Kind.ENUM, values=Cause)
    """what led to it"""
    page: int | None = reply_field(Kind.INT, optional=True)
    """the page, with the page strategies"""
    jump: float | None = reply_field(Kind.NUM, optional=True)
    """for loops, the equivalent offset to set once at rest"""
    from_: float = reply_field(Kind.NUM, wire="from")
    """where the motion starts"""
    v: float = reply_field(Kind.NUM)
    """the velocity it starts with, pt/ms"""
    curve: Curve | str = reply_field(Kind.ENUM, values=Curve)
    """the motion's curve, with its fields"""
    rate: float | None = reply_field(Kind.NUM, optional=True)
    """with the decay curve only"""
    omega: float | None = reply_field(Kind.NUM, optional=True)
    """with the spring curve only"""
    accel: float | None = reply_field(Kind.NUM, optional=True)
    """with the brake curve only"""
    stop: int | None = reply_field(Kind.INT, optional=True)
    """with the brake curve only"""
    aim: float | None = reply_field(Kind.NUM, optional=True)
    """ms into the motion at which the deceleration re-aims to stop on x at stop (qt-swipeview); absent: none"""
    p1x: float | None = reply_field(Kind.NUM, optional=True)
    """the first control point's x"""
    p1y: float | None = reply_field(Kind.NUM, optional=True)
    """its y"""
    p2x: float | None = reply_field(Kind.NUM, optional=True)
    """the second control point's x"""
    p2y: float | None = reply_field(Kind.NUM, optional=True)
    """its y"""
    path: list[str] | None = reply_field(Kind.STRS, optional=True)
    """the segments, each at/span/from/to/p1x/p1y/p2x/p2y"""
    ms: int = reply_field(Kind.INT)
    """the duration in ms"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Ok:
    """Autoplay set."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    every: float = reply_field(Kind.NUM)
    """the period in ms, 0 when stopped"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Closed:
    """A session forgotten."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)


@dataclass(frozen=True, kw_only=True, slots=True)
class Stats:
    """The daemon's counters."""

    id: Id | None = reply_field(Kind.ID, optional=True)
    connections: int = reply_field(Kind.INT)
    """open connections, refused ones excluded"""
    sessions: int = reply_field(Kind.INT)
    """open sessions on all of them"""
    requests: int = reply_field(Kind.INT)
    """request lines answered since start"""
    errors: int = reply_field(Kind.INT)
    """error replies sent since start"""
    uptime: int = reply_field(Kind.INT)
    """whole seconds since start"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Bye:
    """The answer to quit; the connection is then closed."""

    id: Id | None = reply_field(Kind.ID, optional=True)


@dataclass(frozen=True, kw_only=True, slots=True)
class ErrorReply:
    """A refusal: the connection stays open and the session keeps its state unless said."""

    id: Id | None = reply_field(Kind.ID, optional=True)
    code: ErrorCode | str = reply_field(Kind.ENUM, values=ErrorCode)
    """the error code"""
    s: str | None = reply_field(Kind.STR, optional=True)
    """the session, when valid"""
    msg: str = reply_field(Kind.STR)
    """what was wrong, in words"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Kept:
    """A wheel event, a touchpad gesture's end, a step or a scrollby that changes nothing (a lock, a motion under way, a bound, the other axis, a touchpad hold): where the collection rests."""

    s: str = reply_field(Kind.STR)
    id: Id | None = reply_field(Kind.ID, optional=True)
    index: int = reply_field(Kind.INT)
    """the item of the last decision"""


Reply = Union[Hello, Pong, Plugins, Opened, Began, Moved, Snap, Ok, Closed, Stats, Bye, ErrorReply, Kept]
"""Any reply of the daemon."""

REPLY_TYPES: dict[str, type[Any]] = {
    "hello": Hello,
    "pong": Pong,
    "plugins": Plugins,
    "opened": Opened,
    "began": Began,
    "moved": Moved,
    "snap": Snap,
    "ok": Ok,
    "closed": Closed,
    "stats": Stats,
    "bye": Bye,
    "error": ErrorReply,
    "kept": Kept,
}
"""Reply kind to its dataclass."""

VERB_OF: dict[type[Any], str] = {cls: kind for kind, cls in REPLY_TYPES.items()}
