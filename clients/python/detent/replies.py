"""The daemon's replies as values, one dataclass per reply verb.

Attribute names are the protocol's field names (`from` becomes `from_`),
the same fields libdetent's structs hold, so a conformance test can turn
any of them back into the line's fields. Each field's metadata says how
the wire spells it and what kind of value it is; `protocol.parse_reply`
reads that and nothing else.
"""

from __future__ import annotations

import enum
from dataclasses import MISSING, dataclass, field
from typing import Any, Union

from .errors import ErrorCode
from .motion import Curve, Motion

Id = Union[str, int, float]
"""A request id as echoed: text ids are strings, JSON keeps its type."""


class Kind(enum.Enum):
    """How a field's value is read."""

    STR = "str"
    INT = "int"
    NUM = "num"
    STRS = "strs"
    ID = "id"
    CODE = "code"
    MODE = "mode"
    CAUSE = "cause"
    CURVE = "curve"


def _f(kind: Kind, *, wire: str | None = None, default: Any = MISSING) -> Any:
    metadata = {"kind": kind, "wire": wire}
    if default is MISSING:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


def _id() -> Any:
    return _f(Kind.ID, default=None)


class Mode(enum.StrEnum):
    DECELERATE = "decelerate"
    ANIMATE = "animate"


class Cause(enum.StrEnum):
    RELEASE = "release"
    CANCEL = "cancel"
    GOTO = "goto"
    AUTOPLAY = "autoplay"


@dataclass(frozen=True, kw_only=True, slots=True)
class Hello:
    id: Id | None = _id()
    proto: int = _f(Kind.INT)
    server: str = _f(Kind.STR)
    plugins: list[str] = _f(Kind.STRS)


@dataclass(frozen=True, kw_only=True, slots=True)
class Pong:
    id: Id | None = _id()


@dataclass(frozen=True, kw_only=True, slots=True)
class Plugins:
    id: Id | None = _id()
    names: list[str] = _f(Kind.STRS)
    default: str = _f(Kind.STR)


@dataclass(frozen=True, kw_only=True, slots=True)
class Opened:
    """The reply to `open` and `layout`: the resting snap."""

    s: str = _f(Kind.STR)
    id: Id | None = _id()
    plugin: str = _f(Kind.STR)
    index: int = _f(Kind.INT)
    x: float = _f(Kind.NUM)
    snaps: int = _f(Kind.INT)
    pad: float | None = _f(Kind.NUM, default=None)
    dup: int | None = _f(Kind.INT, default=None)


@dataclass(frozen=True, kw_only=True, slots=True)
class Began:
    s: str = _f(Kind.STR)
    id: Id | None = _id()
    index: int = _f(Kind.INT)
    x: float = _f(Kind.NUM)
    jump: float | None = _f(Kind.NUM, default=None)


@dataclass(frozen=True, kw_only=True, slots=True)
class Moved:
    s: str = _f(Kind.STR)
    id: Id | None = _id()
    x: float = _f(Kind.NUM)


@dataclass(frozen=True, kw_only=True, slots=True)
class Snap:
    """A decision: where the collection rests (`x`, there is no `to`) and
    the motion there (`curve` with its `rate`, `omega`, or `accel` and
    `stop`: see Motion). Pushed autoplay steps are Snaps without an id."""

    s: str = _f(Kind.STR)
    id: Id | None = _id()
    index: int = _f(Kind.INT)
    x: float = _f(Kind.NUM)
    mode: Mode | str = _f(Kind.MODE)
    cause: Cause | str = _f(Kind.CAUSE)
    page: int | None = _f(Kind.INT, default=None)
    jump: float | None = _f(Kind.NUM, default=None)
    from_: float = _f(Kind.NUM, wire="from")
    v: float = _f(Kind.NUM)
    curve: Curve | str = _f(Kind.CURVE)
    rate: float | None = _f(Kind.NUM, default=None)
    omega: float | None = _f(Kind.NUM, default=None)
    accel: float | None = _f(Kind.NUM, default=None)
    stop: int | None = _f(Kind.INT, default=None)
    ms: int = _f(Kind.INT)

    @property
    def motion(self) -> Motion:
        return Motion(from_=self.from_, x=self.x, v=self.v, curve=self.curve, ms=self.ms,
                      rate=self.rate, omega=self.omega, accel=self.accel, stop=self.stop)

    def position(self, t: float) -> float:
        """Where to draw the content `t` ms into the motion."""
        return self.motion.position(t)

    @property
    def is_push(self) -> bool:
        return self.cause == Cause.AUTOPLAY and self.id is None


@dataclass(frozen=True, kw_only=True, slots=True)
class Ok:
    s: str = _f(Kind.STR)
    id: Id | None = _id()
    every: float = _f(Kind.NUM)


@dataclass(frozen=True, kw_only=True, slots=True)
class Closed:
    s: str = _f(Kind.STR)
    id: Id | None = _id()


@dataclass(frozen=True, kw_only=True, slots=True)
class Stats:
    id: Id | None = _id()
    connections: int = _f(Kind.INT)
    sessions: int = _f(Kind.INT)
    requests: int = _f(Kind.INT)
    errors: int = _f(Kind.INT)
    uptime: int = _f(Kind.INT)


@dataclass(frozen=True, kw_only=True, slots=True)
class Bye:
    id: Id | None = _id()


@dataclass(frozen=True, kw_only=True, slots=True)
class ErrorReply:
    """An `error` line as data; calls raise it as `DetentError`."""

    code: ErrorCode | str = _f(Kind.CODE)
    s: str | None = _f(Kind.STR, default=None)
    id: Id | None = _id()
    msg: str = _f(Kind.STR)


Reply = Union[Hello, Pong, Plugins, Opened, Began, Moved, Snap, Ok, Closed, Stats, Bye, ErrorReply]

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
}
"""Reply verb to its dataclass."""

VERB_OF: dict[type[Any], str] = {cls: verb for verb, cls in REPLY_TYPES.items()}
