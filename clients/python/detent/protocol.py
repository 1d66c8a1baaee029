"""The wire: the command table both clients are built on, request
formatting, and the one reply parser (text and JSON).

Keeping these in one place is what makes the blocking and the asyncio
client speak identically: each only moves lines and matches ids.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .errors import ErrorCode, ProtocolError
from .motion import Curve
from .replies import (REPLY_TYPES, Began, Bye, Cause, Closed, Hello, Kind, Mode, Moved, Ok, Opened, Plugins,
                      Pong, Reply, Snap, Stats)

R = TypeVar("R")

Number = int | float
Value = str | int | float | bool | Sequence[int | float]

# ----------------------------------------------------------------------------
# Requests

_BARE = re.compile(r'[^ \t"]+')


def format_value(value: Value) -> str:
    """A request value in text: numbers as Python reads them back, lists
    comma-joined, strings bare when they can be, else quoted."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if "\n" in value or "\r" in value:
            raise ValueError(f"a value cannot hold a line break: {value!r}")
        if _BARE.fullmatch(value):
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Sequence):
        return ",".join(format_value(_number(item)) for item in value)
    raise TypeError(f"cannot send {type(value).__name__} {value!r}")


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a list holds numbers, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Request(Generic[R]):
    """One request of the command table: its verb, its fields (None ones
    are left out) and the reply class that answers it."""

    verb: str
    fields: tuple[tuple[str, Value | None], ...]
    reply: type[R]

    def line(self, id: int | str | None = None) -> str:
        parts = [self.verb]
        parts += [f"{key}={format_value(value)}" for key, value in self.fields if value is not None]
        if id is not None:
            parts.append(f"id={format_value(id)}")
        return " ".join(parts)


def hello(client: str | None = None) -> Request[Hello]:
    """Greets the daemon; its version, protocol and plugins come back."""
    return Request("hello", (("client", client),), Hello)


def ping() -> Request[Pong]:
    """Checks the connection."""
    return Request("ping", (), Pong)


def plugins() -> Request[Plugins]:
    """The configured plugin names and the default one."""
    return Request("plugins", (), Plugins)


def _geometry(viewport: Number, item: Number | None, count: int | None, sizes: Sequence[Number] | None,
              points: Sequence[Number] | None, spacing: Number | None, lead: Number | None,
              trail: Number | None, align: str | None, contain: str | None, index: int | None,
              loop: bool | None, axis: str | None) -> tuple[tuple[str, Value | None], ...]:
    return (("viewport", viewport), ("item", item), ("count", count), ("sizes", sizes),
            ("points", points), ("spacing", spacing), ("lead", lead), ("trail", trail),
            ("align", align), ("contain", contain), ("index", index), ("loop", loop), ("axis", axis))


def open(s: str, plugin: str | None = None, *, viewport: Number, item: Number | None = None,
         count: int | None = None, sizes: Sequence[Number] | None = None,
         points: Sequence[Number] | None = None, spacing: Number | None = None,
         lead: Number | None = None, trail: Number | None = None, align: str | None = None,
         contain: str | None = None, index: int | None = None, loop: bool | None = None,
         axis: str | None = None) -> Request[Opened]:
    """A new session: uniform `item` and `count`, or `sizes`, or `points`."""
    geometry = _geometry(viewport, item, count, sizes, points, spacing, lead, trail, align, contain,
                         index, loop, axis)
    return Request("open", (("s", s), ("plugin", plugin)) + geometry, Opened)


def layout(s: str, *, viewport: Number, item: Number | None = None, count: int | None = None,
           sizes: Sequence[Number] | None = None, points: Sequence[Number] | None = None,
           spacing: Number | None = None, lead: Number | None = None, trail: Number | None = None,
           align: str | None = None, contain: str | None = None, index: int | None = None,
           loop: bool | None = None, axis: str | None = None) -> Request[Opened]:
    """A complete new geometry for an open session (omitted keys: defaults)."""
    geometry = _geometry(viewport, item, count, sizes, points, spacing, lead, trail, align, contain,
                         index, loop, axis)
    return Request("layout", (("s", s),) + geometry, Opened)


def begin(s: str, x: Number, t: Number | None = None) -> Request[Began]:
    """Finger down at `x` (`t`: ms on a clock the client keeps)."""
    return Request("begin", (("s", s), ("x", x), ("t", t)), Began)


def move(s: str, x: Number, t: Number | None = None) -> Request[Moved]:
    """Finger moved; the reply says where to draw it."""
    return Request("move", (("s", s), ("x", x), ("t", t)), Moved)


