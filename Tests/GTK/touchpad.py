"""Finger swipes over a window's strip, from Tests/Wayland's virtual pointer
through a headless sway, each checked three ways against the window's own
trace and a detentd of the test's own (oracle.py):

(a) the `scroll` requests the window sent (its `input ... phase=scroll-begin|
    scroll|scroll-end` lines) are what the toolkit delivered for the frames
    the pointer sent: `gtk_delivered` or `qt_delivered`;
(b) the decision it followed is the one the oracle answers to the same
    request lines, in a fresh session resting where the strip rested;
(c) it rests there, its frames lie on that decision's curve, and while the
    finger moved it was drawn at the oracle's `moved` x, in order: with the
    window's own `moved` lines (the Qt demo traces each reply as it arrives)
    exactly those that arrived before the end was sent, and none after the
    decision's first frame.

Used by Tests/GTK/touchpad-test, Tests/QtWindow/touchpad-test and
Tests/AdwaitaTwin/twin-test."""

SETTLE_S = 8
PHASES = {"scroll-begin": " phase=begin", "scroll": "", "scroll-end": " phase=end"}


def request_lines(inputs):
    """The scroll requests the trace says the app sent, without s."""
    return [f"scroll dx={f['dx']!r} dy={f['dy']!r} t={f['t']!r}{PHASES[f['phase']]}"
            + (f" x={f['x']!r}" if "x" in f else "") for f in inputs]


def sent_frames(sent):
    """The pointer's frames [(t, value)] and the stop's t, from vpointer's answers."""
    return [(s["t"], s["value"]) for s in sent if s["kind"] == "axis"], [s["t"] for s in sent if s["kind"] == "stop"][-1]


def gtk_delivered(inputs, frames, stop, rest_x):
    """GTK (Wayland): scroll-begin with the first scroll's t and deltas; each scroll the sum of the frames GTK
    merged into it (its frame clock merges events queued within a frame: the last one's t); frames GDK merged
    into the stop are not relayed (the stop's deltas are not a move: detent-protocol(7)); the end at the stop
    with no deltas. Returns what is wrong ([] when nothing)."""
    wrong = []
    phases = [f["phase"] for f in inputs]
    if len(inputs) < 3 or phases != ["scroll-begin"] + ["scroll"] * (len(inputs) - 2) + ["scroll-end"]:
        return [f"phases {phases}"]
    begin, updates, end = inputs[0], inputs[1:-1], inputs[-1]
    if (begin["t"], begin["dx"], begin["dy"]) != (updates[0]["t"], updates[0]["dx"], updates[0]["dy"]):
        wrong.append(f"begin {begin} is not the first scroll {updates[0]}")
    if begin.get("x") != rest_x:
        wrong.append(f"begin from x={begin.get('x')}, not where the strip rested ({rest_x})")
    last = None
    for u in updates:
        if u["t"] not in [t for t, _ in frames] or u["t"] >= stop or (last is not None and u["t"] <= last):
            wrong.append(f"scroll at t={u['t']}: no frame then, or out of order")
        merged = [v for t, v in frames if (last is None or t > last) and t <= u["t"]]
        if (u["dx"], u["dy"]) != (sum(merged), 0) or not merged:
            wrong.append(f"scroll t={u['t']} dx={u['dx']} dy={u['dy']}: the frames since the last sum to {sum(merged)}")
        last = u["t"]
    if last is None:
        wrong.append("no scroll between the begin and the end")
    if (end["t"], end["dx"], end["dy"]) != (stop, 0, 0):
        wrong.append(f"end {end}, not at the stop's t={stop}")
    return wrong


def qt_delivered(inputs, frames, stop, rest_x):
    """Qt (Wayland): ScrollBegin (no deltas, the first frame's t; Qt 6.4 delivers it twice, relayed once), one
    update per frame at its t with -pixelDelta (the sent value), ScrollEnd at the stop with no deltas (twice
    too, relayed once)."""
    want = ([("scroll-begin", frames[0][0], 0, 0)] + [("scroll", t, v, 0) for t, v in frames]
            + [("scroll-end", stop, 0, 0)])
    got = [(f["phase"], f["t"], f["dx"], f["dy"]) for f in inputs]
    wrong = [] if got == want else [f"the app sent {got}; Qt delivered {want}"]
    if inputs and inputs[0].get("x") != rest_x:
        wrong.append(f"begin from x={inputs[0].get('x')}, not where the strip rested ({rest_x})")
    return wrong


def let_in(d, sway, name, point):
    """A small swipe at POINT, unchecked, up to the strip's end line and rest: under sway 1.7 the first frames
    after the pointer enters a window can be lost (seen in GTK 4.8 and Qt 6.4), so the checked swipes come
    after the window has had one."""
    mark = d.trace.mark()
    sway.swipe([4, 4, 4], axis="h", at=point, interval=20)
    d.trace.wait("input", SETTLE_S, after=mark, s=name, phase="scroll-end")
    d.rest(name)


def dedupe(xs):
    return [x for i, x in enumerate(xs) if i == 0 or x != xs[i - 1]]


def subsequence(drawn, moved):
    """Whether drawn is moved with some left out, in order."""
    it = iter(moved)
    return all(any(x == m for m in it) for x in drawn)


