"""<detent-carousel> paged as a person and a page's script page it: CDP
mouse and touch drags, DevTools wheel events (notches and a touchpad's
pixels), keys, the buttons, the pagination and the methods. Each check
holds the element to the daemon's own decision (the reply its WebSocket
carried): the slide it shows, where it rests, and its events:
detent-slide-change exactly once per decision that changes the slide, as
soon as it is known (the track not yet where it comes to rest), never
during a drag; detent-settle exactly once per rest."""

import json
import time

N = 5  # slides of the examples with pictures


def slide_of(reply, per_move=1, per_page=1, n=N):
    """The slide a decision's index shows (the element's reading of slides-per-move: README)."""
    return min(reply["index"] * per_move, n - per_page)


def left_edges(page, cid):
    return {s: round(a, 2) for s, a, _, _ in page.shown(cid)}


def decided(check, page, cid, mark, op, before, what, per_move=1, per_page=1, expect=None, n=N):
    """After a request `op` of the carousel since mark: its reply, the slide
    shown and the events, as the daemon decided. Returns the reply."""
    session = before["session"]
    deadline = time.monotonic() + 5
    requests = []
    while time.monotonic() < deadline and not requests:
        requests = page.sent(mark, session, op)
        time.sleep(0.02)
    if not check(f"{cid}: {what} sends {op}", len(requests) == 1, f"{len(requests)} {op} lines: {requests}"):
        return None
    reply = page.wait_reply(requests[0])
    info = page.settled(cid)
    events = page.events(mark, cid)
    changes = [e for e in events if e["type"] == "detent-slide-change"]
    settles = [e for e in events if e["type"] == "detent-settle"]
    if reply["op"] == "kept":
        check(f"{cid}: {what}: kept, no event and nothing moves", not changes and not settles and info["active"] == before["active"],
              f"{events}")
        return reply
    slide = slide_of(reply, per_move, per_page, n)
    if expect is not None:
        check(f"{cid}: {what}: the daemon's decision is slide {expect}", slide == expect, json.dumps(reply))
    check(f"{cid}: {what}: it shows the slide the daemon decided ({slide})", info["active"] == slide, f"active {info['active']}")
    want = 1 if slide != before["active"] else 0
    check(f"{cid}: {what}: detent-slide-change {want} time(s), index {slide}",
          len(changes) == want and all(e["index"] == slide and e["slide"] == slide for e in changes), json.dumps(changes))
    check(f"{cid}: {what}: detent-settle once, on slide {slide}", len(settles) == 1 and settles[0]["index"] == slide, json.dumps(settles))
    if changes and settles and reply.get("ms", 0) > 50 and reply.get("curve") != "none":
        check(f"{cid}: {what}: the slide change comes with the decision, before the motion ends",
              changes[0]["at"] < settles[0]["at"] and changes[0]["transform"] != settles[0]["transform"],
              f"change at {changes[0]['at']} drawn {changes[0]['transform']}, settle at {settles[0]['at']}")
    edges = left_edges(page, cid)
    check(f"{cid}: {what}: at rest, slide {slide} starts the viewport", abs(edges.get(slide, 99)) <= 0.5, str(edges))
    return reply


def drag(check, page, cid, dx, ms, what, touch=False, pen=False, **kw):
    before = page.settled(cid)
    mark = page.mark()
    x, y = page.drag(cid, dx, ms, touch=touch, release=False, pen=pen)
    during = page.events(mark, cid, "detent-slide-change")
    moves = page.sent(mark, before["session"], "move")
    check(f"{cid}: {what}: moves go to the daemon, none changes the slide while held",
          len(moves) >= 3 and not during, f"{len(moves)} moves, events {during}")
    if touch:
        page.b.touch("touchEnd")
    elif pen:
        page.b.call("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0,
                                                 "clickCount": 1, "pointerType": "pen"})
    else:
        page.b.mouse("mouseReleased", x, y, buttons=0)
    begins = page.sent(mark, before["session"], "begin")
    times = [line["t"] for line in begins + moves]
    check(f"{cid}: {what}: begin once, then moves with rising event times", len(begins) == 1 and times == sorted(times), str(times[:4]))
    return decided(check, page, cid, mark, "end", before, what, **kw)


