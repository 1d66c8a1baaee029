"""The path a decision's content follows, detent-protocol(7) "Motion".

Every client draws the same frames from the same line, so this is the
formula of the man page and nothing more. A decay or a spring is not
snapped to `x` at `ms` (the caller draws `x` once `ms` has passed); an
ease, and a brake's ease, end exactly at `x` at `ms` and stay there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ._values import Curve

__all__ = ["Curve", "Motion"]


def _eased(start: float, end: float, t: float, length: float) -> float:
    """Qt's InOutQuad from `start` to `end` over `length` ms, at `t`
    (`end` from `length` on)."""
    if not (length > 0 and t < length):
        return end
    p = t / length
    e = 2 * p * p if p < 0.5 else 1 - (2 - 2 * p) * (2 - 2 * p) / 2
    return start + (end - start) * e


@dataclass(frozen=True, kw_only=True, slots=True)
class Motion:
    """From `from_` (the wire's `from`) to `x`, starting at velocity `v`
    (pt/ms), settled within half a point after `ms` milliseconds.
    `rate` belongs to a decay, `omega` to a spring, `accel` (pt/ms^2),
    `stop` (ms) and `aim` (ms it re-aims at, None or 0: none) to a brake;
    an ease has none."""

    from_: float
    x: float
    v: float
    curve: Curve | str
    ms: int
    rate: float | None = None
    omega: float | None = None
    accel: float | None = None
    stop: int | None = None
    aim: float | None = None

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
        if self.curve == Curve.EASE:
            return _eased(self.from_, self.x, t, float(self.ms))
        if self.curve == Curve.NONE:
            return self.x  # motion=reduced: drawn at once
        if self.curve == Curve.BRAKE:
            if self.accel is None or self.stop is None:
                raise ValueError("a brake motion needs its accel and stop")
            stop = float(self.stop)
            aim = self.aim or 0.0
            if 0 < aim < stop:  # re-aimed: a uniform deceleration from pos(aim) that stops on x at stop
                if t <= aim:
                    return self._braked(t, self.accel)
                at = self._braked(aim, self.accel)
                span, u = stop - aim, min(t, stop) - aim
                w = 2 * (self.x - at) / span
                return at + w * u - w * u * u / (2 * span) if t <= stop else self.x
            if t <= stop:
                return self._braked(t, self.accel)
            return _eased(self._braked(stop, self.accel), self.x, t - stop, float(self.ms) - stop)
        raise ValueError(f"unknown curve {self.curve!r}: this client cannot draw it")

    def problem(self) -> str | None:
        """Why these fields cannot be drawn, or None: a brake stops within the motion, and re-aims before it stops."""
        if self.curve == Curve.BRAKE and self.stop is not None and not 0 <= self.stop <= self.ms:
            return f"a brake whose stop ({self.stop}) is not within 0 and ms"
        if self.curve == Curve.BRAKE and self.stop is not None and self.aim and not 0 < self.aim < self.stop:
            return f"a brake whose aim ({self.aim}) is not from 0 to below its stop"
        return None

    def _braked(self, t: float, accel: float) -> float:
        """A brake's deceleration at `t`: x0 + v t - sign(v) A t^2 / 2."""
        a = accel if self.v > 0 else -accel if self.v < 0 else 0.0
        return self.from_ + self.v * t - a * t * t / 2