def end(s: str, x: Number, v: Number | None = None, target: Number | None = None,
        t: Number | None = None) -> Request[Snap]:
    """Finger up: the decision. Without `v` the daemon estimates it."""
    return Request("end", (("s", s), ("x", x), ("v", v), ("target", target), ("t", t)), Snap)


def cancel(s: str) -> Request[Snap]:
    """Back to the resting snap."""
    return Request("cancel", (("s", s),), Snap)


def goto(s: str, index: int, x: Number | None = None) -> Request[Snap]:
    """To an item; `x`, where the content is drawn now, starts the motion there."""
    return Request("goto", (("s", s), ("index", index), ("x", x)), Snap)


def autoplay(s: str, every: Number) -> Request[Ok]:
    """One step ahead every `every` ms, pushed; 0 stops."""
    return Request("autoplay", (("s", s), ("every", every)), Ok)


def close(s: str) -> Request[Closed]:
    """Forgets a session."""
    return Request("close", (("s", s),), Closed)


def stats() -> Request[Stats]:
    """The daemon's counters."""
    return Request("stats", (), Stats)


def quit() -> Request[Bye]:
    """The daemon answers `bye` and closes the connection."""
    return Request("quit", (), Bye)


COMMANDS: Mapping[str, Callable[..., Request[Any]]] = {
    "hello": hello, "ping": ping, "plugins": plugins, "open": open, "layout": layout,
    "begin": begin, "move": move, "end": end, "cancel": cancel, "goto": goto,
    "autoplay": autoplay, "close": close, "stats": stats, "quit": quit,
}
"""Every verb of detent-protocol(7) and the function that builds it."""


def with_id(line: str, id: int) -> str:
    """A raw request line with the client's id added (text or JSON).

    A line that already carries an id is refused: replies are matched to
    requests by the ids the client assigns."""
    if "\n" in line or "\r" in line:
        raise ValueError("one request line, without its line break")
    stripped = line.strip(" \t")
    if not stripped or stripped.startswith("#"):
        raise ValueError("blank and comment lines get no reply: do not send them")
    if stripped.startswith("{"):
        try:
            has_id = "id" in json.loads(stripped, object_pairs_hook=dict)
        except (ValueError, TypeError):
            has_id = False
        if has_id:
            raise ValueError("the client assigns ids: send the line without one")
        head, _, rest = line.partition("{")
        glue = "" if rest.lstrip(" \t").startswith("}") else ","
        return f'{head}{{"id":{id}{glue}{rest}'
    try:
        _, fields = split_text(line)
    except ProtocolError:
        fields = {}
    if "id" in fields:
        raise ValueError("the client assigns ids: send the line without one")
    return f"{line} id={id}"


# ----------------------------------------------------------------------------
# Replies

_WORD = re.compile(r"[a-z][a-z0-9_-]*")
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
_INTEGER = re.compile(r"[+-]?[0-9]+")


def split_text(line: str) -> tuple[str, dict[str, str]]:
    """A text line's verb and its fields, values unquoted (detent-protocol(7),
    "Two encodings"). Raises ProtocolError on anything else."""
    n = len(line)
    i = 0
    while i < n and line[i] in " \t":
        i += 1
    verb = _WORD.match(line, i)
    if verb is None:
        raise ProtocolError("not a verb", line)
    i = verb.end()
    fields: dict[str, str] = {}
    while True:
        j = i
        while j < n and line[j] in " \t":
            j += 1
        if j == n:
            return verb.group(), fields
        if j == i:
            raise ProtocolError("fields must be separated by blanks", line)
        key = _WORD.match(line, j)
        if key is None or key.end() >= n or line[key.end()] != "=":
            raise ProtocolError("not a key=value field", line)
        i = key.end() + 1
        if i < n and line[i] == '"':
            i += 1
            out: list[str] = []
            while True:
                if i >= n:
                    raise ProtocolError("unbalanced quotes", line)
                c = line[i]
                if c == '"':
                    i += 1
                    break
                if c == "\\":
                    if i + 1 >= n or line[i + 1] not in '"\\':
                        raise ProtocolError("an escape other than \\\" or \\\\", line)
                    out.append(line[i + 1])
                    i += 2
                    continue
                out.append(c)
                i += 1
            value = "".join(out)
        else:
            start = i
            while i < n and line[i] not in ' \t"':
                i += 1
            if i < n and line[i] == '"':
                raise ProtocolError("a quote inside a bare value", line)
            value = line[start:i]
        if key.group() in fields:
            raise ProtocolError(f"field {key.group()} twice", line)
        fields[key.group()] = value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"member {key} twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def split_json(line: str) -> tuple[str, dict[str, Any]]:
    """A JSON line's verb ("op") and its other members."""
    try:
        value = json.loads(line, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"invalid JSON ({error})", line) from None
    if not isinstance(value, dict) or not isinstance(value.get("op"), str):
        raise ProtocolError('not one object with a string "op"', line)
    verb = value.pop("op")
    return verb, value


