"""The page (page.ui) used as a person would, checked against the real
detentd through the relay: each decision the daemon sent, the
page-changed the app saw (once, on that page, at that position, nothing
drawn after it), and the page a screenshot shows."""

import os
import time

from harness import pixel
from pagedriver import COLOURS, SETTLE_S, expect, fields


def at_corner(app, d):
    """The colour d px inside the carousel's top-left corner."""
    x, y, w, h = app.carousel
    return pixel(app.x.shot(os.path.join(app.out, f"corner-{d}.png"), crop=(x, y, w, h)), d, d)


def paged(check, app, relay, label, act, cause, index, shown=True):
    """Acts; the daemon decides `index` for `cause`; the carousel rests there."""
    am, rm = app.trace.mark(), relay.mark()
    act()
    snap = relay.wait(rm, "down", "snap", SETTLE_S, where=lambda line: f"cause={cause}" in line.split())
    s = fields(snap) if snap else {}
    check(f"{label}: the daemon decided page {index} (snap cause={cause})", snap and int(s["index"]) == index,
          snap or "no snap")
    try:
        first, every, i = app.settle(am)
    except Exception as e:  # noqa: BLE001 (the check fails with it)
        check(f"{label}: page-changed({index})", False, str(e))
        return
    check(f"{label}: page-changed({index}) once, with position {index}",
          len(every) == 1 and first["index"] == index and first["position"] == index, str(every))
    drawn = app.lines(i + 1, "position")
    check(f"{label}: at rest nothing is drawn after page-changed", not drawn, str(drawn[:3]))
    if shown:
        check(f"{label}: the screen shows page {index}", app.page_shown(label.replace(" ", "-")) == index,
              str(app.colour(label.replace(" ", "-") + "-again")))


def startup(check, app, relay):
    opened = relay.wait(0, "up", "open", 5)
    o = fields(opened) if opened else {}
    _, _, w, h = app.carousel
    check(f"the carousel opens its session: plugin=adwaita viewport=item={w:g} count=3 index=0",
          opened and o.get("plugin") == "adwaita" and float(o["viewport"]) == w and float(o["item"]) == w
          and o["count"] == "3" and o.get("index", "0") == "0", opened)
    app.trace.wait("notify", 5, name="connected", value="TRUE")
    check("connected turns TRUE, running-plugin is adwaita",
          any(f["value"] == "adwaita" for f in app.lines(0, "notify", name="running-plugin")))
    app.quiet(0.6)
    check("no page-changed on first show", not app.lines(0, "page-changed"))
    dots = [app.ask(f"prop {i} {p}", "prop", id=i, name=p)["value"] for i in ("dots", "lines")
            for p in ("carousel", "orientation")]
    check("both indicators are bound to the carousel, horizontal as it is", dots == ["carousel", 0, "carousel", 0],
          str(dots))
    check("the dots show under the carousel", app.where("dots")[3] > 0)
    check("the screen shows the first page", app.page_shown("start") == 0, str(app.colour("start-again")))


def drags(check, app, relay):
    paged(check, app, relay, "a fast drag forward", lambda: app.drag(-200, 0, 64, 4), "release", 1)
    rm, am = relay.mark(), app.trace.mark()
    x, y, w, h = app.carousel
    app.click_at(x + w / 2, y + h - 20)
    app.quiet(0.6)
    check("a click that never moves sends nothing and emits nothing (as AdwCarousel)",
          not relay.since(rm, "up", "begin") and not app.lines(am, "page-changed"), str(relay.since(rm)))
    paged(check, app, relay, "a slow short drag back", lambda: app.drag(60, 0, 300, 6, hold_s=0.3), "release", 1)
    paged(check, app, relay, "a fast drag back", lambda: app.drag(200, 0, 64, 4), "release", 0)
    sent = relay.since(0, "up", "move")
    check("the moves sent carry the X events' own increasing times",
          len(sent) >= 8 and all(float(fields(a)["t"]) <= float(fields(b)["t"]) for a, b in zip(sent, sent[1:])))


