"""The test's hands and eyes on the GTK demo: pointer drags and clicks
through X (xdotool: press, moves with pauses, release), what the trace
says the app did, and each outcome compared with the oracle's.

The X events' own timestamps come from the app's trace: it prints each
begin, move and end it sends with the event's t (GTK's event time, the X
server's ms) and dx (the pointer's offset it saw). The test replays the
gesture with those t and its own pointer positions (each dx must be one
the test moved to), so the positions are the test's and only the clock is
read from the app."""

import os
import time

from harness import HarnessError, pixel
from oracle import expected_pixel, position, settled_ms

SETTLE_S = 8
TRIES = 3      # a gesture whose expected outcome hangs on its speed: done again while its X events ran late
LATE = 0.5     # ran late: a step between two X events took more than this many pauses over its own



def check_sent(check, label, g, sent):
    """Checks that the app sent begin, moves and end at the test's own pointer positions, with the X events'
    own times; returns the gesture to replay into the oracle."""
    replay, strays = replay_of(g, sent)
    times = [f["t"] for f in sent]
    span = times[-1] - times[0] if times else 0
    check(f"{label}: the app sent begin, {len(sent) - 2} moves and end at the test's own pointer positions",
          len(sent) >= 3 and sent[0]["phase"] == "begin" and not strays, "; ".join(strays) or str(len(sent)))
    check(f"{label}: with the X events' own ms (increasing, {span:.0f} ms for {g.pause_s * 1000:.0f} ms of pauses)",
          times == sorted(times) and g.pause_s * 1000 - 10 <= span <= g.pause_s * 1000 + 1500, str(times))
    return replay


def replay_of(g, sent):
    """The gesture the app sent ([(phase, x, t)], each dx snapped to the test's own pointer positions) and the
    inputs that match none of them (strays)."""
    commanded = [0] + [p - g.x0 for p in g.positions]
    replay, strays = [], []
    for f in sent:
        dx = min(commanded, key=lambda c: abs(c - f["dx"]))
        if abs(dx - f["dx"]) > 0.01 or abs(f["x"] - (g.offset - f["dx"])) > 1e-6:
            strays.append(f"{f['phase']} dx={f['dx']} x={f['x']}")
        replay.append((f["phase"], g.offset - dx, f["t"]))
    return replay, strays

class Gesture:
    def __init__(self, name, x0, positions, mark, index, offset, plugin, pause_s):
        self.name, self.x0, self.positions, self.mark = name, x0, positions, mark
        self.index, self.offset, self.plugin, self.pause_s = index, offset, plugin, pause_s


