"""The path a decision's content follows, detent-protocol(7) "Motion".

Every client draws the same frames from the same line, so this is the
formula of the man page and nothing more. A decay or a spring is not
snapped to `x` at `ms` (the caller draws `x` once `ms` has passed); an
ease, and a brake's ease, end exactly at `x` at `ms` and stay there, as
do a bezier and a path. A CSS cubic-bezier is solved as Chromium's
gfx::CubicBezier solves it (11 samples, at most 4 Newton steps, then
bisection, to 1e-7), step for step as libdetent does, so css-snap's
frames are the same bytes in every client. Rules and constants
transcribed from Chromium, BSD-3-Clause (NOTICE).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from ._values import Curve

__all__ = ["Curve", "Motion", "Segment"]

_EPSILON = 1e-7
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
"""The wire's number, as the reply parser reads it."""
_SAMPLES = 11


class _Bezier:
    """cubic-bezier(p1x, p1y, p2x, p2y)'s polynomials (gfx::CubicBezier)."""

    __slots__ = ("ax", "bx", "cx", "ay", "by", "cy")

    def __init__(self, p1x: float, p1y: float, p2x: float, p2y: float) -> None:
        self.cx = 3 * p1x
        self.bx = 3 * (p2x - p1x) - self.cx
        self.ax = 1 - self.cx - self.bx
        self.cy = 3 * p1y
        self.by = 3 * (p2y - p1y) - self.cy
        self.ay = 1 - self.cy - self.by

    def x(self, t: float) -> float:
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def y(self, t: float) -> float:
        return ((self.ay * t + self.by) * t + self.cy) * t

    def solve_x(self, x: float) -> float:
        """The curve's parameter whose x is `x` in [0, 1]."""
        t0 = t1 = 0.0
        t2 = x
        x2 = 0.0
        step = 1.0 / (_SAMPLES - 1)
        for i in range(1, _SAMPLES):  # an initial guess between two samples
            si = self.x(step * i)
            if x <= si:
                sp = self.x(step * (i - 1))
                t1 = step * i
                t0 = t1 - step
                t2 = t0 + (t1 - t0) * (x - sp) / (si - sp)
                break
        for _ in range(4):  # Newton
            x2 = self.x(t2) - x
            if abs(x2) < _EPSILON:
                return t2
            d2 = (3 * self.ax * t2 + 2 * self.bx) * t2 + self.cx
            if abs(d2) < _EPSILON:
                break
            t2 -= x2 / d2
        if abs(x2) < _EPSILON:
            return t2
        guard = 0
        while t0 < t1 and guard < 200:  # bisection
            x2 = self.x(t2)
            if abs(x2 - x) < _EPSILON:
                return t2
            if x > x2:
                t0 = t2
            else:
                t1 = t2
            t2 = (t1 + t0) * 0.5
            guard += 1
        return t2