def check_load(check, page):
    ids = page.b.js("[...document.querySelectorAll('detent-carousel')].map((c) => c.id)")
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'open')", 15, "every carousel open")
    infos = {cid: page.info(cid) for cid in ids}
    check("every example opens its session on slide 0",
          all(i["link"] == "open" and i["active"] == 0 for i in infos.values()), json.dumps(infos))
    check("the loop example pages under the carousel plugin, the others under the config's default (cards)",
          infos["loop"]["plugin"] == "carousel" and all(i["plugin"] == "cards" for c, i in infos.items() if c != "loop"),
          str({c: i["plugin"] for c, i in infos.items()}))
    sockets = [e for e in page.b.events if e["method"] == "Network.webSocketCreated"]
    check("every carousel of the page shares one WebSocket (one pool per endpoint)", len(sockets) == 1, str(len(sockets)))
    warnings = [" ".join(str(a.get("value")) for a in e["params"]["args"]) for e in page.b.events
                if e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] == "warning"]
    check("a loop the default plugin cannot page is said once per carousel (basic, autoplay), and pages without looping",
          len(warnings) == 2 and all("cannot loop" in w for w in warnings)
          and [w.split(">")[0] for w in warnings] == ['<detent-carousel id="basic"', '<detent-carousel id="autoplay"'], str(warnings))
    loop_open = [line for d, line in page.lines() if d == "received" and line["op"] == "opened" and line.get("s") == infos["loop"]["session"]]
    check("the loop example opens looping (dup=2 under carousel)", loop_open and loop_open[-1].get("dup") == 2, json.dumps(loop_open))
    styled = page.js("vertical", """(() => { const q = (p) => getComputedStyle(c.shadowRoot.querySelector(`[part~=${p}]`));
      return [q('pagination').flexDirection, q('base').gridTemplateAreas]; })()""")
    check("vertical: the documentation's ::part() CSS for <sl-carousel> styles it, the tag renamed",
          styled == ["column", '"slides slides pagination"'], str(styled))
    icon = page.js("navigation", """(() => { const i = document.createElement('span'); i.slot = 'next-icon'; i.textContent = '>';
      c.append(i); const shown = c.shadowRoot.querySelector('slot[name=next-icon]').assignedElements()[0] === i
        && c.shadowRoot.querySelector('[part~=navigation-button--next]').contains(c.shadowRoot.querySelector('slot[name=next-icon]'));
      const slides = c.querySelectorAll('detent-carousel-item').length; i.remove(); return [shown, slides]; })()""")
    check("navigation: a next-icon slot's content goes into the next button (and is no slide)", icon == [True, 5], str(icon))
    first = [e for e in page.b.js("window.carouselEvents") if e["type"] != "detent-link-change"]
    check("no slide change and no settle on first render", not first, json.dumps(first))
    opens = {line["s"]: line for d, line in page.lines() if d == "sent" and line["op"] == "open"}
    for cid in ["navigation", "multiple", "vertical", "loop"]:
        o = opens.get(infos[cid]["session"], {})
        box = page.js(cid, """(() => { const v = c.shadowRoot.querySelector('[part=scroll-container]');
          const r = c.children[0].getBoundingClientRect(), q = c.children[1].getBoundingClientRect();
          const b = v.getBoundingClientRect();
          return c.orientation === 'vertical' ? [b.height, r.height, q.top - r.bottom] : [b.width, r.width, q.left - r.right]; })()""")
        viewport, size, gap = box
        if cid == "multiple":  # slides-per-move 2: the snaps, at slides 0, 2, 4 (the end)
            pitch = size + gap
            want = {"viewport": viewport, "points": [0, 2 * pitch, 4 * pitch], "axis": "x"}
        else:
            # The slide fills the viewport: start, center and end are the same snaps, so a
            # loop says center (its strategy's) and the others leave align to the plugin.
            want = {"viewport": viewport, "item": size, "count": 5, "spacing": gap, "axis": "y" if cid == "vertical" else "x"}
            if cid == "loop":
                want["align"] = "center"
        got = {k: o.get(k) for k in want}
        close = all(abs(got[k] - v) < 0.01 if isinstance(v, float) or isinstance(v, int) else
                    (all(abs(a - b) < 0.01 for a, b in zip(got[k], v)) and len(got[k]) == len(v) if isinstance(v, list) else got[k] == v)
                    for k, v in want.items() if got[k] is not None) and None not in got.values() and ("align" in want or "align" not in o)
        check(f"{cid}: its open says the geometry its CSS laid out ({json.dumps(want)})", close, json.dumps(o))
    return ids


