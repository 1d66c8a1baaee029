"""What the generated tables (`_values`, `replies`) are built from: the
enumerations' base, and the metadata of a reply field that
`protocol.parse_reply` reads."""

from __future__ import annotations

import enum
from dataclasses import MISSING, field
from typing import Any, Self, Union

Id = Union[str, int, float]
"""A request id as echoed: text ids are strings, JSON keeps its type."""


class OpenEnum(enum.StrEnum):
    """An enumeration of the protocol's values that a newer daemon may
    extend: an unknown value is kept as its text."""

    @classmethod
    def of(cls, text: str) -> Self | str:
        """The member for `text`, else `text` itself: a newer daemon's value
        must not make its reply unreadable."""
        try:
            return cls(text)
        except ValueError:
            return text


class Kind(enum.Enum):
    """How a field's value is read."""

    STR = "str"
    INT = "int"
    NUM = "num"
    STRS = "strs"
    ID = "id"
    ENUM = "enum"


def reply_field(kind: Kind, *, wire: str | None = None, values: type[OpenEnum] | None = None,
                optional: bool = False) -> Any:
    """A dataclass field with what the parser needs: how to read it, its
    name on the wire when that is not a Python name, its enumeration, and
    whether a reply may lack it (then it is None)."""
    metadata = {"kind": kind, "wire": wire, "values": values}
    if optional:
        return field(default=None, metadata=metadata)
    return field(default=MISSING, metadata=metadata)
