#!/usr/bin/python3
"""Records Chromium's own CSS scroll snap (issue 42's ground truth) into
Tests/CssSnap/fixtures/*.jsonl: page.html's strip, driven by real wheel
notches (xdotool buttons 6/7 into Debian's full Chromium under Xvfb: --notches)
and, in the headless shell, keys, scrollBy(smooth) and precise wheels
(DevTools mouseWheel: --headless). One line per sequence: the geometry as the
page computes it (points, snapstop), the inputs with their DOM timeStamps,
and every animation frame's (t, scrollLeft), times in ms from the start.
A recorder, not a test: its pauses pace the inputs, and every time that
matters is the one the page stamped."""

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests/Browser"))
sys.path.insert(0, os.path.join(ROOT, "Tests/GTK"))
from cdp import Chromium  # noqa: E402

# Four geometries (issue 42, section 4), a 300 px viewport each.
GEOMETRIES = {
    # items of the viewport's width, start aligned: points 0, 300, ... 1500
    "pages": {"viewport": 300, "widths": [300] * 6, "gap": 0, "align": "start"},
    # narrower items centred with gaps: the first and last points clipped to 0 and max
    "centred": {"viewport": 300, "widths": [200] * 6, "gap": 40, "align": "center"},
    # scroll-padding-left 30 px, start aligned 240 px items (the first point clipped)
    "padding": {"viewport": 300, "widths": [240] * 7, "gap": 0, "align": "start", "padding": 30},
    # points every 150, scroll-snap-stop: always at 300 and 750 (the issue's)
    "stops": {"viewport": 300, "widths": [150] * 12, "gap": 0, "align": "start", "stops": [2, 5]},
}

