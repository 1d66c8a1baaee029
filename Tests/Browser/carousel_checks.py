"""The carousel strip's autoplay and loop as the demo test has always checked them: autoplay about every
2 s that stops while a pointer is held and resumes once it has gone; the buttons to the last item, then
a drag past it on to the first, its jump back invisible (screenshots before and after)."""

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
    # Autoplay off (as its pause button does), so nothing moves the strip while it is photographed.
    g.browser.js("detentDemo.strips.carousel.rotation.want(false), true")
    g.browser.wait(f"{SECTION}.dataset.rotationSaid === '0'", 5, "the carousel's autoplay stopped")
    g.rest("carousel")
    g.click("carousel", "prev" if g.info("carousel")["index"] == 0 else "next")
    for _ in range(4):
        info = g.rest("carousel")
        if info["index"] == 3:
            break
        g.click("carousel", "next")
    check("carousel: the buttons go to the last item", info["index"] == 3 and info["offset"] == 1512.5, f"{info['index']} at {info['offset']}")
    g.browser.js("detentDemo.holdJumps = true")
    g.drag("carousel", -150, 100)
    pending = g.browser.wait("detentDemo.strips.carousel.viewport.dataset.jumpPending", 5, "the end of the motion before the jump")
    info = g.info("carousel")
    before = g.shot("carousel", os.path.join(out, "carousel-before-jump.png"))
    g.browser.js("detentDemo.releaseJump('carousel'), detentDemo.holdJumps = false")
    after_info = g.rest("carousel")
    after = g.shot("carousel", os.path.join(out, "carousel-after-jump.png"))
    check("carousel: past the last item it goes on to the first", info["index"] == 0 and info["offset"] == 1822.5 and float(pending) == 582.5,
          f"{info['index']} at {info['offset']}, jump {pending}")
    check("carousel: the jump lands on the real first item", after_info["offset"] == 582.5 and after_info["index"] == 0, f"at {after_info['offset']}")
    check("carousel: the jump is invisible (identical screenshots before and after)", before == after and len(before) > 1000)
    g.browser.js("detentDemo.strips.carousel.rotation.want(true), true")
    away(g)
