"""prefers-reduced-motion on the web demo, set as a person's system sets it (Emulation.setEmulatedMedia):
a change while the page is open is sent to every open session (layout ... motion=reduced|full), the
next decision says curve=none ms=0 (the bytes a fresh session opened with motion=reduced gives to the
same line; index and x those of motion=full) and is drawn at once: every change of the viewport's
data-state and data-offset is watched (a MutationObserver) and none but the resting offset is drawn,
never a state of moving, no frame of a curve. A drag's release alike. Back to no preference, decisions
animate again; a page loaded under reduce opens its sessions with motion=reduced."""

import time

from cdp import BrowserError
from keyboard_checks import reference, resting, strip_js, without

REDUCE = [{"name": "prefers-reduced-motion", "value": "reduce"}]
NO_PREFERENCE = [{"name": "prefers-reduced-motion", "value": "no-preference"}]

# Every change of the strip's data-state and data-offset from now on, in order, in window.seen.
WATCH = """(() => { const v = %s.viewport; window.seen = [];
  if (window.watcher) watcher.disconnect();
  window.watcher = new MutationObserver((ms) => ms.forEach((m) => seen.push([m.attributeName, v.getAttribute(m.attributeName)])));
  watcher.observe(v, { attributes: true, attributeFilter: ['data-state', 'data-offset'] });
  return true; })()"""
# What was seen, after two more frames (any frame of a motion would have drawn by then).
SEEN = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => { watcher.disconnect(); r(seen); })))"


def media(browser, features, want):
    """Sets the media feature; whether every open session was then given motion=`want` (its layout answered)."""
    browser.call("Emulation.setEmulatedMedia", {"features": features})
    return browser.becomes(f"Object.values(detentDemo.strips).every((s) => s.viewport.dataset.motion === '{want}')", 10)


def reload(browser, timeout=20):
    """Loads the page again; returns once the new page's sessions are open."""
    browser.js("window.beforeReload = true")
    browser.call("Page.reload")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if browser.js("!window.beforeReload && !!window.detentDemo && detentDemo.ready"):
                return
        except BrowserError:
            pass  # between the two documents
        time.sleep(0.05)
    raise BrowserError("the reloaded page did not open its sessions")


def key_step(g, name, key):
    """Presses `key` on the strip's focused viewport; its step's fields and reply, and what was drawn."""
    b = g.browser
    b.js(f"{strip_js(name)}.focus(), true")
    g.rest(name)
    b.js(WATCH % strip_js(name))
    n = b.js(f"{strip_js(name)}.stepLog.length")
    b.key(key)
    b.wait(f"{strip_js(name)}.stepLog.length > {n} && {strip_js(name)}.stepLog[{n}].reply", 5, f"{name}'s step answered")
    entry = b.js(f"{strip_js(name)}.stepLog[{n}]")
    g.rest(name)
    return entry["fields"], entry["reply"], b.js(SEEN), b.js(f"{strip_js(name)}.frames.length")


def drawn_at_once(check, what, reply, seen, frames, start):
    states = [v for a, v in seen if a == "data-state"]
    offsets = [float(v) for a, v in seen if a == "data-offset"]
    target = reply.get("jump", reply.get("x"))
    check(f"{what}: its decision says curve=none ms=0 from where it was drawn",
          reply.get("curve") == "none" and reply.get("ms") == 0 and reply.get("v") == 0 and reply.get("from") == start, str(reply))
    check(f"{what}: drawn at once where it rests (no frame between: offsets drawn {offsets}, states {states})",
          "moving" not in states and offsets[-1:] == [target] and frames == 0, f"{frames} frames")


def check_open_session(check, g, demo):
    name = "cards"
    b = g.browser
    start = g.rest(name)
    spec = resting(g, name)
    key = "ArrowRight" if start["index"] < 4 else "ArrowLeft"
    fields, reply, seen, frames = key_step(g, name, key)
    drawn_at_once(check, f"{name} under reduced motion, {key}", reply, seen, frames, start["offset"])
    reduced, full = reference(demo, spec, fields, "reduced"), reference(demo, spec, fields, "full")
    check(f"{name}: the reply is a fresh motion=reduced session's, its index, x and cause those of motion=full",
          without(reply) == without(reduced) and all(reply.get(k) == full.get(k) for k in ("index", "x", "mode", "cause", "page", "jump")),
          f"{reply}; reduced {reduced}; full {full}")
    # A drag's release: the drag is drawn, the decision at once.
    b.js(WATCH % strip_js("peek"))
    g.drag("peek", -110 if g.info("peek")["index"] < 4 else 110, 100)
    g.rest("peek")
    seen = b.js(SEEN)
    decision = b.js(f"{strip_js('peek')}.lastDecision")
    states = [v for a, v in seen if a == "data-state"]
    rested = seen.index(["data-state", "rest"]) if ["data-state", "rest"] in seen else len(seen)
    after = [float(v) for a, v in seen[rested:] if a == "data-offset"]
    check("peek under reduced motion: a drag's release is drawn at once where it rests",
          decision.get("curve") == "none" and states == ["drag", "rest"] and after == [decision.get("jump", decision.get("x"))],
          f"{decision}; states {states}; offsets after the drag {after}")


def check_reduced_motion(check, g, demo):
    b = g.browser
    check("reduced motion: a change of prefers-reduced-motion reaches every open session (layout motion=reduced)",
          media(b, REDUCE, "reduced"), str(b.js("Object.values(detentDemo.strips).map((s) => s.viewport.dataset.motion)")))
    check_open_session(check, g, demo)
    check("reduced motion off: every open session is given motion=full", media(b, NO_PREFERENCE, "full"))
    start = g.rest("cards")
    key = "ArrowRight" if start["index"] < 4 else "ArrowLeft"
    _, reply, seen, frames = key_step(g, "cards", key)
    check("reduced motion off again (layout motion=full): the next step animates along its curve",
          reply.get("curve") not in (None, "none") and frames >= 1 and "moving" in [v for a, v in seen if a == "data-state"],
          f"{reply}, {frames} frames")
    # A page loaded under reduce opens its sessions with it.
    b.call("Emulation.setEmulatedMedia", {"features": REDUCE})
    reload(b)
    opened = b.js("Object.values(detentDemo.strips).map((s) => s.viewport.dataset.motion)")
    check("a page loaded under reduce opens every session with motion=reduced", opened == ["reduced"] * 6, str(opened))
    start = g.rest("cards")
    _, reply, seen, frames = key_step(g, "cards", "ArrowRight")
    drawn_at_once(check, "cards opened under reduced motion, ArrowRight", reply, seen, frames, start["offset"])
    check("the reloaded page's sessions are given motion=full when the setting is off", media(b, NO_PREFERENCE, "full"))
    b.js("document.activeElement.blur(), true")