# Sequences: (name, start point index (negative from the end), actions). An action is
# (delay in ms before it, kind, value); kinds: notch (+1 right / -1 left), burst ([sign, count, ms
# apart]: one xdotool run, as a quick flick of the wheel), key, scrollby, precise (px).
NOTCHES = [
    ("notch right", 0, [(0, "notch", 1)]),
    ("notch right mid", 2, [(0, "notch", 1)]),
    ("notch left mid", 2, [(0, "notch", -1)]),
    ("notch right at last", -1, [(0, "notch", 1)]),
    ("notch left at first", 0, [(0, "notch", -1)]),
    ("notch left from last", -1, [(0, "notch", -1)]),
    ("burst 2 right", 0, [(0, "burst", [1, 2, 30])]),
    ("burst 3 right", 0, [(0, "burst", [1, 3, 30])]),
    ("burst 4 right", 0, [(0, "burst", [1, 4, 30])]),
    ("burst 2 left mid", 3, [(0, "burst", [-1, 2, 30])]),
    ("burst 3 right to the last", -2, [(0, "burst", [1, 3, 30])]),
    ("notch during notch 120ms", 0, [(0, "notch", 1), (120, "notch", 1)]),
    ("notch during snap 260ms", 0, [(0, "notch", 1), (260, "notch", 1)]),
    ("notch back during snap 260ms", 1, [(0, "notch", 1), (260, "notch", -1)]),
    ("notch back during notch 100ms", 2, [(0, "notch", 1), (100, "notch", -1)]),
]
# Touchpad swipes (--fling): finger axis frames 16 ms apart (wl_pointer values; Chromium's
# Wayland backend scales them, the page logs what arrives), then axis_stop: Chromium's fling.
FLINGS = [
    ("swipe slow", 0, [(0, "swipe", [1, 1, 1, 1, 1, 1])]),
    ("swipe medium", 0, [(0, "swipe", [2, 3, 3, 4, 3])]),
    ("swipe fast", 0, [(0, "swipe", [4, 8, 12, 16, 20, 24])]),
    ("swipe medium back mid", 3, [(0, "swipe", [-2, -3, -3, -4, -3])]),
    ("swipe fast to the last", -2, [(0, "swipe", [4, 8, 12, 16, 20, 24])]),
    ("swipe short", 1, [(0, "swipe", [2, 2])]),
]
HEADLESS = [
    ("ArrowRight", 0, [(0, "key", "ArrowRight")]),
    ("ArrowRight mid", 2, [(0, "key", "ArrowRight")]),
    ("ArrowLeft mid", 2, [(0, "key", "ArrowLeft")]),
    ("ArrowRight at last", -1, [(0, "key", "ArrowRight")]),
    ("ArrowLeft at first", 0, [(0, "key", "ArrowLeft")]),
    ("ArrowRight x2 80ms", 0, [(0, "key", "ArrowRight"), (80, "key", "ArrowRight")]),
    ("ArrowRight x3 50ms", 0, [(0, "key", "ArrowRight"), (50, "key", "ArrowRight"), (50, "key", "ArrowRight")]),
    ("ArrowRight then ArrowRight 200ms", 0, [(0, "key", "ArrowRight"), (200, "key", "ArrowRight")]),
    ("ArrowRight then ArrowLeft 100ms", 1, [(0, "key", "ArrowRight"), (100, "key", "ArrowLeft")]),
    ("Home mid", 2, [(0, "key", "Home")]),
    ("End mid", 2, [(0, "key", "End")]),
    ("PageDown mid", 2, [(0, "key", "PageDown")]),
    ("scrollBy 100", 0, [(0, "scrollby", 100)]),
    ("scrollBy 200", 0, [(0, "scrollby", 200)]),
    ("scrollBy 400", 0, [(0, "scrollby", 400)]),
    ("scrollBy 1000", 0, [(0, "scrollby", 1000)]),
    ("scrollBy -400 mid", 3, [(0, "scrollby", -400)]),
    ("scrollBy 100 at last", -1, [(0, "scrollby", 100)]),
    ("scrollBy 200 then 200 100ms", 0, [(0, "scrollby", 200), (100, "scrollby", 200)]),
    ("scrollBy 400 then -100 150ms", 0, [(0, "scrollby", 400), (150, "scrollby", -100)]),
    ("precise 40", 0, [(0, "precise", 40)]),
    ("precise -40 mid", 2, [(0, "precise", -40)]),
    ("precise 200", 0, [(0, "precise", 200)]),
    ("precise 40 at last", -1, [(0, "precise", 40)]),
    ("precise 12x15 at 16ms", 0, [(0 if i == 0 else 16, "precise", 15) for i in range(12)]),
    ("precise 8x15 at 16ms", 0, [(0 if i == 0 else 16, "precise", 15) for i in range(8)]),
    ("precise 40 during ArrowRight 100ms", 0, [(0, "key", "ArrowRight"), (100, "precise", 40)]),
    ("ArrowRight during precise snap 60ms", 0, [(0, "precise", 40), (60, "key", "ArrowRight")]),
]


def page_url(name, geometry):
    # the query differs per geometry: a change of the hash alone would not load the page again
    return ("file://" + os.path.join(HERE, "page.html") + "?" + urllib.parse.quote(name)
            + "#" + urllib.parse.quote(json.dumps(geometry)))


def pointer_onto(b, move, x, y):
    """Puts the real pointer on the page's point (x, y), client px: move(sx, sy) moves it on the
    screen (xdotool's mousemove under Xvfb, the virtual pointer under sway), and the page keeps
    its last mousemove's client point in window.pointer. Two moves tell where the page is on the
    screen (the first event may be a stale one: the second is read); returns the screen point."""
    move(190, 140)
    b.wait("window.pointer", 5, "the pointer over the page")
    move(200, 150)
    b.wait("window.pointer && window.pointer[0] === 200", 5, "the pointer over the page")
    px, py = b.js("window.pointer")
    at = (round(200 - px + x), round(150 - py + y))
    move(*at)
    b.wait(f"Math.abs(pointer[0] - {x}) < 2 && Math.abs(pointer[1] - {y}) < 2", 5, "the pointer on the point")
    return at