def bezier_at(p1x: float, p1y: float, p2x: float, p2y: float, from_: float, to: float, t: float,
              span: float) -> float:
    """cubic-bezier(p1x, p1y, p2x, p2y) from `from_` to `to` over `span` ms,
    at `t` (`from_` until 0, `to` from `span` on)."""
    if not (span > 0 and t < span):
        return to
    if not t > 0:
        return from_
    b = _Bezier(p1x, p1y, p2x, p2y)
    return from_ + (to - from_) * b.y(b.solve_x(t / span))


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment of curve=path: from `at` ms for `span` ms a
    cubic-bezier(p1x, p1y, p2x, p2y) from `from_` to `to`."""

    at: float
    span: float
    from_: float
    to: float
    p1x: float
    p1y: float
    p2x: float
    p2y: float

    @classmethod
    def parse(cls, text: str) -> Segment:
        """"at/span/from/to/p1x/p1y/p2x/p2y"; ValueError unless it is 8 finite
        numbers, span not negative, p1x and p2x within 0 and 1."""
        parts = text.split("/")
        values = [float(p) for p in parts] if len(parts) == 8 and all(_NUMBER.fullmatch(p) for p in parts) else []
        if (not values or not all(math.isfinite(v) for v in values) or values[1] < 0
                or not 0 <= values[4] <= 1 or not 0 <= values[6] <= 1):
            raise ValueError(f"{text[:40]!r} is not at/span/from/to/p1x/p1y/p2x/p2y "
                             "(span >= 0, p1x and p2x in [0, 1])")
        return cls(*values)

    def position(self, t: float) -> float:
        """The offset at `t` ms (on the path's clock)."""
        return bezier_at(self.p1x, self.p1y, self.p2x, self.p2y, self.from_, self.to, t - self.at, self.span)

    @property
    def ends_at(self) -> float:
        return self.at + self.span


def _eased(start: float, end: float, t: float, length: float) -> float:
    """Qt's InOutQuad from `start` to `end` over `length` ms, at `t`
    (`end` from `length` on)."""
    if not (length > 0 and t < length):
        return end
    p = t / length
    e = 2 * p * p if p < 0.5 else 1 - (2 - 2 * p) * (2 - 2 * p) / 2
    return start + (end - start) * e


@functools.lru_cache(maxsize=64)
def _segments(path: tuple[str, ...]) -> tuple[Segment, ...]:
    """A path read once: a widget draws the same motion every frame."""
    return tuple(Segment.parse(text) for text in path)


@dataclass(frozen=True, kw_only=True, slots=True)
class Motion:
    """From `from_` (the wire's `from`) to `x`, starting at velocity `v`
    (pt/ms), settled within half a point after `ms` milliseconds.
    `rate` belongs to a decay, `omega` to a spring, `accel` (pt/ms^2),
    `stop` (ms) and `aim` (ms it re-aims at, None or 0: none) to a brake;
    `p1x`, `p1y`, `p2x`, `p2y` to a bezier (over `ms`), `path` (its
    segments as sent) to a path; an ease has none."""

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
    p1x: float | None = None
    p1y: float | None = None
    p2x: float | None = None
    p2y: float | None = None
    path: list[str] | tuple[str, ...] | None = None

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
        if self.curve == Curve.BEZIER:
            if self.p1x is None or self.p1y is None or self.p2x is None or self.p2y is None:
                raise ValueError("a bezier motion needs its p1x, p1y, p2x and p2y")
            return bezier_at(self.p1x, self.p1y, self.p2x, self.p2y, self.from_, self.x, t, float(self.ms))
        if self.curve == Curve.PATH:
            return self._path_at(t)
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

    def segments(self) -> list[Segment]:
        """A path's segments, read (ValueError names a bad one)."""
        if self.path is None:
            raise ValueError("a path motion needs its path")
        return list(_segments(tuple(self.path)))

    def _path_at(self, t: float) -> float:
        """The last segment that has started draws; the first's from before it."""
        if self.path is None:
            raise ValueError("a path motion needs its path")
        segments = _segments(tuple(self.path))
        if not segments:
            return self.x
        current = segments[0]
        if t < current.at:
            return current.from_
        for following in segments[1:]:
            if following.at > t:
                break
            current = following
        return current.position(t)

    def problem(self) -> str | None:
        """Why these fields cannot be drawn, or None: a brake stops within
        the motion, and re-aims before it stops; a bezier's p1x and p2x lie
        within 0 and 1; a path's segments are well formed, in time order,
        and the last ends at x within ms."""
        if self.curve == Curve.BEZIER and self.p1x is not None and self.p2x is not None:
            for name, value in (("p1x", self.p1x), ("p2x", self.p2x)):
                if not 0 <= value <= 1:
                    return f"{name}: {value} is not within 0 and 1"
        if self.curve == Curve.PATH and self.path is not None:
            try:
                segments = self.segments()
            except ValueError as error:
                return f"path: {error}"
            if not segments:
                return "path: no segment"
            for i in range(1, len(segments)):
                if segments[i].at < segments[i - 1].at:
                    return f"path: segment {i} starts before the one before it"
            if segments[-1].to != self.x:
                return "path: the last segment does not end at x"
            if segments[-1].ends_at > self.ms:
                return "path: the last segment ends after ms"
        if self.curve == Curve.BRAKE and self.stop is not None and not 0 <= self.stop <= self.ms:
            return f"a brake whose stop ({self.stop}) is not within 0 and ms"
        if self.curve == Curve.BRAKE and self.stop is not None and self.aim and not 0 < self.aim < self.stop:
            return f"a brake whose aim ({self.aim}) is not from 0 to below its stop"
        return None

    def _braked(self, t: float, accel: float) -> float:
        """A brake's deceleration at `t`: x0 + v t - sign(v) A t^2 / 2."""
        a = accel if self.v > 0 else -accel if self.v < 0 else 0.0
        return self.from_ + self.v * t - a * t * t / 2
