"""A reference model of Qt Quick Controls' SwipeView (Qt 6.4.2) under a mouse
wheel and a touchpad, in issue 33's protocol terms, checked against
Tests/Qt/record-scroll's recordings of the real widget (Tests/Qt/diff-scroll).

    s = ScrollSession(w=400, count=6, spacing=0, index=0)
    s.wheel(dx=1, dy=0, t=1000)        # -> Decision (a flick to page 1) or ("kept", index)
    s.scroll(0, 0, 2000, "begin")      # -> ("moved", x)
    s.scroll(12, 0, 2010)              # -> ("moved", x)
    s.scroll(0, 0, 2100, "end")        # -> Decision (cause=scroll)

dx, dy: wheel notches (-angleDelta / 120) or touchpad points (-pixelDelta), positive
where contentX grows. t: the events' own ms. The session is horizontal.

The rules are QQuickFlickable::wheelEvent's and QQuickListView's flick and fixup
(qtdeclarative, LGPL-3.0-only or GPL-2.0-or-later), written from the rules, not
copied; oracle.py (the drag model beside this file) supplies the page ranges, the
flick's curve and the InOutQuad. Where the widget departs from issue 33's words,
README.md says so and the rule here is the widget's."""

import math

import oracle

MAX_V_PER_W = 4.0                 # maximumFlickVelocity = 4 * width
WHEEL_LINES_PX = 3 * 24           # initialWheelFlickDistance: wheelScrollLines * 24
SAMPLES = oracle.SAMPLES          # QML_FLICK_SAMPLEBUFFER
FIXUP_MS = oracle.FIXUP_MS


