"""The recorder under a real X server: Xvfb on a free display, the
recorder's stdout read line by line (each line with the moment it came),
real pointer events through xdotool (XTEST).

Xvfb, the line parser and the trace with bounded waits are
Tests/GTK/harness.py's; the recorder and its xdotool calls are here.

Every wait has a time limit and fails with HarnessError when it passes, or
at once when the recorder has ended."""

import functools
import importlib.util
import os

# Xvfb, the line parser, the trace with bounded waits and the package check
# are Tests/GTK/harness.py's (loaded by path: both modules are "harness").
_spec = importlib.util.spec_from_file_location(
    "gtk_harness", os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "GTK", "harness.py"))
_gtk = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gtk)

PACKAGES = ["xvfb", "xdotool", "libadwaita-1-dev", "pkg-config", "make", "gcc"]
HarnessError = _gtk.HarnessError
parse_line = functools.partial(_gtk.parse_line, integers=True)


def ensure_packages():
    _gtk.ensure_packages(PACKAGES)


class Xvfb(_gtk.Xvfb):
    """Wide enough for drags longer than a page on both sides."""

    def __init__(self, size="2800x800x24"):
        super().__init__(size)


class Trace(_gtk.Trace):
    """The recorder's stdout: frame times (µs) stay exact integers."""

    def __init__(self, stream, alive):
        super().__init__(stream, alive, parse=parse_line)


class Recorder(_gtk.Recorder):
    """Examples/adwaita's detent-adw-recorder on the display, with these options."""

    def __init__(self, binary, display, options):
        env = dict(os.environ, DISPLAY=display, GSK_RENDERER="cairo", GDK_BACKEND="x11", NO_AT_BRIDGE="1",
                   GTK_A11Y="none")
        super().__init__(binary, env, options, Trace)


class WaylandRecorder(_gtk.Recorder):
    """The same recorder as a client of a Tests/Wayland sway: env is the sway's client environment."""

    def __init__(self, binary, env, options):
        super().__init__(binary, dict(env, GSK_RENDERER="cairo", NO_AT_BRIDGE="1", GTK_A11Y="none"), options, Trace,
                         wayland=True)


X = _gtk.X
