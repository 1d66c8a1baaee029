#!/usr/bin/python3
"""Reads the recordings in Tests/CssSnap/fixtures and prints the facts FACTS.md
quotes: (1) every sequence's rest against Chromium's snap selection rules as
FACTS.md states them (a small model of them here, transcribed from the rules,
not from code), (2) fits of the recorded frames to the curves those rules
name (durations, cubic Béziers). Pure Python (no numpy): a few hundred
sequences fit in seconds."""

import glob
import json
import math
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- the rules (FACTS.md, "Selection") ----


def end_position(points, x):
    """EndPosition: the point closest to x."""
    return min(points, key=lambda p: abs(p - x))


def direction(points, x, step, fractional):
    """Direction: the point closest to x strictly on step's side of x (without fractional
    offsets, a point less than 1 px away counts as reached); none: EndPosition(x)."""
    def ahead(p):
        d = p - x
        if not fractional:
            d = math.floor(d) if d > 0 else math.ceil(d)
        return d > 0 if step > 0 else d < 0
    valid = [p for p in points if ahead(p)]
    return min(valid, key=lambda p: abs(p - x)) if valid else end_position(points, x)


def end_and_direction(points, stops, x, d):
    """EndAndDirection: the point closest to x + d among those on d's side of x (rounded
    delta); then the first snap-stop point on d's side of x, when it is closer to x;
    none: EndPosition(x)."""
    valid = [p for p in points if (round(p - x) > 0 if d > 0 else round(p - x) < 0)]
    if not valid:
        return end_position(points, x)
    best = min(valid, key=lambda p: abs(p - (x + d)))
    must = [points[i] for i in stops if (math.floor(points[i] - x) > 0 if d > 0 else math.ceil(points[i] - x) < 0)]
    if must:
        stop = min(must, key=lambda p: abs(p - x))
        if abs(stop - x) < abs(best - x):
            best = stop
    return best


def position_at(frames, t, start):
    """scrollLeft as the page saw it at time t (the last frame at or before t; before the
    first frame, where the sequence started)."""
    x = start
    for ft, fx in frames:
        if ft > t:
            break
        x = fx
    return x


def predict(seq, geo):
    points, stops, top = geo["points"], geo["snapstop"], geo["points"][-1]
    frames = seq["frames"] or [[0, seq["start"]]]
    # target: where the running animation goes; notch_end: when a notch's own animation ends
    # (kInverseDelta, 200 ms for 120 px) and its snap (Direction from that target) begins.
    target, wheel_sign, moving_until, notch_end = None, 0, -1.0, -1.0
    precise_x, last_precise = None, -1e9
    inputs = [i for i in seq["inputs"] if i["kind"] != "scrollend"]
    for i in inputs:
        t = i["t"]
        x = position_at(frames, t, seq["start"])
        if i["kind"] == "wheel" and seq["source"] == "xvfb":  # a notch: 120 px, animated, then snapped
            d = i["dx"]
            if target is not None and wheel_sign and t < notch_end:
                base = target                                  # adds to the running notch's target
            elif target is not None and t < moving_until:
                base = direction(points, target, wheel_sign, True) if wheel_sign else target  # to the snap's
            else:
                base = x
            target = min(max(base + d, 0), top)
            if target == x and base == x:
                continue                                       # at the end: no animation, no snap
            wheel_sign = 1 if d > 0 else -1
            notch_end = t + inverse_delta_ms(120)
            snap = direction(points, target, wheel_sign, True)
            moving_until = notch_end + inverse_delta_ms(snap - target) + 20
        elif i["kind"] == "wheel":  # a precise wheel: the content jumps, EndPosition at its end
            base = precise_x if t - last_precise < 100 and precise_x is not None else x
            precise_x = min(max(base + i["dx"], 0), top)
            last_precise = t
            target, wheel_sign, moving_until = end_position(points, precise_x), 0, t + 300
        elif i["kind"] == "key":
            step = {"ArrowRight": 40, "ArrowLeft": -40}.get(i["key"])
            if step is None:
                continue  # Home, End, Page Up/Down: measured, they do not move a horizontal strip
            target, wheel_sign, moving_until = direction(points, x, step, False), 0, t + 600
        elif i["kind"] == "scrollby":
            target, wheel_sign, moving_until = end_and_direction(points, stops, i["x"], i["d"]), 0, t + 800
    if target is None:
        return seq["start"]
    if wheel_sign:
        return direction(points, target, wheel_sign, True)
    return target


# ---- curves ----


