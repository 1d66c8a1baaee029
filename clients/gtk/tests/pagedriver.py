"""The test's hands and eyes on detent-gtk-page (page.c): the app on the
shared Xvfb with its trace read line by line (Tests/GTK/harness.py's
Trace), its commands on stdin, real X input through xdotool, screenshots,
and the daemon's side of it through the relay (relay.py).

Every wait has a time limit; a wait that finds nothing raises
HarnessError, so a check built on it fails."""

import os
import subprocess
import time

from harness import HarnessError, Trace, X, pixel

SETTLE_S = 6
# The pages' colours (page.c's CSS): what a screenshot shows at a page's corner.
COLOURS = [(0xC0, 0x1C, 0x28), (0x26, 0xA2, 0x69), (0x1A, 0x5F, 0xB4)]


class PageApp:
    def __init__(self, binary, ui, display, socket, out, rtl=False, bus_env=None):
        """bus_env: a private session bus's environment (Tests/Atspi/atspi.py's Bus): GTK speaks AT-SPI on it."""
        args = [binary, ui, "--socket", socket] + (["--rtl"] if rtl else [])
        env = dict(bus_env or os.environ, DISPLAY=display, GDK_BACKEND="x11", GSK_RENDERER="cairo",
                   GTK_A11Y="atspi" if bus_env else "none")
        if not bus_env:
            env["NO_AT_BRIDGE"] = "1"
        env.pop("WAYLAND_DISPLAY", None)
        self.out, self.x = out, X(display)
        self.process = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1, start_new_session=True)
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)
        self.trace.wait("ready", 20)
        self.window = self.x.window("DetentCarousel page")
        self.carousel = self.where("carousel")

    # -- the app's side -----------------------------------------------------------------------------------

    def command(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, line, answer, **fields):
        """A command whose answer is one trace line: that line's fields."""
        mark = self.trace.mark()
        self.command(line)
        return self.trace.wait(answer, 5, after=mark, **fields)[1]

    def where(self, ident):
        """(x, y, w, h) of a widget of page.ui on the screen."""
        f = self.ask(f"where {ident}", "where", id=ident)
        wx, wy = self.window[:2]
        return wx + f["x"], wy + f["y"], f["w"], f["h"]

    def centre(self, ident):
        x, y, w, h = self.where(ident)
        return round(x + w / 2), round(y + h / 2)

    def lines(self, start, what, **fields):
        return [f for _, _, f in self.trace.select(start, self.trace.mark(), what, **fields)]

    def quiet(self, seconds):
        """Lets the app run for a while (for checks that something did not happen)."""
        time.sleep(seconds)

    def settle(self, mark, timeout=SETTLE_S):
        """The first page-changed after mark, and every one within the next 0.5 s: (first, all, index of first)."""
        i, first = self.trace.wait("page-changed", timeout, after=mark)
        time.sleep(0.5)
        return first, self.lines(mark, "page-changed"), i

    def rest_at(self, index):
        """Rests on a page at once (scroll_to FALSE) and lets it settle."""
        mark = self.trace.mark()
        self.command(f"scroll_to {index} 0")
        self.trace.wait("returned", 5, after=mark)
        time.sleep(0.3)

    # -- the hands ----------------------------------------------------------------------------------------

    def drag(self, dx, dy, ms, steps, hold_s=0.0, start=None):
        """Presses in the carousel (at start, else its middle offset back by half the move), moves by (dx, dy) in
        `steps` moves `ms` apart in all, waits hold_s, releases."""
        x, y, w, h = self.carousel
        cx, cy = start or (round(x + w / 2 - dx / 2), round(y + h / 2 - dy / 2))
        pause = ms / steps / 1000
        args = ["mousemove", cx, cy, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["sleep", f"{pause:.3f}", "mousemove", round(cx + dx * i / steps), round(cy + dy * i / steps)]
        if hold_s:
            args += ["sleep", f"{hold_s:.3f}"]
        self.x.xdotool(*args, "mouseup", 1)

    def wheel(self, *buttons, gap_s=0.0):
        """Wheel clicks over the carousel's middle (X buttons 4 up, 5 down, 6 left, 7 right), gap_s apart on the X
        server's clock: each click is followed by a round trip (X.SYNC), so the server has stamped it before the
        sleep starts (under load Xvfb takes a backlog in one ms), and has no --delay (xdotool sleeps it, 100 ms by
        default, after every click, the last too)."""
        x, y, w, h = self.carousel
        args = ["mousemove", round(x + w / 2), round(y + h / 4)]
        for k, b in enumerate(buttons):
            if k and gap_s:
                args += ["sleep", f"{gap_s:.3f}"]
            args += ["click", "--delay", "0", b, X.SYNC]
        self.x.xdotool(*args)

    def click(self, ident):
        cx, cy = self.centre(ident)
        self.x.xdotool("mousemove", cx, cy, "click", 1)

    def click_at(self, px, py):
        self.x.xdotool("mousemove", round(px), round(py), "click", 1)

    def focus_and_key(self, *names):
        """A click near the carousel's start edge (no page's control there) for the focus, then keys."""
        x, y, w, h = self.carousel
        self.click_at(x + 12, y + h / 2)
        self.key(*names)

    def key(self, *names):
        self.x.xdotool("key", "--delay", "60", *names)

    # -- the eyes -----------------------------------------------------------------------------------------

    def colour(self, name):
        """The colour a screenshot shows 8 px inside the carousel's top-left corner."""
        x, y, w, h = self.carousel
        image = self.x.shot(os.path.join(self.out, f"{name}.png"), crop=(x, y, w, h))
        return pixel(image, 8, 8)

    def page_shown(self, name):
        """The page whose colour is shown, or None."""
        c = self.colour(name)
        for i, want in enumerate(COLOURS):
            if all(abs(a - b) <= 6 for a, b in zip(c, want)):
                return i
        return None

    def close(self, name="page"):
        with open(os.path.join(self.out, f"{name}-trace.txt"), "w") as f:
            f.writelines(f"{when:.3f} {line}\n" for when, line, _ in self.trace.slice(0, self.trace.mark()))
        if self.process.poll() is None:
            try:
                self.command("quit")
                self.process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(5)


def fields(line):
    """A protocol line's key=value fields (values as text) and its verb."""
    verb, _, rest = line.partition(" ")
    out = {"verb": verb}
    for part in rest.split():
        k, _, v = part.partition("=")
        out[k] = v
    return out


def expect(found, what):
    if found is None:
        raise HarnessError(f"no {what}")
    return found