def wheel(check, app, relay):
    app.rest_at(1)
    rm = relay.mark()
    paged(check, app, relay, "a wheel click right (7)", lambda: app.wheel(7), "wheel", 2)
    w = relay.since(rm, "up", "wheel")
    check("the click went as wheel dx=1 source=mouse", len(w) == 1 and fields(w[0])["dx"] == "1"
          and fields(w[0])["source"] == "mouse", str(w))
    rm = relay.mark()
    paged(check, app, relay, "two wheel clicks left 30 ms apart", lambda: app.wheel(6, 6, gap_s=0.03), "wheel", 1)
    w = relay.since(rm, "up", "wheel")
    gap = float(fields(w[1])["t"]) - float(fields(w[0])["t"]) if len(w) == 2 else None
    check(f"the second click, {gap} ms after the first on the X clock (30 or more, under 150), was kept by the "
          "daemon's lock", len(w) == 2 and 30 <= gap < 150 and len(relay.since(rm, "down", "kept")) == 1,
          str(relay.since(rm)))


def scroll_to(check, app, relay):
    am = app.trace.mark()
    app.command("scroll_to 2 0")
    r, _ = app.trace.wait("returned", 5, after=am)
    p = app.lines(am, "page-changed")
    check("scroll_to(2, FALSE): page-changed(2) and position 2 before it returns",
          [f["index"] for f in p] == [2] and app.trace.at(r)[2]["position"] == 2 and p[0]["position"] == 2, str(p))
    am = app.trace.mark()
    app.command("scroll_to 2 0")
    app.trace.wait("returned", 5, after=am)
    check("scroll_to the page it rests on, FALSE: page-changed(2) again", len(app.lines(am, "page-changed")) == 1)
    am, rm = app.trace.mark(), relay.mark()
    app.click("return")
    snap = relay.wait(rm, "down", "snap", SETTLE_S, where=lambda line: "cause=goto" in line and " index=0 " in line)
    check("the page's Return button (a child's click) calls scroll_to(get_nth_page(0), TRUE): goto index=0",
          snap and fields(snap)["index"] == "0" and float(fields(snap)["ms"]) > 0, str(relay.since(rm)))
    first, every, _ = app.settle(am)
    check("...and page-changed(0) comes once at the motion's end", [f["index"] for f in every] == [0])
    am = app.trace.mark()
    app.command("scroll_to 1 1")
    r, f = app.trace.wait("returned", 5, after=am)
    check("scroll_to(1, TRUE) returns before it moves", f["position"] == 0 and not app.lines(am, "page-changed"))
    first, every, _ = app.settle(am)
    check("...then page-changed(1) at position 1", [e["index"] for e in every] == [1] and first["position"] == 1)
    x, y, w, h = app.carousel
    cx, cy = round(x + w / 2), round(y + h / 2)
    am = app.trace.mark()
    app.x.xdotool("mousemove", cx, cy, "mousedown", 1, "sleep", "0.05", "mousemove", cx + 30, cy, "sleep", "0.05",
                  "mousemove", cx + 60, cy)                 # towards page 0
    app.trace.wait("notify", 5, after=am, name="state", value=1)
    am = app.trace.mark()
    app.command("scroll_to 2 0")
    r, f = app.trace.wait("returned", 5, after=am)
    p = app.lines(am, "page-changed")
    app.x.xdotool("mousemove", cx + 120, cy, "mouseup", 1)
    app.quiet(1.0)
    check("scroll_to(2, FALSE) during a drag: page-changed(2) and position 2 before it returns (the drag let go)",
          [e["index"] for e in p] == [2] and f["position"] == 2, str(p))
    check("...and it stays there when the button is released (the drag would have gone to page 0)", len(app.lines(am, "page-changed")) == 1
          and float(app.ask("get position", "value")["value"]) == 2, str(app.lines(am, "page-changed")))


