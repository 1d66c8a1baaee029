"""What the real SwipeView did with each wheel / touchpad event of a
Tests/Qt/record-scroll recording, in the terms Tests/Qt/diff-scroll compares:
the protocol line each event becomes, and the widget's answer to it (a motion
started, with where it came to rest and the frames it drew; or nothing).

A motion starts at an event when the ListView emits flickStarted while taking it
(a wheel flick), or at a ScrollEnd after which contentX moves (the fixup); it runs
until the next motion starts or the gesture's settle. Frame clocks: the `tick`
line after a `cx` line (analyze's frame_clock), t = 0 at the `started` probe
after the event.

Racing clicks (README, "Racing clicks"): the widget takes an event when its loop comes
round, and draws a motion only at its frames, so a click within RACE_MS of a ScrollEnd
or of the end of the motion running finds the widget a frame further on than its
event time says, or not: which one, the frame phase decides, and no protocol line
carries it. A click within RACE_MS after a ScrollEnd is replayed with x= where the
widget had drawn the content when it took it (as a client sends it), and the fixup it
cuts is compared by its way, page, `from` and curve; a click within RACE_MS of the
end of the motion, kept by one side and taken by the other, is told by end_race."""

import statistics

# Two frame periods at 60 Hz: how near a ScrollEnd, or the end of the motion running, a click
# lies for the frame phase to decide what the widget had drawn, or whether it still moved.
RACE_MS = 34


def sessions(records):
    """[(name, [records in order])]: one per geometry and input, as they were recorded."""
    out = {}
    for r in records:
        key = f"{r.get('source', 'wheel')}/{r['config']['name']}"
        out.setdefault(key, []).append(r)
    return [(k, sorted(v, key=lambda r: r.get("seq", 0))) for k, v in out.items()]


def frame_clock(lines, i):
    """The tick after a cx line (the clock may be updated after the ListView within an advance:
    Xvfb). Two advances in one frame (Wayland's frame callbacks) leave two cx lines before one
    tick: the earlier has its own clock when the clock had already moved since the frame's tick
    line (it was updated first), else the next reading, the later cx line's (it was updated
    after the ListView, as on Xvfb: under load the clock reads a frame behind otherwise)."""
    cx = lines[i]
    tick = next((f["anim"] for f in reversed(lines[:i]) if f["e"] == "tick"), None)
    for f in lines[i + 1:]:
        if f["e"] == "cx" and f["src"] == "frame" and f["frame"] == cx["frame"]:
            return cx["anim"] if tick is not None and cx["anim"] != tick else f["anim"]
        if f["e"] == "tick" and f["frame"] == cx["frame"] + 1:
            return f["anim"]
        if f["e"] == "settled" and f["frame"] == cx["frame"]:
            return f["anim"]
    return cx["anim"]


# Issue 41: a click during a placed view's flick changes it (README, "Views put on their page")
# when the content then turns back, or goes on at less than this share of the speed it would
# have (the samples' mean speed the flick plans anew with is at most 0.67 of the flick's before
# its re-aim; a flick brakes at most 8 w px/s², which the expected speed takes off).
REPLANNED_SPEED = 0.8


def changed_motion(lines, start, i, upto, w):
    """A click (line i) in a placed view's flick (started at line `start`, no flickStarted at i) that
    changed the motion: "fixup" when the content then turns back, "replanned" when it goes on at less
    than REPLANNED_SPEED of its speed over the last frame before (or since the flick's start, when it
    drew one frame) less the most a flick brakes until the next, else None. Speeds: px per clock ms
    between drawn frames (frame_clock)."""
    started = next((f["anim"] for f in lines[start:i] if f["e"] == "started" and f["anim"] >= 0), None)
    if started is None:
        return None
    def drawn(a, b):
        return [(frame_clock(lines, j), lines[j]["cx"]) for j in range(a, b)
                if lines[j]["e"] == "cx" and lines[j]["src"] == "frame" and lines[j]["anim"] >= 0]
    before, after = [(started, lines[start]["cx"])] + drawn(start, i), drawn(i, upto)
    if len(before) < 2 or not after:
        return None
    (t0, x0), (t1, x1), (t2, x2) = before[-2], before[-1], after[0]
    if t1 <= t0 or t2 <= t1 or x1 == x0:
        return None
    v1, v2 = (x1 - x0) / (t1 - t0), (x2 - x1) / (t2 - t1)
    if v2 * v1 < 0:
        return "fixup"
    expected = abs(v1) - 8.0 * w / 1e6 * (t2 - t0) / 2
    if abs(v2) < REPLANNED_SPEED * expected:
        return "replanned"
    return None


