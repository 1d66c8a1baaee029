"""The carousel's autoplay a person can stop (WCAG 2.2.2, the APG Carousel pattern), with real keys and
clicks: no autoplay push arrives while keyboard focus is in the carousel (4.5 s, two periods), and they
come again once focus has left; its pause button, first in it, stops autoplay until it is pressed again
(its accessible name saying what it does); while it rotates the live region is aria-live=off, and so it
is whenever an autoplay step changes its words."""

import time

SECTION = "document.querySelector('[data-detent-session=carousel]').closest('section')"
PUSHES = "detentDemo.strips.carousel.pushes.length"
STOP, START = "Stop automatic slide show", "Start automatic slide show"
# The part of the carousel that has focus inside its shadow tree (null when focus is not in it).
FOCUSED_PART = ("(() => { const el = detentDemo.strips.carousel.el; if (document.activeElement !== el) return null;"
                " return el.shadowRoot.activeElement?.getAttribute('part') ?? null; })()")
# Every change of the live region's words from now on, each with its aria-live then, in window.spoken.
WATCH_LIVE = """(() => { const live = detentDemo.strips.carousel.said; window.spoken = [];
  if (window.liveWatcher) liveWatcher.disconnect();
  window.liveWatcher = new MutationObserver(() => spoken.push([live.textContent, live.getAttribute('aria-live')]));
  liveWatcher.observe(live, { childList: true, characterData: true, subtree: true });
  return true; })()"""


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
    names = [n["name"] for n in tree.values() if not n["ignored"] and n["role"] == "button" and "slide show" in (n["name"] or "")]
    return names


def check_rotation(check, g):
    b = g.browser
    away(g)
    check("carousel: it rotates with neither the pointer nor focus in it", rotating(g))
    live = b.js("detentDemo.strips.carousel.said.getAttribute('aria-live')")
    check("carousel: its live region is aria-live=off while it rotates", live == "off", str(live))
    b.js(WATCH_LIVE)
    pushed = b.becomes(f"{PUSHES} > {b.js(PUSHES)}", 4)
    g.rest("carousel")
    spoken = b.js("liveWatcher.disconnect(), spoken")
    check("carousel: an autoplay step is not announced (its live region aria-live=off whenever its words change)",
          pushed and all(live == "off" for _, live in spoken), str(spoken))
    # Tab into it from its plugin menu, just before it: its rotation control first, then its slides.
    b.js(f"{SECTION}.querySelector('.choice').focus(), true")
    b.key("Tab")
    focused = b.js(FOCUSED_PART)
    check("carousel: Tab from the control before it lands on its rotation control, and autoplay stops there (every=0 answered)",
          focused == "rotation-control" and b.becomes(f"{SECTION}.dataset.rotationSaid === '0'", 5), str(focused))
    b.key("Tab")
    check("carousel: no autoplay push while keyboard focus is in it (4.5 s)",
          b.js(FOCUSED_PART) == "scroll-container" and quiet(g, 4.5), str(b.js(FOCUSED_PART)))
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
    x, y = b.js("(() => { const r = detentDemo.strips.carousel.part('rotation-control').getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    check("carousel: its rotation control's name says what it does", button(g) == [STOP], str(button(g)))
    b.mouse("mousePressed", x, y)
    b.mouse("mouseReleased", x, y, buttons=0)
    away(g)
    check("carousel: pressed, its name says it starts again", button(g) == [START], str(button(g)))
    check("carousel: paused by its button, no autoplay push with the pointer and focus away (4.5 s)", quiet(g, 4.5))
    b.mouse("mousePressed", x, y)
    b.mouse("mouseReleased", x, y, buttons=0)
    away(g)
    check("carousel: pressed again, it rotates", button(g) == [STOP] and rotating(g) and resumes(g), str(button(g)))
