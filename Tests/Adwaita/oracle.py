"""A pure-Python model of issue 24's `adwaita` strategy (section 1, rules
1-5: libadwaita 1.2.2's AdwSwipeTracker driven by a pointer drag, and
AdwCarousel's spring) for one protocol session.

It takes what a client sends (detent-protocol(7)): `begin x t`, `move x t`
..., `end x t [v]`, `goto index`, `cancel`, where x is the content offset in
pt (the finger moving left by d from a press at x=c0 sends x = c0 + d), and
answers what the daemon should: `moved x` for each move, and a Decision (index,
x, from, v, omega, ms and the curve's position(t)). Every step is written down
in `trace` so that a test can tell which rule decided.

Units are the engine's: the position ("progress") is in pages, x / distance
with distance = item + spacing; a drag step of d pt moves it by d / distance.
The velocity is pt/ms (libadwaita's px/ms: 1 pt = 1 px here), and the
projection adds it to the position in pages without conversion. The spring
runs in pages and seconds with v0 = the velocity read as pages/s; in the
reply's units (pt, ms) that is v = velocity * distance / 1000 and
omega = sqrt(1000) / 1000 per ms, and detent-protocol(7)'s curve=spring,
x(t) = x + (A + B t) e^(-omega t), A = from - x, B = v + omega A, is the same
curve.

No Detent code: this is the reference the engine diff (Tests/Adwaita/diff)
checks against the real widget, and detentd's strategy against both."""

import math

# libadwaita 1.2.2, src/adw-swipe-tracker.c
DRAG_THRESHOLD = 16          # pt from the press (hypot; the drag is horizontal here)
HISTORY_MS = 150             # EVENT_HISTORY_THRESHOLD_MS
VELOCITY_THRESHOLD = 0.3     # VELOCITY_THRESHOLD_TOUCH, pt/ms
DECELERATION = 0.998         # DECELERATION_TOUCH
CURVE_THRESHOLD = 2          # VELOCITY_CURVE_THRESHOLD, pt/ms
PARABOLA = 0.35              # DECELERATION_PARABOLA_MULTIPLIER
BOUNDS_EPSILON = 0.005       # EPSILON of get_bounds, pages
# src/adw-carousel.c: adw_spring_params_new (1, 0.5, 500), clamp TRUE; src/adw-spring-animation.c
DAMPING_RATIO, MASS, STIFFNESS = 1.0, 0.5, 500.0
SPRING_EPSILON = 0.001       # pages (the animation's default epsilon)
FLT_EPSILON = 1.1920928955078125e-07   # G_APPROX_VALUE (from, to, FLT_EPSILON): no animation at all
MAX_ITERATIONS = 20000

OMEGA_S = math.sqrt(STIFFNESS / MASS)             # per second: sqrt(1000); critically damped, beta = omega0
OMEGA = OMEGA_S / 1000                            # per ms, as the reply carries it: 0.03162277660168379
SLOPE = DECELERATION / (1 - DECELERATION) / 1000  # 0.499 (pages per pt/ms)


class Geometry:
    """Uniform pages exactly one viewport long: viewport = item, snaps at i * distance."""

    def __init__(self, viewport, count, spacing=0, index=0, allow_long_swipes=False, item=None):
        item = viewport if item is None else item
        if item != viewport:
            raise ValueError("unsupported-layout: adwaita pages are exactly one viewport long (item = viewport)")
        if count < 1 or viewport <= 0 or spacing < 0 or not 0 <= index < count:
            raise ValueError("bad geometry")
        self.viewport, self.item, self.count, self.spacing = viewport, item, count, spacing
        self.index, self.allow_long_swipes = index, bool(allow_long_swipes)
        self.distance = item + spacing

    @property
    def last(self):
        return self.count - 1


def closest(points_last, pos):
    """find_closest_point: the page nearest pos, the lower one on a tie (strict <)."""
    best = 0
    for i in range(1, points_last + 1):
        if abs(i - pos) < abs(best - pos):
            best = i
    return best


def previous_point(points_last, pos):
    """find_previous_point: the last page at or before pos (-1: none)."""
    for i in range(points_last, -1, -1):
        if i <= pos:
            return i
    return -1


def next_point(points_last, pos):
    """find_next_point: the first page at or after pos (-1: none)."""
    for i in range(0, points_last + 1):
        if i >= pos:
            return i
    return -1