def drawn_on_arrival(trace, name, mark, e, at, moved, rest_x, relayed=False):
    """What is wrong (or []) with how a window that traces `moved s=NAME x=X for=scroll` as each reply arrives
    drew them, between the swipe's MARK, its scroll-end line E and AT (the decision's line, the rest's): the
    replies are the oracle's MOVED; each that arrived before the end was sent is drawn, in order, from REST_X,
    and nothing else; one that arrived after it may be drawn (in order) until the decision, never after it.
    relayed: the window's lines come from a relay between its socket and the daemon's (Examples/qt), which
    sees a reply before the app reads it, and the window draws the newest of the replies it read together
    (Detent.Controls: one frame per read): what it drew by the end is those moved x's in order, some left out."""
    d, r = at
    arrived = [(i, f["x"]) for i, _, f in trace.select(mark, r + 1, "moved", s=name, **{"for": "scroll"})]
    if [x for _, x in arrived] != moved:
        return [f"the window heard moved {[x for _, x in arrived]}, the oracle answered {moved}"]
    active, late = [x for i, x in arrived if i < e], [x for i, x in arrived if i > e]
    drawn = dedupe([f["offset"] for _, _, f in trace.select(mark, e, "state", s=name, state="drag")])
    wrong = []
    after = dedupe([f["offset"] for _, _, f in trace.select(e, d, "state", s=name, state="drag")])
    if relayed:
        # some left out, but not all: a window that ignored every moved reply draws only rest_x
        moving = [x for x in active + late if x != rest_x]
        followed = not moving or any(x in moving for x in drawn + after)
        bad = not drawn or not followed or not subsequence(drawn, dedupe([rest_x] + active))
    else:
        bad = drawn != dedupe([rest_x] + active)
    if bad:
        wrong.append(f"drawn {drawn} before the end (then {after}), moved {dedupe(active)} by then")
    # relayed: a reply the relay passed before the end may be read (and drawn) after it
    if not subsequence(after, dedupe(active + late) if relayed else dedupe(late)):
        wrong.append(f"drawn {after} after the end, not of the {late} that came after it")
    stray = [f["offset"] for _, _, f in trace.select(d, r + 1, "state", s=name, state="drag")]
    if stray:
        wrong.append(f"drawn {stray} after the decision")
    return wrong


def swipe(check, d, sway, label, name, plugin, point, deltas, interval, delivered, settle, step, per_frame=False,
          relayed=False):
    """One horizontal swipe of DELTAS (wl_pointer values, positive where the offset grows), INTERVAL ms apart,
    at POINT over strip NAME under PLUGIN; checks (a) to (c) and that it pages by STEP. settle(after, cause)
    is the driver's. per_frame: the window's state lines are what each frame drew (DetentCarousel), so a moved
    reply followed by another before the next frame is never drawn; otherwise the window traces each moved
    reply as it arrives and is held to drawn_on_arrival. Returns where the strip rests."""
    at = d.rest(name)
    mark = d.trace.mark()
    frames, stop = sent_frames(sway.swipe(deltas, axis="h", at=point, interval=interval))
    e, _ = d.trace.wait("input", SETTLE_S, after=mark, s=name, phase="scroll-end")
    outcome = settle(e, "scroll")
    inputs = [f for _, _, f in d.trace.select(mark, outcome["at"][1] + 1, "input", s=name)]
    wrong = delivered(inputs, frames, stop, at["offset"])
    span = frames[-1][0] - frames[0][0]
    check(f"{label}: the app's {len(inputs)} requests (begin, updates, end) are what the toolkit delivered for "
          f"the {len(frames)} frames ({sum(v for _, v in frames):g} pt in {span} ms); nothing after the stop",
          not wrong, "; ".join(wrong))
    _, replies = d.oracle.replay_lines(name, plugin, at["index"], request_lines(inputs))
    if not check(f"{label}: the oracle decides at the end", replies[-1]["verb"] == "snap", str(replies[-1])):
        return outcome["rest"]
    d.compare(label, outcome, replies[-1])
    if per_frame:
        drawn = dedupe([f["offset"] for _, _, f in d.trace.select(mark, e, "state", s=name, state="drag")])
        moved = dedupe([r["x"] for r in replies if r["verb"] == "moved"])
        # The last move's reply may come after the end was sent: the strip no longer follows it.
        ok = subsequence(drawn, moved) and bool(drawn) and drawn[-1] in moved[-2:] and 2 * len(drawn) >= len(moved)
        check(f"{label}: while the finger moved it was drawn at the daemon's moved x, in order ({len(drawn)} of "
              f"{len(moved)})", ok, f"drawn {drawn} moved {moved}")
    else:
        # Under load replies lag: those that came after the end was sent are the decision's to overtake.
        moved = [r["x"] for r in replies if r["verb"] == "moved"]
        wrong = drawn_on_arrival(d.trace, name, mark, e, outcome["at"], moved, at["offset"], relayed)
        ahead = len([i for i, _, _ in d.trace.select(mark, e, "moved", s=name, **{"for": "scroll"})])
        check(f"{label}: while the finger moved it was drawn at the daemon's moved x, in order, each as it came "
              f"({ahead} of {len(moved)} came before the end)", not wrong, "; ".join(wrong))
    rest = outcome["rest"]
    check(f"{label}: it pages from {at['index']:g} to {at['index'] + step:g}", rest["index"] == at["index"] + step,
          f"rests on {rest['index']:g}")
    return rest
