"""Beyond AdwCarousel, on the same page: Detent's geometry as properties
(a page narrower than the carousel with the next one peeking, lead and
trail, pages of their own natural widths, a loop), each sent to the daemon
as the layout it means and drawn where the strip places the pages; a
refused plugin replaced by the daemon's default; and a carousel at rest
that paints nothing."""

import time

from pagedriver import COLOURS, SETTLE_S, fields
from page_checks import paged


def close(a, b):
    return all(abs(x - y) <= 6 for x, y in zip(a, b))


def at(app, name, x, y):
    """The colour at (x, y) inside the carousel."""
    cx, cy, w, h = app.carousel
    from harness import pixel
    return pixel(app.x.shot(f"{app.out}/{name}.png", crop=(cx, cy, w, h)), x, y)


def layout(app, relay, commands, timeout=5):
    """Sets properties; the last layout (or open) line they sent."""
    rm = relay.mark()
    for c in commands:
        app.command(c)
    relay.wait(rm, "up", "layout", timeout) or relay.wait(rm, "up", "open", 1)
    time.sleep(0.6)
    lines = [line for line in relay.since(rm, "up") if line.split(" ", 1)[0] in ("layout", "open")]
    return fields(lines[-1]) if lines else {}


def pages(check, app, relay):
    """A page inserted before the one shown, then removed: AdwCarousel keeps showing the same page
    (measured: position on by one, no page-changed), and so must the carousel."""
    app.rest_at(1)
    am = app.trace.mark()
    app.command("insert 0")
    app.trace.wait("notify", 5, after=am, name="n-pages", value=4)
    time.sleep(0.6)
    p = app.ask("get position", "value")["value"]
    check("a page inserted before the page shown: it stays shown (position 2), no page-changed",
          p == 2 and not app.lines(am, "page-changed") and app.page_shown("inserted") == 1, f"position {p}")
    am = app.trace.mark()
    app.command("remove 0")
    app.trace.wait("notify", 5, after=am, name="n-pages", value=3)
    time.sleep(0.6)
    p = app.ask("get position", "value")["value"]
    check("...and removed again: still shown (position 1), no page-changed",
          p == 1 and not app.lines(am, "page-changed") and app.page_shown("removed") == 1, f"position {p}")


def run(check, app, relay):
    pages(check, app, relay)
    app.rest_at(0)
    _, _, w, h = app.carousel
    am = app.trace.mark()
    g = layout(app, relay, ["set page-size 400", "set lead 40", "set trail 40"])
    check(f"page-size 400, lead and trail 40: laid out as viewport={w:g} item=400 lead=40 trail=40",
          float(g.get("viewport", 0)) == w and g.get("item") == "400" and g.get("lead") == "40"
          and g.get("trail") == "40", str(g))
    try:
        app.trace.wait("notify", SETTLE_S, after=am, name="running-plugin", where=lambda f: f["value"] != "adwaita")
    except Exception:  # noqa: BLE001 (the check below says it)
        pass
    plugins = [f["value"] for f in app.lines(am, "notify", name="running-plugin")]
    logs = [f["message"] for f in app.lines(am, "log")]
    check("adwaita refuses a page narrower than the carousel: the daemon's default runs it, said once in the log",
          plugins and plugins[-1] != "adwaita" and len(logs) == 1, f"running {plugins}; log {logs}")
    layout(app, relay, ["set plugin peek"])
    app.rest_at(0)
    check("the next page peeks in at the end, the lead shows nothing of a page",
          close(at(app, "peek-end", w - 20, 8), COLOURS[1])
          and not any(close(at(app, "peek-lead", 20, 8), c) for c in COLOURS), str(at(app, "peek", w - 20, 8)))
    paged(check, app, relay, "peeking: a fast drag forward", lambda: app.drag(-200, 0, 64, 4), "release", 1,
          shown=False)
    check("peeking on page 2: page 1 peeks in at the start, page 3 at the end",
          close(at(app, "peek2-start", 20, 8), COLOURS[0]) and close(at(app, "peek2-end", w - 20, 8), COLOURS[2]))

    g = layout(app, relay, ["set loop true", "set plugin loop", "set lead 0", "set trail 0"])
    check("loop on under plugin loop (the carousel strategy): opened there with loop, the page size and no insets",
          g.get("verb") == "open" and g.get("plugin") == "loop" and g.get("loop") in ("1", "true")
          and g.get("item") == "400" and "lead" not in g, str(g))
    app.rest_at(0)
    time.sleep(0.4)
    check("a loop on its first page: the last page peeks in at the start (its copy nearest the view)",
          close(at(app, "loop-start", 20, 8), COLOURS[2]) and close(at(app, "loop-end", w - 20, 8), COLOURS[1]),
          str(at(app, "loop", 20, 8)))
    paged(check, app, relay, "a loop: a slow drag back from the first page, past half a page, held",
          lambda: app.drag(250, 0, 300, 6, hold_s=0.2), "release", 2, shown=False)

    g = layout(app, relay, ["set loop false", "set page-size 0", "set natural-sizes true", "set plugin thumbs"])
    sizes = g.get("sizes", "").split(",")
    check("natural-sizes under thumbs: opened with each page at its own natural width (sizes=, three of them, "
          f"each under the carousel's {w:g}), no loop", g.get("plugin") == "thumbs" and "loop" not in g
          and len(sizes) == 3 and all(0 < float(v) < w for v in sizes), str(g))
    g = layout(app, relay, ["set natural-sizes false", "set plugin adwaita"])
    app.rest_at(0)
    check("back to AdwCarousel's geometry: adwaita opens again with viewport=item",
          g.get("plugin") == "adwaita" and float(g.get("viewport", 0)) == w and float(g.get("item", 0)) == w, str(g))
    app.ask("paints", "paints")
    time.sleep(1.0)
    n = app.ask("paints", "paints")["count"]
    check("at rest the carousel paints nothing for a second (no tick, no redraw)", n == 0, f"{n} frames")