def check_drags(check, page):
    drag(check, page, "basic", -260, 100, "a fast mouse flick (2.6 px/ms)")
    drag(check, page, "basic", 130, 700, "a slow mouse drag back, short of half")
    drag(check, page, "basic", 300, 900, "a slow mouse drag back past half")
    # Without mouse-dragging (as <sl-carousel>), the mouse does not drag it; the switch turns it on.
    before = page.settled("dragging")
    mark = page.mark()
    page.drag("dragging", -250, 200)
    time.sleep(0.3)
    check("dragging: without mouse-dragging the mouse sends nothing and nothing moves",
          not page.sent(mark, before["session"]) and page.info("dragging")["transform"] == before["transform"],
          json.dumps(page.sent(mark, before["session"])))
    page.b.js("document.getElementById('toggle-dragging').click(), true")
    check("dragging: the documentation's switch sets mouse-dragging", page.js("dragging", "c.mouseDragging") is True)
    drag(check, page, "dragging", -260, 100, "a mouse flick once mouse-dragging is on")
    drag(check, page, "navigation", -260, 100, "a touch flick (a finger always drags)", touch=True)
    drag(check, page, "navigation", 260, 100, "a pen flick back (a pen always drags)", pen=True)
    drag(check, page, "multiple", -300, 100, "a touch flick over two slides per page", touch=True, per_move=2, per_page=2, n=6)
    before = page.settled("vertical")
    mark = page.mark()
    page.drag("vertical", 0, 100, touch=True, dy=-220)
    decided(check, page, "vertical", mark, "end", before, "a touch flick upwards on the vertical one")


def wheel(check, page, cid, dx, dy, what, **kw):
    before = page.settled(cid)
    mark = page.mark()
    page.wheel(cid, dx, dy)
    reply = decided(check, page, cid, mark, "wheel", before, what, **kw)
    line = page.sent(mark, before["session"], "wheel")
    if line:
        check(f"{cid}: {what}: sent as one notch along its axis, source mouse",
              (line[0]["dx"], line[0]["dy"], line[0].get("source")) == ((1 if dx > 0 else -1, 0, "mouse") if dx else (0, 1 if dy > 0 else -1, "mouse")),
              json.dumps(line[0]))
    return reply


def wheel_precise(check, page, cid, dx, what):
    """One DevTools wheel of dx px (no notch): one scroll gesture (begin, update, end after the pause), resting as decided."""
    before = page.settled(cid)
    mark = page.mark()
    page.wheel(cid, dx, 0)
    deadline = time.monotonic() + 5
    scrolls = []
    while time.monotonic() < deadline and not (scrolls and scrolls[-1].get("phase") == "end"):
        scrolls = page.sent(mark, before["session"], "scroll")
        time.sleep(0.02)
    phases = [line.get("phase", "update") for line in scrolls]
    check(f"{cid}: {what} is one scroll gesture, no notch", phases == ["begin", "update", "end"]
          and not page.sent(mark, before["session"], "wheel"), str(phases))
    if phases and phases[-1] == "end":
        reply = page.wait_reply(scrolls[-1])
        info = page.settled(cid)
        slide = reply["index"] if reply["op"] == "snap" else before["active"]
        check(f"{cid}: {what} rests where the daemon decided (slide {slide})", info["active"] == slide
              and abs(left_edges(page, cid).get(slide, 99)) <= 0.5, json.dumps(reply))


