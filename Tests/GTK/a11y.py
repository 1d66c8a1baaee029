"""What a person's desktop gives a window, for the tests: a D-Bus session
bus of the test's own (its dbus-daemon starts the AT-SPI bus and registry
on demand, from Debian's at-spi2-core), an XSETTINGS manager (Debian's
xsettingsd) saying Gtk/EnableAnimations as GNOME's settings daemon does,
and the AT-SPI side as a screen reader sees it (python3-pyatspi, in
atspi_probe.py under that bus): the tree, and the description changes it
is sent. Every wait is bounded and fails with HarnessError."""

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from harness import HarnessError, Trace

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = ["at-spi2-core", "python3-pyatspi", "dbus", "dbus-daemon", "xsettingsd"]


def first_line(stream, timeout, what):
    """The first line a process writes on a pipe, within timeout."""
    ready, _, _ = select.select([stream], [], [], timeout)
    line = stream.readline() if ready else ""
    if not line.strip():
        raise HarnessError(f"{what} said nothing in {timeout} s")
    return line.strip()


def stop(process):
    if process and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


class SessionBus:
    """dbus-daemon --session of the test's own; what it starts (the AT-SPI bus) is in its process group."""

    def __init__(self):
        # No DISPLAY for what it starts: the AT-SPI bus is found through this bus alone, never through an
        # X root window's AT_SPI_BUS (another desktop's).
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "AT_SPI_BUS_ADDRESS")}
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                                        stdout=subprocess.PIPE, text=True, start_new_session=True, env=env)
        self.address = first_line(self.process.stdout, 10, "dbus-daemon")

    def env(self):
        return {"DBUS_SESSION_BUS_ADDRESS": self.address}

    def close(self):
        stop(self.process)


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
        stop(self.process)
        shutil.rmtree(self.dir, ignore_errors=True)


def probe_env(bus):
    env = dict(os.environ, **bus.env())
    for key in ("NO_AT_BRIDGE", "DISPLAY", "AT_SPI_BUS_ADDRESS"):
        env.pop(key, None)
    return env


def tree(bus, timeout=30):
    """Every named accessible of the applications on the bus: [{role, name, description, focused, focusable}]."""
    r = subprocess.run(["/usr/bin/python3", "-B", os.path.join(HERE, "atspi_probe.py"), "tree"], env=probe_env(bus),
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise HarnessError(f"atspi_probe.py tree: {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout)


def strips(nodes):
    """The strips' viewports: the named accessibles that are not text (a strip's title is also a label)."""
    return [n for n in nodes if n["role"] not in ("label", "text")]


def described(bus, name, want, tries=5):
    """The named accessible once its description is `want` (the tree read again, at most `tries` times)."""
    node = None
    for _ in range(tries):
        nodes = [n for n in strips(tree(bus)) if n["name"] == name]
        node = nodes[0] if len(nodes) == 1 else {"found": len(nodes)}
        if node.get("description") == want:
            return node
    return node


class Events:
    """atspi_probe.py listening for description changes, its lines read as a trace:
    `description name="..." value="..."`."""

    def __init__(self, bus):
        self.process = subprocess.Popen(["/usr/bin/python3", "-B", os.path.join(HERE, "atspi_probe.py"), "listen"],
                                        env=probe_env(bus), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1, start_new_session=True)
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)
        self.trace.wait("listening", 20)

    def close(self):
        stop(self.process)


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
