"""What a generated reply class gains by hand, chosen from the description:
a reply with the fields of a motion (`group: motion`) draws it, and a reply
the daemon also pushes tells a push from a reply."""

from __future__ import annotations

import dataclasses
from typing import Any

from ._values import CURVE_FIELDS, Cause
from .motion import Motion

_MOTION = tuple(f.name for f in dataclasses.fields(Motion))


class Moving:
    """A decision: where the collection rests (`x`) and the motion there
    (`curve` with its own fields: see Motion)."""

    __slots__ = ()

    @property
    def motion(self) -> Motion:
        return Motion(**{name: getattr(self, name) for name in _MOTION})

    def position(self, t: float) -> float:
        """Where to draw the content `t` ms into the motion."""
        return self.motion.position(t)

    def motion_problem(self) -> str | None:
        """Why the motion cannot be drawn as sent, or None: a curve without
        its own fields (detent-protocol(7), "Motion"), or fields that do not fit."""
        curve: Any = getattr(self, "curve")
        needs = CURVE_FIELDS.get(curve, ())
        if any(getattr(self, name) is None for name in needs):
            return f"a {curve} without its {' and '.join(needs)}"
        return self.motion.problem()


class Pushed:
    """A reply kind the daemon also sends on its own: an autoplay step,
    without an id (detent-protocol(7), "Autoplay")."""

    __slots__ = ()

    @property
    def is_push(self) -> bool:
        return getattr(self, "id") is None and getattr(self, "cause", None) == Cause.AUTOPLAY
