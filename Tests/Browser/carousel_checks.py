"""The carousel strip's autoplay and loop as the demo test has always checked them: autoplay about every
2 s that stops while a pointer is held and resumes once it has gone; the buttons to the last item, then
a drag past it on to the first, its jump back invisible (the slides on the screen at the motion's last frame
and at rest; screenshots before and after going around)."""

import os
import time

from rotation_checks import SECTION, away


def carousel_autoplay(check, g):
    start = len(g.info("carousel")["pushes"])
    time.sleep(6.6)
    pushes = g.info("carousel")["pushes"][start:]
    gaps = [b["at"] - a["at"] for a, b in zip(pushes, pushes[1:])]
    check("carousel: autoplay advances about every 2 s", len(pushes) >= 3 and all(1700 <= gap <= 2400 for gap in gaps),
          f"{len(pushes)} pushes, gaps {gaps} ms")
    g.rest("carousel")
    held = len(g.info("carousel")["pushes"])
    g.hold("carousel", 4.5)
    paused = len(g.info("carousel")["pushes"]) == held
    g.release("carousel")
    check("carousel: no autoplay step while a pointer is held (4.5 s)", paused)
    away(g)  # the pointer and the focus the press gave it leave the carousel
    resumed = g.browser.becomes(f"detentDemo.strips.carousel.pushes.length > {held}", 4)
    check("carousel: autoplay resumes after the release, the pointer gone", resumed)


def carousel_loop(check, g, out):
    # Autoplay off (as its rotation control does), so nothing moves the carousel while it is photographed.
    g.browser.js("detentDemo.strips.carousel.rotation.want(false), true")
    g.browser.wait(f"{SECTION}.dataset.rotationSaid === '0'", 5, "the carousel's autoplay stopped")
    if g.rest("carousel")["index"] != 0:
        g.browser.js("detentDemo.strips.carousel.el.goToSlide(0, 'instant'), true")
    g.browser.wait("detentDemo.strips.carousel.viewport.dataset.index === '0'", 5, "the carousel on its first slide")
    first = g.rest("carousel")
    before = g.shot("carousel", os.path.join(out, "carousel-before-wrap.png"))
    g.click("carousel", "prev")
    for _ in range(4):
        info = g.rest("carousel")
        if info["index"] == 3:
            break
        g.click("carousel", "next")
    check("carousel: the buttons go to the last item (prev from the first goes around)",
          info["index"] == 3 and info["offset"] == 1550, f"{info['index']} at {info['offset']}")
    # Every frame's slides on the screen, from now on (the last two kept).
    g.browser.js("detentDemo.recordRects = true")
    g.drag("carousel", -150, 100)
    after_info = g.rest("carousel")
    frames = g.browser.js("detentDemo.strips.carousel.rects")
    g.browser.js("detentDemo.recordRects = false")
    after = g.shot("carousel", os.path.join(out, "carousel-after-wrap.png"))
    decision = after_info["decision"] or {}
    check("carousel: past the last item it goes on to the first (a motion to 1860, then its jump to the real one at 620)",
          decision.get("index") == 0 and decision.get("x") == 1860 and decision.get("jump") == 620, str(decision))
    check("carousel: the jump lands on the real first item", after_info["offset"] == 620 and after_info["index"] == 0
          and first["offset"] == 620, f"at {after_info['offset']}")
    # The last frame of the motion and the frame at rest after the jump: every
    # slide moved on the screen by the motion's last step alone (x minus the
    # last frame's offset), none by a loop's length.
    last, rest = frames[-2:] if len(frames) >= 2 else ({}, {})
    step = last.get("offset", 0) - decision.get("x", 0)
    moved = [b - a for a, b in zip(last.get("lefts", []), rest.get("lefts", []))]
    check("carousel: the jump is invisible (every slide moves by the motion's last step alone)",
          last.get("state") == "moving" and rest.get("state") == "rest" and rest.get("offset") == 620
          and len(moved) == 4 and all(abs(m - step) <= 0.01 for m in moved), f"{frames}")
    check("carousel: gone around, its first slide is drawn as before (identical screenshots)", before == after and len(before) > 1000)
    g.browser.js("detentDemo.strips.carousel.rotation.want(true), true")
    away(g)
