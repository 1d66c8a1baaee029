"""The carousel's autoplay a person can stop (WCAG 2.2.2, the APG Carousel pattern), with real keys and
clicks: no autoplay push arrives while keyboard focus is in the carousel (4.5 s, two periods), and they
come again once focus has left; its pause button, first in it, stops autoplay until it is pressed again
(its accessible name saying what it does); while it rotates the live region is aria-live=off and an
autoplay step does not change its words."""

import time

SECTION = "document.querySelector('[data-detent-session=carousel]').closest('section')"
PUSHES = "detentDemo.strips.carousel.pushes.length"


def away(g):
    """The pointer off every strip and focus on the page itself: a click on the page's heading."""
    x, y = g.browser.js("(() => { window.scrollTo({left: 0, top: 0, behavior: 'instant'}); const r = document.querySelector('h1').getBoundingClientRect(); return [r.x + 4, r.y + r.height / 2]; })()")
    g.browser.mouse("mouseMoved", x, y, buttons=0)
    g.browser.mouse("mousePressed", x, y)
    g.browser.mouse("mouseReleased", x, y, buttons=0)


def rotating(g):
    return g.browser.becomes(f"{SECTION}.dataset.rotation === 'on' && {SECTION}.dataset.rotationSaid === '2000'", 5)


def quiet(g, seconds):
    """Whether no autoplay push arrives for `seconds` (paused: the daemon acknowledged every=0 first)."""
    if not g.browser.becomes(f"{SECTION}.dataset.rotationSaid === '0'", 5):
        return False
    held = g.browser.js(PUSHES)
    time.sleep(seconds)
    return g.browser.js(PUSHES) == held


def resumes(g):
    held = g.browser.js(PUSHES)
    return g.browser.becomes(f"{PUSHES} > {held}", 4)


def button(g):
    tree = g.browser.ax_tree()
    names = [n["name"] for n in tree.values() if not n["ignored"] and n["role"] == "button" and "autoplay" in (n["name"] or "")]
    return names


def check_rotation(check, g):
    b = g.browser
    away(g)
    check("carousel: it rotates with neither the pointer nor focus in it", rotating(g))
    words = b.js("detentDemo.strips.carousel.said.textContent")
    live = b.js("detentDemo.strips.carousel.said.getAttribute('aria-live')")
    check("carousel: its live region is aria-live=off while it rotates", live == "off", str(live))
    pushed = b.becomes(f"{PUSHES} > {b.js(PUSHES)}", 4)
    g.rest("carousel")
    now = b.js("detentDemo.strips.carousel.said.textContent")
    check("carousel: an autoplay step leaves the live region's words as they were", pushed and now == words, f"{words!r}, then {now!r}")
    # Tab into it from the strip before: its pause button first, then its selector and its viewport.
    b.js("document.querySelector('[data-detent-session=shelf]').closest('section').querySelector('.next').focus(), true")
    b.key("Tab")
    focused = b.js("document.activeElement.className")
    check("carousel: Tab from the strip before lands on its pause button, and autoplay stops there (every=0 answered)",
          focused == "rotation" and b.becomes(f"{SECTION}.dataset.rotationSaid === '0'", 5), str(focused))
    b.key("Tab")
    b.key("Tab")
    check("carousel: no autoplay push while keyboard focus is in it (4.5 s)",
          b.js("document.activeElement.classList.contains('viewport')") and quiet(g, 4.5))
    check("carousel: its live region is polite while paused", b.js("detentDemo.strips.carousel.said.getAttribute('aria-live')") == "polite")
    b.key("Tab", shift=True)
    b.key("Tab", shift=True)
    b.key("Tab", shift=True)
    check("carousel: autoplay resumes once focus has left it (Shift+Tab out)",
          b.js(f"!{SECTION}.contains(document.activeElement)") and rotating(g) and resumes(g))
    # The pointer over it, no button down.
    x, y = g.centre("carousel")
    b.mouse("mouseMoved", x, y, buttons=0)
    check("carousel: no autoplay push while the pointer is over it (4.5 s)", quiet(g, 4.5))
    away(g)
    check("carousel: autoplay resumes once the pointer has left it", rotating(g) and resumes(g))
    # The pause button, clicked.
    x, y = b.js(f"(() => {{ const r = {SECTION}.querySelector('.rotation').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()")
    check("carousel: its pause button's name says what it does", button(g) == ["Pause autoplay"], str(button(g)))
    b.mouse("mousePressed", x, y)
    b.mouse("mouseReleased", x, y, buttons=0)
    away(g)
    check("carousel: pressed, its name says it plays again", button(g) == ["Play autoplay"], str(button(g)))
    check("carousel: paused by its button, no autoplay push with the pointer and focus away (4.5 s)", quiet(g, 4.5))
    b.mouse("mousePressed", x, y)
    b.mouse("mouseReleased", x, y, buttons=0)
    away(g)
    check("carousel: pressed again, it rotates", button(g) == ["Pause autoplay"] and rotating(g) and resumes(g), str(button(g)))
