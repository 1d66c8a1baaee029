"""What a person's desktop gives a GTK window, for the tests, over the
shared AT-SPI harness (Tests/Atspi/atspi.py: the test's own D-Bus session
bus and accessibility bus, the pyatspi readers): an XSETTINGS manager
(Debian's xsettingsd) saying Gtk/EnableAnimations as GNOME's settings
daemon does, the tree as a screen reader reads it, and the description
changes it is sent. Every wait is bounded and raises."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile

from harness import HarnessError, Trace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Atspi"))
import atspi  # noqa: E402

PACKAGES = atspi.PACKAGES + ["dbus", "xsettingsd"]


def session_bus():
    """The shared harness's bus. No DISPLAY for what it starts: the AT-SPI bus is found through this bus alone,
    never through an X root window's AT_SPI_BUS (another desktop's)."""
    return atspi.Bus({k: v for k, v in os.environ.items() if k != "DISPLAY"})


class XSettings:
    """xsettingsd on the display, owning the XSETTINGS selection; set() rewrites its file and sends SIGHUP,
    as a settings daemon announces a change."""

    def __init__(self, display, animations):
        self.dir = tempfile.mkdtemp(prefix="detent-xsettings.")
        self.path = os.path.join(self.dir, "xsettingsd.conf")
        self.write(animations)
        env = dict(os.environ, DISPLAY=display)
        self.process = subprocess.Popen(["xsettingsd", "-c", self.path], env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True, start_new_session=True)
        # Its stderr, drained (it would block on a full pipe): the line once it owns the selection.
        owns = lambda line: {"verb": "owner" if "Took ownership of selection" in line else "said"}  # noqa: E731
        self.said = Trace(self.process.stderr, lambda: self.process.poll() is None, parse=owns)
        self.said.wait("owner", 10)

    def write(self, animations):
        with open(self.path, "w") as f:
            f.write(f"Gtk/EnableAnimations {1 if animations else 0}\n")

    def set(self, animations):
        self.write(animations)
        self.process.send_signal(signal.SIGHUP)

    def close(self):
        atspi.stop(self.process)
        shutil.rmtree(self.dir, ignore_errors=True)


def strips(nodes):
    """The strips' viewports: the named accessibles that are not text (a strip's title is also a label)."""
    return [n for n in nodes if n["role"] not in ("label", "text")]


def described(bus, name, want, tries=5):
    """The named accessible once its description is `want` (the tree read again, at most `tries` times)."""
    node = None
    for _ in range(tries):
        nodes = [n for n in strips(atspi.tree(bus.env())) if n["name"] == name]
        node = nodes[0] if len(nodes) == 1 else {"found": len(nodes)}
        if node.get("description") == want:
            return node
    return node


class Events:
    """atspi.py's listener for description changes, its lines read as a trace:
    `description name="..." value="..."`."""

    def __init__(self, bus):
        self.process = atspi.listener(bus.env())
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)
        self.trace.wait("listening", 20)

    def close(self):
        atspi.stop(self.process)


def tab_to(d, on, limit=40):
    """Tab until the keyboard focus is on the strip `on` (each Tab waits for the window's focus line)."""
    last = d.trace.select(0, d.trace.mark(), "focus")
    if last and last[-1][2]["on"] == on:
        return
    for _ in range(limit):
        mark = d.trace.mark()
        d.x.xdotool("key", "Tab")
        # A Tab that wraps around the window unsets the focus on the way (`focus on=none`, then the widget).
        _, f = d.trace.wait("focus", 3, after=mark, where=lambda f: f["on"] != "none")
        if f["on"] == on:
            return
    raise HarnessError(f"Tab never reached {on}")
