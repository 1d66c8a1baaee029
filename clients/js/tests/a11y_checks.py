"""<detent-carousel> as a screen reader and a keyboard meet it (Chromium's
accessibility tree, Accessibility.getFullAXTree; Tab through
Input.dispatchKeyEvent), the WAI-ARIA APG carousel pattern: a region of
role description "carousel" named by the page, its slides groups of role
description "slide" named "N of M", the previous and next buttons, the
slide picker, a polite live region saying where it rests (off while it
rotates), the rotation control first in its tab order; its autoplay (the
daemon's pushes, paused while the pointer or focus is in it), and reduced
motion (every decision drawn at once)."""

import json
import time


def subtree(tree, node_id):
    """Every node under node_id (ignored ones too), depth first."""
    out, stack = [], [node_id]
    while stack:
        node = tree.get(stack.pop(0))
        if node:
            out.append(node)
            stack = list(node["children"]) + stack
    return out


def texts(tree, node):
    if node["role"] == "StaticText":
        return "" if node["ignored"] else node["name"] or ""
    return "".join(texts(tree, tree[c]) for c in node["children"] if c in tree)


def check_tree(check, page):
    tree = page.b.ax_tree()
    labels = page.b.js("[...document.querySelectorAll('detent-carousel')].map((c) => [c.id, c.getAttribute('aria-label'), "
                       "c.children.length, c.navigation, c.pagination, c.autoplay])")
    regions = {n["name"]: (i, n) for i, n in tree.items() if not n["ignored"] and n["props"].get("roledescription") == "carousel"}
    check("every carousel is a region of role description carousel, named by its aria-label",
          sorted(regions) == sorted(label for _, label, *_ in labels) and all(n["role"] == "region" for _, n in regions.values()),
          str({k: v[1]["role"] for k, v in regions.items()}))
    for cid, label, count, navigation, pagination, autoplay in labels:
        if label not in regions:
            continue
        nodes = [n for n in subtree(tree, regions[label][0]) if not n["ignored"]]
        slides = [(n["role"], n["name"]) for n in nodes if n["props"].get("roledescription") == "slide"]
        check(f"{cid}: its {count} slides are groups of role description slide, named 1 of {count} to {count} of {count}",
              slides == [("group", f"{i} of {count}") for i in range(1, count + 1)], str(slides))
        buttons = [n["name"] for n in nodes if n["role"] == "button"]
        want = (["Stop automatic slide show"] if autoplay else []) + (["Previous slide", "Next slide"] if navigation else [])
        dots = [b for b in buttons if b.startswith("Go to slide")]
        check(f"{cid}: its buttons: {', '.join(want) or 'none'}" + (", and a slide picker" if pagination else ""),
              [b for b in buttons if not b.startswith("Go to slide")] == want and (bool(dots) == bool(pagination)), str(buttons))
        if pagination:
            pages = len(dots)
            check(f"{cid}: the slide picker's buttons say Go to slide N of {pages}, in a group named Slide picker",
                  dots == [f"Go to slide {i} of {pages}" for i in range(1, pages + 1)]
                  and any(n["role"] == "group" and n["name"] == "Slide picker" for n in nodes), str(dots))
        container = [n for n in nodes if n["role"] == "group" and n["name"] == "Slides"]
        check(f"{cid}: the slides are in a focusable group named Slides",
              len(container) == 1 and container[0]["props"].get("focusable") is True, str(container))
        live = [n for n in nodes if n["props"].get("live") and not (tree.get(n["parent"]) or {}).get("props", {}).get("live")]
        said = page.js(cid, "c.shadowRoot.querySelector('[aria-live]').getAttribute('aria-live')")
        if autoplay:  # an aria-live=off region is no live region in the tree
            check(f"{cid}: its live region is off while it rotates", not live and said == "off", f"{said}, {live}")
        else:
            check(f"{cid}: one live region, polite", len(live) == 1 and live[0]["props"]["live"] == "polite",
                  str([(n["props"]["live"]) for n in live]))
    # After a step, the live region says where it rests.
    page.js("navigation", "c.goToSlide(1)")
    page.settled("navigation")
    deadline = time.monotonic() + 3
    words = None
    while time.monotonic() < deadline and words != "Slide 2 of 5":  # the tree follows the DOM a frame or two later
        tree = page.b.ax_tree()
        region = [i for i, n in tree.items() if not n["ignored"] and n["name"] == "Navigation and pagination"
                  and n["props"].get("roledescription") == "carousel"]
        nodes = subtree(tree, region[0]) if region else []
        live = [n for n in nodes if not n["ignored"] and n["props"].get("live") == "polite"]
        words = texts(tree, live[0]) if live else None
        time.sleep(0.05)
    check("navigation: after goToSlide(1) the live region says Slide 2 of 5", words == "Slide 2 of 5", repr(words))


def tab_stops(page, cid, count=8):
    """Tab from the element before the carousel: the stops inside it, as (part, name)."""
    page.js(cid, """(() => { const b = document.createElement('button'); b.id = 'before-' + c.id; b.textContent = 'before';
      c.before(b); b.focus(); })()""")
    stops = []
    for _ in range(count):
        page.b.key("Tab")
        stop = page.js(cid, """(() => { const a = c.shadowRoot.activeElement; if (!a || document.activeElement !== c) return null;
          return [a.getAttribute('part'), a.getAttribute('aria-label') || a.textContent]; })()""")
        if stop is None:
            break
        stops.append(stop)
    page.js(cid, "document.getElementById('before-' + c.id).remove()")
    return stops


