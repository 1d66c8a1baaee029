"""No daemon: the carousel still pages (the strip's local rule) and says
so (`connected` false); a daemon that comes later is found within 2 s and
the session opens where the carousel rests; the daemon gone in the middle
of a drag, the drag still ends on a page. The daemon here is the real one
behind a relay started late, and dropped while a finger holds the page."""

import os
import threading
import time

from pagedriver import PageApp, fields
from relay import Relay


def run(check, binary, ui, display, out, daemon_socket, tmp):
    late = os.path.join(tmp, "late.sock")
    app = PageApp(binary, ui, display, late, out)
    relay = None
    try:
        app.quiet(0.5)
        check("no daemon at start: connected stays FALSE", not app.lines(0, "notify", name="connected"))
        am = app.trace.mark()
        app.drag(-200, 0, 64, 4)
        _, f = app.trace.wait("page-changed", 5, after=am)
        check("no daemon: a fast drag forward still pages (the local rule), page-changed(1) at position 1",
              f["index"] == 1 and f["position"] == 1 and app.page_shown("offline") == 1, str(f))
        am = app.trace.mark()
        app.focus_and_key("Right")
        _, f = app.trace.wait("page-changed", 5, after=am)
        check("no daemon: a key pages too, page-changed(2)", f["index"] == 2, str(f))
        am = app.trace.mark()
        relay = Relay(daemon_socket, late)
        started = time.monotonic()
        app.trace.wait("notify", 3, after=am, name="connected", value="TRUE")
        took = time.monotonic() - started
        opened = relay.wait(0, "up", "open", 3)
        check(f"a daemon started later is found in {took:.2f} s (< 2 s): connected TRUE", took < 2.0)
        check("its session opens on the page the carousel rests on (index=2)",
              opened and fields(opened).get("index") == "2", opened)

        app.rest_at(0)
        am, rm = app.trace.mark(), relay.mark()
        x, y, w, h = app.carousel
        cx, cy = round(x + w / 2 + 100), round(y + h / 2)
        drop = threading.Timer(0.25, relay.drop)            # the daemon gone while the finger holds the page
        drop.start()
        app.x.xdotool("mousemove", cx, cy, "mousedown", 1, "sleep", "0.1", "mousemove", cx - 40, cy, "sleep", "0.1",
                      "mousemove", cx - 80, cy, "sleep", "0.2", "mousemove", cx - 160, cy, "sleep", "0.02",
                      "mousemove", cx - 240, cy, "mouseup", 1)
        drop.join()
        _, f = app.trace.wait("page-changed", 5, after=am)
        check("the daemon gone mid-drag: the drag still ends on a page (page-changed with an integral position)",
              f["position"] == f["index"] and f["index"] in (0, 1), str(f))
        check("...and the moves before the drop reached the daemon", relay.since(rm, "up", "begin"),
              str(relay.since(rm)))
        app.trace.wait("notify", 3, after=am, name="connected", value="TRUE")
        check("connected goes FALSE at the drop and TRUE again",
              [g["value"] for g in app.lines(am, "notify", name="connected")][-2:] == ["FALSE", "TRUE"])
        # Reopened at the page it rested on: at once, or, when the daemon came
        # back while the finger still held it, with a goto there after the
        # drag ended (detent-strip(3), OFFLINE PAGING).
        page = str(int(f["index"]))
        opened = relay.wait(rm, "up", "open", 3)
        went = relay.wait(rm, "up", "goto", 1) if opened and fields(opened).get("index") != page else None
        check(f"back again, its session reopens on the page it rested on ({page})",
              opened and (fields(opened).get("index") == page or (went and fields(went).get("index") == page)),
              f"{opened} / {went} / {relay.since(rm, 'up')}")
    finally:
        app.close("page-offline")
        if relay:
            relay.close()
