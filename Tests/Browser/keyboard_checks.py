"""The keyboard and the screen reader on the web demo's <detent-carousel>s, through Chromium's own input
pipeline (Input.dispatchKeyEvent) and its accessibility tree (Accessibility.getFullAXTree), as the
WAI-ARIA APG's Carousel pattern has them: Tab reaches each carousel's slides in order (a rotating one's
rotation control first in it); Right, Left, End and Home send `step` with where the carousel is drawn
and the key's timeStamp, and it rests where the daemon says: the reply is the one a fresh session of the
same daemon gives to the same step line (opened where it rested, with the geometry the element told the
daemon); each carousel is a region of role description "carousel" labelled by its title, each slide a
"slide" named "N of M", and the live region says where it rests after a step."""

import json

from rotation_checks import away

STRIPS = ["cards", "peek", "banner", "thumbs", "shelf", "carousel"]

# Where focus is: the section it is in and the part (viewport: the slides, rotation, choice, prev, next).
FOCUSED = """(() => {
  const a = document.activeElement, section = a && a.closest('section.strip');
  if (!section) return { strip: null, part: a ? a.tagName : null };
  let part = a.classList.contains('choice') ? 'choice' : a.tagName;
  if (a.localName === 'detent-carousel') {
    const p = a.shadowRoot.activeElement?.getAttribute('part') ?? '';
    part = { 'rotation-control': 'rotation', 'scroll-container': 'viewport' }[p]
      ?? (p.includes('--previous') ? 'prev' : p.includes('--next') ? 'next' : p);
  }
  return { strip: section.dataset.name, part };
})()"""


def strip_js(name):
    return f"detentDemo.strips[{json.dumps(name)}]"


def check_tab(check, g):
    """Tab from the top of the page: every stop until focus leaves the last strip."""
    b = g.browser
    away(g)  # a click on the page's heading: Tab goes on from there
    stops = []
    for _ in range(40):
        b.key("Tab")
        stop = b.js(FOCUSED)
        stops.append(stop)
        if stops[-1]["strip"] is None and any(s["strip"] for s in stops):
            break
    viewports = [s["strip"] for s in stops if s["part"] == "viewport"]
    check("Tab reaches every strip's viewport, in the page's order", viewports == STRIPS, str(viewports))
    firsts = {}
    for s in stops:
        if s["strip"] and s["strip"] not in firsts:
            firsts[s["strip"]] = s["part"]
    order = [s["part"] for s in stops if s["strip"] == "carousel" and s["part"] != "choice"]  # the menu is the page's
    check("carousel: its rotation control is the first stop in it, before its slides",
          order[:1] == ["rotation"] and "viewport" in order and order.index("rotation") < order.index("viewport"), str(order))
    check("the carousels without autoplay have no rotation control (their plugin menu comes first)",
          all(firsts.get(n) == "choice" for n in STRIPS if n != "carousel"), str(firsts))


def resting(g, name):
    """What a fresh session needs to be where the strip rests: its plugin, geometry and index."""
    return g.browser.js(f"(() => {{ const s = {strip_js(name)}; return {{ plugin: s.spec.plugin, geometry: s.geometry, index: s.index }}; }})()")


def reference(demo, spec, fields, motion=None):
    """The daemon's answer to the same step line in a fresh session opened where the strip rested (`resting`)."""
    opening = {"op": "open", "s": "ref", "plugin": spec["plugin"], **spec["geometry"], "index": spec["index"]}
    if motion:
        opening["motion"] = motion
    lines = [json.dumps(opening), json.dumps({"op": "autoplay", "s": "ref", "every": 0}),
             json.dumps({"op": "step", **fields, "s": "ref"})]
    return json.loads(demo.requests(lines)[2])


def without(reply, *keys):
    return {k: v for k, v in reply.items() if k not in ("id", "s", *keys)}