def check_autoplay(check, page):
    cid = "autoplay"
    info = page.info(cid)
    stops = tab_stops(page, cid)
    check("autoplay: the rotation control is the first stop in its tab order (APG), then the slides",
          [p for p, _ in stops[:2]] == ["rotation-control", "scroll-container"] and stops[0][1] == "Stop automatic slide show",
          json.dumps(stops))
    opened = [line for d, line in page.lines() if d == "sent" and line.get("s") == info["session"] and line["op"] == "autoplay"]
    check("autoplay: Detent's autoplay asked at the attribute's interval (autoplay every=3000)",
          bool(opened) and opened[0]["every"] == 3000, json.dumps(opened))
    page.b.js("document.activeElement.blur(), true")
    page.b.mouse("mouseMoved", 5, 5, buttons=0)
    mark = page.mark()
    page.js(cid, "c.autoplayInterval = 700")
    time.sleep(2.5)
    pushes = [line for d, line in page.lines()[mark[0]:] if d == "received" and line.get("s") == info["session"]
              and line["op"] == "snap" and "id" not in line]
    changes = page.events(mark, cid, "detent-slide-change")
    sent = page.sent(mark, info["session"], "autoplay")
    check("autoplay: a new interval is sent (every=700) and the daemon's pushes page it",
          [line["every"] for line in sent] == [700] and len(pushes) >= 2, f"{sent}, {len(pushes)} pushes")
    check("autoplay: one detent-slide-change per pushed decision",
          [e["index"] for e in changes] == [p["index"] for p in pushes][:len(changes)] and abs(len(changes) - len(pushes)) <= 1,
          f"{[e['index'] for e in changes]} for pushes {[p['index'] for p in pushes]}")
    # Pointer over it: paused (every=0), and the live region polite again; away: resumed.
    mark = page.mark()
    r = page.rect(cid)
    page.b.mouse("mouseMoved", r["x"] + r["w"] / 2, r["y"] + r["h"] / 2, buttons=0)
    page.b.wait(f"document.getElementById('{cid}').shadowRoot.querySelector('[aria-live]').getAttribute('aria-live') === 'polite'", 3)
    check("autoplay: the pointer over it pauses the daemon's autoplay (every=0)",
          [line["every"] for line in page.sent(mark, info["session"], "autoplay")] == [0])
    page.b.mouse("mouseMoved", 5, 5, buttons=0)
    time.sleep(0.2)
    # The rotation control stops it for good.
    mark = page.mark()
    page.js(cid, "c.shadowRoot.querySelector('[part=rotation-control]').click()")
    time.sleep(0.2)
    label = page.js(cid, "c.shadowRoot.querySelector('[part=rotation-control]').textContent")
    check("autoplay: its rotation control stops it (every=0) and now offers to start it",
          [line["every"] for line in page.sent(mark, info["session"], "autoplay")][-1:] == [0] and label == "Start automatic slide show",
          f"{page.sent(mark, info['session'], 'autoplay')} {label!r}")
    page.settled(cid)


def check_reduced_motion(check, page):
    info = page.settled("navigation")
    mark = page.mark()
    page.b.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        time.sleep(0.3)
        layouts = page.sent(mark, info["session"], "layout")
        check("reduced motion: the session is laid out again with motion=reduced",
              [line.get("motion") for line in layouts] == ["reduced"], json.dumps(layouts))
        for script, op in [("c.goToSlide(0)", "goto"), ("c.next()", "step"), ("c.goToSlide(3)", "goto")]:
            before = page.settled("navigation")
            mark = page.mark()
            page.js("navigation", script)
            requests = []
            while not requests:
                requests = page.sent(mark, info["session"], op)
            reply = page.wait_reply(requests[0])
            page.settled("navigation")
            settles = page.events(mark, "navigation", "detent-settle")
            final = page.info("navigation")["transform"]
            check(f"reduced motion: {script} is drawn at once (curve=none), settled once with the rest drawn",
                  reply.get("curve") == "none" and len(settles) == 1 and settles[0]["transform"] == final
                  and page.info("navigation")["active"] == reply["index"], f"{reply} {settles} {final}")
            del before
    finally:
        mark = page.mark()
        page.b.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "no-preference"}]})
    time.sleep(0.3)
    layouts = page.sent(mark, page.info("navigation")["session"], "layout")
    check("reduced motion turned off: laid out again with motion=full", [line.get("motion") for line in layouts] == ["full"], json.dumps(layouts))
    # The motion attribute wins over the reader's preference.
    session = page.info("navigation")["session"]
    mark = page.mark()
    page.js("navigation", "c.setAttribute('motion', 'reduced')")
    time.sleep(0.3)
    page.js("navigation", "c.goToSlide(1)")
    page.settled("navigation")
    gotos = page.sent(mark, session, "goto")
    reply = page.wait_reply(gotos[0]) if gotos else {}
    check("motion=\"reduced\": laid out with motion=reduced, goToSlide drawn at once",
          [line.get("motion") for line in page.sent(mark, session, "layout")] == ["reduced"] and reply.get("curve") == "none", str(reply))
    mark = page.mark()
    page.js("navigation", "c.removeAttribute('motion')")
    time.sleep(0.3)
    check("motion removed: back to the reader's preference (none now: motion=full)",
          [line.get("motion") for line in page.sent(mark, session, "layout")] == ["full"])