class Driver:
    def __init__(self, app, x, oracle, check, out, bin_dir):
        self.app, self.trace, self.x, self.oracle, self.check, self.out = app, app.trace, x, oracle, check, out
        self.bin_dir = bin_dir
        self.rects, self.controls, self.plugin = {}, {}, {}

    # -- what the app shows -------------------------------------------------------------------------------

    def start(self, timeout):
        self.trace.wait("ready", timeout)
        self.window = self.x.window("Detent")
        wx, wy = self.window[:2]
        for _, _, f in self.trace.select(0, self.trace.mark(), "strip"):
            self.rects[f["s"]] = (wx + f["x"], wy + f["y"], f["width"], f["height"])
        for _, _, f in self.trace.select(0, self.trace.mark(), "control"):
            self.controls[(f["s"], f["name"])] = (wx + f["x"] + f["width"] / 2, wy + f["y"] + f["height"] / 2)
        for _, _, f in self.trace.select(0, self.trace.mark(), "opened"):
            self.plugin[f["s"]] = f["plugin"]

    def state(self, name):
        """The strip's last state line."""
        found = self.trace.select(0, self.trace.mark(), "state", s=name)
        return found[-1][2] if found else None

    def rest(self, name, timeout=SETTLE_S):
        """The strip's state once at rest: now, or at its next rest. A decision the trace shows after its last
        state line (the relay prints it before the widget takes it: an autoplay push in flight) is awaited."""
        mark = self.trace.mark()
        now = self.trace.select(0, mark, "state", s=name)
        decided = self.trace.select(now[-1][0] if now else 0, mark, "decision", s=name)
        if now and now[-1][2]["state"] == "rest" and not decided:
            return now[-1][2]
        after = decided[-1][0] if decided else mark
        return self.trace.wait("state", timeout, after=after, s=name, state="rest")[1]

    def hover(self, name, every=0):
        """The pointer into the strip: the widget pauses its autoplay (the daemon's `ok every=0`); returns the
        state it rests in once a step the daemon pushed before the pause has come to rest."""
        cx, cy = self.middle(name)
        mark = self.trace.mark()
        self.x.xdotool("mousemove", round(cx), round(cy))
        self.trace.wait("pointer", SETTLE_S, after=mark, s=name, **{"in": 1})
        self.trace.wait("autoplay", SETTLE_S, after=mark, s=name, every=every)
        return self.rest(name)

    def unhover(self, name, every):
        """The pointer out to the window's corner: autoplay resumes (`ok every=EVERY`)."""
        x, y = self.window[:2]
        mark = self.trace.mark()
        self.x.xdotool("mousemove", x + 20, y + 20)
        self.trace.wait("autoplay", SETTLE_S, after=mark, s=name, every=every)

    def offered(self, name):
        found = self.trace.select(0, self.trace.mark(), "offer", s=name)
        return found[-1][2]["plugins"].split(",") if found else []

    # -- the hands ----------------------------------------------------------------------------------------

    def middle(self, name):
        x, y, w, h = self.rects[name]
        return x + w / 2, y + h / 2

    def press_drag(self, name, dx, ms, steps, release=True, start=None):
        """Presses in the strip, moves by dx in `steps` moves `ms` apart in all, releases (unless not)."""
        at = self.rest(name)
        cx, cy = self.middle(name)
        x0 = round(cx - dx / 2) if start is None else start
        pause = ms / steps / 1000
        positions = [round(x0 + dx * i / steps) for i in range(1, steps + 1)]
        g = Gesture(name, x0, positions, self.trace.mark(), at["index"], at["offset"], self.plugin[name], pause * steps)
        # Each event followed by a round trip (X.SYNC): the server stamps it before the pause after it begins, not
        # in one ms with a backlog of them.
        args = ["mousemove", x0, round(cy), "mousedown", 1, self.x.SYNC]
        for p in positions:
            args += ["sleep", f"{pause:.3f}", "mousemove", p, round(cy), self.x.SYNC]
        if release:
            args += ["mouseup", 1, self.x.SYNC]
        self.x.xdotool(*args)
        return g

    def more(self, g, dx, ms, steps, release=True):
        """Goes on with a gesture still pressed: steps more moves by dx in all, then releases."""
        _, cy = self.middle(g.name)
        last = g.positions[-1]
        pause = ms / steps / 1000
        extra = [round(last + dx * i / steps) for i in range(1, steps + 1)]
        args = []
        for p in extra:
            args += ["sleep", f"{pause:.3f}", "mousemove", p, round(cy), self.x.SYNC]
        if release:
            args += ["mouseup", 1, self.x.SYNC]
        g.positions += extra
        g.pause_s += pause * steps
        self.x.xdotool(*args)

    def timed(self, label, name, dx, ms, steps, verify=None):
        """A drag whose expected outcome hangs on its speed (a flick), verified in full by verify(label, g)
        (verify_release's checks by default) each time it is done. The X events' own ms (the app's trace) say
        whether it ran as commanded: each step from one event to the next within LATE of its pauses. Under load a
        server at normal priority takes them late and stamps them then, and a flick reads as a slow drag. While one
        ran late, the strip goes back where it began (its buttons) and the drag is done again, at most TRIES times;
        whether to do it again is judged from the input alone, never from the outcome. The check that it ran as
        commanded fails when none did. Returns (g, what verify returned) of the last."""
        worst = []
        for attempt in range(1, TRIES + 1):
            g = self.press_drag(name, dx, ms, steps)
            result = (verify or self.verify_release)(label if attempt == 1 else f"{label} (try {attempt})", g)
            worst.append(max(map(abs, self.lateness(g))))
            if worst[-1] <= LATE * ms / steps or attempt == TRIES:
                break
            self.back_to(name, g.index)
        self.check(f"{label}: its X events ran as commanded (each step within {LATE * ms / steps:g} ms of its pauses, "
                   f"at worst {worst[-1]:g}; try {len(worst)} of at most {TRIES})", worst[-1] <= LATE * ms / steps,
                   f"worst of each try {worst} ms")
        return g, result

    def lateness(self, g):
        """How much longer (ms) than commanded each step from one X event of gesture g to the next took, by their
        t in the app's trace: a step is commanded its pauses between the positions (the nearest the test moved to;
        GTK merges a move it took late into the next); the end comes with the last move."""
        sent, _ = self.inputs(g)
        commanded = [0] + [p - g.x0 for p in g.positions]
        pause_ms = g.pause_s * 1000 / len(g.positions)
        at = [min(range(len(commanded)), key=lambda k: abs(commanded[k] - f["dx"])) for f in sent]
        return [b["t"] - a["t"] - (j - i) * pause_ms for a, b, i, j in zip(sent, sent[1:], at, at[1:])]

    def back_to(self, name, index, limit=12):
        """The strip to item `index` by its buttons (goto), one item at a time."""
        at = self.rest(name)
        for _ in range(limit):
            if at["index"] == index:
                return at
            mark = self.trace.mark()
            self.click(name, "prev" if at["index"] > index else "next")
            at = self.settle(name, mark, "goto")["rest"]
        raise HarnessError(f"{name}: not back to item {index} in {limit} clicks (at {at['index']:g})")

    def click(self, name, control):
        x, y = self.controls[(name, control)]
        self.x.xdotool("mousemove", round(x), round(y), "click", 1)

    # -- the outcome --------------------------------------------------------------------------------------

    def settle(self, name, after, cause):
        """The decision of that cause after `after`, its frames, the rest after it and the frame that painted it
        (when it moved)."""
        d, decision = self.trace.wait("decision", SETTLE_S, after=after, s=name, cause=cause)
        r, rest = self.trace.wait("state", SETTLE_S, after=d, s=name, state="rest")
        frames = [(f["t"], f["offset"]) for _, _, f in self.trace.select(d, r + 1, "frame", s=name, state="moving")]
        end = self.trace.wait("frame", SETTLE_S, after=r, s=name, state="rest")[1] if frames else None
        return {"decision": decision, "rest": rest, "frames": frames, "end": end, "at": (d, r)}

    def inputs(self, g):
        """The begin, moves and end the app sent for gesture g, from the trace."""
        e, _ = self.trace.wait("input", SETTLE_S, after=g.mark, s=g.name, phase="end")
        return [f for _, _, f in self.trace.select(g.mark, e + 1, "input", s=g.name)], e

    def verify_release(self, label, g, plugin=None):
        """The strip rests where the oracle decides for the same gesture; the frames follow that curve."""
        check = self.check
        sent, end = self.inputs(g)
        replay = check_sent(check, label, g, sent)
        outcome = self.settle(g.name, end, "release")
        opened, replies = self.oracle.replay(g.name, plugin or self.plugin[g.name], g.index, replay)
        snap = replies[-1]
        self.compare(label, outcome, snap)
        drawn = [f["offset"] for _, _, f in self.trace.select(g.mark, end, "state", s=g.name, state="drag")][1:]
        moved = [r["x"] for r in replies if r["verb"] == "moved"]
        astray = [x for x in drawn if not any(abs(x - m) <= 1e-3 for m in moved)]
        check(f"{label}: while dragging it was drawn at the daemon's moved x ({len(drawn)} of {len(moved)})",
              opened["x"] == g.offset and not astray, f"opened at {opened['x']} for {g.offset}; astray {astray[:3]}")
        return outcome, snap, list(zip(replay, replies))

    def compare(self, label, outcome, snap):
        """The app's decision is the oracle's, it rests there, and its frames lie on the oracle's curve."""
        check, decision, rest, frames = self.check, outcome["decision"], outcome["rest"], outcome["frames"]
        same = all(decision.get(k) == snap.get(k) for k in ("index", "x", "mode", "cause", "curve", "jump", "page"))
        close = all(abs(decision[k] - snap[k]) <= 1e-3 for k in ("from", "v")) and abs(decision["ms"] - snap["ms"]) <= 2
        check(f"{label}: the app's decision is the oracle's (index {snap['index']:g} at {snap['x']:g}, "
              f"{snap['curve']} over {snap['ms']:g} ms)", same and close, f"app {decision} oracle {snap}")
        target = snap.get("jump", snap["x"])
        check(f"{label}: it rests where the oracle decided ({snap['index']:g} at {target:g})",
              rest["index"] == snap["index"] and rest["offset"] == target, f"{rest}")
        # The curve the app was handed (shown equal to the oracle's above), evaluated here. The widget draws it
        # until its ms, then the frame at t >= ms rests at x (a loop: at the jump), as detent-strip(3) says.
        motion = {k: decision.get(k) for k in ("x", "from", "v", "curve", "rate", "omega")}
        worst = max((abs(x - position(motion, t)) for t, x in frames), default=0)
        enough = len(frames) >= min(3, -(-snap["ms"] // 40))
        end = outcome.get("end")
        ends = not frames or (end is not None and end["offset"] == target and end["t"] >= snap["ms"] - 0.01
                              and all(t < snap["ms"] for t, _ in frames))
        check(f"{label}: its {len(frames)} frames lie on the curve within half a point (worst {worst:.2g}) until "
              f"its {snap['ms']:g} ms, then it rests at {target:g}",
              enough and worst <= 0.5 and ends and abs(settled_ms(motion) - snap["ms"]) <= 1,
              f"frames {frames[:3]}...{frames[-2:]}; end {end}")

    def pixel_check(self, label, name, shot):
        """A screenshot of the strip at rest shows the card it rests on where it should."""
        rest = self.rest(name)
        image = self.x.shot(os.path.join(self.out, shot), crop=self.rects[name])
        where = expected_pixel(name, int(rest["index"]), rest["offset"])
        if where is None:
            return self.check(f"{label}: the resting card is in view", False, str(rest))
        (px, py), color = where
        got = pixel(image, px, py)
        self.check(f"{label}: the screenshot shows card {rest['index']:g} at rest (pixel {px:.0f},{py} is {color})",
                   max(abs(a - b) for a, b in zip(got, color)) <= 3, f"got {got}")

    def wait_quiet(self, seconds):
        """Lets time pass while a gesture is held (the pause is the gesture)."""
        time.sleep(seconds)
