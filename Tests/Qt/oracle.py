"""A reference model of Qt Quick Controls' SwipeView (Qt 6.4.2, Basic style) as
issue 27 section 1 states it, written to be checked against Tests/Qt/record's
recordings of the real widget (Tests/Qt/analyze) and, later, against detentd's
`qt-swipeview` strategy.

A SwipeView is a ListView with snapMode SnapOneItem, highlightRangeMode
StrictlyEnforceRange, boundsBehavior StopAtBounds, maximumFlickVelocity 4 * width,
flickDeceleration 1500 (the platform's) and highlightMoveDuration 250. Uniform
pages only: the viewport, the item and `w` are one width; page k rests at k * P,
P = w + spacing; C = (count - 1) * P.

The gesture is given as Detent's protocol carries it: `begin x t` (x: the start
page's offset c0), `move x t` ... (x: the content offset the client would show
if it followed the finger, so the finger's displacement is d = c0 - x, positive
when the finger moved right, towards the start), `end x t [v]`. Times are the
events' own ms.

    s = Session(w=400, count=6, spacing=0, index=3)
    s.begin(1200, 0)
    s.move(1196, 41)          # -> 1200.0: where the content is drawn after it
    ...
    d = s.end(1167, 363)      # -> Decision(index=2, x=800, from_=1182, v=-1.6, kind="decelerate", ms=477, ...)
    d.position(100)           # contentX 100 ms after the release

Facts and constants are Qt's (qtdeclarative's qquickflickable.cpp,
qquicklistview.cpp, qquicktimeline.cpp and qtbase's qeventpoint.cpp, LGPL-3.0-only
or GPL-2.0-or-later); the code is written from the rules, not copied. Pure
Python, no numpy: single precision is emulated with struct.
"""

import math
import struct

__all__ = ["Session", "Decision", "f32", "run", "inoutquad", "page_at"]

# ---- constants ----------------------------------------------------------------------------------------

DRAG_THRESHOLD = 10          # QStyleHints::startDragDistance(): a move over it (strictly) passes the gate
GATE_MS = 200                # ... and so does any move more than this after the press
FLICK_START_DISTANCE = 15    # QPlatformIntegration::FlickStartDistance: the release's |d| must exceed it
MIN_FLICK_VELOCITY = 75.0    # _q_MinimumFlickVelocity, px/s (strictly more)
SAMPLES = 3                  # QML_FLICK_SAMPLEBUFFER (QML_FLICK_DISCARDSAMPLES is 0)
VELOCITY_DECAY_MS = 100      # a release this long (or longer) after the last move does not flick
DECELERATION = 1500.0        # flickDeceleration, px/s^2
SNAP_ONE_THRESHOLD = 30      # QML_FLICK_SNAPONETHRESHOLD: the slow release's nudge
FIXUP_MS = 200               # fixupDuration / 2: the InOutQuad of a slow release
HIGHLIGHT_MOVE_MS = 250      # SwipeView's highlightMoveDuration: goto / cancel (not the engine's)


def f32(v):
    """v rounded to single precision (C `float`)."""
    return struct.unpack("f", struct.pack("f", v))[0]


KALMAN_GAIN = f32(0.7)                  # static const float KalmanGain = 0.7f
KALMAN_KEEP = f32(1.0 - KALMAN_GAIN)    # (1.0f - KalmanGain), in float


def inoutquad(p):
    """QEasingCurve::InOutQuad."""
    if p < 0.5:
        return 2 * p * p
    return 1 - (2 - 2 * p) ** 2 / 2


def page_at(pos, w, count, spacing):
    """The page whose halfway range holds pos (ListView::snapItemAt): page k holds
    k*P - P/2 < pos <= k*P + P/2, page 0's lower edge is -spacing/2, the last page's upper
    edge C + P/2. None outside them."""
    p = w + spacing
    found = None
    for k in range(count):
        top = k * p
        lower = top - ((w if k > 0 else 0) + spacing) / 2
        upper = top + (w + spacing) / 2
        if upper >= pos and lower < pos:
            found = k
    return found


def _qround(v):
    """qRound for doubles: halves away from zero."""
    return int(v + 0.5) if v >= 0 else int(v - 0.5)


