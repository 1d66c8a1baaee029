"""The wheel over the Qt demo's strip (qt-swipeview): X buttons 7 and 6 (a QWheelEvent of angleDelta.x -120
and 120 each, no phase), each sent as `wheel` and answered as the test's own detentd answers the same line;
button 5 (vertical) is the other axis, which a SwipeView ignores: `kept`; two notches while the first one's
flick runs answer a snap, then `kept`, which changes nothing.

Each notch after a decision waits for the X server's clock to pass that decision's motion too, not only for the
strip's rest. The strip (like the SwipeView) moves on Qt's animation clock, which under Xvfb steps 1/60 s per
drawn frame (the scene graph's animation driver in vsync mode) while the frames come as fast as the machine
draws them: 716 animation ms in about 490 wall ms on an idle 2-core machine, so the strip rests some 200 ms
before its 700 ms flick and fixup end on the clock the daemon has, the events' (a display's vsync keeps the two
together). A notch then is inside the flick's fixup for detentd, which rightly keeps it (plugins.json(5),
qt-swipeview), while the test expected a page. The two quick notches are a round trip apart (X.SYNC), so that
each has its own ms however loaded the machine: two in one ms are kept for another reason (no velocity)."""

SETTLE_S = 8
FRAME_MS = 1000 / 60


def wheel_line(f):
    """The wheel request the app's trace says it sent."""
    return f"wheel dx={f['dx']!r} dy={f['dy']!r} t={f['t']!r} source={f['source']} x={f['x']!r}"


def wheel(check, d):
    cx, cy = d.middle("strip")
    at = d.rest("strip")
    mark = d.trace.mark()
    d.x.xdotool("mousemove", round(cx), round(cy), "click", 5)
    _, other = d.trace.wait("kept", SETTLE_S, after=mark, s="strip")
    check("wheel: button 5 (the other axis) is kept on a horizontal SwipeView", other["index"] == at["index"], str(other))
    end = None                                             # the X ms the last notch's motion ends at
    for button, step in [(7, 1), (6, -1)]:
        at = d.rest("strip")
        if end is not None:
            d.x.wait_clock(end)
        mark = d.trace.mark()
        d.x.xdotool("mousemove", round(cx), round(cy), "click", button)
        i, sent = d.trace.wait("input", SETTLE_S, after=mark, s="strip", phase="wheel")
        after = end is None or sent["t"] >= end
        check(f"wheel: button {button} sends wheel dx={step} source=mouse from where the strip rests"
              + ("" if end is None else f", {sent['t'] - end:g} ms after the last notch's motion on the X clock"),
              sent["dx"] == step and sent["dy"] == 0 and sent["source"] == "mouse" and sent["x"] == at["offset"]
              and after, str(sent))
        outcome = d.settle(i, "wheel")
        end = sent["t"] + outcome["decision"]["ms"]
        _, replies = d.oracle.replay_lines("strip", d.plugin, at["index"], [wheel_line(sent)])
        d.compare(f"a wheel notch (button {button})", outcome, replies[-1])
        check(f"wheel: the notch pages to page {at['index'] + step:g}", outcome["rest"]["index"] == at["index"] + step,
              str(outcome["rest"]))
    at = d.rest("strip")
    d.x.wait_clock(end)
    mark = d.trace.mark()
    d.x.xdotool("mousemove", round(cx), round(cy), "click", "--delay", "0", "7", d.x.SYNC, "sleep", "0.020",
                "click", "--delay", "0", "7", d.x.SYNC)     # (a click sleeps its --delay, 100 ms, after the last)
    k, kept = d.trace.wait("kept", SETTLE_S, after=mark, s="strip")
    sent = [f for _, _, f in d.trace.select(mark, k, "input", s="strip", phase="wheel")]
    _, replies = d.oracle.replay_lines("strip", d.plugin, at["index"], [wheel_line(f) for f in sent])
    gap = sent[-1]["t"] - sent[0]["t"] if len(sent) == 2 else None
    flick = replies[0].get("ms", 0) if replies else 0
    check(f"wheel: two notches {gap} ms apart (20 or more, within the first one's {flick:g} ms flick): a snap, "
          "then kept (the first one's flick runs)",
          len(sent) == 2 and 20 <= gap < flick - FRAME_MS and [r["verb"] for r in replies] == ["snap", "kept"]
          and kept["index"] == replies[1]["index"] == at["index"] + 1, f"{sent} {replies}")
    outcome = d.settle(mark, "wheel")
    d.compare("two quick notches", outcome, replies[0])
    r = d.trace.select(mark, d.trace.mark(), "state", s="strip", state="rest")
    check("wheel: kept changed nothing: one page on, one decision",
          outcome["rest"]["index"] == at["index"] + 1 and
          len(d.trace.select(mark, r[0][0] if r else d.trace.mark(), "decision", s="strip")) == 1,
          str(outcome["rest"]))
