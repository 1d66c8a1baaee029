"""record-scroll's touchpad half: the recorder in a headless sway
(Tests/Wayland/sway.py) and finger swipes from its virtual pointer, which
GTK sees as smooth scroll events from a TOUCHPAD source (scroll-begin,
scroll, and a stop event: scroll-end).

Each gesture: `goto START` and its `settled`; optionally `animate PAGE` and
the first position it draws (the recorder's own spring, v = 0 from where it
is), or a real wheel click (vpointer's `wheel`: GTK's discrete event, source
mouse) LEAD ms before the swipe's first frame, in the same vpointer batch;
one vpointer swipe (events stamped with CLOCK_MONOTONIC's ms, paced in real
time); then the recorder's stop event (`scroll ... stop=1`) and the next
`settled`. Every wait is bounded."""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Wayland"))
import harness  # noqa: E402
from harness import HarnessError  # noqa: E402

READY_S, GOTO_S, STOP_S, SETTLE_S = 20, 3, 3, 4
LONG = {"name": "w400-s0-long", "pages": 6, "width": 400, "height": 200, "spacing": 0, "long-swipes": 1}


def run(n, d, gap):
    return [(gap, d)] * n


def click(notches, lead):
    """A wheel click (vertical notches, + forward) LEAD ms before the swipe's first frame."""
    return ("wheel", notches, lead)


def wheel_swipes(config, sign, way, s):
    """A real wheel click, then a swipe with or against it while its spring runs. Every lead
    and way on w400-s0; elsewhere two of the four, crossed (the added time stays short)."""
    full = config["name"] == "w400-s0"
    out = []
    for lead in (60, 150):
        for turn, with_ in ((1, "with"), (-1, "against")):
            if full or (lead == 60) == (with_ == "with"):
                out.append((f"wheel{lead}-swipe-{with_}-{way}", s, click(sign, lead),
                            run(8, 20 * sign * turn, 10), 0))
    return out


def touchpad_gestures(config):
    """(name, start, before, [(ms before, dx)], ms of stillness before the stop). BEFORE: None,
    a page to `animate` to, or ("wheel", notches, lead ms): a real click before the swipe."""
    last = config["pages"] - 1
    out = []
    for sign, way in ((1, "fwd"), (-1, "back")):
        s = 2 if sign > 0 else 3
        out += [
            (f"slow-short-{way}", s, None, run(10, 6 * sign, 16), 0),      # 0.375 pt/ms: under 0.6
            (f"slow-long-{way}", s, None, run(26, 8 * sign, 16), 0),       # 0.5 pt/ms, past half a page
            (f"medium-{way}", s, None, run(8, 12 * sign, 10), 0),          # 1.2 pt/ms: the projection
            (f"fast-{way}", s, None, run(10, 30 * sign, 8), 0),            # 3.75 pt/ms: the parabola
            (f"flick-{way}", s, None, run(4, 15 * sign, 10), 0),
            (f"reversed-{way}", s, None, run(10, 15 * sign, 10) + run(8, -15 * sign, 10), 0),
            (f"long-fast-{way}", s, None, run(30, 40 * sign, 8), 0),        # 3 pages: held at the bounds
            (f"long-medium-{way}", s, None, run(40, 12 * sign, 10), 0),     # 1.2 pages at 1.2 pt/ms
            (f"hold-{way}", s, None, run(10, 15 * sign, 10), 200),          # still 200 ms before the stop
            (f"uneven-{way}", s, None, [(8, 5 * sign), (20, 22 * sign), (6, 9 * sign), (30, 17 * sign),
                                        (12, 3 * sign), (9, 28 * sign)], 0),
            (f"during-spring-{way}", s, s + sign, run(8, 20 * sign, 10), 0),
            (f"against-spring-{way}", s, s + sign, run(8, -20 * sign, 10), 0),
        ]
        if not config.get("long-swipes"):
            out += wheel_swipes(config, sign, way, s)
    out += [("edge-first-back", 0, None, run(8, -15, 10), 0), ("edge-last-fwd", last, None, run(8, 15, 10), 0),
            ("edge-first-back-then-fwd", 0, None, run(5, -15, 10) + run(8, 20, 10), 0),
            ("edge-last-fwd-then-back", last, None, run(5, 15, 10) + run(8, -20, 10), 0),
            ("from-first-fwd", 0, None, run(10, 25, 10), 0)]
    return out