def protocol(f, first):
    """The protocol line a recorder `wheel` line becomes: (verb, fields)."""
    def n(v):
        v = -float(v)
        return int(v) if v == int(v) else v
    if f["phase"] == "none":
        fields = {"dx": n(f["ax"] / 120), "dy": n(f["ay"] / 120), "t": f["t"],
                  "source": "mouse" if f["src"] == "mouse" else "other"}
        verb = "wheel"
    else:
        fields = {"dx": n(f["px"]), "dy": n(f["py"]), "t": f["t"]}
        if f["phase"] in ("begin", "end"):
            fields["phase"] = f["phase"]
        verb = "scroll"
    if first or fields.get("phase") == "begin":
        fields["x"] = f["cx"]
    return verb, fields


def events(r):
    """Every wheel-type event of a gesture: {n, line, verb, fields, widget, frames, why, moving, racing}."""
    lines = r["lines"]
    C = (r["config"]["pages"] - 1) * r["P"]
    wheel_at = [i for i, f in enumerate(lines) if f["e"] == "wheel"]
    handled = {}
    for i in wheel_at:
        handled[i] = next((j for j in range(i + 1, len(lines)) if lines[j]["e"] == "handled"
                           and lines[j]["of"] == "wheel"), None)
    starts = []                      # line indexes of the events that started a motion
    changed = {}                     # ... of the clicks that changed a placed view's flick (issue 41)
    placed = r.get("placed") is not None
    for k, i in enumerate(wheel_at):
        h = handled[i]
        f = lines[i]
        upto = wheel_at[k + 1] if k + 1 < len(wheel_at) else len(lines)
        if any(lines[j]["e"] == "sig" and lines[j]["name"] == "flickStarted" for j in range(i, (h or i) + 1)):
            starts.append(i)
        elif f["phase"] == "end" and any(lines[j]["e"] == "cx" and lines[j]["src"] == "frame"
                                         for j in range((h or i) + 1, upto)):
            starts.append(i)
        elif f["phase"] in ("begin", "update"):
            starts.append(i)         # a touchpad event: whatever ran is the swipe's now
        elif placed and starts and f["phase"] == "none" and f["ax"] != 0:
            # clicks the widget took with no frame drawn between them: only the first can change the
            # flick (after it the target is a page, or a fixup runs), and the next frame tells
            frame_since = any(lines[j]["e"] == "cx" and lines[j]["src"] == "frame" for j in range(starts[-1], i))
            if starts[-1] in changed and not frame_since:
                continue
            if not any(lines[j]["e"] == "cx" and lines[j]["src"] == "frame" for j in range(h or i, upto)):
                upto = len(lines)
            how = changed_motion(lines, starts[-1], h or i, upto, r["config"]["width"])
            if how:
                starts.append(i)
                changed[i] = how
    out = []
    index, moving, flicked, drawn = r["start"], False, False, None
    pos, scroll_end = 0, None       # the last ScrollEnd: (t, contentX after it)
    for k, i in enumerate(wheel_at):
        while pos < i:
            g = lines[pos]
            if g["e"] == "sig" and g["name"] == "currentIndex":
                index = int(g["value"])
            if g["e"] == "sig" and g["name"] in ("movementStarted", "movementEnded"):
                moving = g["name"] == "movementStarted"
                flicked = flicked and moving
            flicked = flicked or (g["e"] == "sig" and g["name"] == "flickStarted")
            if g["e"] == "cx" and g["src"] == "frame":
                drawn = g["frame"]   # the last frame that drew a new position
            pos += 1
        f = lines[i]
        verb, fields = protocol(f, k == 0 or placed)
        racing = None
        if f["phase"] == "none" and scroll_end is not None and 0 <= f["t"] - scroll_end[0] <= RACE_MS:
            fields["x"] = f["cx"]    # where the widget had drawn it: the ScrollEnd's x, or a frame of its fixup on
            racing = {"after": f["t"] - scroll_end[0], "drawn": f["cx"] != scroll_end[1]}
        seg_end = next((j for j in starts if j > i), len(lines))
        own = i in starts and not (f["phase"] in ("begin", "update"))
        # the page at the end of the motion this event belongs to
        end_index, rest, frames = index, f["cx"], []
        started = next((lines[j]["anim"] for j in range(handled[i] or i, seg_end) if lines[j]["e"] == "started"), None)
        for j in range(i, seg_end):
            g = lines[j]
            if g["e"] == "sig" and g["name"] == "currentIndex":
                end_index = int(g["value"])
            if g["e"] == "cx":
                rest = g["cx"]
                if own and g["src"] == "frame" and started is not None and started >= 0:
                    frames.append((frame_clock(lines, j) - started, g["cx"]))
        h = lines[handled[i]] if handled[i] is not None else {"cx": f["cx"]}
        w = {"cx": h["cx"], "index": end_index}
        if f["phase"] == "end":
            scroll_end = (f["t"], h["cx"])
        # a motion a touchpad's ScrollBegin or a click's flick cut short: where it would have come to rest
        # is not seen
        cut = own and seg_end < len(lines) and lines[seg_end]["phase"] in ("begin", "none") and not any(
            lines[j]["e"] == "sig" and lines[j]["name"] in ("flickEnded", "movementEnded") for j in range(i, seg_end))
        cut = cut and ("a swipe" if lines[seg_end]["phase"] == "begin" else "a click")
        toward = (rest > h["cx"]) - (rest < h["cx"])
        if own and i in changed:
            w |= {"kind": "flick" if changed[i] == "replanned" else "ease", "x": None if cut else rest,
                  "from": f["cx"], "toward": toward, "cut": cut, "changed": changed[i]}
        elif own and f["phase"] == "none":
            w |= {"kind": "flick", "x": None if cut else rest, "from": f["cx"], "toward": toward,
                  "cut": cut, "against": toward * -f["ax"] < 0}
        elif own:
            w |= {"kind": "ease", "x": None if cut else rest, "from": h["cx"], "toward": toward, "cut": cut}
        elif f["phase"] == "end":
            w |= {"kind": "still" if not moving else "kept", "x": rest, "from": h["cx"]}
        else:
            w |= {"kind": "kept"}
            if seg_end in changed:
                # a placed view's click changed the motion this one left running: where that would
                # have come to rest is not seen
                w["index"] = None
        # a flick whose brake has ended draws nothing new in its fixup (the ListView's 200 ms)
        still = drawn is None or f["frame"] - drawn >= 2
        why = ((("in a flick's fixup" if still else "during a flick") if flicked else "during a snap")
               if moving else "at rest") if f["phase"] == "begin" else \
              ("other axis" if f["phase"] == "none" and f["ax"] == 0 else
               "while moving" if moving else
               "at a bound" if (f["ax"] > 0 and f["cx"] <= 0) or (f["ax"] < 0 and f["cx"] >= C) else "at rest")
        # a placed view's first flick back, with spacing: off the pages first, re-aimed in flight
        reaimed = placed and k == 0 and own and f["ax"] > 0 and r["config"]["spacing"] > 0 and f["cx"] > 0
        out.append({"n": k + 1, "line": f"{verb} " + " ".join(f"{a}={b}" for a, b in fields.items()),
                    "verb": verb, "fields": fields, "widget": w, "frames": frames, "why": why,
                    "moving": moving, "racing": racing, "placed": placed, "changed": changed.get(i),
                    "reaimed": reaimed})
    return out


