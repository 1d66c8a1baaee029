#!/usr/bin/python3
"""When does a carousel emit page-changed, and how do position and n-pages notify meanwhile?

Starts Xvfb, runs app.py (an AdwCarousel, or with --widget detent a DetentCarousel) and drives it
with real X input (xdotool: drags, wheel clicks) and commands on its stdin; writes every line the
app printed, case by case, to --out, and prints one summary line per case. README.md has the table
these lines gave for libadwaita 1.2.2. This is a measurement, not a test: it asserts nothing.

SPDX-License-Identifier: Apache-2.0
"""
import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
_spec = importlib.util.spec_from_file_location("gtk_harness", os.path.join(ROOT, "Tests", "GTK", "harness.py"))
H = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(H)

QUIET_S = 0.7      # no line for this long: the carousel is at rest
LONGEST_S = 6      # a case that never goes quiet
W, HGT = 400, 240  # the carousel (app.py's window)


class Run:
    def __init__(self, display, widget, out, pages=5, prescroll=-1):
        env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GSK_RENDERER="cairo", NO_AT_BRIDGE="1",
                   GTK_A11Y="none")
        cmd = [sys.executable, os.path.join(HERE, "app.py"), "--widget", widget, "--pages", str(pages),
               "--prescroll", str(prescroll)]
        self.process = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=sys.stderr, text=True, bufsize=1, start_new_session=True)
        self.trace = H.Trace(self.process.stdout, lambda: self.process.poll() is None)
        self.x = H.X(display)
        self.out = out
        _, ready = self.trace.wait("ready", 30)
        wid = self.x.window_id("Detent measure")
        self.x.xdotool("windowmove", "--sync", wid, 600, 200)
        wx, wy, _, _ = self.x.geometry(wid)
        self.origin = (round(wx + ready["x"]), round(wy + ready["y"]))
        self.written = 0

    def quiet(self):
        """Wait until no line has come for QUIET_S (or LONGEST_S passed)."""
        start = time.monotonic()
        while time.monotonic() - start < LONGEST_S:
            mark = self.trace.mark()
            time.sleep(QUIET_S)
            if self.trace.mark() == mark:
                return
        self.cmd("mark never-quiet")

    def cmd(self, text):
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def case(self, name, *steps, setup=()):
        """`setup` commands first (not part of the case), then the mark and the steps, then quiet."""
        if setup:
            self.cmd(f"mark setup-{name}")
            for command in setup:
                self.cmd(command)
            self.quiet()
        self.cmd(f"mark {name}")
        for step in steps:
            if isinstance(step, (int, float)):
                time.sleep(step)
            elif callable(step):
                step(self)
            else:
                self.cmd(step)
        self.quiet()
        mark = self.trace.mark()
        self.cmd("state")
        self.trace.wait("state", 5, after=mark)
        self.flush()

    def drag(self, dx, steps=6, step_ms=16, hold_ms=0, press=0.5):
        ox, oy = self.origin
        x0, y = ox + round(press * W), oy + HGT // 2
        args = ["mousemove", x0, y, "mousedown", 1]
        for k in range(1, steps + 1):
            args += ["sleep", f"{step_ms / 1000:.3f}", "mousemove", x0 + round(dx * k / steps), y]
        if hold_ms:
            args += ["sleep", f"{hold_ms / 1000:.3f}"]
        args += ["mouseup", 1]
        return lambda run: run.x.xdotool(*args, timeout=15)

    def wheel(self, button, times=1, gap_ms=0):
        ox, oy = self.origin
        args = ["mousemove", ox + W // 2, oy + HGT // 2, "click", "--repeat", times, "--delay", gap_ms, button]
        return lambda run: run.x.xdotool(*args, timeout=15)

    def flush(self):
        lines = self.trace.slice(self.written, self.trace.mark())
        self.written += len(lines)
        for _, text, _ in lines:
            self.out.write(text + "\n")
        self.out.flush()
        return lines

    def close(self):
        try:
            self.cmd("quit")
            self.process.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.flush()


def cases(r):
    """The cases of one run (5 pages, at page 0 after the first show)."""
    r.case("first-show")
    r.case("drag-next", r.drag(-0.6 * W))                        # 0 -> 1
    r.case("drag-back-same", r.drag(-0.2 * W, steps=10, step_ms=60))   # slow, short: back to 1
    r.case("drag-tiny", r.drag(-8, steps=2))                     # never takes hold
    r.case("drag-prev", r.drag(0.6 * W))                         # 1 -> 0
    r.case("drag-outward-first", r.drag(0.4 * W))                # refused at the first page
    r.case("wheel-down", r.wheel(5))                             # 0 -> 1
    r.case("wheel-right", r.wheel(7))                            # 1 -> 2
    r.case("wheel-left", r.wheel(6))                             # 2 -> 1
    r.case("wheel-up", r.wheel(4))                               # 1 -> 0
    r.case("wheel-outward-first", r.wheel(4))                    # at 0: nothing to go to
    r.case("wheel-two-in-lock", r.wheel(5, 2, 60))               # the second inside the 150 ms lock
    r.case("wheel-two-apart", r.wheel(5, 2, 400))                # 1 -> 2 -> 3
    r.case("wheel-two-in-motion", r.wheel(4, 2, 200))            # 3 -> 2 -> 1, the second click mid-spring
    r.case("scroll-to-animate", "scroll_to 0 1", setup=["scroll_to 3 0"])
    r.case("scroll-to-animate-same", "scroll_to 0 1")
    r.case("scroll-to-instant", "scroll_to 3 0")
    r.case("scroll-to-instant-same", "scroll_to 3 0")
    r.case("scroll-to-interrupted", "scroll_to 0 1", 0.08, "scroll_to 4 1")
    r.case("scroll-to-instant-in-motion", "scroll_to 0 1", 0.08, "scroll_to 2 0")
    r.case("append", "append", setup=["scroll_to 2 0"])              # at 2 of 6
    r.case("prepend", "prepend")                                 # the current page moves to 3
    r.case("insert-after", "insert 5")
    r.case("remove-before", "remove 0")                          # at 3 of 8
    r.case("remove-after", "remove 5")                           # at 2 of 7
    r.case("remove-current", "remove 2")                         # at 2 of 6: the middle
    r.case("remove-current-first", "remove 0", setup=["scroll_to 0 0"])
    r.case("remove-current-last", "remove 3", setup=["scroll_to 3 0"])    # 4 pages: the last
    r.case("reorder-current", "reorder 2 0", setup=["append", "append", "scroll_to 2 0"])
    r.case("reorder-across", "reorder 3 0", setup=["scroll_to 2 0"])
    r.case("reorder-other", "reorder 4 3", setup=["scroll_to 2 0"])
    r.case("remove-target-in-motion", "scroll_to 4 1", 0.08, "remove 4", setup=["scroll_to 0 0"])
    r.case("reveal-append", "append", setup=["reveal 300", "scroll_to 1 0"])
    r.case("reveal-remove-current", "remove 1", setup=["scroll_to 1 0"])
    r.case("reveal-remove-before", "remove 0", setup=["scroll_to 2 0"])
    r.case("reveal-off", "reveal 0")
    r.case("animations-off", "animations 0")
    r.case("off-scroll-to-animate", "scroll_to 0 1")
    r.case("off-wheel", r.wheel(5))
    r.case("off-wheel-back", r.wheel(4))
    r.case("off-drag", r.drag(-0.6 * W))
    r.case("off-drag-same", r.drag(-0.2 * W, steps=10, step_ms=60))
    r.case("animations-on", "animations 1")
    r.case("remove-all", "clear")
    r.case("append-to-empty", "append")
    r.case("append-second", "append")


def summarize(lines, out):
    """One line per case: the page-changed emissions, then how position and n-pages notified."""
    name, rows = None, []
    for _, _, f in lines + [(0, "", {"verb": "case", "name": None})]:
        if f["verb"] == "case":
            if name and not name.startswith("setup-"):
                out.write(describe(name, rows) + "\n")
            name, rows = f["name"], []
        elif name:
            rows.append(f)


def describe(name, rows):
    pcs = [f"{int(f['index'])}@{f['p']:g}{'' if f['in'] == '-' else ' in ' + f['in']}"
           for f in rows if f["verb"] == "page-changed"]
    ps = [f["p"] for f in rows if f["verb"] == "position"]
    inside = sum(1 for f in rows if f["verb"] == "position" and f["in"] != "-")
    ns = [int(f["n"]) for f in rows if f["verb"] == "n-pages"]
    end = next((f for f in reversed(rows) if f["verb"] == "state"), {})
    pos = f"{len(ps)}{f' ({inside} in call)' if inside else ''} ({ps[0]:g}..{ps[-1]:g})" if ps else "0"
    return (f"{name:28} page-changed: {', '.join(pcs) or 'none':34} position: {pos:34} "
            f"n-pages: {','.join(map(str, ns)) or '-':8} end p={end.get('p', '?')} n={end.get('n', '?')}")


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("--widget", choices=("adw", "detent"), default="adw")
    a.add_argument("--out", default=os.path.join(ROOT, ".build", "measure", "page-changed.log"))
    opt = a.parse_args()
    os.makedirs(os.path.dirname(opt.out), exist_ok=True)
    xvfb = H.Xvfb("1600x700x24")
    try:
        with open(opt.out, "w") as out:
            r = Run(xvfb.display, opt.widget, out)
            try:
                cases(r)
            finally:
                r.close()
            main_lines = r.trace.slice(0, r.trace.mark())
            r2 = Run(xvfb.display, opt.widget, out, prescroll=2)     # scroll_to(2, FALSE) before the first show
            try:
                r2.case("after-prescrolled-show")
            finally:
                r2.close()
            lines = main_lines + [(0, "", {"verb": "case", "name": "launch-prescrolled"})] + \
                r2.trace.slice(0, r2.trace.mark())
        # lines before the first mark belong to the first show
        first = [(0, "", {"verb": "case", "name": "launch"})]
        summarize(first + lines, sys.stdout)
        print(f"# lines in {opt.out}")
    finally:
        xvfb.close()


if __name__ == "__main__":
    main()