def snap_pos(pos, w, count, spacing):
    """ListView::snapPosAt: the offset of the page that holds pos; outside every page,
    Qt's own fallback (whole multiples of averageSize = w from the first or last page)."""
    k = page_at(pos, w, count, spacing)
    if k is not None:
        return k * (w + spacing)
    first, last = 0.0, (count - 1) * (w + spacing)
    if pos < first:
        return first - _qround((first - pos) / w) * w
    if pos > last:
        return last + _qround((pos - last) / w) * w
    return _qround(pos / w) * w


class Decision:
    """What a release decides: the page (`index`) and its offset (`x`), where the content
    was drawn at the release (`from_`), the content's speed at the start of the motion
    (`v`, px/ms, positive when x grows), the motion (`kind`: "decelerate", "inoutquad" or
    "none"), its length `ms`, and `branch` for the test's counts. `position(t)` is the
    content offset t ms after the release."""

    def __init__(self, index, x, from_, v, kind, ms, branch, params=None, notes=()):
        self.index, self.x, self.from_, self.v = index, x, from_, v
        self.kind, self.ms, self.branch = kind, ms, branch
        self.params = params or {}
        self.notes = list(notes)

    def position(self, t):
        """contentX t ms after the release, t on Qt's animation clock in whole ms (0: the clock
        the motion started from). A deceleration runs its `ms`, then Qt's fixup moves the
        sub-pixel rest to `x` with a 200 ms InOutQuad from pos(ms); an InOutQuad runs 200 ms."""
        if self.kind == "none":
            return self.x
        if t <= 0:
            return self.from_
        if self.kind == "decelerate":
            if t < self.ms:
                return self._accel(t)
            end = self._accel(self.ms)
            return self._move(end, self.x, t - self.ms, FIXUP_MS)
        return self._move(self.from_, self.x, t, self.ms)

    def _accel(self, t):
        """QQuickTimeLine's Accel op in the Flickable's own coordinates (move = -contentX)."""
        vm, am = self.params["vm"], self.params["am"]
        tt = t / 1000.0
        return -(-self.from_ + (vm * tt + 0.5 * am * tt * tt))

    @staticmethod
    def _move(start, end, t, length):
        """QQuickTimeLine's Move op with QEasingCurve::InOutQuad, move = -contentX."""
        if t <= 0:
            return start
        if t >= length:
            return end
        base, delta = -start, -end + start
        return -(base + delta * inoutquad(t / length))

    def as_dict(self):
        """The decision as plain data: what a reply would carry, the curve's parameters, and
        the oracle's own working (`why`)."""
        d = {"index": self.index, "x": self.x, "from": self.from_, "v": self.v, "kind": self.kind,
             "ms": self.ms, "branch": self.branch}
        if self.kind == "decelerate":
            d["curve"] = {"v0": self.params["v0"], "a": self.params["a"], "D": self.params["D"],
                          "dir": -1 if self.params["vm"] > 0 else 1,
                          "then": {"kind": "inoutquad", "ms": FIXUP_MS, "from": self._accel(self.ms)}}
        elif self.kind == "inoutquad":
            d["curve"] = {"ms": self.ms}
        d["why"] = {k: v for k, v in self.params.items() if k not in ("vm", "am", "v0", "a", "D")}
        if self.notes:
            d["notes"] = self.notes
        return d

    def __repr__(self):
        return f"Decision({', '.join(f'{k}={v!r}' for k, v in self.as_dict().items())})"