def bezier(x1, y1, x2, y2, u):
    """A CSS cubic-bezier's progress at time fraction u (x(s) solved by bisection)."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(30):
        s = (lo + hi) / 2
        xs = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
        if xs < u:
            lo = s
        else:
            hi = s
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


EASE_IN_OUT = (0.42, 0.0, 0.58, 1.0)
PROGRAMMATIC = (0.4, 0.0, 0.0, 1.0)   # cc/base/features.cc, kProgrammaticScrollAnimationOverride (desktop)


def inverse_delta_ms(d):
    """cc ScrollOffsetAnimationCurve, kInverseDelta: 12 frames at 120 px or less, 6 at 480 or more."""
    frames = min(max(14 - abs(d) / 60, 6), 12)
    return frames / 60 * 1000


def delta_based_ms(d, cap_ms=1500):
    return min(math.sqrt(abs(d)) / 60 * 1000, cap_ms)


def nelder_mead(f, x0, steps, iterations=400):
    pts = [list(x0)] + [[v + (steps[i] if j == i else 0) for j, v in enumerate(x0)] for i in range(len(x0))]
    vals = [f(p) for p in pts]
    for _ in range(iterations):
        order = sorted(range(len(pts)), key=lambda k: vals[k])
        pts, vals = [pts[k] for k in order], [vals[k] for k in order]
        centre = [sum(p[j] for p in pts[:-1]) / (len(pts) - 1) for j in range(len(x0))]
        worst = pts[-1]
        refl = [c + (c - w) for c, w in zip(centre, worst)]
        fr = f(refl)
        if fr < vals[0]:
            exp = [c + 2 * (c - w) for c, w in zip(centre, worst)]
            fe = f(exp)
            pts[-1], vals[-1] = (exp, fe) if fe < fr else (refl, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = refl, fr
        else:
            con = [c + 0.5 * (w - c) for c, w in zip(centre, worst)]
            fc = f(con)
            if fc < vals[-1]:
                pts[-1], vals[-1] = con, fc
            else:
                pts = [pts[0]] + [[pts[0][j] + 0.5 * (p[j] - pts[0][j]) for j in range(len(x0))] for p in pts[1:]]
                vals = [vals[0]] + [f(p) for p in pts[1:]]
    k = min(range(len(pts)), key=lambda k: vals[k])
    return pts[k], vals[k]


def rms(frames, model):
    return math.sqrt(sum((model(t) - x) ** 2 for t, x in frames) / len(frames))


def segment(x0, x1, t0, dur, curve):
    return lambda t: x0 + (x1 - x0) * bezier(*curve, (t - t0) / dur)


def fit_single(seq, curve, dur=None):
    """One animation from start to rest: fitted start time (and duration when dur is None), RMS in px."""
    f, x0, x1 = seq["frames"], seq["start"], seq["rest"]
    t_in = seq["inputs"][0]["t"]
    if dur is None:
        p, _ = nelder_mead(lambda q: rms(f, segment(x0, x1, q[0], max(q[1], 1), curve)), [t_in, 250], [10, 50])
        return p[0] - t_in, p[1], rms(f, segment(x0, x1, p[0], p[1], curve))
    p, _ = nelder_mead(lambda q: rms(f, segment(x0, x1, q[0], dur, curve)), [t_in], [10])
    return p[0] - t_in, dur, rms(f, segment(x0, x1, p[0], dur, curve))


def fit_free(seq):
    f, x0, x1 = seq["frames"], seq["start"], seq["rest"]
    t_in = seq["inputs"][0]["t"]
    best = None
    for start in ([0.4, 0.0, 0.0, 1.0], [0.42, 0.0, 0.58, 1.0]):
        def cost(q):
            a, b, c, d = q[:4]
            if not (0 <= a <= 1 and 0 <= c <= 1):
                return 1e9
            return rms(f, segment(x0, x1, q[4], max(q[5], 1), (a, b, c, d)))
        p, v = nelder_mead(cost, start + [t_in, delta_based_ms(x1 - x0)], [0.1, 0.1, 0.1, 0.1, 10, 30], 800)
        if best is None or v < best[1]:
            best = (p, v)
    return best


def fit_notch(seq):
    """A notch's two segments: the notch (x0 to x0+-120, ease-in-out) and the snap after it."""
    f, x0, rest = seq["frames"], seq["start"], seq["rest"]
    mid = x0 + (120 if rest > x0 else -120)
    t_in = seq["inputs"][0]["t"]

    def model(q):
        s1, d1, s2, d2 = q
        a, b = segment(x0, mid, s1, max(d1, 1), EASE_IN_OUT), segment(mid, rest, s2, max(d2, 1), EASE_IN_OUT)
        return lambda t: a(t) if t < s2 else b(t)
    p, v = nelder_mead(lambda q: rms(f, model(q)), [t_in, 200, t_in + 200, 180], [10, 30, 20, 30], 800)
    return {"notch_ms": p[1], "snap_ms": p[3], "snap_start_after_notch_end_ms": p[2] - (p[0] + p[1]),
            "start_after_event_ms": p[0] - t_in, "rms": v, "snap_px": abs(rest - mid),
            "rest_after_event_ms": p[2] + p[3] - t_in}


def load():
    geos, seqs = {}, []
    for path in sorted(glob.glob(os.path.join(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "fixtures"), "*.jsonl"))):
        for line in open(path):
            d = json.loads(line)
            if "frames" in d:
                seqs.append(d)
            else:
                geos[d["geometry"]] = d
    return geos, seqs


