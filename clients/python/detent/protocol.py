"""The wire: the command table both clients are built on (one request
builder per verb, generated from the protocol description), request
formatting, and the one reply parser (text and JSON).

Keeping these in one place is what makes the blocking and the asyncio
client speak identically: each only moves bytes (see `core`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _requests
from ._base import Kind
from ._lines import Number, Request, Value, format_value, split_json, split_text, with_id
from ._mixins import Moving, Pushed
from ._requests import *  # noqa: F401,F403 (one builder per verb, and COMMANDS)
from .errors import ProtocolError
from .replies import REPLY_TYPES, Reply

_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
_INTEGER = re.compile(r"[+-]?[0-9]+")


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
}


def _reader(metadata: Any) -> Callable[[Any, bool], Any]:
    values = metadata["values"]
    if metadata["kind"] is Kind.ENUM:
        return lambda value, text: values.of(_read_str(value, text))
    return _READERS[metadata["kind"]]


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    wire: str
    read: Callable[[Any, bool], Any]
    required: bool


_SCHEMAS: dict[str, tuple[type[Any], tuple[_Field, ...]]] = {
    verb: (cls, tuple(_Field(f.name, f.metadata["wire"] or f.name, _reader(f.metadata),
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
    reply: Reply = cls(**values)
    if isinstance(reply, Moving) and (problem := reply.motion_problem()) is not None:
        raise ProtocolError(problem, line)
    return reply


def is_push(reply: Reply) -> bool:
    """A decision the daemon sent on its own: autoplay, without an id."""
    return isinstance(reply, Pushed) and reply.is_push


def id_token(value: Any) -> str:
    """An id as compared with the one sent (text ids come back as text)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


__all__ = ["Request", "Number", "Value", "format_value", "parse_reply", "split_text", "split_json", "with_id",
           "is_push", "id_token", *_requests.__all__]