def perform(sway, rec, config, origin, engine, g):
    name, start, animate, steps, hold = g
    trace = rec.trace
    mark = trace.mark()
    rec.command(f"goto {start}")
    trace.wait("settled", GOTO_S, after=mark)
    mark = trace.mark()
    wheel = animate if isinstance(animate, tuple) else None
    if animate is not None and wheel is None:
        rec.command(f"animate {animate}")
        a, _ = trace.wait("animate", GOTO_S, after=mark)
        trace.wait("position", GOTO_S, after=a, where=lambda f: f["p"] != start)
    at = (origin[0] + config["width"] // 2, origin[1] + config["height"] // 2)
    lines = [f"move now {at[0]} {at[1]}"]
    if wheel is not None:
        # the first step's own gap follows: LEAD ms from the click to the first finger frame
        lines += [f"wheel now v {wheel[1]}", f"wait-ms {max(0, wheel[2] - steps[0][0])}"]
    for gap, dx in steps:
        lines += [f"wait-ms {gap}", f"axis now h {dx}"]
    lines += [f"wait-ms {hold or 10}", "stop now h"]
    began = time.monotonic()
    sent = [a for a in sway.send(lines) if a["verb"] == "sent"]
    wall_ms = (time.monotonic() - began) * 1000
    problems, settled, end = [], None, None
    try:
        stop, _ = trace.wait("scroll", STOP_S, after=mark, stop=1)
        end, settled = trace.wait("settled", SETTLE_S, after=stop)
    except HarnessError as e:
        problems.append(str(e))
    got = trace.slice(mark, (end + 1) if end is not None else trace.mark())
    scrolls = [f for _, _, f in got if f["verb"] == "scroll"]
    clicks = [f for f in scrolls if f["dir"] != "smooth"]
    bad = [f for f in scrolls if f["dir"] == "smooth" and f["source"] != "touchpad"]
    if bad:
        problems.append(f"{len(bad)} scroll events not from a touchpad ({bad[0]['source']})")
    want = [] if wheel is None else [("down" if wheel[1] > 0 else "up", 0, wheel[1], "mouse", "wheel")]
    if [(f["dir"], f["dx"], f["dy"], f["source"], f["unit"]) for f in clicks] != want:
        problems.append(f"wheel clicks arrived as {[(f['dir'], f['dx'], f['dy'], f['source'], f['unit']) for f in clicks]}, "
                        f"sent {want}")
    elif clicks and scrolls[0] is not clicks[0]:
        problems.append("the wheel click came after the swipe's first event")
    if settled is not None and settled["p"] != int(settled["p"]):
        problems.append(f"settled off a page at {settled['p']}")
    return {"name": name, "kind": "touchpad", "config": dict(config), "engine": engine,
            "distance": config["width"] + config["spacing"], "start": start,
            "animate": None if wheel else animate, "wheel": wheel and {"notches": wheel[1], "lead_ms": wheel[2]},
            "steps": [{"after_ms": a, "dx": d} for a, d in steps], "hold_ms": hold,
            "sent": sent, "wall_ms": round(wall_ms, 1),
            "settled": settled and {"index": settled["index"], "via": settled["via"], "frame": settled["frame"]},
            "lines": [line for _, line, _ in got], "complete": not problems, "problems": problems}


def record(binary, configs, report):
    """Every touchpad gesture on each configuration (and a long-swipes one), each passed to report()."""
    from sway import Sway  # Tests/Wayland
    with Sway(width=800, height=600) as sway:
        for config in list(configs) + [LONG]:
            options = {**{k: config[k] for k in ("pages", "width", "height", "spacing", "long-swipes")},
                       "scroll-wheel": 1}
            rec = harness.WaylandRecorder(binary, sway.env(), options)
            try:
                _, ready = rec.trace.wait("ready", READY_S)
                rect = sway.wait_window(pid=rec.process.pid)["rect"]
                _, conf = rec.trace.wait("config", 1)
                _, spring = rec.trace.wait("spring", 1)
                engine = {"adwaita": conf["adwaita"], "gtk": conf["gtk"], "backend": "wayland",
                          "spring": {k: spring[k] for k in ("damping-ratio", "mass", "stiffness")}}
                origin = (round(rect["x"] + ready["surface-x"] + ready["x"]),
                          round(rect["y"] + ready["surface-y"] + ready["y"]))
                for g in touchpad_gestures(config):
                    try:
                        r = perform(sway, rec, config, origin, engine, g)
                    except HarnessError as e:
                        r = {"name": g[0], "kind": "touchpad", "config": dict(config), "start": g[1],
                             "complete": False, "problems": [str(e)], "settled": None, "lines": []}
                    report(r)
            finally:
                rec.close()
