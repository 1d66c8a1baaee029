"""Touchpad swipes on the real SwipeView for Tests/Qt/record-scroll: the recorder as a
Wayland client of a headless sway (Tests/Wayland/sway.py), finger scrolls from its
virtual pointer (wl_pointer axis, source finger, stop), which Qt 6.4 hands the view
as ScrollBegin / ScrollUpdate (pixelDelta) / ScrollEnd wheel events.

Each gesture: its start page by `goto` (the recorder's settle), then its swipes and
wheel clicks (vpointer's `wheel`: a notch along x, which Qt hands the view as a wheel
event with no phase, angleDelta.x -120 a notch forward); after each swipe the script
waits for the recorder's two ScrollEnd lines at the stop's time (Qt 6.4 delivers
ScrollEnd twice), after a click for its wheel line, starts the next at once (a swipe
during the previous one's snap), and after the last waits for the `settled` line. A
click followed by a swipe goes in one vpointer batch with LEAD ms between the click and
the swipe's first frame, paced by vpointer."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Wayland"))
from sway import Sway, SwayError  # noqa: E402
from harness import HarnessError, WaylandRecorder, ensure_packages  # noqa: E402

HEIGHT = 200
READY_S, GOTO_S, END_S, SETTLE_S = 30, 3, 3, 4

CONFIGS = [
    {"name": "w400-s0", "pages": 5, "width": 400, "spacing": 0},
    {"name": "w350-s8", "pages": 5, "width": 350, "spacing": 8},
]


def click(notches, lead=0):
    """A wheel click (notches along x, + forward) LEAD ms before the next swipe's first frame."""
    return ("click", notches, lead)


def gestures(config):
    """(name, start page or None, [(deltas, interval ms) or click(...)]). Deltas along x, points: + forward.
    The first update of a swipe is dropped and the second only sets the start: the content
    moves by the deltas from the third on."""
    P, last = config["width"] + config["spacing"], config["pages"] - 1
    half = P // 2 if P % 2 == 0 else None

    def even(total, n):
        return [total / n] * n

    out = [
        ("slow-short-fwd", 1, [([1, 1] + [6] * 10, 16)]),
        ("slow-long-fwd", None, [([1, 1] + [8] * 30, 16)]),
        ("fast-short-fwd", None, [([1, 1] + [25] * 4, 8)]),
        ("fast-long-fwd", None, [([1, 1] + [40] * 6, 8)]),
        ("slow-long-back", None, [([-1, -1] + [-8] * 30, 16)]),
        ("fast-short-back", None, [([-1, -1] + [-25] * 4, 8)]),
        ("reversed", 2, [([2, 2] + [15] * 10 + [-12] * 10, 16)]),
        ("reversed-past", 2, [([-2, -2] + [-20] * 8 + [20] * 25, 12)]),
        ("first-deltas-big", 2, [([30, 30, 30] + [10] * 5, 16)]),
        ("edge0-back", 0, [([-2, -2] + [-15] * 10, 16)]),
        ("edge0-in-out", None, [([2, 2] + [15] * 6 + [-15] * 10, 16)]),
        ("edgeL-fwd", last, [([2, 2] + [15] * 10, 16)]),
        ("diagonal", 2, [([(2, 1), (2, 1)] + [(12, 3)] * 10, 16)]),
        ("during-snap", 2, [([1, 1] + [10] * 15, 16), ([1, 1] + [10] * 12, 16)]),
        ("during-snap-back", None, [([-1, -1] + [-10] * 25, 16), ([-1, -1] + [-6] * 5, 16)]),
    ]
    if half:
        out += [("half-fwd", 2, [([1, 1, 1] + even(half, 10), 16)]),
                ("half-back", 2, [([-1, -1, -1] + even(-half, 10), 16)])]
    # The wheel with the touchpad. A click's way is the mean of the last samples, and a swipe
    # leaves its own (its updates do not set the velocity that would clear them): the first
    # click after a swipe may go the swipe's way. The previous gesture swiped back.
    fwd = ([1, 1] + [6] * 10, 16)              # snaps back: leaves forward samples
    out += [
        ("wheel-fwd-after-back-swipe", 1, [click(1)]),
        ("primer-fwd", 1, [fwd]),
        # a swipe begun during a wheel's flick (~500 ms of brake, then a 200 ms fixup), and in its fixup
        ("wheel-swipe100-with", 1, [click(1, 100), ([1, 1] + [10] * 12, 16)]),
        ("wheel-swipe560-with", 1, [click(1, 560), ([1, 1] + [10] * 12, 16)]),
        ("wheel-swipe100-against", 1, [click(1, 100), ([-1, -1] + [-10] * 12, 16)]),
        ("wheel-back-swipe560-against", 3, [click(-1, 560), ([1, 1] + [10] * 12, 16)]),
        ("wheel-back-after-fwd-swipe", 3, [click(-1)]),
        # a click in the same ms as a swipe's end, against it
        ("swipe-fwd-wheel-back", 2, [([1, 1] + [12] * 18, 16), click(-1)]),
        ("swipe-back-wheel-fwd", 2, [([-1, -1] + [-12] * 18, 16), click(1)]),
        ("wheel-fwd-after-a-click", None, [click(1)]),
    ]
    return out