def bounds(geometry, initial):
    """Rule 2: the range the drawn position and the projection are held in (pages)."""
    if geometry.allow_long_swipes:
        return 0, geometry.last
    c = closest(geometry.last, initial)
    if abs(c - initial) < BOUNDS_EPSILON:
        prev = nxt = c
    else:
        prev, nxt = previous_point(geometry.last, initial), next_point(geometry.last, initial)
    return max(prev - 1, 0), min(nxt + 1, geometry.last)


def spring_pages(t_ms, start, to, v0):
    """AdwSpringAnimation's critically damped oscillate(), in pages, t in whole ms, v0 in pages/s."""
    t = t_ms / 1000.0
    x0 = start - to
    return to + math.exp(-OMEGA_S * t) * (x0 + (OMEGA_S * x0 + v0) * t)


def spring_ms(start, to, v0):
    """Rule 5's ms, as the clamped spring computes its duration (get_first_zero): the first whole ms from 1
    on at which the spring is within SPRING_EPSILON of `to`, or past it, on the side it starts from; 0 when
    from and to are equal (within FLT_EPSILON: then it does not animate at all)."""
    if abs(to - start) < FLT_EPSILON:
        return 0
    i = 1
    y = spring_pages(i, start, to, v0)
    while (to - start > FLT_EPSILON and to - y > SPRING_EPSILON) or \
            (start - to > FLT_EPSILON and y - to > SPRING_EPSILON):
        if i > MAX_ITERATIONS:
            return 0
        i += 1
        y = spring_pages(i, start, to, v0)
    return i


class Decision:
    """`snap index= x= mode=animate cause= from= v= curve=spring omega= ms=`, with the curve."""

    def __init__(self, geometry, index, start_pages, v_pages_per_s, cause):
        d = geometry.distance
        self.index = index
        self.x = index * d
        self.from_pages = start_pages
        self.from_ = start_pages * d
        self.v_pages = v_pages_per_s                 # the spring's v0 (pages/s)
        self.v = v_pages_per_s * d / 1000            # pt/ms, as the reply carries it
        self.omega = OMEGA
        self.cause = cause
        self.mode = "animate"
        self.curve = "spring"
        self.ms = spring_ms(start_pages, index, v_pages_per_s)

    def position(self, t):
        """detent-protocol(7)'s curve=spring at t ms; x itself from ms on."""
        if t >= self.ms:
            return self.x
        a = self.from_ - self.x
        b = self.v + self.omega * a
        return self.x + (a + b * t) * math.exp(-self.omega * t)

    def fields(self):
        return {"index": self.index, "x": self.x, "mode": self.mode, "cause": self.cause, "from": self.from_,
                "v": self.v, "curve": self.curve, "omega": self.omega, "ms": self.ms}

    def __repr__(self):
        return "snap " + " ".join(f"{k}={v!r}" for k, v in self.fields().items())