def stat(values, fmt="{:.1f}"):
    if not values:
        return "-"
    if len(values) == 1:
        return fmt.format(values[0])
    return (fmt + " ± " + fmt + " (n={})").format(statistics.mean(values), statistics.stdev(values), len(values))


def main():
    geos, seqs = load()
    print(f"# {len(seqs)} sequences: "
          + ", ".join(f"{s} {sum(1 for q in seqs if q['source'] == s)}" for s in ("xvfb", "headless")))
    bad = []
    for s in seqs:
        want = predict(s, geos[s["geometry"]])
        if abs(want - s["rest"]) > 1 or not s["at_rest"]:
            bad.append(f"{s['geometry']}/{s['sequence']}: recorded {s['rest']}, rules {want}")
    print(f"\n## Rests: {len(seqs) - len(bad)} of {len(seqs)} where the rules put them")
    for b in bad:
        print("- " + b)

    singles = [s for s in seqs if s["source"] == "xvfb" and len([i for i in s["inputs"] if i["kind"] == "wheel"]) == 1
               and s["rest"] != s["start"]]
    fits = [fit_notch(s) for s in singles]
    print(f"\n## One notch ({len(fits)} sequences, two ease-in-out segments fitted)")
    for k in ("notch_ms", "snap_ms", "snap_start_after_notch_end_ms", "start_after_event_ms", "rest_after_event_ms", "rms"):
        print(f"- {k}: {stat([f[k] for f in fits])}")
    print("- snap durations against kInverseDelta's: " + "; ".join(
        f"{f['snap_px']:.0f} px {f['snap_ms']:.0f} (rule {inverse_delta_ms(f['snap_px']):.0f})" for f in fits[:8]))

    for label, pick in (("ArrowLeft/Right, one key", lambda s: s["sequence"].startswith(("ArrowRight", "ArrowLeft"))
                         and len(s["inputs"]) <= 2 and s["inputs"][0]["kind"] == "key"),
                        ("scrollBy, one call", lambda s: s["sequence"].startswith("scrollBy") and " then " not in s["sequence"])):
        group = [s for s in seqs if pick(s) and s["rest"] != s["start"] and len(s["frames"]) > 4]
        src, eio, free_eio, free = [], [], [], []
        for s in group:
            d = s["rest"] - s["start"]
            src.append(fit_single(s, PROGRAMMATIC, delta_based_ms(d)))
            eio.append(fit_single(s, EASE_IN_OUT, delta_based_ms(d)))
            free_eio.append(fit_single(s, EASE_IN_OUT))
            free.append(fit_free(s))
        print(f"\n## {label} ({len(group)} sequences)")
        print(f"- cubic-bezier(0.4, 0, 0, 1) over sqrt(d)/60 s, start fitted: RMS {stat([r[2] for r in src], '{:.2f}')} px,"
              f" start {stat([r[0] for r in src])} ms after the input")
        print(f"- ease-in-out (0.42, 0, 0.58, 1) over sqrt(d)/60 s: RMS {stat([r[2] for r in eio], '{:.2f}')} px;"
              f" with its duration fitted too: RMS {stat([r[2] for r in free_eio], '{:.2f}')} px")
        print("- free Bézier and duration: x1 {} y1 {} x2 {} y2 {}, duration/(sqrt(d)/60 s) {}, RMS {} px".format(
            *(stat([p[0][k] for p in free], "{:.3f}") for k in range(4)),
            stat([p[0][5] / delta_based_ms(s["rest"] - s["start"]) for p, s in zip(free, group)], "{:.3f}"),
            stat([p[1] for p in free], "{:.2f}")))

    precise = [s for s in seqs if s["sequence"].startswith("precise") and "x15" not in s["sequence"]
               and "during" not in s["sequence"] and len(s["frames"]) > 4]
    print(f"\n## Precise wheel, one event ({len(precise)} sequences): the jump, then EndPosition")
    for s in precise:
        jumped = s["start"] + [i for i in s["inputs"] if i["kind"] == "wheel"][0]["dx"]
        moving = [f for f in s["frames"] if f[1] != s["start"]]
        after = [f for f in moving if abs(f[1] - jumped) > 1.5]
        if not moving or not after:
            continue
        seg = {"frames": [f for f in s["frames"] if f[0] >= moving[0][0]], "start": jumped, "rest": s["rest"],
               "inputs": [{"t": moving[0][0]}]}
        t0, dur, err = fit_single(seg, EASE_IN_OUT)
        first_jump = moving[0][0] - s["inputs"][0]["t"]
        print(f"- {s['geometry']}/{s['sequence']}: first moved frame {first_jump:.0f} ms after the event (at {moving[0][1]}),"
              f" ease-in-out back {abs(s['rest'] - jumped):.0f} px over {dur:.0f} ms"
              f" (kInverseDelta {inverse_delta_ms(s['rest'] - jumped):.0f}), RMS {err:.2f} px")


if __name__ == "__main__":
    sys.exit(main())