def step_key(check, g, demo, rests_where_decided, name, key, to, index=None):
    """Presses `key` on the focused viewport of `name`; checks the step sent and where it rests."""
    b = g.browser
    before = g.rest(name)
    spec = resting(g, name)
    n = b.js(f"{strip_js(name)}.stepLog.length")
    decisions = b.js(f"{strip_js(name)}.decisions")
    # The key's own timeStamp, as a listener of the page's document sees it.
    b.js("document.addEventListener('keydown', (e) => { window.keyStamp = e.timeStamp; }, { once: true, capture: true }), true")
    b.key(key)
    b.wait(f"{strip_js(name)}.stepLog.length > {n} && {strip_js(name)}.stepLog[{n}].reply", 5, f"{name}'s step answered")
    entry = b.js(f"{strip_js(name)}.stepLog[{n}]")
    f, reply = entry["fields"], entry["reply"]
    stamp = b.js("window.keyStamp")
    check(f"{name}: {key} sends step to={to} from where it is drawn ({before['offset']}), t the key's timeStamp",
          f["to"] == to and f["x"] == before["offset"] and f["t"] == stamp, f"{f}, the key's timeStamp {stamp}")
    ref = reference(demo, spec, f)
    check(f"{name}: {key} answered as the daemon answers the same step line ({reply.get('op')} {reply.get('index')})",
          without(reply) == without(ref), f"{reply} instead of {ref}")
    if reply["op"] == "snap":
        b.wait(f"{strip_js(name)}.decisions > {decisions}", 5, f"{name} following the step")
        info = rests_where_decided(check, g, name)
    else:
        info = g.rest(name)
        check(f"{name}: kept changes nothing", info["offset"] == before["offset"]
              and b.js(f"{strip_js(name)}.decisions") == decisions, str(info["offset"]))
    if index is not None:
        check(f"{name}: {key} rests on item {index}", info["index"] == index and reply.get("index") == index,
              f"index {info['index']}, reply {reply}")
    return reply


def live_words(tree, title):
    """The words of the live region inside the carousel labelled `title`, with its aria-live."""
    for node in tree.values():
        if node["ignored"] or node["props"].get("live") not in ("polite", "off", "assertive"):
            continue
        parent = node["parent"] and tree.get(node["parent"])
        if parent and not parent["ignored"] and parent["props"].get("live"):
            continue  # inside a live region: only its root
        up = node
        while up and up["props"].get("roledescription") != "carousel":
            up = tree.get(up["parent"]) if up["parent"] else None
        if up and up["name"] == title:
            return texts(tree, node), node["props"]["live"]
    return None, None


def texts(tree, node):
    """The words a node's text holds (through ignored wrappers; an ignored text is not read)."""
    if node["role"] == "StaticText":
        return "" if node["ignored"] else node["name"] or ""
    return "".join(texts(tree, tree[c]) for c in node["children"] if c in tree)


def check_tree(check, g):
    """Each carousel, its slides and (after a step) the live region's words, as a screen reader gets them."""
    tree = g.browser.ax_tree()
    specs = g.browser.js("Object.fromEntries(Object.entries(detentDemo.strips).map(([n, s]) => [n, [s.spec.title, s.count]]))")
    carousels = {n["name"]: n for n in tree.values() if not n["ignored"] and n["props"].get("roledescription") == "carousel"}
    check("every strip is a region of role description carousel, labelled by its title",
          sorted(carousels) == sorted(t for t, _ in specs.values()) and all(n["role"] == "region" for n in carousels.values()),
          str({k: v["role"] for k, v in carousels.items()}))
    for name, (title, count) in specs.items():
        region = carousels.get(title)
        slides = []
        stack = list(region["children"]) if region else []
        while stack:  # through ignored wrappers too; an ignored (aria-hidden) slide is not a slide
            node = tree.get(stack.pop(0))
            if node:
                if not node["ignored"] and node["props"].get("roledescription") == "slide":
                    slides.append((node["role"], node["name"]))
                stack += node["children"]
        want = [("group", f"{i} of {count}") for i in range(1, count + 1)]
        check(f"{name}: its {count} slides are groups named 1 of {count} to {count} of {count}"
              + (" (a loop's duplicates hidden)" if name == "carousel" else ""), slides == want, str(slides))
    return tree


