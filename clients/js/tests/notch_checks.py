"""Real wheel notches (issue 40, AMENDMENTS "The web issue"): full Chromium
(Debian's, not the headless shell) in a window under Xvfb, and X button
clicks from xdotool (6 and 7 a horizontal wheel's notches, 4 and 5 a
vertical one's) over <detent-carousel>. A notch reaches the page as a wheel
event of 120 px in pixel mode (measured: deltaX or deltaY +-120, deltaMode
0); the element sends it as one notch (`wheel dx=1 source=mouse`), and the
daemon's decision pages it with its events, as with any input."""

import json
import os
import subprocess
import sys
import time

from carousel_page import ROOT, Chromium, Page

sys.path.insert(0, os.path.join(ROOT, "Tests/GTK"))
from harness import Xvfb  # noqa: E402

from paging_checks import decided  # noqa: E402

# Every wheel event the page gets, as it gets it.
WHEELS = """(() => { window.wheels = [];
  document.addEventListener('wheel', (e) => window.wheels.push([e.deltaX, e.deltaY, e.deltaMode]), { capture: true, passive: true });
  document.addEventListener('mousemove', (e) => { window.pointer = [e.clientX, e.clientY]; }, { capture: true });
  return true; })()"""


def check_notches(check, backend):
    xvfb = Xvfb("1024x1000x24")
    env = dict(os.environ, DISPLAY=xvfb.display)
    browser = None
    try:
        browser = Chromium(width=1000, height=980, full=True, env=env)
        page = Page(browser, backend)
        browser.js(WHEELS)
        page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'open')", 15, "every carousel open")

        def xdotool(*args):
            subprocess.run(["xdotool", *args], env=env, check=True, timeout=10)

        # Where the page is on the screen: the pointer moved there, as the page sees it.
        xdotool("mousemove", "300", "400")
        browser.wait("window.pointer", 5, "the pointer over the page")
        xdotool("mousemove", "310", "410")
        browser.wait("window.pointer && window.pointer[0] !== undefined", 5)
        time.sleep(0.2)
        cx, cy = browser.js("window.pointer")
        dx, dy = 310 - cx, 410 - cy

        def over(cid):
            r = page.rect(cid)
            xdotool("mousemove", str(round(r["x"] + r["w"] / 2 + dx)), str(round(r["y"] + r["h"] / 2 + dy)))
            time.sleep(0.2)

        for cid, button, what, expect in [("navigation", "7", "a real notch to the right (X button 7)", 1),
                                           ("navigation", "6", "a real notch to the left (X button 6)", 0),
                                           ("vertical", "5", "a real notch down (X button 5)", 1),
                                           ("vertical", "4", "a real notch up (X button 4)", 0)]:
            over(cid)
            before = page.settled(cid)
            mark = page.mark()
            browser.js("window.wheels = [], true")
            xdotool("click", button)
            reply = decided(check, page, cid, mark, "wheel", before, what, expect=expect)
            wheels = browser.js("window.wheels")
            along = 0 if cid == "navigation" else 1
            sign = 1 if button in ("7", "5") else -1
            check(f"{cid}: {what} reaches the page as one 120 px wheel event in pixel mode",
                  len(wheels) == 1 and wheels[0][along] == 120 * sign and wheels[0][2] == 0, json.dumps(wheels))
            line = page.sent(mark, before["session"], "wheel")
            want = [sign, 0] if cid == "navigation" else [0, sign]
            check(f"{cid}: {what} is sent as one notch (source mouse)",
                  len(line) == 1 and [line[0]["dx"], line[0]["dy"]] == want and line[0].get("source") == "mouse", json.dumps(line))
            del reply
        # A notch across a horizontal carousel is the page's: it scrolls.
        over("navigation")
        y = browser.js("scrollY")
        before = page.info("navigation")
        mark = page.mark()
        browser.js("window.wheels = [], true")
        xdotool("click", "4" if y > 0 else "5")
        check("navigation: a real vertical notch over it scrolls the page and sends nothing",
              browser.becomes(f"scrollY !== {y}", 3) and not page.sent(mark, before["session"]),
              f"scrollY {y} -> {browser.js('scrollY')}, wheels {browser.js('window.wheels')}, "
              f"max {browser.js('document.documentElement.scrollHeight - innerHeight')}")
        errors = browser.errors()
        check("full Chromium: the page reported no JavaScript error", not errors, "; ".join(errors[:3]))
    finally:
        if browser:
            browser.close()
        xvfb.close()
