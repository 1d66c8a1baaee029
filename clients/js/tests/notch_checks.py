"""Real wheel notches and a real touchpad (issues 40 and 42, AMENDMENTS "The
web issue"), each group one full Chromium (Debian's, not the headless shell)
in a window:

- under Xvfb, X button clicks from xdotool (6 and 7 a horizontal wheel's
  notches, 4 and 5 a vertical one's) over <detent-carousel>: a notch reaches
  the page as a wheel event of 120 px in pixel mode (measured: deltaX or
  deltaY +-120, deltaMode 0); the element sends it as one notch (`wheel dx=1
  source=mouse`), and the daemon's decision pages it with its events, as with
  any input; the same under `plugin="css-snap"`, whose decisions are
  Chromium's own (a notch: one `curve=path`; a real key: `curve=bezier`);
- under headless sway, Chromium's Wayland backend and Tests/Wayland's
  virtual pointer: a wheel click (libinput's 15 degrees) reaches the page as
  180 px, and a finger's swipe as 12 px per unit of its axis values (over a
  plain scroller Chromium's own fling follows, wheel events of wheelDelta 0;
  over the element, which takes the events, none came); the element sends
  the click as one notch and the swipe as scroll gestures, no notch among
  them.

The pointer is put on a carousel as Tests/CssSnap/record.py puts it on its
strip (its pointer_onto)."""

import json
import os
import subprocess
import sys
import time

from carousel_page import ROOT, Chromium, Page

sys.path.insert(0, os.path.join(ROOT, "Tests/GTK"))
sys.path.insert(0, os.path.join(ROOT, "Tests/Wayland"))
sys.path.insert(0, os.path.join(ROOT, "Tests/CssSnap"))
from harness import Xvfb  # noqa: E402
from record import pointer_onto  # noqa: E402

from paging_checks import decided  # noqa: E402

# Every wheel event the page gets, as it gets it.
WHEELS = """(() => { window.wheels = [];
  document.addEventListener('wheel', (e) => window.wheels.push([e.deltaX, e.deltaY, e.deltaMode, e.wheelDeltaX, e.wheelDeltaY]),
    { capture: true, passive: true });
  document.addEventListener('mousemove', (e) => { window.pointer = [e.clientX, e.clientY]; }, { capture: true });
  return true; })()"""


def open_page(browser, backend):
    page = Page(browser, backend)
    browser.js(WHEELS)
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'open')", 15, "every carousel open")
    return page


def over(page, move, cid):
    """The real pointer to the middle of carousel cid (scrolled into view)."""
    r = page.rect(cid)
    pointer_onto(page.b, move, r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)


def one_notch(check, page, cid, click, what, expect, size, sign):
    """A real notch over cid (click() makes it): one wheel event of size px, sent as one notch; the reply."""
    before = page.settled(cid)
    mark = page.mark()
    page.b.js("window.wheels = [], true")
    click()
    reply = decided(check, page, cid, mark, "wheel", before, what, expect=expect)
    wheels = page.b.js("window.wheels")
    along = 1 if cid == "vertical" else 0
    check(f"{cid}: {what} reaches the page as one {size} px wheel event in pixel mode",
          len(wheels) == 1 and wheels[0][along] == size * sign and wheels[0][2] == 0, json.dumps(wheels))
    line = page.sent(mark, before["session"], "wheel")
    want = [0, sign] if along else [sign, 0]
    check(f"{cid}: {what} is sent as one notch (source mouse)",
          len(line) == 1 and [line[0]["dx"], line[0]["dy"]] == want and line[0].get("source") == "mouse", json.dumps(line))
    return reply


def under_plugin(page, cid, plugin):
    page.js(cid, f"c.plugin = {json.dumps(plugin)}")
    page.b.wait(f"document.getElementById({json.dumps(cid)}).pluginInUse === {json.dumps(plugin or 'cards')}", 5, f"{cid} under {plugin}")
    return page.settled(cid)