class TouchpadSession:
    def __init__(self, sway, rec, config, at):
        self.sway, self.rec, self.trace, self.config, self.at = sway, rec, rec.trace, config, at
        self.index = 0

    def goto(self, index):
        mark = self.trace.mark()
        self.rec.command(f"goto {index}")
        _, f = self.trace.wait("settled", GOTO_S, after=mark, via="goto")
        self.index = f["index"]
        return [f for _, _, f in self.trace.slice(mark, self.trace.mark())
                if f["verb"] in ("goto", "started", "cx", "tick", "settled", "sig")]

    def perform(self, name, start, swipes, seq):
        goto_lines = self.goto(start) if start is not None and start != self.index else []
        begin_index = self.index
        mark = self.trace.mark()
        problems, settled, end = [], None, None
        sent_all, pending = [], []
        try:
            at = mark
            for item in swipes:
                if item[0] == "click":
                    pending = [f"move now {self.at[0]} {self.at[1]}", f"wheel now h {item[1]}"] + \
                        ([f"wait-ms {item[2]}"] if item[2] else [])
                    continue
                deltas, interval = item
                sent = self.sway.swipe(deltas, axis="h", interval=interval, at=self.at, prefix=pending)
                pending = []
                sent_all.append(sent)
                stop_t = next(s["t"] for s in sent if s["kind"] == "stop")
                for _ in range(2):
                    at, _ = self.trace.wait("wheel", END_S, after=at, phase="end", t=stop_t)
                    at += 1
            if pending:
                sent = [a for a in self.sway.send(pending) if a["verb"] == "sent"]
                sent_all.append(sent)
                at, _ = self.trace.wait("wheel", END_S, after=at, phase="none", t=sent[-1]["t"])
                at += 1
            h, _ = self.trace.wait("handled", END_S, after=at - 1, of="wheel")
            end, settled = self.trace.wait("settled", SETTLE_S, after=h, via="wheel")
        except (HarnessError, SwayError) as e:
            problems.append(str(e))
        lines = [f for _, _, f in self.trace.slice(mark, (end + 1) if end is not None else self.trace.mark())]
        for f in lines + goto_lines:
            f.pop("verb", None)
        wheels = [f for f in lines if f["e"] == "wheel"]
        clicks = [(f["ax"], f["ay"], f["px"], f["py"], f["src"]) for f in wheels if f["phase"] == "none"]
        want = [(-120 * item[1], 0, 0, 0, "mouse") for item in swipes if item[0] == "click"]
        if clicks != want:
            problems.append(f"wheel events without a scroll phase {clicks}, clicks sent {want}")
        P = self.config["width"] + self.config["spacing"]
        if settled is not None:
            if settled["cx"] != settled["index"] * P:
                problems.append(f"settled off a page at {settled['cx']}")
            self.index = settled["index"]
        else:
            self.index = None
        return {"name": name, "seq": seq, "source": "touchpad", "config": dict(self.config, height=HEIGHT), "P": P,
                "start": begin_index, "goto": start if goto_lines else None,
                "swipes": [{"click": i[1], "lead_ms": i[2]} if i[0] == "click" else {"deltas": i[0], "interval": i[1]}
                           for i in swipes], "sent": sent_all,
                "events": wheels, "settled": settled and {k: settled[k] for k in ("index", "cx", "ms", "frame", "anim")},
                "lines": lines, "goto_lines": goto_lines, "complete": not problems, "problems": problems}


def run(binary, only, out, log):
    ensure_packages(["sway", "qt6-wayland", "libwayland-dev", "libwayland-bin", "gcc"])
    records = []
    for config in [c for c in CONFIGS if not only or c["name"] in only]:
        with Sway() as sway:
            options = {"pages": config["pages"], "width": config["width"], "height": HEIGHT,
                       "spacing": config["spacing"], "start": 0}
            rec = WaylandRecorder(binary, sway.env(), options)
            try:
                rec.trace.wait("ready", READY_S)
                win = sway.wait_window(pid=rec.process.pid)
                at = (win["rect"]["x"] + config["width"] // 2, win["rect"]["y"] + HEIGHT // 2)
                session = TouchpadSession(sway, rec, config, at)
                for seq, (name, start, swipes) in enumerate(gestures(config)):
                    try:
                        r = session.perform(name, start, swipes, seq)
                    except (HarnessError, SwayError) as e:
                        r = {"name": name, "seq": seq, "source": "touchpad", "config": config, "complete": False,
                             "problems": [str(e)], "settled": None}
                        session.index = None
                    records.append(r)
                    out.write(json.dumps(r, separators=(",", ":")) + "\n")
                    out.flush()
                    s = r["settled"]
                    log(r["complete"], f"touchpad {config['name']} {name}: {r.get('start')} -> "
                        f"{s['index'] if s else '?'}" + ("" if r["complete"] else " (" + "; ".join(r["problems"]) + ")"))
                    if session.index is None:
                        break
            finally:
                rec.close()
    return records
