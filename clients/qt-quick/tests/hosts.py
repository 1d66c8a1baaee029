"""The tests' windows: tests/host.cpp (detent-qml-host) loading a QML page
on the shared Xvfb (or as a Wayland client of a headless sway, for
touchpad swipes), its trace read line by line (Tests/GTK/harness.py's
Trace), real input through xdotool (under sway: Tests/Wayland's virtual
pointer). A page runs as it is (Qt's own
SwipeView) or with `import Detent.Controls` added after `import
QtQuick.Controls` (one line: what an app changes to switch)."""

import os
import subprocess
import time

from harness import HarnessError, Trace, X  # Tests/GTK/harness.py


def detent_copy(source, out_dir, extra=""):
    """The page with `import Detent.Controls` added; `extra` replaces the marker line `// @DETENT@` (a view's
    Detent properties, for the side-by-side page)."""
    with open(source) as f:
        text = f.read()
    if "\nimport QtQuick.Controls\n" not in text:
        raise HarnessError(f"{source}: no `import QtQuick.Controls` line")
    text = text.replace("\nimport QtQuick.Controls\n", "\nimport QtQuick.Controls\nimport Detent.Controls\n", 1)
    text = text.replace("// @DETENT@", extra)
    path = os.path.join(out_dir, "detent-" + os.path.basename(source))
    with open(path, "w") as f:
        f.write(text)
    return path


class Host:
    """detent-qml-host PAGE at (x, y) on the display; DETENT_SOCKET as given (None: unset)."""

    def __init__(self, build, display, page, socket=None, at=(100, 100), size=(400, 300), env=None, title=None,
                 sway=None):
        """With SWAY (Tests/Wayland's Sway), a Wayland client of it instead: sway places (tiles) the window, so
        `at` is unused, and `origin` is read from sway once the caller has every window mapped (placed())."""
        base = dict(os.environ, DISPLAY=display or "", QT_QPA_PLATFORM="xcb",
                    XDG_RUNTIME_DIR=os.environ.get("XDG_RUNTIME_DIR", f"/tmp/runtime-{os.getuid()}"))
        base.pop("WAYLAND_DISPLAY", None)
        e = sway.env(base) if sway else base
        e["QML_IMPORT_PATH"] = os.path.join(build, "qml")
        e.pop("DETENT_SOCKET", None)
        os.makedirs(e["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
        if socket:
            e["DETENT_SOCKET"] = socket
        e.update(env or {})
        self.title = title or f"detent-qml-host {os.path.basename(page)} {at[0]}"
        args = [os.path.join(build, "tests", "detent-qml-host"), page, "--width", str(size[0]), "--height", str(size[1]),
                "--title", self.title]
        self.process = subprocess.Popen(args, env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)
        self.sway = sway
        self.x = None if sway else X(display)
        try:
            if sway:
                sway.wait_window(pid=self.process.pid, timeout=30)
            _, ready = self.trace.wait("ready", 30)
            if not sway:
                wid = self.x.window_id(self.title)
                self.x.xdotool("windowmove", "--sync", wid, at[0], at[1])
        except Exception:
            self.process.kill()
            self.process.wait(5)
            raise
        self.origin = at
        self.size = size
        self.ready = ready

    def placed(self):
        """Under sway: the window's rectangle on the output now (origin and size), as sway tiled it."""
        r = self.sway.wait_window(pid=self.process.pid)["rect"]
        self.origin, self.size = (r["x"], r["y"]), (r["width"], r["height"])
        return self.origin, self.size

    # ----------------------------------------------------------------- input
    def point(self, fx, fy=0.5):
        return self.origin[0] + int(fx * self.size[0]), self.origin[1] + int(fy * self.size[1])

    def drag(self, fx0, fx1, steps=10, step_ms=30, hold_ms=0, fy=0.5):
        """Button 1 down at fx0 (a fraction of the width), moved to fx1 in steps, held, released."""
        x0, y = self.point(fx0, fy)
        x1, _ = self.point(fx1, fy)
        args = ["mousemove", x0, y, "mousedown", "1"]
        for k in range(1, steps + 1):
            args += ["sleep", step_ms / 1000, "mousemove", round(x0 + (x1 - x0) * k / steps), y]
        if hold_ms:
            args += ["sleep", hold_ms / 1000]
        args += ["mouseup", "1"]
        self.x.xdotool(*args)

    def drag_y(self, fy0, fy1, steps=10, step_ms=30, hold_ms=0):
        """As drag, along y (a vertical view), at the middle of the width."""
        x, y0 = self.point(0.5, fy0)
        _, y1 = self.point(0.5, fy1)
        args = ["mousemove", x, y0, "mousedown", "1"]
        for k in range(1, steps + 1):
            args += ["sleep", step_ms / 1000, "mousemove", x, round(y0 + (y1 - y0) * k / steps)]
        if hold_ms:
            args += ["sleep", hold_ms / 1000]
        args += ["mouseup", "1"]
        self.x.xdotool(*args)

    def wheel(self, button):
        x, y = self.point(0.5)
        self.x.xdotool("mousemove", x, y, "mousedown", button, "mouseup", button)

    def key(self, *names):
        self.x.xdotool("key", *names)

    def eval(self, js, timeout=10):
        mark = self.trace.mark()
        self.process.stdin.write("eval " + js + "\n")
        self.process.stdin.flush()
        _, f = self.trace.wait("result", timeout, after=mark)
        if "error" in f:
            raise HarnessError(f"eval {js}: {f['error']}")
        return f.get("value")

    # ----------------------------------------------------------------- reading
    def settle(self, quiet_s=0.6, limit_s=10):
        """Until the view is at rest after input (bounded): no index or moving line for quiet_s, not moving, and
        its contentX the same twice 150 ms apart (an app's page change is no movement and traces nothing: under
        load Qt's can still run when the trace has been quiet a while)."""
        deadline = time.monotonic() + limit_s
        last = self.trace.mark()
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.trace.mark()
            if now != last:
                last, quiet_since = now, time.monotonic()
                continue
            if time.monotonic() - quiet_since < quiet_s:
                continue
            x0 = self.eval("view.contentItem.contentX + ' ' + view.contentItem.contentY + ' ' + view.contentItem.moving")
            time.sleep(0.15)
            x1 = self.eval("view.contentItem.contentX + ' ' + view.contentItem.contentY + ' ' + view.contentItem.moving")
            if x0 == x1 and not x1.endswith("true") and self.trace.mark() == last + 2:
                return
            last, quiet_since = self.trace.mark(), time.monotonic()
        raise HarnessError(f"the view did not come to rest in {limit_s} s; last: {self.trace.tail()}")

    def values(self, verb, start=0, end=None):
        end = self.trace.mark() if end is None else end
        return [f.get("value") for _, _, f in self.trace.select(start, end, verb)]

    def frames(self):
        """The frames the window swapped so far (the host counts frameSwapped)."""
        mark = self.trace.mark()
        self.process.stdin.write("frames\n")
        self.process.stdin.flush()
        return int(self.trace.wait("frames", 10, after=mark)[1]["value"])

    def index(self):
        return int(self.eval("view.currentIndex"))

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(5)
