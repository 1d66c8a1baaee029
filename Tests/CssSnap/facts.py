#!/usr/bin/python3
"""Reads the recordings in Tests/CssSnap/fixtures (or the folder given) and
prints the facts FACTS.md quotes: (1) every sequence's rest against the rules
of chromium_model.py, (2) fits of the recorded frames to the curves those
rules name (durations, cubic Béziers), (3) the retargets: wheel notches
during a running animation, keys and scrollBy during one. Pure Python."""

import glob
import json
import math
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from chromium_model import (EASE_IN_OUT, PROGRAMMATIC, Curve, bezier, delta_based_ms, direction,  # noqa: E402
                            end_and_direction, end_position, inverse_delta_ms, notch_path, path)


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
        if i["kind"] == "wheel" and seq["source"] == "xvfb":
            continue  # notches: chromium_model.notch_path, below
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
    if seq["source"] == "xvfb":
        notches = [(i["t"], i["dx"]) for i in inputs if i["kind"] == "wheel"]
        return notch_path(points, seq["start"], notches, 0, 17)[1]
    if target is None:
        return seq["start"]
    if wheel_sign:
        return direction(points, target, wheel_sign, True)
    return target


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


def fit_notches(seq, points):
    """Several notches: chromium_model.notch_path (retargets keep the velocity as the new
    ease-in-out's initial slope) against the frames, input-to-start offset and snap gap fitted."""
    notches = [(i["t"], i["dx"]) for i in seq["inputs"] if i["kind"] == "wheel"]
    def cost(q):
        return rms(seq["frames"], notch_path(points, seq["start"], notches, q[0], q[1], q[2])[0])
    start = min(([o, 8, d] for o in range(-20, 16, 4) for d in (0, 10)), key=cost)
    return nelder_mead(cost, start, [3, 5, 5], 150)


def programmatic_path(seq, geo, offset):
    """Keys and scrollBy: each input starts a new programmatic animation (0.4, 0, 0, 1) over
    kDeltaBased from where the running one is (no velocity kept); one whose target is the
    running animation's target changes nothing."""
    points, segments = geo["points"], []
    for i in seq["inputs"]:
        if i["kind"] not in ("key", "scrollby"):
            continue
        t = i["t"] + offset
        here = path(segments, seq["start"])(t)
        if i["kind"] == "key":
            step = {"ArrowRight": 40, "ArrowLeft": -40}.get(i["key"])
            if step is None:
                continue
            target = direction(points, here, step, False)
        else:
            target = end_and_direction(points, geo["snapstop"], i["x"], i["d"])
        if segments and target == segments[-1].x1:
            continue
        segments.append(Curve(here, target, t, delta_based_ms(target - here), PROGRAMMATIC))
    return path(segments, seq["start"])


def load():
    geos, seqs = {}, []
    folders = sys.argv[1:] or [os.path.join(HERE, "fixtures"), os.path.join(HERE, "exploratory")]
    for path in sorted(p for folder in folders for p in glob.glob(os.path.join(folder, "*.jsonl"))):
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
    flings = [s for s in seqs if s["source"] == "wayland"]
    seqs = [s for s in seqs if s["source"] != "wayland"]
    bad = []
    for s in seqs:
        want = predict(s, geos[s["geometry"]])
        if abs(want - s["rest"]) > 1 or not s["at_rest"]:
            bad.append(f"{s['geometry']}/{s['sequence']}: recorded {s['rest']}, rules {want}")
    print(f"\n## Rests: {len(seqs) - len(bad)} of {len(seqs)} where the rules put them")
    for b in bad:
        print("- " + b)

    print(f"\n## Touchpad swipes on Wayland ({len(flings)} sequences; not checked against a rule)")
    for s in flings:
        wheels = [i for i in s["inputs"] if i["kind"] == "wheel"]
        print(f"- {s['geometry']}/{s['sequence']}: {s['start']} -> {s['rest']}, wheel deltas "
              + " ".join(f"{i['dx']:.0f}" for i in wheels) + f", rest {s['frames'][-1][0]:.0f} ms")

    singles = [s for s in seqs if s["source"] == "xvfb" and len([i for i in s["inputs"] if i["kind"] == "wheel"]) == 1
               and s["rest"] != s["start"]]
    fits = [fit_notch(s) for s in singles]
    print(f"\n## One notch ({len(fits)} sequences, two ease-in-out segments fitted)")
    for k in ("notch_ms", "snap_ms", "snap_start_after_notch_end_ms", "start_after_event_ms", "rest_after_event_ms", "rms"):
        print(f"- {k}: {stat([f[k] for f in fits])}")
    by = {}
    for f in fits:
        by.setdefault(round(f["snap_px"]), []).append(f["snap_ms"])
    print("- the snap's duration by its distance, fitted (kInverseDelta's): " + "; ".join(
        f"{d} px {statistics.mean(v):.0f} ms, n={len(v)} ({inverse_delta_ms(d):.0f})" for d, v in sorted(by.items())))

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

    multi = [s for s in seqs if s["source"] == "xvfb" and len([i for i in s["inputs"] if i["kind"] == "wheel"]) > 1]
    fits = [(s, *fit_notches(s, geos[s["geometry"]]["points"])) for s in multi]
    print(f"\n## Notches during a running animation ({len(fits)} sequences): chromium_model.notch_path")
    print(f"- RMS px: {stat([v for _, _, v in fits], '{:.2f}')}; median {statistics.median([v for _, _, v in fits]):.2f},"
          f" within 2 px: {sum(v <= 2 for _, _, v in fits)}, worst {max(v for _, _, v in fits):.2f}")
    print(f"- input to animation start {stat([p[0] for _, p, _ in fits])} ms; notch end to snap start {stat([p[1] for _, p, _ in fits])} ms;"
          f" taken off the notch's durations {stat([p[2] for _, p, _ in fits])} ms")
    for s, p, v in sorted(fits, key=lambda f: -f[2])[:4]:
        print(f"- worst: {s['geometry']}/{s['sequence']}: {v:.2f} px")

    again = [s for s in seqs if s["source"] == "headless" and len([i for i in s["inputs"] if i["kind"] in ("key", "scrollby")]) > 1]
    fits = []
    for s in again:
        p, v = nelder_mead(lambda q: rms(s["frames"], programmatic_path(s, geos[s["geometry"]], q[0])), [8], [5], 60)
        fits.append((s, p[0], v))
    print(f"\n## Keys and scrollBy during a running animation ({len(fits)} sequences): a new animation from rest")
    print(f"- RMS px: median {statistics.median([v for _, _, v in fits]):.2f}, within 1 px: {sum(v <= 1 for _, _, v in fits)},"
          f" worst {max(v for _, _, v in fits):.2f}; input to start {stat([p for _, p, _ in fits])} ms")
    for s, p, v in sorted(fits, key=lambda f: -f[2])[:3]:
        print(f"- worst: {s['geometry']}/{s['sequence']}: {v:.2f} px")

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