def check_wheel(check, page):
    wheel(check, page, "navigation", 120, 0, "a 120 px wheel notch to the right")
    wheel(check, page, "navigation", -120, 0, "a 120 px notch to the left")
    wheel(check, page, "vertical", 0, 120, "a 120 px notch down")
    # A vertical notch over a horizontal carousel scrolls the page, as over <sl-carousel>.
    before = page.settled("navigation")
    mark = page.mark()
    y = page.b.js("scrollY")
    page.wheel("navigation", 0, 120)
    check("navigation: a vertical notch is the page's: nothing sent, the page scrolls",
          page.b.becomes(f"scrollY !== {y}", 3) and not page.sent(mark, before["session"]), str(page.b.js("scrollY")))
    # A touchpad: small pixel deltas, 16 ms apart, then a pause. A gesture
    # ends after 100 ms without an event: a loaded machine may deliver the
    # events farther apart, and then it is several gestures, each whole.
    before = page.settled("navigation")
    page.b.js("window.wheelTimes = [], document.addEventListener('wheel', (e) => window.wheelTimes.push(e.timeStamp),"
              " { capture: true, passive: true }), true")
    mark = page.mark()
    r = page.rect("navigation")
    for _ in range(14):
        page.wheel("navigation", 11, 1, r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
        time.sleep(0.016)
    deadline = time.monotonic() + 5
    scrolls = []
    while time.monotonic() < deadline and not (scrolls and scrolls[-1].get("phase") == "end"):
        scrolls = page.sent(mark, before["session"], "scroll")
        time.sleep(0.02)
    times = page.b.js("window.wheelTimes")
    gaps = [b - a for a, b in zip(times, times[1:])]
    phases = [line.get("phase", "update") for line in scrolls]
    gestures = " ".join(phases).replace("begin", "|begin").split("|")[1:]
    whole = all(g.split()[0] == "begin" and g.split()[-1] == "end" and "end" not in g.split()[:-1] for g in gestures)
    # (70, not 100: an event's timeStamp is its creation, and a loaded renderer may dispatch it later.)
    want = 1 if max(gaps, default=0) < 70 else None
    check("navigation: a touchpad swipe is scroll gestures (each begin, its events as updates, end after a 100 ms pause); "
          "one gesture when its events come less than 70 ms apart",
          len(times) == 14 and whole and phases.count("update") == 14
          and (want is None or len(gestures) == want), f"{phases}, gaps {[round(g) for g in gaps]}")
    ends = [line for line in scrolls if line.get("phase") == "end"]
    if ends:
        reply = page.wait_reply(ends[-1])
        info = page.settled("navigation")
        settles = page.events(mark, "navigation", "detent-settle")
        replies = [page.wait_reply(e) for e in ends]
        snaps = [x for x in replies if x["op"] == "snap"]
        slide = snaps[-1]["index"] if snaps else before["active"]
        # A gesture that begins while the last one's motion runs replaces it: one rest at the end (one per
        # gesture only when each came to rest before the next began).
        check(f"navigation: the swipe rests where the daemon decided (slide {slide}), settled once at the end",
              info["active"] == slide and 1 <= len(settles) <= len(snaps) and settles[-1]["index"] == slide,
              f"{replies} {settles}")
        del reply


def key(check, page, cid, name, to, what=None, **kw):
    before = page.settled(cid)
    mark = page.mark()
    page.b.js("document.addEventListener('keydown', (e) => { window.keyStamp = e.timeStamp; }, { once: true, capture: true }), true")
    page.b.key(name)
    reply = decided(check, page, cid, mark, "step", before, what or f"{name}", **kw)
    line = page.sent(mark, before["session"], "step")
    if line:
        check(f"{cid}: {name} is step to={to}, t the key's timeStamp", line[0]["to"] == to and line[0]["t"] == page.b.js("window.keyStamp"),
              json.dumps(line[0]))
    return reply


def check_keys(check, page):
    page.focus("navigation")
    key(check, page, "navigation", "End", "last")
    key(check, page, "navigation", "ArrowRight", "next", "ArrowRight at the last slide")
    key(check, page, "navigation", "Home", "first")
    key(check, page, "navigation", "ArrowRight", "next")
    key(check, page, "navigation", "ArrowLeft", "prev")
    before = page.settled("navigation")
    mark = page.mark()
    page.b.key("ArrowDown")
    time.sleep(0.3)
    check("navigation: Down is the page's on a horizontal carousel (nothing sent)", not page.sent(mark, before["session"]))
    page.js("navigation", "c.setAttribute('dir', 'rtl')")
    page.focus("navigation")
    key(check, page, "navigation", "ArrowLeft", "next", "ArrowLeft right-to-left")
    key(check, page, "navigation", "ArrowRight", "prev", "ArrowRight right-to-left")
    page.js("navigation", "c.removeAttribute('dir')")
    page.focus("vertical")
    key(check, page, "vertical", "ArrowDown", "next", "ArrowDown on the vertical one")
    before = page.settled("vertical")
    mark = page.mark()
    page.b.key("ArrowRight")
    time.sleep(0.3)
    check("vertical: Right is not its key (nothing sent)", not page.sent(mark, before["session"]))
    key(check, page, "vertical", "ArrowUp", "prev", "ArrowUp on the vertical one")
    page.js("vertical", "document.activeElement.blur()")
    # On the pagination: a key pages it and focus follows the active dot (as Shoelace's).
    page.js("navigation", "c.goToSlide(0)")
    page.settled("navigation")
    page.focus("navigation", "pagination-item--active")
    key(check, page, "navigation", "ArrowRight", "next", "ArrowRight on the active pagination dot")
    focused = page.js("navigation", "[...c.shadowRoot.querySelectorAll('[part~=pagination-item]')].indexOf(c.shadowRoot.activeElement)")
    check("navigation: focus follows the active dot (the second)", focused == 1, str(focused))
    page.js("navigation", "document.activeElement.blur()")


def call(check, page, cid, script, op, what, **kw):
    """Calls a method (script, with c the carousel); holds it to its request's decision."""
    before = page.settled(cid)
    mark = page.mark()
    page.js(cid, script)
    return decided(check, page, cid, mark, op, before, what, **kw)


def check_methods(check, page):
    call(check, page, "navigation", "c.goToSlide(0)", "goto", "goToSlide(0)")
    call(check, page, "navigation", "c.next()", "step", "next()", expect=1)
    call(check, page, "navigation", "c.previous()", "step", "previous()", expect=0)
    call(check, page, "navigation", "c.previous()", "step", "previous() at the first slide stays")
    # goToSlide: the slide is known at the call: the event comes inside it.
    before = page.settled("navigation")
    mark = page.mark()
    inside = page.js("navigation", """(() => { let seen = null;
      const f = (e) => { seen = e.detail.index; };
      c.addEventListener('detent-slide-change', f); c.goToSlide(3); c.removeEventListener('detent-slide-change', f);
      return seen; })()""")
    check("navigation: goToSlide(3) says detent-slide-change inside the call", inside == 3, str(inside))
    decided(check, page, "navigation", mark, "goto", before, "goToSlide(3)", expect=3)
    call(check, page, "navigation", "c.goToSlide(4, 'instant')", "goto", "goToSlide(4, 'instant')", expect=4)
    call(check, page, "navigation", "c.next()", "step", "next() at the last without loop stays (kept)")
    # A loop wraps, one slide change for the wrap.
    call(check, page, "loop", "c.goToSlide(4)", "goto", "goToSlide(4)", expect=4)
    reply = call(check, page, "loop", "c.next()", "step", "next() at the last of a loop wraps to the first", expect=0)
    check("loop: the wrap's decision has a jump (the real slide, a loop's length away)", reply and "jump" in reply, json.dumps(reply))
    check("loop: it rests on the real slide 0 with slide 4 before it and 1 after (moved, not copied)",
          sorted(s for s, a, b, w in page.shown("loop")) == [0] and page.js("loop", "c.children.length") == N,
          str(page.shown("loop")))
    call(check, page, "loop", "c.previous()", "step", "previous() at the first of a loop wraps to the last", expect=4)
    # Two slides per page, two per move: pages of two, Shoelace's page count and clamps.
    call(check, page, "multiple", "c.goToSlide(0)", "goto", "goToSlide(0)", per_move=2, per_page=2, n=6)
    call(check, page, "multiple", "c.next()", "step", "next() moves two slides", per_move=2, per_page=2, n=6, expect=2)
    dots = page.js("multiple", "c.shadowRoot.querySelectorAll('[part~=pagination-item]').length")
    check("multiple: three pagination dots for six slides two by two", dots == 3, str(dots))
    call(check, page, "multiple", "c.goToSlide(5)", "goto", "goToSlide(5) rests on the last page (slide 4)",
         per_move=2, per_page=2, n=6, expect=4)
    # The buttons and the pagination, clicked.
    for part, op, what, expect in [("navigation-button--previous", "step", "the previous button", 2),
                                   ("pagination-item", "goto", "the first pagination dot", 0)]:
        before = page.settled("multiple")
        mark = page.mark()
        r = page.rect("multiple", part)
        page.b.mouse("mousePressed", r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
        page.b.mouse("mouseReleased", r["x"] + r["w"] / 2, r["y"] + r["h"] / 2, buttons=0)
        decided(check, page, "multiple", mark, op, before, what, per_move=2, per_page=2, n=6, expect=expect)


def check_plugin(check, page):
    """The plugin attribute: the session reopens under it on the slide it shows, and back."""
    for plugin in ["embla", "css-snap", None]:
        before = page.settled("navigation")
        mark = page.mark()
        page.js("navigation", f"c.plugin = {json.dumps(plugin)}")
        want = plugin or "cards"
        page.b.wait(f"document.getElementById('navigation').pluginInUse === {json.dumps(want)}", 5, f"navigation under {want}")
        info = page.settled("navigation")
        opens = page.sent(mark, before["session"], "open")
        check(f"navigation: plugin={plugin or '(none)'} reopens its session under {want} on the slide it shows, no slide change",
              len(opens) == 1 and opens[0].get("plugin") == plugin and opens[0].get("index", 0) == before["active"]
              and info["active"] == before["active"] and not page.events(mark, "navigation", "detent-slide-change"),
              f"{json.dumps(opens)}, active {before['active']} -> {info['active']}, {page.events(mark, 'navigation')}")
        reply = call(check, page, "navigation", "c.next()", "step", f"next() under {want}")
        if plugin == "css-snap":
            check("navigation: under css-snap, next() is Chromium's programmatic scroll (curve=bezier 0.4 0 0 1, sqrt(d)/60 s)",
                  reply is not None and reply.get("curve") == "bezier" and [reply.get(k) for k in ("p1x", "p1y", "p2x", "p2y")] == [0.4, 0, 0, 1]
                  and abs(reply.get("ms", 0) - 1000 * abs(reply["x"] - reply["from"]) ** 0.5 / 60) <= 1,
                  json.dumps(reply))
            # A precise wheel (40 px: no notch) is a scroll gesture; css-snap puts it on the closest point.
            wheel_precise(check, page, "navigation", 40, "under css-snap, a precise 40 px wheel")
            reply = call(check, page, "navigation", "c.goToSlide(1)", "goto", "goToSlide(1) under css-snap", expect=1)
            check("navigation: under css-snap, goToSlide() is a smooth scrollTo (curve=bezier 0.4 0 0 1)",
                  reply is not None and reply.get("curve") == "bezier" and [reply.get(k) for k in ("p1x", "p1y", "p2x", "p2y")] == [0.4, 0, 0, 1],
                  json.dumps(reply))
        call(check, page, "navigation", "c.previous()", "step", f"previous() under {want}")
