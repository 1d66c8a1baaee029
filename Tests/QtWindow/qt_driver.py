"""qt-window-test's Driver: the test's hands (xdotool) and eyes (the trace, screenshots) on the window, and
the outcomes compared with the oracle's (the decision, the rest, the frames on the curve)."""

import time

from qt_curve import UnknownCurve, drawn_at
from qt_window import P, SETTLE_S, TITLE
import driver as gtk_driver  # noqa: E402  Tests/GTK/driver.py (qt_window puts Tests/GTK on the path)


class Gesture:
    def __init__(self, name, x0, y, positions, mark, index, offset, pause_s):
        self.name, self.x0, self.y, self.positions, self.mark = name, x0, y, positions, mark
        self.index, self.offset, self.pause_s = index, offset, pause_s


class Driver:
    """The test's hands (xdotool) and eyes (the trace, screenshots) on the window."""

    def __init__(self, app, x, oracle, check, config, bin_dir):
        self.app, self.trace, self.x, self.oracle, self.check = app, app.trace, x, oracle, check
        self.config, self.bin_dir = config, bin_dir
        self.rects, self.controls = {}, {}
        self.plugin = None

    def start(self, timeout):
        self.trace.wait("ready", timeout)
        self.window = self.x.window(TITLE)
        wx, wy = self.window[:2]
        for _, _, f in self.trace.select(0, self.trace.mark(), "strip"):
            self.rects[f["s"]] = (wx + f["x"], wy + f["y"], f["width"], f["height"])
        for _, _, f in self.trace.select(0, self.trace.mark(), "control"):
            self.controls[(f["s"], f["name"])] = (wx + f["x"] + f["width"] / 2, wy + f["y"] + f["height"] / 2)
        self.plugin = self.trace.select(0, self.trace.mark(), "opened")[-1][2]["plugin"]

    def rest(self, name, timeout=SETTLE_S):
        """The strip's (or the SwipeView's) state once at rest on a page: now, or at its next rest."""
        def resting(f):
            return f["state"] == "rest" and (name == "strip" or abs(f["offset"] - f["index"] * P) < 1e-6)
        mark = self.trace.mark()
        now = self.trace.select(0, mark, "state", s=name)
        if now and resting(now[-1][2]):
            return now[-1][2]
        return self.trace.wait("state", timeout, after=mark, s=name, where=resting)[1]

    def offered(self):
        found = self.trace.select(0, self.trace.mark(), "offer", s="strip")
        return found[-1][2]["plugins"].split(",") if found else []

    def middle(self, name):
        x, y, w, h = self.rects[name]
        return x + w / 2, y + h / 2

    def press_drag(self, name, dx, ms, steps, release=True, hold_ms=0):
        """Presses in the middle of name's view, moves by dx in `steps` moves `ms` apart in all, holds, releases."""
        at = self.rest(name)
        cx, cy = self.middle(name)
        x0 = round(cx - dx / 2)
        pause = ms / steps / 1000
        positions = [round(x0 + dx * i / steps) for i in range(1, steps + 1)]
        g = Gesture(name, x0, round(cy), positions, self.trace.mark(), at["index"], at["offset"],
                    pause * steps + hold_ms / 1000)
        args = ["mousemove", x0, round(cy), "mousedown", 1]
        for p in positions:
            args += ["sleep", f"{pause:.3f}", "mousemove", p, round(cy)]
        if hold_ms:
            args += ["sleep", f"{hold_ms / 1000:.3f}"]
        if release:
            args += ["mouseup", 1]
        self.x.xdotool(*args)
        return g

    def more(self, g, dx, ms, steps, release=True):
        last = g.positions[-1]
        pause = ms / steps / 1000
        extra = [round(last + dx * i / steps) for i in range(1, steps + 1)]
        args = []
        for p in extra:
            args += ["sleep", f"{pause:.3f}", "mousemove", p, g.y]
        if release:
            args += ["mouseup", 1]
        g.positions += extra
        g.pause_s += pause * steps
        self.x.xdotool(*args)

    def click(self, name, control):
        x, y = self.controls[(name, control)]
        self.x.xdotool("mousemove", round(x), round(y), "click", 1)

    def choose(self, plugin):
        """The strip's menu: a click opens it, the arrow keys (each waiting for the highlight to move) to the
        plugin's row, Return; then the strip reopens under it."""
        offered = self.offered()
        mark = self.trace.mark()
        self.click("strip", "plugin")
        i, _ = self.trace.wait("popup", 5, after=mark, s="strip", shown=1)
        i, f = self.settled_focus(i)
        for _ in range(2 * len(offered)):
            if f["focus"] == plugin:
                break
            key = "Down" if offered.index(plugin) > offered.index(f["focus"]) else "Up"
            self.x.xdotool("key", key)
            i, f = self.settled_focus(i + 1)
        self.x.xdotool("key", "Return")
        opened = self.trace.wait("opened", 5, after=mark, s="strip", plugin=plugin)[1]
        self.plugin = plugin
        return opened

    def settled_focus(self, after):
        """The popup's highlight: the first focus line at or after `after`, then the newest once no other has
        come for 0.2 s (a list that scrolls may say a row twice; a key must follow the newest)."""
        i, f = self.trace.wait("popup", 5, after=after, s="strip", where=lambda f: "focus" in f)
        while True:
            time.sleep(0.2)
            newer = [(j, g) for j, _, g in self.trace.select(i + 1, None, "popup", s="strip") if "focus" in g]
            if not newer:
                return i, f
            i, f = newer[-1]

    # -- outcomes ---------------------------------------------------------------------------------------------

    def settle(self, after, cause):
        """The strip's decision of that cause after `after`, its frames and the rest after it."""
        d, decision = self.trace.wait("decision", SETTLE_S, after=after, s="strip", cause=cause)
        r, rest = self.trace.wait("state", SETTLE_S, after=d, s="strip", state="rest")
        frames = [(f["t"], f["offset"]) for _, _, f in self.trace.select(d, r + 1, "frame", s="strip", state="moving")]
        end = self.trace.wait("frame", SETTLE_S, after=r, s="strip", state="rest")[1] if frames else None
        return {"decision": decision, "rest": rest, "frames": frames, "end": end}

    def inputs(self, g):
        e, _ = self.trace.wait("input", SETTLE_S, after=g.mark, s="strip", phase="end")
        return [f for _, _, f in self.trace.select(g.mark, e + 1, "input", s="strip")], e

    @staticmethod
    def replay_of(g, sent):
        return gtk_driver.replay_of(g, sent)

    def verify_release(self, label, g):
        """The strip rests where the oracle decides for the same gesture; drawn at its moved x while dragging;
        its frames on that decision's curve."""
        check = self.check
        sent, end = self.inputs(g)
        replay = gtk_driver.check_sent(check, label, g, sent)
        outcome = self.settle(end, "release")
        opened, replies = self.oracle.replay("strip", self.plugin, g.index, replay)
        snap = replies[-1]
        self.compare(label, outcome, snap)
        drawn = [f["offset"] for _, _, f in self.trace.select(g.mark, end, "state", s="strip", state="drag")][1:]
        moved = [r["x"] for r in replies if r["verb"] == "moved"]
        astray = [x for x in drawn if not any(abs(x - m) <= 1e-9 for m in moved)]
        check(f"{label}: while dragging it was drawn at the daemon's moved x ({len(drawn)} of {len(moved)})",
              opened["x"] == g.offset and not astray, f"opened at {opened['x']} for {g.offset}; astray {astray[:3]}")
        return outcome, snap

    def compare(self, label, outcome, snap):
        check, decision, rest, frames = self.check, outcome["decision"], outcome["rest"], outcome["frames"]
        same = all(decision.get(k) == snap.get(k) for k in ("index", "x", "mode", "cause", "curve", "jump", "page"))
        close = all(abs(decision[k] - snap[k]) <= 1e-9 for k in ("from", "v")) and decision["ms"] == snap["ms"]
        check(f"{label}: the app's decision is the oracle's (index {snap['index']:g} at {snap['x']:g}, "
              f"{snap['curve']} from {snap['from']:g} over {snap['ms']:g} ms)", same and close,
              f"app {decision} oracle {snap}")
        target = snap.get("jump", snap["x"])
        check(f"{label}: it rests where the oracle decided ({snap['index']:g} at {target:g})",
              rest["index"] == snap["index"] and rest["offset"] == target, f"{rest}")
        try:
            worst = max((abs(x - drawn_at(snap, t)) for t, x in frames), default=None)
        except UnknownCurve as unknown:
            self.check.skip(f"{label}: its {len(frames)} frames lie on the curve",
                            f"curve={unknown} is not in this test's position() yet (detent-protocol(7), Motion)")
            return
        # Detent.Controls draws the curve while t < ms, and the frame at t >= ms rests at x (a loop: its jump),
        # as detent-strip(3) says: that one is traced `frame ... state=rest`, after the rest's state line.
        enough = len(frames) >= min(3, 1 + snap["ms"] // 40)
        ts = [t for t, _ in frames]
        end = outcome.get("end")
        ends = end is not None and end["offset"] == target and end["t"] >= snap["ms"] and ts[-1:] < [end["t"]]
        if snap["ms"] == 0:                                # nothing to move along: drawn at x at once, no frame
            check(f"{label}: a motion of 0 ms: drawn at {target:g} at once, no frame", not frames and end is None,
                  f"frames {frames[:3]}; end {end}")
            return
        check(f"{label}: its {len(frames)} frames lie on the {snap['curve']} curve evaluated here "
              f"(worst {worst or 0:.2g} pt), from `from` at t=0, then at t >= ms it rests at {target:g}",
              enough and worst is not None and worst <= 1e-6 and frames[0] == (0, snap["from"]) and
              all(t < snap["ms"] for t in ts) and ends and ts == sorted(ts),
              f"frames {frames[:3]}...{frames[-2:]}; end {end}")