def end_race(e, rep, end):
    """A click within RACE_MS of `end` (the event time the reply's motion ends at) that one side kept and
    the other took, the way the frame phase explains: the widget still moving at a click past `end` (its
    last frame had not come), or at rest at a click before it (the click's delivery came after that
    frame). A description, or None: then the difference is a real one."""
    if e["verb"] != "wheel" or end is None or abs(e["fields"]["t"] - end) > RACE_MS:
        return None
    t, kind = e["fields"]["t"], e["widget"]["kind"]
    if kind == "kept" and rep["verb"] == "snap" and e["moving"] and t >= end:
        return f"a click {t - end:g} ms after the motion's end, taken; the widget still moved and kept it"
    if kind == "flick" and rep["verb"] == "kept" and not e["moving"] and t < end:
        return f"a click {end - t:g} ms before the motion's end, kept; the widget had come to rest and took it"
    return None


PLACED_BRANCHES = {"fixup": "a click against the flick, fixed up", "replanned": "a click with the flick, planned anew"}
# Each must be taken this often in a recording with placed views (issue 41)
PLACED_REQUIRED = ["placed: wheel flick", "placed: wheel flick (re-aimed in flight)",
                   "placed: " + PLACED_BRANCHES["fixup"], "placed: " + PLACED_BRANCHES["replanned"],
                   "placed: wheel kept (while moving)", "placed: wheel kept (at a bound)", "placed: wheel kept (at rest)"]