class ScrollSession:
    """placed: the view was put on page `index` without moving (issue 41; a session opened with
    `index=`): ListView holds that page's delegate and the next one's only, until it moves."""

    def __init__(self, w, count, spacing=0, index=0, placed=False):
        self.w, self.count, self.spacing = float(w), count, float(spacing)
        self.placed = placed
        self.P = self.w + self.spacing
        self.C = (count - 1) * self.P
        self.index = index
        self.rest = index * self.P        # contentX when no motion runs
        self.samples = []                 # hData.velocityBuffer (Qt's sign: + when contentX falls)
        self.velocity = 0.0               # hData.velocity: the mean when last updated
        self.last_t = None                # lastPosTime
        self.motion = None                # (Decision, t0): the flick or fixup running
        self.swipe = None                 # a touchpad gesture between begin and end
        self.last_scroll = None           # (phase, reply) of the previous scroll event

    # -- where the content is -------------------------------------------------------------------------

    def moving(self, t):
        if self.motion is None:
            return False
        d, t0 = self.motion
        total = d.ms + FIXUP_MS if d.kind == "decelerate" else d.ms
        if t - t0 < total:
            return True
        self._settle()
        return False

    def _settle(self):
        d, _ = self.motion
        self.rest, self.index, self.motion = float(d.x), d.index, None

    def _at_rest_at(self, x, t):
        """An x at the motion's rest in its last frame says it is over (the widget's clock ran that far
        ahead of the events'), as detentd takes it; earlier, the widget still moves there (its fixup)."""
        if x is None or self.motion is None:
            return
        d, t0 = self.motion
        total = d.ms + FIXUP_MS if d.kind == "decelerate" else d.ms
        if float(x) == float(d.x) and t - t0 >= total - 1000.0 / 60:
            self._settle()

    def x_at(self, t):
        if self.moving(t):
            d, t0 = self.motion
            return d.position(t - t0)
        return self.rest

    def page(self, t):
        """The page the content rests on, or the running motion's."""
        return self.motion[0].index if self.moving(t) else self.index

    def _add_sample(self, v, update=True):
        """A sample into velocityBuffer; the wheel reads their mean into `velocity` (a touchpad's
        drag adds its own and leaves `velocity` as it was: update False)."""
        limit = MAX_V_PER_W * self.w
        self.samples = (self.samples + [min(max(v, -limit), limit)])[-SAMPLES:]
        if update:
            self.velocity = sum(self.samples) / len(self.samples)

    # -- the wheel ------------------------------------------------------------------------------------

    def wheel(self, dx, dy, t, source="mouse", x=None):
        """A wheel event along x (dy is the other axis: nothing). Returns a Decision when it starts a
        flick, else ("kept", index)."""
        self._at_rest_at(x, t)
        moving = self.moving(t)
        # a ScrollEnd's fixup is not a flick to the wheel: a click flicks anew from where it is drawn
        scroll_fixup = moving and self.motion[0].branch == "scroll"
        c = float(x) if x is not None and (not moving or scroll_fixup) else self.x_at(t)
        if not moving:
            self.rest = c
        elapsed = None if self.last_t is None else (t - self.last_t) / 1000.0
        self.last_t = t
        if elapsed is not None and elapsed <= 0:
            return ("kept", self.page(t))   # Qt: "insufficient elapsed time", nothing at all
        if not moving or elapsed is None:
            elapsed = 120.0 / math.sqrt(oracle.DECELERATION * 2 * WHEEL_LINES_PX)
        delta = -120.0 * dx               # angleDelta.x
        if delta == 0:
            return ("kept", self.page(t))
        inst = delta / elapsed
        if (inst < 0 < self.velocity) or (inst > 0 > self.velocity):
            self.samples = []
        self._add_sample(inst)
        if not ((delta > 0 and c > 0) or (delta < 0 and c < self.C)):
            return ("kept", self.page(t))   # at the bound in the click's direction
        if scroll_fixup:
            moving = False
        if moving:
            d = self._reevaluate(float(x) if x is not None else self.x_at(t))
            if d is None:
                return ("kept", self.page(t))   # a flick runs (its fixup too): its target stands
            self.motion = (d, t)
            return d
        d = self._flick(c, self.velocity)
        if d is None:
            return ("kept", self.page(t))
        self.motion = (d, t)
        self.placed = False
        return d

    def _reevaluate(self, drawn):
        """ListView::flick while it flicks: the target snapped again (snapPosAt). It changes only
        while a placed view's flick still aims at the fallback (issue 41): once ListView holds the
        page before (a frame drawn off the start) and until the re-aim (drawn within W/2 of the
        fallback). Then a click towards that page plans anew (accelDistance: the samples' mean
        speed, decelerating to stop on it) and one away from it fixes up to the page under the
        content (a 200 ms InOutQuad). None: the target stands (kept; also in that fixup, measured:
        back-fwd-back)."""
        d, _ = self.motion
        fallback = d.params.get("fallback")
        if d.kind != "decelerate" or fallback is None or d.params.get("replanned"):
            return None
        sign = 1.0 if d.x > d.from_ else -1.0          # the flick's way in contentX
        if drawn == d.from_ or sign * (fallback - drawn) < self.w / 2:
            return None                               # no page before it yet, or re-aimed already
        aim = (d.index, float(d.x))
        if (self.velocity > 0) == (aim[1] < drawn):   # Qt's sign: + when contentX falls
            return self._replan(drawn, aim, fallback)
        k = oracle.page_at(drawn, self.w, self.count, self.spacing)
        return oracle.Decision(k, k * self.P, drawn, 0.0, "inoutquad", FIXUP_MS, "wheel-fixup", {"against": True})

    def _replan(self, drawn, aim, fallback):
        """QQuickTimeLine::accelDistance from the drawn x: the samples' mean speed v (at most
        maximumFlickVelocity), down to 0 over the distance D to the page in L = 2D/v (whole ms,
        truncated): a deceleration of v/L; at L the content is on the page."""
        v0 = min(abs(self.velocity), MAX_V_PER_W * self.w)
        index, x = aim
        D = abs(x - drawn)
        sign = 1.0 if x > drawn else -1.0
        stop = int(2.0 * D / v0 * 1000.0)
        accel = v0 / (stop / 1000.0)
        params = {"v0": v0, "a": accel, "D": D, "vm": -sign * v0, "am": sign * accel, "replanned": True,
                  "fallback": fallback}
        return oracle.Decision(index, x, drawn, sign * v0 / 1000.0, "decelerate", stop, "wheel-replan", params)

    def _flick(self, c, velocity):
        """ListView::flick for SnapOneItem from rest: the page at c -/+ (w/2 + 1), the velocity's way,
        4 w px/s decelerating uniformly to stop there. None when that is c's own page."""
        if velocity == 0:
            return None
        bias = self.w / 2 + 1
        back = velocity > 0
        if (back and not c > 0) or (not back and not c < self.C):
            return None
        look = c - bias if back else c + bias
        fallback = None
        if self.placed and back and c == self.index * self.P:
            # ListView holds no page before this one: snapItemAt finds none (the first item it
            # holds has no half item before it, only half the spacing) and snapPosAt rounds by
            # the average item size from it; the flick re-aims to a page in flight
            lower = c - self.spacing / 2
            if not look > lower:
                fallback = c - oracle._qround((c - look) / self.w) * self.w
                look = fallback
        target = oracle.snap_pos(look, self.w, self.count, self.spacing)
        target = min(max(target, 0.0), self.C)
        D = abs(target - c)
        if D == 0:
            return None
        v0 = MAX_V_PER_W * self.w
        if D > v0 * v0 / (oracle.DECELERATION * 2.0) + self.w / 4:
            v0 = math.sqrt(oracle.DECELERATION * 2.0 * D)
        accel = v0 * v0 / (2.0 * D)
        stop = int(1000 * v0 / accel)
        sign = -1.0 if back else 1.0
        index = oracle._qround(target / self.P)
        params = {"v0": v0, "a": accel, "D": D, "look": look, "vm": -sign * v0, "am": sign * accel}
        if fallback is not None and fallback != target:
            return self._aimed(c, fallback, target, index, params)
        return oracle.Decision(index, target, c, sign * v0 / 1000.0, "decelerate", stop, "wheel", params)

    def _aimed(self, c, fallback, page, index, params):
        """A placed view's flick back at the fallback, as a reply can hold it (detent-protocol(7)'s brake
        with `aim`): Qt's plan to the fallback (4 w px/s braking to stop a width back), re-aimed at R, the
        instant it is within w/2 of the fallback (or of page 0) plus half a 60 Hz frame (the frame that
        re-aims comes within one), to a uniform deceleration from there that stops on the page at S = R +
        2 left / the plan's speed half a frame before R (Qt's, over its last frame), rounded; the widget's
        own re-aim follows its frames' times (README)."""
        v0, D0 = params["v0"], abs(c - fallback)
        accel = v0 * v0 / (2.0 * D0)                   # px/s^2: the plan to the fallback
        vm, am = v0 / 1000.0, accel / 1e6               # px/ms, px/ms^2
        need = min(D0 - self.w / 2, c - self.w / 2)
        frame = 1000.0 / 60
        cross = 0.0 if need <= 0 else (vm - math.sqrt(vm * vm - 2 * am * need)) / am
        aim = cross + frame / 2
        at = c - (vm * aim - am * aim * aim / 2)
        speed = vm - am * (aim - frame / 2)
        stop = int(round(aim + 2 * (at - page) / speed))
        params = dict(params, a=accel, D=D0, am=-accel, fallback=fallback, aim=aim)
        return ReaimedDecision(index, page, c, -vm, "decelerate", stop, "wheel", params)

    # -- the touchpad ---------------------------------------------------------------------------------

    def scroll(self, dx, dy, t, phase=None, x=None):
        """A touchpad event: ("moved", x) for begin and updates, a Decision at the end."""
        if phase == "begin" and self.last_scroll and self.last_scroll[0] == "begin":
            return self.last_scroll[1]    # Qt's twin ScrollBegin
        if phase == "end" and self.last_scroll and self.last_scroll[0] == "end":
            return self.last_scroll[1]    # ... and its twin ScrollEnd
        reply = self._scroll(dx, dy, t, phase, x)
        self.last_scroll = (phase or "update", reply)
        return reply

    def _scroll(self, dx, dy, t, phase, x):
        if phase == "begin":
            self._at_rest_at(x, t)
            moving = self.moving(t)
            in_fixup = moving and self._in_fixup(t)
            c = self.x_at(t) if x is None or not moving else float(x)
            if moving and not in_fixup:
                self.motion = None        # stopped where it is drawn
            if self.motion is None:
                self.rest = c
            self.samples, self.velocity = [], 0.0
            # moving: the Flickable drags from the first update it takes, with no start offset
            self.swipe = {"c0": c, "acc": [0.0, 0.0], "calls": 0, "moving": moving, "drawn": c, "start": 0.0}
            self.last_t = t
            return ("moved", self.x_at(t) if self.motion else c)
        s = self.swipe
        if s is None:                     # an update or end with no begin: nothing to follow
            return ("moved", self.x_at(t)) if phase != "end" else self._fixup_decision(self.x_at(t), t)
        if phase == "end":
            self.swipe = None
            self.last_t = -1              # lastPosTime after a ScrollEnd
            return self._fixup_decision(s["drawn"], t)
        elapsed = (t - self.last_t) / 1000.0 if self.last_t is not None else 1.0
        self.last_t = t
        if elapsed <= 0:
            return ("moved", s["drawn"])  # the same ms as the event before it: dropped
        s["acc"][0] += dx
        s["acc"][1] += dy
        if dx != 0:
            self._add_sample(-dx / elapsed, update=False)
        ax, ay = s["acc"]
        if not (s["moving"] or abs(ax) > abs(2 * ay)):
            return ("moved", s["drawn"])  # mostly across: not a drag yet
        s["calls"] += 1
        if s["calls"] == 1:
            return ("moved", s["drawn"])  # the first drag call claims the wheel (stealMouse)
        if s["calls"] == 2 and not s["moving"]:
            s["start"] = ax               # the second sets the drag's start offset
        c = min(max(s["c0"] + (ax - s["start"]), 0.0), self.C)
        s["drawn"] = c
        self.motion = None
        self.rest = c
        self.placed = self.placed and c == s["c0"]
        return ("moved", c)

    def _in_fixup(self, t):
        d, t0 = self.motion
        return d.kind == "decelerate" and t - t0 >= d.ms

    def _fixup_decision(self, c, t):
        """ScrollEnd: no fling; the page holding c (halfway: the lower), a 200 ms InOutQuad."""
        if self.motion is not None:       # no swipe moved it: the running motion stands
            return self.motion[0]
        k = oracle.page_at(c, self.w, self.count, self.spacing)
        if k is None:
            k = min(max(oracle._qround(c / self.P), 0), self.count - 1)
        target = k * self.P
        if target == c:
            d = oracle.Decision(k, target, c, 0.0, "none", 0, "scroll-still")
        else:
            d = oracle.Decision(k, target, c, 0.0, "inoutquad", FIXUP_MS, "scroll")
            self.motion = (d, t)
            self.placed = False
        self.rest, self.index = (c, self.index) if self.motion else (target, k)
        return d


class ReaimedDecision(oracle.Decision):
    """A Decision whose brake is re-aimed at params["aim"] (detent-protocol(7), curve=brake aim=R)."""

    def position(self, t):
        aim, stop = self.params["aim"], self.ms
        if t <= 0:
            return self.from_
        if t <= aim:
            return self._accel(t)
        if t >= stop:
            return self.x
        p, span = self._accel(aim), stop - aim
        u, w = t - aim, 2 * (self.x - self._accel(aim)) / span
        return p + w * u - w * u * u / (2 * span)


def reply_fields(d, cause):
    """A Decision as issue 33's `snap` reply carries it (the fields diff compares)."""
    out = {"index": d.index, "x": float(d.x), "from": float(d.from_), "v": float(d.v), "cause": cause}
    if d.kind == "decelerate":
        out |= {"mode": "decelerate", "curve": "brake", "accel": d.params["a"] / 1e6, "stop": d.ms,
                "ms": d.ms + FIXUP_MS}
        if "aim" in d.params:
            out["aim"] = d.params["aim"]
    elif d.kind == "inoutquad":
        out |= {"mode": "animate", "curve": "ease", "ms": d.ms}
    else:
        out |= {"mode": "animate", "curve": "ease", "ms": 0}
    return out
