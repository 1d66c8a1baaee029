"""The path a decision's content follows, detent-protocol(7) "Motion".

Every client draws the same frames from the same line, so this is the
formula of the man page and nothing more (no snapping to `x` at `ms`: the
caller draws `x` once `ms` has passed).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass


class Curve(enum.StrEnum):
    DECAY = "decay"
    SPRING = "spring"


@dataclass(frozen=True, kw_only=True, slots=True)
class Motion:
    """From `from_` (the wire's `from`) to `x`, starting at velocity `v`
    (pt/ms), settled within half a point after `ms` milliseconds."""

    from_: float
    x: float
    v: float
    curve: Curve | str
    ms: int
    rate: float | None = None
    omega: float | None = None

    def position(self, t: float) -> float:
        """The offset `t` ms into the motion (t < 0 counts as 0)."""
        t = max(float(t), 0.0)
        if self.curve == Curve.DECAY:
            if self.rate is None:
                raise ValueError("a decay motion needs its rate")
            return self.x - (self.x - self.from_) * self.rate ** t
        if self.curve == Curve.SPRING:
            if self.omega is None:
                raise ValueError("a spring motion needs its omega")
            a = self.from_ - self.x
            b = self.v + self.omega * a
            return self.x + (a + b * t) * math.exp(-self.omega * t)
        raise ValueError(f"unknown curve {self.curve!r}: this client cannot draw it")
