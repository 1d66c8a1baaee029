"""A pure-Python model of issue 33's `adwaita` rules for the mouse wheel and
the touchpad (libadwaita 1.2.2: AdwCarousel's scroll_cb, AdwSwipeTracker's
scroll path, and the carousel's spring), for one protocol session:

    wheel dx dy t [source] [x]        -> a Decision (cause=wheel) or Kept(index)
    scroll dx dy t [phase] [x]        -> Moved(x) for begin and updates, a Decision (cause=scroll) at the end

Kept is only what changes nothing on the widget (it emits no page-changed):
where AdwCarousel scrolls to the page it rests on (an outward click at an
end page, a swipe refused there), its animation has no length but its end
emits page-changed, so that is a Decision with from = x and ms = 0.

Deltas are positive where the content offset grows; t is the events' own ms.
A client relays GTK's scroll-begin as `phase=begin` with that event's deltas
and then the same event's `scroll` as an update: the widget handles the first
event twice too (its scroll-begin and scroll handlers), so its delta moves the
content twice and is in the velocity history three times.

Pages, the spring, the bounds and the projection are oracle.py's (issue 24);
the touchpad's own constants are below. No Detent code."""

import math

import oracle
from oracle import Decision, FLT_EPSILON, bounds, closest, next_point, previous_point

# libadwaita 1.2.2, src/adw-carousel.c
WHEEL_LOCK_MS = 150                 # SCROLL_TIMEOUT_DURATION: g_timeout_add after an accepted click
# src/adw-swipe-tracker.c
TOUCHPAD_DISTANCE = {"x": 400, "y": 300}   # TOUCHPAD_BASE_DISTANCE_H / _V: pt per page of progress
VELOCITY_THRESHOLD_TOUCHPAD = 0.6   # pt/ms
DECELERATION_TOUCHPAD = 0.997
SLOPE_TOUCHPAD = DECELERATION_TOUCHPAD / (1 - DECELERATION_TOUCHPAD) / 1000


class Kept:
    def __init__(self, index, why):
        self.index, self.why = index, why

    def __repr__(self):
        return f"kept index={self.index} ({self.why})"


class Moved:
    def __init__(self, x):
        self.x = x

    def __repr__(self):
        return f"moved x={self.x!r}"


def sign(v):
    return (v > 0) - (v < 0)


def project(g, initial, progress, v):
    """get_end_progress for a touchpad (is_touchpad TRUE): the page for a stop at progress with v pt/ms,
    and the branch that chose it."""
    if abs(v) < VELOCITY_THRESHOLD_TOUCHPAD:
        return closest(g.last, progress), "nearest"
    if abs(v) > oracle.CURVE_THRESHOLD:
        c = SLOPE_TOUCHPAD / 2 / oracle.PARABOLA
        u = abs(v) - oracle.CURVE_THRESHOLD + c
        p = oracle.PARABOLA * u * u - oracle.PARABOLA * c * c + SLOPE_TOUCHPAD * oracle.CURVE_THRESHOLD
        branch = "parabola"
    else:
        p = abs(v) * SLOPE_TOUCHPAD
        branch = "projection"
    lower, upper = bounds(g, initial)
    pos = min(max(math.copysign(p, v) + progress, lower), upper)
    start = closest(g.last, initial)
    behind = previous_point(g.last, pos) if v > 0 else next_point(g.last, pos)
    if behind == start:
        return (next_point(g.last, pos) if v > 0 else previous_point(g.last, pos)), "bump"
    return closest(g.last, pos), branch