class Recorder:
    def __init__(self, browser, full, out, env=None, sway=None):
        self.b, self.full, self.out, self.env, self.sway = browser, full, out, env, sway
        self.offset = (0, 0)

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=10)

    def load(self, name, geometry):
        self.b.navigate(page_url(name, geometry))
        self.b.wait(f"location.search === '?{urllib.parse.quote(name)}' && window.snapPoints"
                    " && document.readyState === 'complete'", 15, "the page")
        time.sleep(0.3)
        self.b.js("strip.focus(), true")
        g = self.b.js("snapPoints()")
        checked = self.check_points(g["points"])
        self.geometry = {"name": name, "css": geometry, **g, "checked": checked}
        r = self.b.js("(() => { const r = strip.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if self.sway:  # the same under sway: its pointer moved to the strip's centre
            self.at = pointer_onto(self.b, self.sway.move, *r)
        elif self.full:  # where the strip is on the screen: move the pointer there, as the page sees it
            pointer_onto(self.b, lambda x, y: self.xdotool("mousemove", str(x), str(y)), *r)
        return g

    def check_points(self, points):
        """Each computed point is where the browser rests: scrolled to it, and to 10 px on
        either side (instant), mandatory snap puts it back on the point."""
        for i, p in enumerate(points):
            for aim in (p, p - 10, p + 10):
                aim = min(max(aim, 0), points[-1])
                self.b.js(f"strip.scrollTo({{left: {aim}, behavior: 'instant'}}), true")
                time.sleep(0.05)
                got = self.b.js("strip.scrollLeft")
                if abs(got - p) > 0.5:
                    raise SystemExit(f"{self.geometry_name}: point {i} ({p}): scrolled to {aim}, rests at {got}")
        return True

    def rest_at(self, x):
        self.b.js(f"strip.scrollTo({{left: {x}, behavior: 'instant'}}), true")
        self.b.wait(f"strip.scrollLeft === {x}", 5, f"the strip at {x}")
        time.sleep(0.25)

    def act(self, kind, value):
        if kind == "notch":
            self.xdotool("click", "7" if value > 0 else "6")
        elif kind == "burst":
            sign, count, apart = value
            self.xdotool("click", "--repeat", str(count), "--delay", str(apart), "7" if sign > 0 else "6")
        elif kind == "swipe":
            self.sway.swipe(value, axis="h", at=self.at, interval=16)
        elif kind == "key":
            self.b.key(value)
        elif kind == "scrollby":
            self.b.js(f"scrollByLogged({value}), true")
        elif kind == "precise":
            r = self.b.js("(() => { const r = strip.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
            self.b.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": r[0], "y": r[1],
                                                      "deltaX": value, "deltaY": 0, "pointerType": "mouse"})

    def sequence(self, name, start, actions, quiet_ms=400, timeout=4.0):
        points = self.geometry["points"]
        x0 = points[start]
        self.rest_at(x0)
        t0 = self.b.js("start()")
        due = time.monotonic()
        for delay, kind, value in actions:
            due += delay / 1000
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.act(kind, value)
        # at rest: no change of scrollLeft over the last quiet_ms of frames
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.1)
            quiet = self.b.js(f"""(() => {{ const f = rec.frames; if (!f.length) return false;
              const last = f[f.length - 1]; if (last[0] - f[0][0] < {quiet_ms}) return false;
              return f.filter((e) => e[0] >= last[0] - {quiet_ms}).every((e) => e[1] === last[1]); }})()""")
            if quiet:
                break
        log = self.b.js("stop()")
        rel = lambda t: round(t - t0, 3)  # noqa: E731
        inputs = [{**i, "t": rel(i["t"])} for i in log["inputs"]]
        frames = [[rel(t), x] for t, x in log["frames"]]
        # frames from the first input's frame on, until the first of the final quiet ones (+ 2)
        rest = frames[-1][1] if frames else x0
        last_move = max((k for k in range(1, len(frames)) if frames[k][1] != frames[k - 1][1]), default=0)
        frames = frames[:min(len(frames), last_move + 3)]
        source = "wayland" if self.sway else "xvfb" if self.full else "headless"
        line = {"geometry": self.geometry["name"], "sequence": name, "source": source,
                "start": x0, "actions": [[d, k, v] for d, k, v in actions], "inputs": inputs,
                "rest": rest, "at_rest": bool(quiet), "frames": frames}
        self.out.write(json.dumps(line, separators=(",", ":")) + "\n")
        self.out.flush()
        return line


