"""qt-window-test's window under test: the app's defaults, the packages, the checks' tally, and the app
(scripts/qt-demo with its trace on). Shared with a11y-test and touchpad-test."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if os.path.join(ROOT, "Tests", "GTK") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "Tests", "GTK"))
import harness  # noqa: E402
from harness import DemoApp  # noqa: E402  Tests/GTK/harness.py: the trace with bounded waits

OUT = os.path.join(ROOT, ".build/qt-window-test")
PREFIX = os.path.join(ROOT, ".build/qt-demo/prefix")  # where scripts/qt-demo installs libdetent
TITLE = "Detent: SwipeView twin"
REFUSED = "detent-test-no-such-plugin"
PAGES, WIDTH, SPACING = 6, 400, 0  # the app's defaults
P = WIDTH + SPACING
BANNER_RED = (0xB4, 0x23, 0x18)
BANNER_AMBER = (0xB4, 0x53, 0x09)
SETTLE_S = 8
PACKAGES = ["xvfb", "xdotool", "imagemagick", "pkg-config", "make", "gcc", "g++", "qt6-declarative-dev",
            "qml6-module-qtquick", "qml6-module-qtquick-controls", "qml6-module-qtquick-templates",
            "qml6-module-qtquick-window", "qml6-module-qtqml-workerscript", "libgl1-mesa-dri"]


def ensure_packages():
    """apt-get installs what of PACKAGES is missing (Tests/GTK/harness.py's rule)."""
    harness.ensure_packages(PACKAGES)


class Checks:
    def __init__(self):
        self.passed = 0
        self.skipped = 0
        self.failed = []

    def __call__(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok - {name}", flush=True)
        else:
            self.failed.append(name)
            print(f"not ok - {name}" + (f": {detail}" if detail else ""), flush=True)
        return ok

    def skip(self, name, why):
        self.skipped += 1
        print(f"ok - {name} # SKIP {why}", flush=True)


# -- the app ------------------------------------------------------------------------------------------------

class App(DemoApp):
    """scripts/qt-demo on the display with the trace on; its detentd's pid and socket from its stderr."""

    def __init__(self, bin_dir, display, config, plugin, runtime, timeout=240):
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", DETENT_QT_TRACE="1", DETENT_BIN=bin_dir,
                   XDG_RUNTIME_DIR=runtime)
        env.pop("WAYLAND_DISPLAY", None)
        self.daemon = None  # a detentd the test started again
        super().__init__(ROOT, "scripts/qt-demo", ["--config", config, "--plugin", plugin], env, "detent-qt-demo",
                         timeout)

    def close(self):
        super().close()
        if self.daemon:
            self.daemon.terminate()
            self.daemon.wait(10)