def _text_number(text: str) -> float:
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"not a number: {text!r}")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value


def _read_int(value: Any, text: bool) -> int:
    if text:
        if _INTEGER.fullmatch(value):
            return int(value)
        number = _text_number(value)
    else:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"not a number: {value!r}")
        if isinstance(value, int):
            return value
        number = value
    if not number.is_integer():
        raise ValueError(f"not an integer: {value!r}")
    return int(number)


def _read_num(value: Any, text: bool) -> float:
    if text:
        return _text_number(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def _read_str(value: Any, text: bool) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _read_strs(value: Any, text: bool) -> list[str]:
    if text:
        return value.split(",") if value else []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"not a list of strings: {value!r}")
    return list(value)


def _read_id(value: Any, text: bool) -> str | int | float:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"not an id: {value!r}")
    return value


_READERS: dict[Kind, Callable[[Any, bool], Any]] = {
    Kind.STR: _read_str,
    Kind.INT: _read_int,
    Kind.NUM: _read_num,
    Kind.STRS: _read_strs,
    Kind.ID: _read_id,
    Kind.CODE: lambda value, text: ErrorCode.of(_read_str(value, text)),
    Kind.MODE: lambda value, text: _enum(Mode, _read_str(value, text)),
    Kind.CAUSE: lambda value, text: _enum(Cause, _read_str(value, text)),
    Kind.CURVE: lambda value, text: _enum(Curve, _read_str(value, text)),
}


def _enum(cls: Any, text: str) -> Any:
    """The member when known; an unknown value is kept as its text."""
    try:
        return cls(text)
    except ValueError:
        return text


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    wire: str
    read: Callable[[Any, bool], Any]
    required: bool


_SCHEMAS: dict[str, tuple[type[Any], tuple[_Field, ...]]] = {
    verb: (cls, tuple(_Field(f.name, f.metadata["wire"] or f.name, _READERS[f.metadata["kind"]],
                             f.default is dataclasses.MISSING)
                      for f in dataclasses.fields(cls)))
    for verb, cls in REPLY_TYPES.items()
}


def parse_reply(line: str) -> Reply:
    """One line from the daemon as its dataclass. Unknown fields are
    ignored; anything unreadable raises ProtocolError, never another error."""
    line = line.rstrip("\r\n")
    text = not line.lstrip(" \t").startswith("{")
    verb, fields = split_text(line) if text else split_json(line)
    schema = _SCHEMAS.get(verb)
    if schema is None:
        raise ProtocolError(f"unknown reply {verb!r}", line)
    cls, spec = schema
    values: dict[str, Any] = {}
    for f in spec:
        if f.wire not in fields:
            if f.required:
                raise ProtocolError(f"{verb} without {f.wire}", line)
            continue
        try:
            values[f.name] = f.read(fields[f.wire], text)
        except (ValueError, TypeError) as error:
            raise ProtocolError(f"{verb} {f.wire}: {error}", line) from None
    reply = cls(**values)
    if isinstance(reply, Snap):
        if reply.curve == Curve.DECAY and reply.rate is None:
            raise ProtocolError("a decay without its rate", line)
        if reply.curve == Curve.SPRING and reply.omega is None:
            raise ProtocolError("a spring without its omega", line)
        if reply.curve == Curve.BRAKE:
            if reply.accel is None or reply.stop is None:
                raise ProtocolError("a brake without its accel and stop", line)
            if not 0 <= reply.stop <= reply.ms:
                raise ProtocolError(f"a brake whose stop ({reply.stop}) is not within 0 and ms", line)
    return reply


def is_push(reply: Reply) -> bool:
    """A decision the daemon sent on its own: autoplay, without an id."""
    return isinstance(reply, Snap) and reply.is_push


def id_token(value: Any) -> str:
    """An id as compared with the one sent (text ids come back as text)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


__all__ = [
    "COMMANDS", "Request", "format_value", "parse_reply", "split_text", "split_json", "with_id",
    "is_push", "hello", "ping", "plugins", "open", "layout", "begin", "move", "end", "cancel",
    "goto", "autoplay", "close", "stats", "quit", "id_token",
]