def run(full, sequences, path, repeat, only, wayland=False):
    xvfb, env, sway, args = None, None, None, ()
    if wayland:
        sys.path.insert(0, os.path.join(ROOT, "Tests/Wayland"))
        from sway import Sway
        sway = Sway(width=800, height=600)
        try:
            sway.start()
        except BaseException:
            sway.stop()
            raise
        env, args = sway.env(), ("--ozone-platform=wayland",)
    elif full:
        from harness import Xvfb
        xvfb = Xvfb("1024x768x24")
        env = dict(os.environ, DISPLAY=xvfb.display)
    browser = None
    count = 0
    try:
        browser = Chromium(width=800, height=400, full=full, env=env, args=args)
        with open(path, "w") as out:
            rec = Recorder(browser, full, out, env, sway)
            for gname, geometry in GEOMETRIES.items():
                if only and gname not in only:
                    continue
                rec.geometry_name = gname
                g = rec.load(gname, geometry)
                out.write(json.dumps({"geometry": gname, "css": geometry, "points": g["points"], "snapstop": g["snapstop"],
                                      "viewport": g["viewport"], "max": g["max"], "points_checked": True}) + "\n")
                print(f"{gname}: points {g['points']} snapstop {g['snapstop']}", file=sys.stderr)
                for _ in range(repeat):
                    for name, start, actions in sequences:
                        line = rec.sequence(name, start, actions)
                        count += 1
                        print(f"  {name}: {line['start']} -> {line['rest']} ({len(line['frames'])} frames"
                              f"{'' if line['at_rest'] else ', NOT AT REST'})", file=sys.stderr)
    finally:
        if browser:
            browser.close()
        if xvfb:
            xvfb.close()
        if sway:
            sway.stop()
    return count


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a plain kill still closes the browser and Xvfb
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--notches", action="store_true", help="real notches: full Chromium under Xvfb")
    p.add_argument("--headless", action="store_true", help="keys, scrollBy, precise wheels: the headless shell")
    p.add_argument("--fling", action="store_true", help="touchpad swipes and flings: full Chromium on Wayland under sway")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--only", nargs="*", help="geometries (default: all)")
    p.add_argument("--out", default=os.path.join(HERE, "fixtures"))
    a = p.parse_args()
    if not (a.notches or a.headless or a.fling):
        a.notches = a.headless = a.fling = True
    if a.notches:
        n = run(True, NOTCHES, os.path.join(a.out, "notches.jsonl"), a.repeat, a.only)
        print(f"notches: {n} sequences", file=sys.stderr)
    if a.fling:
        # not ground truth (FACTS.md, "Touchpad flings"): kept apart from fixtures/
        out = os.path.join(HERE, "exploratory") if a.out == os.path.join(HERE, "fixtures") else a.out
        n = run(True, FLINGS, os.path.join(out, "flings.jsonl"), a.repeat, a.only, wayland=True)
        print(f"flings: {n} sequences", file=sys.stderr)
    if a.headless:
        n = run(False, HEADLESS, os.path.join(a.out, "headless.jsonl"), a.repeat, a.only)
        print(f"headless: {n} sequences", file=sys.stderr)


if __name__ == "__main__":
    main()
