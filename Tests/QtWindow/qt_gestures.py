"""qt-window-test's drags, buttons and twins: pointer gestures and clicks on the strip (and the SwipeView),
each outcome compared with the oracle's."""

from qt_window import P, PAGES, SETTLE_S


def goto_page(d, name, page):
    """The view's own buttons until it rests on page."""
    for _ in range(PAGES):
        at = d.rest(name)
        if at["index"] == page:
            return at
        mark = d.trace.mark()
        d.click(name, "next" if at["index"] < page else "prev")
        d.trace.wait("state", SETTLE_S, after=mark, s=name, where=lambda f: f["state"] != "rest")
    return d.rest(name)


def drags(check, d):
    g = d.press_drag("strip", -150, 64, 4)                 # a fast flick, short of half a page
    d.verify_release("a fast flick", g)
    check("a fast flick moves one page", d.rest("strip")["index"] == 1)
    g = d.press_drag("strip", 220, 1000, 20)               # slowly back, past half a page
    d.verify_release("a slow drag back past half a page", g)
    g = d.press_drag("strip", -60, 300, 10, hold_ms=300)   # a drag held still before the release
    d.verify_release("a drag held still before the release", g)
    at = d.rest("strip")
    if at["index"] != 0:
        mark = d.trace.mark()
        d.click("strip", "prev")
        d.settle(mark, "goto")
    g = d.press_drag("strip", 120, 600, 12)                # outward past the first page
    d.verify_release("a drag past the first page", g)
    check("after a drag past the first page it rests on page 0", d.rest("strip")["index"] == 0)


def buttons(check, d):
    for button, want in [("next", 1), ("next", 2), ("prev", 1)]:
        at = d.rest("strip")
        mark = d.trace.mark()
        d.click("strip", button)
        outcome = d.settle(mark, "goto")
        target = int(at["index"]) + (1 if button == "next" else -1)
        _, snap = d.oracle.goto("strip", d.plugin, at["index"], target, at["offset"])
        d.compare(f"the strip's {button} button", outcome, snap)
        check(f"the strip's {button} button goes to page {want}", outcome["rest"]["index"] == want,
              str(outcome["rest"]))
    at = d.rest("swipeview")
    mark = d.trace.mark()
    d.click("swipeview", "next")
    rest = d.trace.wait("state", SETTLE_S, after=mark, s="swipeview",
                        where=lambda f: f["state"] == "rest" and f["index"] == at["index"] + 1 and
                        abs(f["offset"] - f["index"] * P) < 1e-6)[1]
    check(f"the SwipeView's next button goes to its page {at['index'] + 1:g} (the widget's own page change)",
          rest["index"] == at["index"] + 1, str(rest))


def twins(check, d):
    """The same gestures on the SwipeView and on the strip: both rest on the same page under qt-swipeview."""
    for label, dx, ms, steps, hold in [("a fast flick", -150, 64, 4, 0), ("a 60 px drag held 300 ms", -60, 300, 10, 300)]:
        for name in ("swipeview", "strip"):                 # both from page 1
            goto_page(d, name, 1)
        g = d.press_drag("swipeview", dx, ms, steps, hold_ms=hold)
        swipe = d.trace.wait("state", SETTLE_S, after=g.mark, s="swipeview",
                             where=lambda f: f["state"] == "rest" and abs(f["offset"] - f["index"] * P) < 1e-6)[1]
        g = d.press_drag("strip", dx, ms, steps, hold_ms=hold)
        outcome, _ = d.verify_release(f"twins, {label} on the strip", g)
        strip = outcome["rest"]
        what = f"SwipeView page {swipe['index']:g}, strip page {strip['index']:g}"
        if d.plugin == "qt-swipeview":
            check(f"twins, {label}: the SwipeView and the strip rest on the same page ({what})",
                  swipe["index"] == strip["index"], what)
        else:
            check.skip(f"twins, {label}: the SwipeView and the strip rest on the same page ({what})",
                       f"the strip is under {d.plugin}, not qt-swipeview")
