"""The wheel over the Qt demo's strip (qt-swipeview): X buttons 7 and 6 (a QWheelEvent of angleDelta.x -120
and 120 each, no phase), each sent as `wheel` and answered as the test's own detentd answers the same line;
button 5 (vertical) is the other axis, which a SwipeView ignores: `kept`; two notches while the first one's
flick runs answer a snap, then `kept`, which changes nothing."""

SETTLE_S = 8


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
    for button, step in [(7, 1), (6, -1)]:
        at = d.rest("strip")
        mark = d.trace.mark()
        d.x.xdotool("mousemove", round(cx), round(cy), "click", button)
        i, sent = d.trace.wait("input", SETTLE_S, after=mark, s="strip", phase="wheel")
        check(f"wheel: button {button} sends wheel dx={step} source=mouse from where the strip rests",
              sent["dx"] == step and sent["dy"] == 0 and sent["source"] == "mouse" and sent["x"] == at["offset"],
              str(sent))
        outcome = d.settle(i, "wheel")
        _, replies = d.oracle.replay_lines("strip", d.plugin, at["index"], [wheel_line(sent)])
        d.compare(f"a wheel notch (button {button})", outcome, replies[-1])
        check(f"wheel: the notch pages to page {at['index'] + step:g}", outcome["rest"]["index"] == at["index"] + step,
              str(outcome["rest"]))
    at = d.rest("strip")
    mark = d.trace.mark()
    d.x.xdotool("mousemove", round(cx), round(cy), "click", "--repeat", "2", "--delay", "20", "7")
    k, kept = d.trace.wait("kept", SETTLE_S, after=mark, s="strip")
    sent = [f for _, _, f in d.trace.select(mark, k, "input", s="strip", phase="wheel")]
    _, replies = d.oracle.replay_lines("strip", d.plugin, at["index"], [wheel_line(f) for f in sent])
    gap = sent[-1]["t"] - sent[0]["t"] if len(sent) == 2 else None
    check(f"wheel: two notches {gap} ms apart: a snap, then kept (the first one's flick runs)",
          len(sent) == 2 and gap < 150 and [r["verb"] for r in replies] == ["snap", "kept"]
          and kept["index"] == replies[1]["index"] == at["index"] + 1, f"{sent} {replies}")
    outcome = d.settle(mark, "wheel")
    d.compare("two quick notches", outcome, replies[0])
    r = d.trace.select(mark, d.trace.mark(), "state", s="strip", state="rest")
    check("wheel: kept changed nothing: one page on, one decision",
          outcome["rest"]["index"] == at["index"] + 1 and
          len(d.trace.select(mark, r[0][0] if r else d.trace.mark(), "decision", s="strip")) == 1,
          str(outcome["rest"]))