class Session:
    """One gesture on one SwipeView. begin(), then move() for each pointer event (returns
    where the content is drawn after it), then end() (returns the Decision)."""

    def __init__(self, w, count, spacing=0, index=0):
        if count < 1 or w <= 0 or spacing < 0 or not 0 <= index < count:
            raise ValueError("bad geometry")
        self.w, self.count, self.spacing, self.index = w, count, spacing, index
        self.P = w + spacing
        self.C = (count - 1) * self.P
        self.trace = []          # per event: d, t, vel (float32), gated, rejected, claimed, taken, drawn

    # -- the pointer ---------------------------------------------------------------------------------------

    def begin(self, x, t):
        self.c0 = float(x)
        self.t_press = t
        self.vel = 0.0               # QEventPoint velocity (finger px/s, float32); 0 at the press
        self.d_prev = 0.0            # the previous event's displacement (globalLastPosition)
        self.t_prev = t              # the last earlier timestamp
        self.last_move_t = t         # Flickable's lastPosTime
        self.samples = []            # hData.velocityBuffer
        self.drawn = self.c0         # contentX
        self.claimed = False         # stealMouse
        self.taken = False           # hMoved
        self.start_offset = 0.0      # hData.dragStartOffset
        self.prev_delta = None       # hData.previousDragDelta (carried over from an earlier gesture in Qt)
        self.rejections = 0
        self.moves = 0
        self.trace = []
        return self.drawn

    def _velocity(self, d, t):
        """qeventpoint.cpp's Kalman filter, in float (QVector2D): an event at a later ms updates
        the velocity from the step since the previous event; one in the same ms leaves it."""
        if t > self.t_prev:
            step = f32(d - self.d_prev)
            new = f32(f32(step / f32(t - self.t_prev)) * 1000.0)
            self.vel = f32(f32(new * KALMAN_GAIN) + f32(self.vel * KALMAN_KEEP))
            self.t_prev = t
        self.d_prev = d

    def move(self, x, t):
        d = self.c0 - float(x)
        self._velocity(d, t)
        self.moves += 1
        over = abs(d) > DRAG_THRESHOLD
        gated = over or t - self.t_press > GATE_MS
        rejected = False
        claim = False
        if gated:
            if not self.taken:
                self.start_offset = d
            c = self.c0 - (d - self.start_offset)
            if c >= self.C:
                c = self.C
                rejected = self.c0 == self.C and self.drawn == self.C and d < 0
            if c <= 0:
                c = 0.0
                rejected = rejected or (self.c0 == 0 and self.drawn == 0 and d > 0)
            if not rejected and self.claimed and d != 0 and d != self.prev_delta:
                self.drawn = c
                self.taken = True
            if not rejected and over:
                claim = True
        self.prev_delta = d
        self.claimed = self.claimed or claim
        self.last_move_t = t
        if rejected:
            self.samples = []
            self.rejections += 1
        else:
            limit = 4.0 * self.w                      # maximumFlickVelocity
            self.samples.append(min(max(self.vel, -limit), limit))
            self.samples = self.samples[-SAMPLES:]
        self.trace.append({"d": d, "t": t, "vel": self.vel, "gated": gated, "rejected": rejected,
                           "claimed": self.claimed, "taken": self.taken, "drawn": self.drawn})
        return self.drawn

    # -- the release ---------------------------------------------------------------------------------------

    def end(self, x, t, v=None):
        w, P, C = self.w, self.P, self.C
        c = self.drawn
        d = self.c0 - float(x)
        self._velocity(d, t)
        mean = sum(self.samples) / len(self.samples) if self.samples else 0.0   # hData.velocity
        if v is not None:
            hv = -v * 1000.0
        elif t - self.last_move_t < VELOCITY_DECAY_MS and mean != 0:
            hv = mean
        else:
            hv = 0.0
        if (c <= 0 and hv > 0) or (c >= C and hv < 0):
            hv /= 2
        self.release = {"mean": mean, "hv": hv, "d": d, "t": t}
        rejected = self.rejections > 0
        if abs(hv) > MIN_FLICK_VELOCITY and abs(d) > FLICK_START_DISTANCE:
            decision = self._flick(c, hv, rejected)
            if decision is not None:
                return decision
        elif not self.taken:
            return Decision(self._page_of(c), c, c, 0.0, "none", 0, "rejected" if rejected else "still")
        return self._fixup(c, mean, rejected)

    def _page_of(self, c):
        k = page_at(c, self.w, self.count, self.spacing)
        return k if k is not None else min(max(_qround(c / self.P), 0), self.count - 1)

    def _flick(self, c, hv, rejected):
        """ListView::flick for SnapOneItem: a target one half page and a pixel ahead, a
        uniform deceleration from maximumFlickVelocity. None: no flick (the fixup decides)."""
        w, P, C = self.w, self.P, self.C
        bias = w / 2 + 1                            # averageSize / 2 + 1
        if hv > 0:                                   # finger right: towards 0
            if not c > 0:
                return None
            look = c - bias
        else:
            if not c < C:
                return None
            look = c + bias
        target = snap_pos(look, w, self.count, self.spacing)
        notes = []
        if not 0 <= target <= C:
            notes.append(f"Qt's snapPosAt fallback gave {target}, outside [0, {C}]; clamped")
            target = min(max(target, 0.0), C)
        D = abs(target - c)
        if D == 0:
            return None
        v0 = 4.0 * w                                  # maximumFlickVelocity
        estimate = v0 * v0 / (DECELERATION * 2.0) + w / 4
        if D > estimate:                             # never within a page; kept as Qt has it
            v0 = math.sqrt(DECELERATION * 2.0 * D)
        accel = v0 * v0 / (2.0 * D)
        # QQuickTimeLine::accel: static_cast<int>(1000 * v / a), in this order. It is floor(2000 D / v0)
        # but for the double rounding: 1 ms less for some D (w=300, D=273: 454, not 455).
        ms = int(1000 * v0 / accel)
        # The deceleration runs the flick's way (the finger's last direction), D px, whichever side
        # of c the target is: with spacing, a content up to s/2 - 1 px past a page in the flick's
        # direction snaps back to that page, so it first runs D px away from it and Qt's fixup
        # (the 200 ms InOutQuad after ms) brings it back.
        sign = -1.0 if hv > 0 else 1.0               # of contentX
        if (target - c) * sign < 0:
            notes.append(f"the target is behind the flick: it runs {D:g} px away first, then the fixup returns")
        index = _qround(target / P)
        branch = "flick"
        if index == self.index and self.spacing > 0:
            branch = "flick-under-spacing"
        elif index == self.index:
            branch = "flick-back"
        params = {"v0": v0, "a": accel, "D": D, "look": look, "vm": -sign * v0, "am": sign * accel,
                  "hv": hv}
        if rejected:
            notes.append("a move was rejected at a bound")
        return Decision(index, target, c, sign * v0 / 1000.0, "decelerate", ms, branch, params, notes)

    def _fixup(self, c, mean, rejected):
        """ListView::fixup for SnapOneItem after a drag: the page under c, or under c -/+ w/2
        when the drag went 30..w/2 px the way the samples point; InOutQuad over 200 ms."""
        w, P, C = self.w, self.P, self.C
        dist = self.c0 - c                           # data.move - data.pressPos
        temp = c
        nudged = False
        if mean > 0 and SNAP_ONE_THRESHOLD < dist < w / 2:
            temp, nudged = c - w / 2, True
        elif mean < 0 and -SNAP_ONE_THRESHOLD > dist > -w / 2:
            temp, nudged = c + w / 2, True
        k = page_at(temp, w, self.count, self.spacing)
        if k is None:                                # StrictlyEnforceRange: the current item
            k = self._page_of(c)
        x = min(max(k * P, 0.0), C)
        index = _qround(x / P)
        branch = "nudge" if nudged else "slow-release"
        if rejected and not nudged:
            branch = "slow-release"
        params = {"dist": dist, "mean": mean, "look": temp}
        notes = ["a move was rejected at a bound"] if rejected else []
        if x == c:
            return Decision(index, x, c, 0.0, "none", 0, branch, params, notes)
        return Decision(index, x, c, 0.0, "inoutquad", FIXUP_MS, branch, params, notes)