def check_keys(check, g, demo, rests_where_decided):
    b = g.browser
    name, title = "cards", b.js(f"{strip_js('cards')}.spec.title")
    b.js(f"{strip_js(name)}.focus(), true")
    for key, to, index in [("Home", "first", 0), ("ArrowRight", "next", 1)]:
        step_key(check, g, demo, rests_where_decided, name, key, to, index)
    words, live = live_words(check_tree(check, g), title)
    check(f"{name}: the live region says where it rests after the step (polite)",
          words == "Slide 2 of 5" and live == "polite", f"{words!r} ({live})")
    for key, to, index in [("End", "last", 4), ("ArrowRight", "next", 4)]:
        step_key(check, g, demo, rests_where_decided, name, key, to, index)
    words = b.js(f"{strip_js(name)}.said.textContent")
    check(f"{name}: a step kept at the end leaves it said at the last slide", words == "Slide 5 of 5", words)
    for key, to, index in [("Home", "first", 0), ("ArrowRight", "next", 1), ("ArrowLeft", "prev", 0), ("ArrowLeft", "prev", 0)]:
        step_key(check, g, demo, rests_where_decided, name, key, to, index)
    page = b.js("[scrollX, scrollY]")
    n = b.js(f"{strip_js(name)}.stepLog.length")
    b.key("PageDown")
    check(f"{name}: Page Down is left to the page (not the APG's; nothing sent, the page scrolls)",
          b.becomes(f"scrollY !== {page[1]}", 3) and b.js(f"{strip_js(name)}.stepLog.length") == n, str(b.js("[scrollX, scrollY]")))
    b.js(f"window.scrollTo({{left: {page[0]}, top: {page[1]}, behavior: 'instant'}}), true")
    page = b.js("[scrollX, scrollY]")
    n = b.js(f"{strip_js(name)}.stepLog.length")
    b.key("ArrowDown")
    check(f"{name}: Down is left to the page on a horizontal strip (nothing sent; the page scrolls)",
          b.becomes(f"scrollY !== {page[1]}", 3) and b.js(f"{strip_js(name)}.stepLog.length") == n, str(b.js("[scrollX, scrollY]")))
    b.js(f"window.scrollTo({{left: {page[0]}, top: {page[1]}, behavior: 'instant'}}), true")
    vertical = b.js("import('/clients/js/carousel/input.js').then((m) => ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'End']"
                    ".map((k) => m.stepOfKey(k, true, false) ?? null))")
    check("a vertical carousel pages by Down and Up and leaves Right and Left to the page (carousel/input.js)",
          vertical == ["next", "prev", None, None, "last"], str(vertical))
    # A page strategy: a step is a page.
    b.js(f"{strip_js('shelf')}.focus(), true")
    step_key(check, g, demo, rests_where_decided, "shelf", "Home", "first", 0)
    reply = step_key(check, g, demo, rests_where_decided, "shelf", "ArrowRight", "next", 3)
    check("shelf: Right pages a whole group (300)", reply.get("x") == 300, str(reply))
    step_key(check, g, demo, rests_where_decided, "shelf", "End", "last")
    # A loop, around its end (its autoplay paused while focused).
    b.js(f"{strip_js('carousel')}.focus(), true")
    b.wait("document.querySelector('[data-detent-session=carousel]').closest('section').dataset.rotationSaid === '0'", 5,
           "the carousel's autoplay paused")
    step_key(check, g, demo, rests_where_decided, "carousel", "Home", "first", 0)
    reply = step_key(check, g, demo, rests_where_decided, "carousel", "ArrowLeft", "prev", 3)
    check("carousel: Left from the first goes around to the last (a jump to the real one)", "jump" in reply, str(reply))
    step_key(check, g, demo, rests_where_decided, "carousel", "ArrowRight", "next", 0)
    b.js("document.activeElement.blur(), true")


def check_keyboard(check, g, demo, rests_where_decided):
    check_tab(check, g)
    check_keys(check, g, demo, rests_where_decided)
