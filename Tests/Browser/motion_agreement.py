"""The two clients follow the same path: thousands of random decisions of
the real daemon, their positions by the Swift client (`detent motion`) and
by the page's detent.js, in the browser, compared."""

import json
import os
import random
import subprocess

TIMES = [0, 0.25, 1, 8, 16.7, 33.3, 100, 250, 400, 516, 700, 1000, 1500, 2000]

GEOMETRIES = {
    "paging": {"viewport": 375, "item": 343, "count": 5, "spacing": 8, "lead": 16, "trail": 16},
    "cards": {"viewport": 375, "item": 343, "count": 5, "spacing": 8, "lead": 16, "trail": 16},
    "peek": {"viewport": 375, "item": 343, "count": 5, "spacing": 8, "lead": 16, "trail": 16},
    "banner": {"viewport": 375, "item": 275, "count": 6, "align": "start", "contain": "pad"},
    "thumbs": {"viewport": 375, "sizes": [120, 90, 150, 100, 80, 130, 110], "spacing": 8, "contain": "pad"},
    "shelf": {"viewport": 375, "item": 70, "count": 10, "spacing": 30, "lead": 20, "contain": "pad"},
    "carousel": {"viewport": 375, "item": 300, "count": 4, "spacing": 10, "loop": True},
}


def random_requests(rng, count):
    """JSON request lines: every plugin, gestures with and without v, with
    samples, goto (with and without x), cancel."""
    lines = []
    for plugin, geometry in GEOMETRIES.items():
        lines.append(json.dumps({"op": "open", "s": plugin, "plugin": plugin, **geometry}))
        lines.append(json.dumps({"op": "autoplay", "s": plugin, "every": 0}))
    names = list(GEOMETRIES)
    while len(lines) < count:
        s = rng.choice(names)
        kind = rng.random()
        if kind < 0.1:
            lines.append(json.dumps({"op": "cancel", "s": s}))
        elif kind < 0.25:
            goto = {"op": "goto", "s": s, "index": rng.randrange(4)}
            if rng.random() < 0.5:
                goto["x"] = round(rng.uniform(-100, 1500), 2)
            lines.append(json.dumps(goto))
        else:
            x = round(rng.uniform(-150, 1600), 1)
            t = rng.uniform(0, 1e6)
            if rng.random() < 0.5:
                lines.append(json.dumps({"op": "end", "s": s, "x": x, "v": round(rng.uniform(-4, 4), 3)}))
            else:
                speed = rng.uniform(-3, 3)
                lines.append(json.dumps({"op": "begin", "s": s, "x": x, "t": t}))
                for i in range(1, 5):
                    lines.append(json.dumps({"op": "move", "s": s, "x": x + speed * 16 * i, "t": t + 16 * i}))
                lines.append(json.dumps({"op": "end", "s": s, "x": x + speed * 80, "t": t + 80}))
    return lines


def check_motion_agreement(check, browser, demo, bin_dir, count=7000):
    replies = demo.requests(random_requests(random.Random(4), count))
    snaps = [line for line in replies if '"op":"snap"' in line]
    curves = {json.loads(line)["curve"] for line in snaps}
    check("motion: thousands of random decisions, decays and springs among them", len(snaps) >= 2000 and curves == {"decay", "spring"},
          f"{len(snaps)} decisions, curves {curves}")
    swift = subprocess.run([os.path.join(bin_dir, "detent"), "motion", "--json", "--at", ",".join(map(str, TIMES))],
                           input="\n".join(snaps) + "\n", capture_output=True, text=True, timeout=120)
    check("motion: detent motion reads every decision", swift.returncode == 0, swift.stderr[-500:])
    swift_x = [json.loads(line)["x"] for line in swift.stdout.splitlines()]
    js = browser.js("import('/clients/js/detent.js').then((m) => %s.map((line) => { const s = JSON.parse(line); const c = m.motionOf(s);"
                    " return { x: %s.map((t) => m.position(c, t)), settled: Math.abs(m.position(c, s.ms) - s.x) }; }))"
                    % (json.dumps(snaps), json.dumps(TIMES)), timeout=120)
    worst, where = 0.0, None
    for line, ours, theirs in zip(snaps, swift_x, js):
        scale = max(1.0, abs(json.loads(line)["x"]))
        for t, a, b in zip(TIMES, ours, theirs["x"]):
            error = abs(a - b) / scale
            if error > worst:
                worst, where = error, f"{line} at {t} ms: Swift {a}, JavaScript {b}"
    check("motion: the Swift and JavaScript clients' positions agree (1e-9 relative)",
          len(swift_x) == len(snaps) == len(js) and worst <= 1e-9, f"worst {worst}: {where}")
    unsettled = [line for line, theirs in zip(snaps, js) if theirs["settled"] > 0.5]
    check("motion: detent.js is within half a point of x at ms", not unsettled, "; ".join(unsettled[:3]))