class ScrollSession:
    """One protocol session: wheel clicks and touchpad swipes on one carousel."""

    def __init__(self, geometry, axis="x", allow_scroll_wheel=True):
        self.g, self.axis, self.allow_scroll_wheel = geometry, axis, allow_scroll_wheel
        self.index = geometry.index     # the page the content rests on or is heading for
        self.motion = None              # (Decision, t0): the spring in progress
        self.locked_until = None        # the wheel's lock: events before this ms change nothing
        self.swipe = None               # the touchpad gesture: initial, progress, history
        self.refused = None             # this gesture's last refusal: where it rests (pages)
        self.trace = []                 # (verb, branch) per request

    def drawn(self, t, x=None):
        """Where the content is at t ms, in pages: the client's x, else the last decision's curve."""
        if x is not None:
            return x / self.g.distance
        if self.motion is None:
            return float(self.index)
        d, t0 = self.motion
        return d.position(max(0, t - t0)) / self.g.distance

    def _start(self, target, p, v, t, cause):
        d = Decision(self.g, target, p, v, cause)
        self.index, self.motion = target, (d, t)
        return d

    # ---- the wheel ----

    def wheel(self, dx, dy, t, source="mouse", x=None):
        if not self.allow_scroll_wheel:
            return self._kept("wheel", "not allowed")
        if self.locked_until is not None and t < self.locked_until:
            return self._kept("wheel", "locked")
        # only the sign counts; a vertical wheel pages a horizontal carousel only from a mouse, and
        # the cross axis is read only when the first gave nothing
        step = 0
        if self.axis == "y" or source == "mouse":
            step = sign(dy)
        if self.axis == "x" and step == 0:
            step = sign(dx)
        if step == 0:
            return self._kept("wheel", "no step")
        p = self.drawn(t, x)
        target = min(max(closest(self.g.last, p) + step, 0), self.g.last)
        self.locked_until = t + WHEEL_LOCK_MS
        if abs(target - p) < FLT_EPSILON:
            # on that page already: scroll_to it all the same, an animation of no length (ms 0) whose end
            # emits page-changed; a decision that moves nothing
            self.trace.append(("wheel", "bound"))
            return self._start(target, p, 0.0, t, "wheel")
        heading = self.motion is not None and self.motion[0].index == target
        self.trace.append(("wheel", "restart" if heading else "step"))
        return self._start(target, p, 0.0, t, "wheel")

    def _kept(self, verb, why):
        self.trace.append((verb, why))
        return Kept(self.index, why)

    # ---- the touchpad ----

    def _handle(self, delta, t, x=None):
        """One pass of handle_scroll_event over a non-stop event: a new gesture if none (refused at the
        first/last page pushing outward), then the delta into the history and the progress."""
        g = self.g
        if self.swipe is None:
            p = self.drawn(t, x)
            self.swipe = {"initial": p, "progress": p, "history": [(delta, t)]}
            if (delta < 0 and p <= 0) or (delta > 0 and p >= g.last):
                # cancelled: end-swipe to the nearest page with the velocity of one record (0)
                self.swipe = None
                self.refused = p
                self.trace.append(("scroll", "refused"))
                near = closest(g.last, p)
                if abs(near - p) >= FLT_EPSILON:
                    self._start(near, p, 0.0, t, "scroll")
                return Moved(p * g.distance)
            self.motion = None                    # begin-swipe stops the carousel's spring
        s = self.swipe
        s["history"] = [h for h in s["history"] if h[1] >= t - oracle.HISTORY_MS] + [(delta, t)]
        lower, upper = (0, g.last) if g.allow_long_swipes else bounds(g, s["initial"])
        s["progress"] = min(max(s["progress"] + delta / TOUCHPAD_DISTANCE[self.axis], lower), upper)
        return Moved(s["progress"] * g.distance)

    def scroll(self, dx, dy, t, phase=None, x=None):
        delta = dx if self.axis == "x" else dy
        if phase == "begin":
            self.swipe, self.refused = None, None
            self.trace.append(("scroll", "begin"))
            if dx == 0 and dy == 0:              # a touchpad hold's scroll-begin: no scroll event yet
                return Moved(self.drawn(t, x) * self.g.distance)
            return self._handle(delta, t, x)
        if phase != "end":
            return self._handle(delta, t, x)
        if self.swipe is None:
            refused, self.refused = self.refused, None
            if refused is None:                  # a hold only: nothing was handled
                return self._kept("scroll", "no gesture")
            # every event cancelled: each a spring of no length to the page it rests on, ending in page-changed
            self.trace.append(("scroll", "refused stop"))
            return self._start(closest(self.g.last, refused), refused, 0.0, t, "scroll")
        s, self.swipe = self.swipe, None
        kept = [h for h in s["history"] if h[1] >= t - oracle.HISTORY_MS]
        v = 0.0
        if len(kept) >= 2 and kept[0][1] != kept[-1][1]:
            v = sum(d for d, _ in kept[1:]) / (kept[-1][1] - kept[0][1])
        target, branch = project(self.g, s["initial"], s["progress"], v)
        self.trace.append(("scroll", branch))
        return self._start(target, s["progress"], v, t, "scroll")   # v pt/ms read as pages/s