def switches(check, app, relay):
    app.rest_at(1)
    am = app.trace.mark()
    app.click("scroll_wheel")
    app.trace.wait("notify", 5, after=am, name="allow-scroll-wheel", value="FALSE")
    rm, am = relay.mark(), app.trace.mark()
    app.wheel(7)
    app.quiet(0.6)
    check("the Scroll Wheel switch off (bound): a wheel click sends nothing, pages nothing",
          not relay.since(rm, "up", "wheel") and not app.lines(am, "page-changed"))
    am = app.trace.mark()
    app.click("scroll_wheel")
    app.trace.wait("notify", 5, after=am, name="allow-scroll-wheel", value="TRUE")
    am, rm = app.trace.mark(), relay.mark()
    app.click("long_swipes")
    app.trace.wait("notify", 5, after=am, name="allow-long-swipes", value="TRUE")
    lay = relay.wait(rm, "up", "layout", 5)
    check("the Long Swipes switch on: the session is laid out with swipes=long (live)",
          lay and fields(lay).get("swipes") == "long", lay)
    app.rest_at(0)
    paged(check, app, relay, "long swipes: a fast long drag crosses two pages", lambda: app.drag(-420, 0, 48, 3),
          "release", 2, shown=False)
    app.rest_at(1)
    app.click("indicator_lines")
    time.sleep(0.3)
    shown = app.ask("prop indicators_stack visible-child-name", "prop", id="indicators_stack")["value"]
    check("the Lines switch shows the lines in place of the dots (as the demo's combo row)",
          shown == "lines" and app.where("lines")[3] > 0, shown)
    rm = relay.mark()
    app.command("set allow-long-swipes false")
    time.sleep(0.2)
    check("allow-long-swipes is bound both ways to its switch",
          app.ask("active long_swipes", "active")["value"] == 0 and app.ask("get allow-long-swipes", "value")["value"]
          == "FALSE")
    lay = relay.wait(rm, "up", "layout", 5)
    check("...and off again: swipes=short", lay and fields(lay).get("swipes") == "short", lay)
    app.rest_at(0)
    paged(check, app, relay, "short swipes: the same drag moves one page", lambda: app.drag(-420, 0, 48, 3),
          "release", 1, shown=False)


def keys(check, app, relay):
    app.rest_at(0)
    x, y, w, h = app.carousel
    app.click_at(x + 20, y + h / 2)                         # on the first page's label: takes the focus
    check("a click on the carousel gives it the keyboard focus", app.ask("focused", "focused")["on"] == "carousel")
    for key, to, index in (("Right", "next", 1), ("End", "last", 2), ("Home", "first", 0), ("Page_Down", "next", 1),
                           ("Left", "prev", 0)):
        rm = relay.mark()
        paged(check, app, relay, f"key {key}", lambda k=key: app.key(k), "step", index, shown=False)
        check(f"key {key} went as step to={to}", [fields(s)["to"] for s in relay.since(rm, "up", "step")] == [to])
    ring, inside = at_corner(app, 1), at_corner(app, 8)
    want = tuple(round(0.5 * a + 0.5 * b) for a, b in zip((53, 132, 228), COLOURS[0]))
    check("keys made the focus visible: Adwaita's ring (accent at half alpha) inside the carousel's edge",
          all(abs(a - b) <= 8 for a, b in zip(ring, want)) and all(abs(a - b) <= 6 for a, b in zip(inside, COLOURS[0])),
          f"{ring} for {want}; inside {inside}")
    app.command("set interactive false")
    app.ask("get interactive", "value")                     # the set is done before the X input comes
    rm, am = relay.mark(), app.trace.mark()
    app.key("Right")
    app.wheel(7)
    app.drag(-200, 0, 64, 4)
    app.quiet(0.6)
    check("interactive off: keys, wheel and drags send nothing and page nothing",
          not relay.since(rm, "up") and not app.lines(am, "page-changed"), str(relay.since(rm)))
    app.command("set interactive true")
    app.ask("get interactive", "value")