PLACED_MIN = 5


def reaimed_path(frm, page, w, frames):
    """Where Qt's flick from a placed page back draws each of `frames` [(t, x)] (README, "Views put on
    their page"): Qt's plan to the fallback frm - w (4 w px/s braking to stop there), re-aimed at the
    first frame drawn within w/2 of it: from that frame's x at the speed of the frame before it (x per
    clock ms between the two, as the Flickable's smoothVelocity), down to 0 on the page in L = 2d/v whole
    ms (QQuickTimeLine::accelDistance, v/L). The frames' own times decide it; no reply can."""
    fallback, v0 = frm - w, 4.0 * w / 1000
    a0 = v0 * v0 / (2 * w)
    out, prev, aim = [], (0, frm), None
    for t, x in frames:
        if aim is None:
            out.append(frm - v0 * t + a0 * t * t / 2 if t < 2 * w / v0 else fallback)
            if x - fallback < w / 2 and t > prev[0]:
                v = (prev[1] - x) / (t - prev[0])
                length = int(2 * (x - page) / v) if v > 0 else 0
                aim = (t, x, v, length)
        else:
            tk, xk, v, length = aim
            u = t - tk
            out.append(xk - v * u + (v / length) * u * u / 2 if 0 <= u < length else page)
        prev = (t, x)
    return out