def run(w, count, spacing, index, begin, moves, end):
    """One whole gesture: begin=(x, t), moves=[(x, t), ...], end=(x, t) or (x, t, v).
    Returns (moved, decision, session)."""
    s = Session(w, count, spacing, index)
    s.begin(*begin)
    moved = [s.move(x, t) for x, t in moves]
    decision = s.end(*end)
    return moved, decision, s


def main(stream, out):
    """Lines as the protocol would carry them, `open w= count= spacing= index=`, `begin x= t=`,
    `move x= t=` ..., `end x= t= [v=]`; prints `moved x=` after each move and the decision as JSON."""
    import json
    s = None
    for raw in stream:
        words = raw.split()
        if not words:
            continue
        f = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        num = {k: float(v) for k, v in f.items()}
        if words[0] == "open":
            s = Session(num.get("w", num.get("viewport", 0)), int(num["count"]), num.get("spacing", 0),
                        int(num.get("index", 0)))
        elif words[0] == "begin":
            s.begin(num["x"], num["t"])
        elif words[0] == "move":
            out.write(f"moved x={s.move(num['x'], num['t']):g}\n")
        elif words[0] == "end":
            out.write(json.dumps(s.end(num["x"], num["t"], num.get("v")).as_dict()) + "\n")


if __name__ == "__main__":
    import sys
    main(sys.stdin, sys.stdout)