def vertical(check, app, relay):
    app.rest_at(1)
    rm, am = relay.mark(), app.trace.mark()
    app.click("vertical")
    app.trace.wait("notify", 5, after=am, name="orientation", value=1)
    app.quiet(0.5)
    app.carousel = app.where("carousel")
    _, _, w, h = app.carousel
    lay = relay.wait(rm, "up", "layout", 5)
    check(f"the orientation switch lays the session out again along y ({h:g} px a page)",
          lay and fields(lay).get("axis") == "y" and float(fields(lay)["viewport"]) == h, lay)
    orient = [app.ask(f"prop {i} orientation", "prop", id=i)["value"] for i in ("dots", "lines")]
    check("the indicators' orientation follows the carousel's (bound from it)", orient == [1, 1], str(orient))
    paged(check, app, relay, "vertical: a fast drag up", lambda: app.drag(0, -200, 64, 4), "release", 2)
    paged(check, app, relay, "vertical: a wheel click up (4)", lambda: app.wheel(4), "wheel", 1)
    x, y, w, h = app.carousel
    app.click_at(x + 20, y + 20)
    paged(check, app, relay, "vertical: key Down", lambda: app.key("Down"), "step", 2, shown=False)
    paged(check, app, relay, "vertical: key Up", lambda: app.key("Up"), "step", 1, shown=False)
    am = app.trace.mark()
    app.click("vertical")
    app.trace.wait("notify", 5, after=am, name="orientation", value=0)
    app.quiet(0.5)
    app.carousel = app.where("carousel")


def reduced(check, app, relay):
    app.rest_at(0)
    rm = relay.mark()
    app.command("animations 0")
    lay = relay.wait(rm, "up", "layout", 5)
    check("gtk-enable-animations off: the session is laid out with motion=reduced",
          lay and fields(lay).get("motion") == "reduced", lay)
    am = app.trace.mark()
    app.command("scroll_to 2 1")
    app.trace.wait("returned", 5, after=am)
    check("reduced: scroll_to(2, TRUE) rests and emits before it returns (as AdwCarousel with animations off)",
          [f["index"] for f in app.lines(am, "page-changed")] == [2])
    rm = relay.mark()
    paged(check, app, relay, "reduced: a fast drag back", lambda: app.drag(200, 0, 64, 4), "release", 1)
    snap = relay.since(rm, "down", "snap")
    check("reduced: the daemon's decision is curve=none", snap and fields(snap[-1]).get("curve") == "none", snap)
    rm = relay.mark()
    app.command("animations 1")
    lay = relay.wait(rm, "up", "layout", 5)
    check("animations on again: laid out again with motion=full (a layout without motion keeps reduced)",
          lay and fields(lay).get("motion") == "full", lay)
    rm = relay.mark()
    paged(check, app, relay, "animations on again: a fast drag forward", lambda: app.drag(-200, 0, 64, 4), "release", 2)
    snap = relay.since(rm, "down", "snap")
    check("animations on again: the decision is animated again (not curve=none)",
          snap and fields(snap[-1]).get("curve") not in (None, "none"), snap)


def reconnect(check, app, relay):
    app.rest_at(1)
    am, rm = app.trace.mark(), relay.mark()
    relay.drop()
    app.trace.wait("notify", 5, after=am, name="connected", value="FALSE")
    t0 = time.monotonic()
    app.trace.wait("notify", 3, after=am, name="connected", value="TRUE")
    back = time.monotonic() - t0
    opened = expect(relay.wait(rm, "up", "open", 3), "open after the reconnection")
    check(f"the daemon gone: connected FALSE, then TRUE again in {back:.2f} s (< 2 s)", back < 2.0)
    check("the session reopens on the page it rested on (index=1)", fields(opened).get("index") == "1", opened)


def rtl(check, app, relay):
    paged(check, app, relay, "right-to-left: a fast drag to the right", lambda: app.drag(200, 0, 64, 4), "release", 1)
    x, y, w, h = app.carousel
    app.click_at(x + w - 20, y + h / 2)
    paged(check, app, relay, "right-to-left: key Left", lambda: app.key("Left"), "step", 2, shown=False)
    paged(check, app, relay, "right-to-left: a wheel click left (6)", lambda: app.wheel(6), "wheel", 1)