class Session:
    """One protocol session under the adwaita strategy."""

    def __init__(self, geometry):
        self.g = geometry
        self.position = float(geometry.index)   # pages: where the content is drawn
        self.resting = geometry.index
        self._reset()

    def _reset(self):
        self.state = "idle"          # idle -> pressed -> pending -> scrolling | refused -> (end)
        self.c0 = None
        self.prev_offset = 0.0
        self.initial = None
        self.history = []            # [(delta pt, t ms)]
        self.trace = {}

    # ---- the gesture ----

    def begin(self, x, t=None):
        """The press. Nothing moves; the content is where x says (the resting snap when at rest)."""
        self._reset()
        self.position = x / self.g.distance
        self.state = "pressed"
        self.c0 = x
        self.trace = {"moves": 0, "took_hold": None, "refused": None}
        return self.position * self.g.distance

    def _append(self, delta, t):
        # trim_history, then append: keep what is within 150 ms of this event
        self.history = [h for h in self.history if h[1] >= t - HISTORY_MS]
        self.history.append((delta, t))

    def move(self, x, t):
        """A drag update: returns `moved x` (pt)."""
        if self.state == "idle":
            raise ValueError("move without begin")
        self.trace["moves"] += 1
        offset = x - self.c0
        delta = offset - self.prev_offset
        self.prev_offset = offset
        if self.state == "refused":
            return self.position * self.g.distance
        self._append(delta, t)
        if self.state == "pressed":          # rule 1: the first move only starts the gesture
            self.initial = self.position
            self.state = "pending"
            return self.position * self.g.distance
        if self.state == "pending":
            if abs(offset) >= DRAG_THRESHOLD:
                overshooting = (offset < 0 and self.initial <= 0) or (offset > 0 and self.initial >= self.g.last)
                if overshooting:                 # refused at an end: the drag is over, nothing moves
                    self.state = "refused"
                    self.trace["refused"] = {"move": self.trace["moves"], "offset": offset}
                    return self.position * self.g.distance
                self.state = "scrolling"
                self.trace["took_hold"] = {"move": self.trace["moves"], "offset": offset, "delta": delta}
        if self.state == "scrolling":            # rule 2: its own delta applies, held in the bounds
            lower, upper = bounds(self.g, self.initial)
            self.position = min(max(self.position + delta / self.g.distance, lower), upper)
        return self.position * self.g.distance

    def velocity(self, t_end):
        """Rule 3 (pt/ms): the moves within 150 ms of the end, the oldest one's delta left out."""
        kept = [h for h in self.history if h[1] >= t_end - HISTORY_MS]
        if len(kept) < 2 or kept[0][1] == kept[-1][1]:
            return 0.0
        return sum(d for d, _ in kept[1:]) / (kept[-1][1] - kept[0][1])

    def project(self, v):
        """Rule 4: the page for a release at the drawn position with velocity v (pt/ms)."""
        g, progress = self.g, self.position
        tr = self.trace
        start = closest(g.last, self.initial)
        tr["start_page"] = start
        if abs(v) < VELOCITY_THRESHOLD:
            tr["branch"] = "nearest"
            return closest(g.last, progress)
        if abs(v) > CURVE_THRESHOLD:
            c = SLOPE / 2 / PARABOLA
            u = abs(v) - CURVE_THRESHOLD + c
            p = PARABOLA * u * u - PARABOLA * c * c + SLOPE * CURVE_THRESHOLD
            tr["parabola"] = True
        else:
            p = abs(v) * SLOPE
        pos = math.copysign(p, v) + progress
        lower, upper = bounds(g, self.initial)
        tr["projection"] = pos
        tr["projection_clamped"] = pos < lower or pos > upper
        pos = min(max(pos, lower), upper)
        tr["projected"] = pos
        behind = previous_point(g.last, pos) if v > 0 else next_point(g.last, pos)
        if behind == start:
            tr["branch"] = "bump"
            return next_point(g.last, pos) if v > 0 else previous_point(g.last, pos)
        tr["branch"] = "projection"
        return closest(g.last, pos)

    def end(self, x, t, v=None):
        """The release: the Decision."""
        tr = self.trace
        if self.state in ("idle", "pressed", "pending", "refused"):
            # never took hold, or refused: rests where it is (the page nearest; it is drawn there)
            tr["branch"] = {"idle": "no-gesture", "pressed": "no-move", "pending": "never-took-hold",
                            "refused": "refused"}[self.state]
            index = closest(self.g.last, self.position)
            d = Decision(self.g, index, self.position, 0.0, "release")
            tr["velocity"] = None
        else:
            vel = self.velocity(t) if v is None else v
            tr["velocity"] = vel
            index = self.project(vel)
            d = Decision(self.g, index, self.position, vel, "release")   # px/ms read as pages/s
        tr["decision"] = d
        self.state = "idle"
        self.resting = index
        self.position = float(index)
        return d

    def goto(self, index, x=None):
        """The widget's animated scroll_to: the same spring from where the content is drawn, v = 0."""
        if not 0 <= index < self.g.count:
            raise ValueError("bad-value: index")
        start = self.position if x is None else x / self.g.distance
        self.state = "idle"
        d = Decision(self.g, index, start, 0.0, "goto")
        self.resting, self.position = index, float(index)
        return d

    def cancel(self):
        """Back to the resting page: the same spring, v = 0."""
        start = self.position
        self.state = "idle"
        d = Decision(self.g, self.resting, start, 0.0, "cancel")
        self.position = float(self.resting)
        return d


def replay(geometry, lines):
    """[(verb, x, t[, v])] -> ([moved x per move], Decision, trace)."""
    s = Session(geometry)
    moved, decision = [], None
    for entry in lines:
        verb, x, t = entry[0], entry[1], entry[2]
        if verb == "begin":
            s.begin(x, t)
        elif verb == "move":
            moved.append(s.move(x, t))
        elif verb == "end":
            decision = s.end(x, t, entry[3] if len(entry) > 3 else None)
        else:
            raise ValueError(verb)
    return moved, decision, s.trace