def check_notches(check, backend):
    xvfb = Xvfb("1024x1000x24")
    env = dict(os.environ, DISPLAY=xvfb.display)
    browser = None
    try:
        browser = Chromium(width=1000, height=980, full=True, env=env)
        page = open_page(browser, backend)

        def xdotool(*args):
            subprocess.run(["xdotool", *args], env=env, check=True, timeout=10)

        move = lambda x, y: xdotool("mousemove", str(x), str(y))  # noqa: E731
        for cid, button, what, expect in [("navigation", "7", "a real notch to the right (X button 7)", 1),
                                           ("navigation", "6", "a real notch to the left (X button 6)", 0),
                                           ("vertical", "5", "a real notch down (X button 5)", 1),
                                           ("vertical", "4", "a real notch up (X button 4)", 0)]:
            over(page, move, cid)
            one_notch(check, page, cid, lambda: xdotool("click", button), what, expect, 120, 1 if button in "75" else -1)
        # A notch across a horizontal carousel is the page's: it scrolls.
        over(page, move, "navigation")
        y = browser.js("scrollY")
        before = page.info("navigation")
        mark = page.mark()
        browser.js("window.wheels = [], true")
        xdotool("click", "4" if y > 0 else "5")
        check("navigation: a real vertical notch over it scrolls the page and sends nothing",
              browser.becomes(f"scrollY !== {y}", 3) and not page.sent(mark, before["session"]),
              f"scrollY {y} -> {browser.js('scrollY')}, wheels {browser.js('window.wheels')}, "
              f"max {browser.js('document.documentElement.scrollHeight - innerHeight')}")
        # plugin="css-snap": a real notch and a real key, decided as Chromium's snap decides them.
        before = under_plugin(page, "navigation", "css-snap")
        over(page, move, "navigation")
        reply = one_notch(check, page, "navigation", lambda: xdotool("click", "7"), "under css-snap, a real notch (X button 7)",
                          before["active"] + 1, 120, 1)
        segments = reply.get("path", []) if reply else []
        segments = segments if isinstance(segments, list) else str(segments).split(",")
        first = [float(v) for v in segments[0].split("/")] if segments else []
        # Its 120 px from where the content was (the reply's from), drawn from half a frame in.
        check("navigation: under css-snap, the notch's decision is Chromium's: its 120 px, then the snap (curve=path)",
              reply is not None and reply.get("cause") == "wheel" and reply.get("curve") == "path"
              and len(segments) == 2 and len(first) == 8 and first[3] - reply.get("from", 0) == 120
              and 0 <= first[2] - reply.get("from", 0) < 1, json.dumps(reply))
        page.focus("navigation")
        before = page.settled("navigation")
        mark = page.mark()
        xdotool("key", "Right")
        reply = decided(check, page, "navigation", mark, "step", before, "under css-snap, a real Right key", expect=before["active"] + 1)
        check("navigation: under css-snap, Right is Chromium's programmatic scroll (curve=bezier 0.4 0 0 1)",
              reply and reply.get("curve") == "bezier" and [reply.get(k) for k in ("p1x", "p1y", "p2x", "p2y")] == [0.4, 0, 0, 1],
              json.dumps(reply))
        under_plugin(page, "navigation", None)
        errors = browser.errors()
        check("full Chromium: the page reported no JavaScript error", not errors, "; ".join(errors[:3]))
    finally:
        if browser:
            browser.close()
        xvfb.close()


def check_wayland(check, backend):
    from sway import Sway
    sway = Sway(width=1000, height=1000)
    browser = None
    try:
        sway.start()
        browser = Chromium(width=1000, height=1000, full=True, env=sway.env(), args=("--ozone-platform=wayland",))
        page = open_page(browser, backend)
        for cid, axis, n, what, expect in [("navigation", "h", 1, "a wheel click to the right", 1),
                                            ("navigation", "h", -1, "a wheel click to the left", 0),
                                            ("vertical", "v", 1, "a wheel click down", 1),
                                            ("vertical", "v", -1, "a wheel click up", 0)]:
            over(page, sway.move, cid)
            one_notch(check, page, cid, lambda: sway.click(axis, n), f"on Wayland, {what}", expect, 180, n)
        # A finger's swipe (libinput's values are fractions), then axis_stop.
        over(page, sway.move, "navigation")
        before = page.settled("navigation")
        mark = page.mark()
        browser.js("window.wheels = [], true")
        sway.send(["axis now h 1.5", "wait-ms 16", "axis now h 2.75", "wait-ms 16", "axis now h 3.25",
                   "wait-ms 16", "axis now h 4.5", "wait-ms 16", "axis now h 3.75", "wait-ms 16", "stop now h"])
        deadline, count, quiet = time.monotonic() + 8, -1, 0
        while time.monotonic() < deadline and quiet < 3:  # no wheel event for 300 ms: over
            time.sleep(0.1)
            n = page.b.js("window.wheels.length")
            quiet, count = (quiet + 1, n) if n == count else (0, n)
        page.settled("navigation")
        scrolls = page.sent(mark, before["session"], "scroll")
        wheels = page.b.js("window.wheels")
        phases = [line.get("phase", "update") for line in scrolls]
        gestures = " ".join(phases).replace("begin", "|begin").split("|")[1:]
        whole = all(g.split()[0] == "begin" and g.split()[-1] == "end" and "end" not in g.split()[:-1] for g in gestures)
        # Measured: with the element taking them (preventDefault), Chromium adds no fling of its own
        # (over a plain scroller it does: wheel events of wheelDelta 0); any such event is an update too.
        check("navigation: on Wayland, a finger's swipe reaches the page as 12 px per axis unit",
              [w[0] for w in wheels[:5]] == [18, 33, 39, 54, 45], json.dumps(wheels[:8]))
        check("navigation: on Wayland, the swipe (and a fling, if any) is scroll gestures (each begin, updates, end), no notch sent",
              len(scrolls) >= 2 and whole and phases.count("update") == len(wheels) and not page.sent(mark, before["session"], "wheel"),
              f"{phases}, {len(wheels)} wheel events")
        ends = [line for line in scrolls if line.get("phase") == "end"]
        if ends:
            replies = [page.wait_reply(e) for e in ends]
            info = page.settled("navigation")
            snaps = [x for x in replies if x["op"] == "snap"]
            slide = snaps[-1]["index"] if snaps else before["active"]
            check(f"navigation: on Wayland, the swipe rests where the daemon decided (slide {slide})",
                  info["active"] == slide, json.dumps(replies))
        errors = browser.errors()
        check("full Chromium on Wayland: the page reported no JavaScript error", not errors, "; ".join(errors[:3]))
    finally:
        if browser:
            browser.close()
        sway.stop()
