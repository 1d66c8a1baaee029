"""The lines of detent-protocol(7) as text: a request's formatting, and
a line split into its verb and fields (text or JSON), the part of reading
a reply that knows nothing of reply kinds."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .errors import ProtocolError

R = TypeVar("R")

Number = int | float
Value = str | int | float | bool | Sequence[int | float]

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
    are left out) and the reply class that answers it (or their tuple)."""

    verb: str
    fields: tuple[tuple[str, Value | None], ...]
    reply: type[R] | tuple[type[Any], ...]

    def line(self, id: int | str | None = None) -> str:
        parts = [self.verb]
        parts += [f"{key}={format_value(value)}" for key, value in self.fields if value is not None]
        if id is not None:
            parts.append(f"id={format_value(id)}")
        return " ".join(parts)


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


_WORD = re.compile(r"[a-z][a-z0-9_-]*")


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
