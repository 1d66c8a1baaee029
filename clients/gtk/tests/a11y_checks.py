"""The carousel as a screen reader meets it, on a private AT-SPI bus
(Tests/Atspi/atspi.py): a focusable group labelled by the app, described
"item N of M" where it rests, and the description-change event Orca
listens for each time it comes to rest on another page."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/Atspi"))
import atspi  # noqa: E402
from pagedriver import PageApp  # noqa: E402


def run(check, binary, ui, display, socket, out):
    bus = atspi.Bus(dict(os.environ))
    app = reader = listener = None
    try:
        app = PageApp(binary, ui, display, socket, out, bus_env=bus.env())
        reader = atspi.Reader(bus.env())
        ok, node = reader.wait(app.process.pid, "Pages", lambda n: n.get("description") == "item 1 of 3", 10)
        check("AT-SPI: the carousel is a group (panel) named by the app, described 'item 1 of 3', focusable",
              ok and node.get("role") in ("panel", "grouping") and "focusable" in node.get("states", []), str(node))
        listener = atspi.listener(bus.env())
        atspi.line(listener.stdout, 10, "the listener")
        app.rest_at(2)
        event = atspi.line(listener.stdout, 5, "a description event")
        check("AT-SPI: resting on page 3 sends accessible-description 'item 3 of 3' (Orca's cue)",
              'name="Pages"' in event and 'value="item 3 of 3"' in event, event)
        ok, node = reader.wait(app.process.pid, "Pages", lambda n: n.get("description") == "item 3 of 3", 5)
        check("AT-SPI: and reads 'item 3 of 3' afterwards", ok, str(node))
        app.drag(200, 0, 64, 4)
        event = atspi.line(listener.stdout, 5, "a description event")
        check("AT-SPI: a drag back to page 2 is heard as 'item 2 of 3' once it rests", 'value="item 2 of 3"' in event,
              event)
    finally:
        for thing in (listener,):
            atspi.stop(thing)
        if reader:
            reader.close()
        if app:
            app.close("page-a11y")
        bus.close()
