"""Chromium 156's CSS scroll snap on one axis, as FACTS.md states its rules
(transcribed from the rules and constants named there, not from Chromium's
code): the snap selection strategies, the animation durations and curves,
the retarget of a running wheel animation. facts.py checks the recordings
against it; the css-snap strategy can take it as its reference."""

import math

# ---- selection (cc/input/snap_selection_strategy.cc, scroll_snap_data.cc) ----


def end_position(points, x):
    """EndPosition: the point closest to x."""
    return min(points, key=lambda p: abs(p - x))


def direction(points, x, step, fractional):
    """Direction: the point closest to x strictly on step's side of x (without fractional
    offsets a point less than 1 px away counts as reached: the delta is truncated);
    none there: EndPosition(x) (mandatory snap's relaxed search)."""
    def ahead(p):
        d = p - x
        if not fractional:
            d = math.floor(d) if d > 0 else math.ceil(d)
        return d > 0 if step > 0 else d < 0
    valid = [p for p in points if ahead(p)]
    return min(valid, key=lambda p: abs(p - x)) if valid else end_position(points, x)


def end_and_direction(points, stops, x, d):
    """EndAndDirection: the point closest to x + d among those on d's side of x (the delta
    rounded); then the nearest scroll-snap-stop point on d's side of x (Direction with the
    snap-stop filter) wins when it is closer to x; none: EndPosition(x)."""
    valid = [p for p in points if (round(p - x) > 0 if d > 0 else round(p - x) < 0)]
    if not valid:
        return end_position(points, x)
    best = min(valid, key=lambda p: abs(p - (x + d)))
    must = [points[i] for i in stops if (math.floor(points[i] - x) > 0 if d > 0 else math.ceil(points[i] - x) < 0)]
    if must:
        stop = min(must, key=lambda p: abs(p - x))
        if abs(stop - x) < abs(best - x):
            best = stop
    return best


# ---- durations and curves (cc/animation/scroll_offset_animation_curve.cc, cc/base/features.cc) ----

EASE_IN_OUT = (0.42, 0.0, 0.58, 1.0)   # kEaseInOut: the wheel's animation and the snap after it
PROGRAMMATIC = (0.4, 0.0, 0.0, 1.0)    # kProgrammaticScrollAnimationOverride's desktop curve: keys, scrollBy


def inverse_delta_ms(d):
    """kInverseDelta: 12 frames (of 1/60 s) at 120 px or less, 6 at 480 px or more, linear between."""
    return min(max(14 - abs(d) / 60, 6), 12) / 60 * 1000


def delta_based_ms(d, cap_ms=1500):
    """kDeltaBased: sqrt(|d|) frames of 1/60 s, at most max_animation_duration (1.5 s on desktop)."""
    return min(math.sqrt(abs(d)) / 60 * 1000, cap_ms)


def bezier(x1, y1, x2, y2, u):
    """A cubic-bezier's progress at time fraction u (x(s) solved by bisection)."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(30):
        s = (lo + hi) / 2
        if 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3 < u:
            lo = s
        else:
            hi = s
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


class Curve:
    """One segment: x0 to x1 from t0 (ms) over dur (ms) along a cubic Bézier."""

    def __init__(self, x0, x1, t0, dur, bez=EASE_IN_OUT):
        self.x0, self.x1, self.t0, self.dur, self.bez = x0, x1, t0, dur, bez

    def value(self, t):
        return self.x0 + (self.x1 - self.x0) * bezier(*self.bez, (t - self.t0) / self.dur)

    def velocity(self, t, h=1e-4):
        """px/ms."""
        u = (t - self.t0) / self.dur
        a, b = max(u - h, 0), min(u + h, 1)
        return (bezier(*self.bez, b) - bezier(*self.bez, a)) / (b - a) * (self.x1 - self.x0) / self.dur

    def end(self):
        return self.t0 + self.dur

    def retarget(self, t, target, duration):
        """UpdateTarget of a kEaseInOut curve: from where it is at t, to target, over
        duration(delta) bounded by 2.5 delta / velocity, keeping its velocity as the new
        ease-in-out's initial slope (x1 0.42, y1 0.42 slope, clamped to +-1000)."""
        here, v = self.value(t), self.velocity(t)
        delta = target - here
        dur = duration(delta)
        if abs(v) > 1e-9 and delta / v > 0:
            dur = min(dur, delta / v * 2.5)
        slope = max(min(v * dur / delta, 1000), -1000) if delta else 0
        return Curve(here, target, t, dur, (0.42, 0.42 * slope, 0.58, 1.0))


def path(segments, start):
    """Position at t along segments (each starts where the previous is cut)."""
    def at(t):
        current = None
        for c in segments:
            if t >= c.t0:
                current = c
        if current is None:
            return start
        return current.value(t) if t < current.end() else current.x1
    return at


def notch_path(points, start, notches, offset, snap_gap, delay=0.0):
    """Wheel notches [(t, dx)]: each animates by dx (kInverseDelta, ease-in-out) or, during
    a running animation, adds dx to its target (retarget); when the wheel's animation ends,
    the snap: Direction from its end in the last notch's direction (fractional offsets),
    ease-in-out over kInverseDelta, snap_gap ms later. offset: input to animation start (ms);
    delay: what cc takes off a notch's durations for the input's own delay (delayed_by)."""
    def notch_ms(d):
        return max(inverse_delta_ms(d) - delay, 1.0)
    top = points[-1]
    segments, target, sign, pending = [], None, 0, False   # pending: the wheel's animation awaits its snap

    def add_snap():
        snap = direction(points, target, sign, True)
        if snap != target:
            segments.append(Curve(target, snap, segments[-1].end() + snap_gap, inverse_delta_ms(snap - target)))
    for t, dx in notches:
        t += offset
        if pending and t >= segments[-1].end() + snap_gap:
            add_snap()
            pending = False
        current = segments[-1] if segments else None
        if current is not None and t < current.end():
            target = min(max(current.x1 + dx, 0), top)     # adds to the running animation's target
            segments.append(current.retarget(t, target, notch_ms))
        else:
            base = current.x1 if current else start
            target = min(max(base + dx, 0), top)
            if target == base:
                continue                                    # at the end: no animation, no snap
            segments.append(Curve(base, target, t, notch_ms(dx)))
        sign, pending = (1 if dx > 0 else -1), True
    if pending:
        add_snap()
    return path(segments, start), (segments[-1].x1 if segments else start)