class Stats:
    def __init__(self):
        self.branches = {}
        self.fits = []               # (name, event n, worst px, frames)
        self.reaims = []             # the same, for flicks re-aimed in flight: against Qt's re-aim
        self.reaim_replies = []      # ... and against the reply's one brake (reported)
        self.n_frames = 0

    def count(self, e, rep):
        w = e["widget"]
        if e["placed"]:
            b = "placed: " + (PLACED_BRANCHES[e["changed"]] if e["changed"] else
                              "wheel flick" + (" (re-aimed in flight)" if e["reaimed"] else "")
                              if w["kind"] == "flick" else f"wheel {w['kind']} ({e['why']})")
            self.branches[b] = self.branches.get(b, 0) + 1
            return
        if e["verb"] == "wheel":
            b = f"wheel {w['kind']}" + ("" if w["kind"] != "kept" else f" ({e['why']})") + \
                (" (against the click: the samples' way)" if w.get("against") else "") + \
                (f" (cut by {w['cut']})" if w.get("cut") else "") + \
                ("" if not e["racing"] else " (racing a ScrollEnd" + (": a frame on)" if e["racing"]["drawn"] else ")"))
        elif e["fields"].get("phase") == "end":
            b = f"scroll end: {w['kind']}" + (f" (cut by {w['cut']})" if w.get("cut") else "")
        elif e["fields"].get("phase") == "begin":
            b = f"scroll begin ({e['why']})"
        else:
            b = "scroll update"
        self.branches[b] = self.branches.get(b, 0) + 1

    def frames(self, r, e, rep):
        if not e["frames"]:
            return
        errs = [abs(qt_curve(rep, t) - cx) for t, cx in e["frames"]]
        if e["changed"] == "replanned":
            # Qt lands on the page at `stop` (accelDistance's whole ms); the reply eases the last
            # |v|·(2d/|v| - stop)/2 < |v|/2 px over its fixup: the frames from `stop` on within that more
            errs = [max(0.0, err - abs(rep["v"]) / 2) if t >= rep["stop"] else err
                    for (t, _), err in zip(e["frames"], errs)]
        name = f"{r['config']['name']}/{r['name']}"
        self.n_frames += len(errs)
        if e["reaimed"]:
            self.reaim_replies.append((name, e["n"], max(errs)))
            path = reaimed_path(e["widget"]["from"], rep["x"], r["config"]["width"], e["frames"])
            errs = [abs(p - cx) for p, (_, cx) in zip(path, e["frames"])]
        fit = (name, e["n"], max(errs), statistics.median(errs))
        (self.reaims if e["reaimed"] else self.fits).append(fit)

    def report(self, tol):
        print("# branches: " + ", ".join(f"{k} {n}" for k, n in sorted(self.branches.items())))
        bad = 0
        if any(k.startswith("placed: ") for k in self.branches):
            thin = [k for k in PLACED_REQUIRED if self.branches.get(k, 0) < PLACED_MIN]
            if thin:
                print(f"FAIL branches: fewer than {PLACED_MIN}: " + ", ".join(f"{k} ({self.branches.get(k, 0)})" for k in thin))
                bad = 1
        if self.reaims:
            worst = max(self.reaims, key=lambda f: f[2])
            off = [f for f in self.reaims if f[2] > tol]
            far = max(self.reaim_replies, key=lambda f: f[2])
            print(f"# frames of flicks re-aimed in flight against Qt's re-aim from the frames' own times: "
                  f"{len(self.reaims)} motions, worst frame {worst[2]:.3g} px ({worst[0]} event {worst[1]}), "
                  f"{len(off)} over {tol} px; against the reply's curve (which cannot know the frames): "
                  f"median of the worsts {statistics.median(f[2] for f in self.reaim_replies):.3g} px, worst "
                  f"{far[2]:.3g} px ({far[0]} event {far[1]})")
            for name, n, px, med in off:
                print(f"# off Qt's re-aim: {name} event {n}: worst {px:.3g} px, median {med:.3g} px")
            if len(off) * 10 > len(self.reaims):
                print(f"FAIL frames: {len(off)} of {len(self.reaims)} re-aimed flicks off Qt's re-aim (at most 1 in 10)")
                bad = 1
        if self.fits:
            off = [f for f in self.fits if f[2] > tol]
            worst = max(self.fits, key=lambda f: f[2])
            print(f"# frames against the reply's curve: {self.n_frames} frames after {len(self.fits)} motions; "
                  f"median of the medians {statistics.median(f[3] for f in self.fits):.2g} px, worst frame "
                  f"{worst[2]:.3g} px ({worst[0]} event {worst[1]}); {len(off)} motions with a frame over {tol} px")
            for name, n, px, med in off:
                print(f"# off the curve: {name} event {n}: worst {px:.3g} px, median {med:.3g} px")
            # The software scene graph's clock drifts from the ListView's timeline on a busy
            # machine (README): a few motions may; more than 1 in 10 is a wrong curve.
            if len(off) * 10 > len(self.fits):
                print(f"FAIL frames: {len(off)} of {len(self.fits)} motions off the reply's curve (at most 1 in 10)")
                return 1
        return bad


def qt_curve(rep, t):
    """detent-protocol(7)'s Motion for a reply (Tests/Qt/diff's curve)."""
    import importlib.machinery
    import importlib.util
    import os
    global _qtdiff
    if "_qtdiff" not in globals():
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "diff")
        loader = importlib.machinery.SourceFileLoader("qt_diff_curve", path)
        _qtdiff = importlib.util.module_from_spec(importlib.util.spec_from_loader("qt_diff_curve", loader))
        loader.exec_module(_qtdiff)
    return _qtdiff.curve(rep, t)
