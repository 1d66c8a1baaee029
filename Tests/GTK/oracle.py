"""What the app should do, found outside it: a detentd of the test's own
(on its own socket) that each gesture is replayed into, in a fresh session
opened where the strip rested; the motion curve evaluated here, from
detent-protocol(7)'s Motion formulas; and the strips' geometry and colours
as the demo documents them (Examples/gtk/README.md)."""

import math
import os
import shutil
import socket
import subprocess
import tempfile
import time

from harness import HarnessError, parse_line

# The strips' geometry (the web demo's, Examples/web/demo.js) as text fields.
GEOMETRY = {
    "cards": "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16",
    "peek": "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16",
    "banner": "viewport=375 item=275 count=6 align=start contain=pad",
    "thumbs": "viewport=375 sizes=120,90,150,100,80,130,110,95,140,85,125,100 spacing=8 lead=8 trail=8 "
              "align=start contain=pad",
    "shelf": "viewport=375 item=70 count=10 spacing=30 lead=20 contain=pad",
    "carousel": "viewport=375 item=300 count=4 spacing=10 loop=1",
}
PALETTE = [0x2d6cdf, 0x1f9d74, 0xc2410c, 0x7c3aed, 0xbe185d, 0x0e7490, 0xa16207, 0x4d7c0f]
COLOR_SHIFT = {"cards": 0, "peek": 3, "banner": 1, "thumbs": 5, "shelf": 0, "carousel": 2}


def items(name):
    """[(logical item, start, size)] as drawn: e(i) = lead + sum(size + spacing); a loop adds two each side."""
    g = dict(field.split("=") for field in GEOMETRY[name].split())
    sizes = [float(v) for v in g["sizes"].split(",")] if "sizes" in g else [float(g["item"])] * int(g["count"])
    n = len(sizes)
    logical = list(range(n))
    if g.get("loop") == "1":
        logical = logical[n - 2:] + logical + logical[:2]
    out, e = [], float(g.get("lead", 0))
    for i in logical:
        out.append((i, e, sizes[i]))
        e += sizes[i] + float(g.get("spacing", 0))
    return out


def card_color(name, index):
    c = PALETTE[(index + COLOR_SHIFT[name]) % len(PALETTE)]
    return (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF


def expected_pixel(name, index, offset, viewport_width=375):
    """A point of the viewport inside item `index` as drawn at `offset` (10 px into the card, at the
    middle of its visible part), and the colour it should be."""
    shown = []
    for item, start, size in items(name):
        if item != index:
            continue
        left, right = max(start - offset, 0), min(start - offset + size, viewport_width)
        if right - left > 20:
            shown.append((right - left, (left + right) / 2))
    if not shown:
        return None
    _, x = max(shown)
    return (x, 20), card_color(name, index)


def position(m, t):
    """detent-protocol(7), Motion: where the content is t ms into the decision's motion."""
    t = max(t, 0.0)
    x, x0, v = m["x"], m["from"], m["v"]
    if m["curve"] == "decay":
        return x - (x - x0) * m["rate"] ** t
    a = x0 - x
    b = v + m["omega"] * a
    return x + (a + b * t) * math.exp(-m["omega"] * t)


def settled_ms(m):
    """The first whole ms from which |pos(t) - x| <= 0.5 for good (searched backwards from far out)."""
    if abs(m["from"] - m["x"]) <= 0.5 and m["v"] == 0:
        return 0
    horizon = 5000
    t = horizon
    while t > 0 and abs(position(m, t - 1) - m["x"]) <= 0.5:
        t -= 1
    return t


class Oracle:
    """A detentd of the test's own, spoken to in the text protocol with ids."""

    def __init__(self, root, bin_dir):
        self.dir = tempfile.mkdtemp(prefix="detent-gtk-oracle.")
        self.path = os.path.join(self.dir, "oracle.sock")
        self.process = subprocess.Popen([os.path.join(bin_dir, "detentd"), "--config", os.path.join(root, "plugins.json"),
                                         "--socket", self.path, "--log-level", "warning"])
        deadline = time.monotonic() + 10
        while not os.path.exists(self.path):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise HarnessError("the oracle detentd did not start")
            time.sleep(0.05)
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(10)
        self.sock.connect(self.path)
        self.buffer = b""
        self.next_id = 1
        self.sessions = 0

    def line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise HarnessError("the oracle closed the connection")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\n", 1)
        return raw.decode()

    def request(self, line):
        """One request; its reply (pushed lines, which carry no id, are skipped)."""
        ident = self.next_id
        self.next_id += 1
        self.sock.sendall(f"{line} id={ident}\n".encode())
        while True:
            raw = self.line()
            reply = parse_line(raw)
            if reply.get("id") == ident:
                if reply["verb"] == "error":
                    raise HarnessError(f"oracle: {line}: {raw}")
                return reply

    def session(self, name, plugin, index, motion=None):
        """A fresh session of the strip's geometry under plugin, resting on index, autoplay off."""
        self.sessions += 1
        s = f"{name}.{self.sessions}"
        how = f" motion={motion}" if motion else ""
        opened = self.request(f"open s={s} plugin={plugin} {GEOMETRY[name]} index={int(index)}{how}")
        self.request(f"autoplay s={s} every=0")
        return s, opened

    def replay(self, name, plugin, index, inputs):
        """A gesture [(verb, x, t)] from rest on index: (opened, [replies]); the last is the decision."""
        s, opened = self.session(name, plugin, index)
        replies = [self.request(f"{verb} s={s} x={x!r} t={t!r}") for verb, x, t in inputs]
        self.request(f"close s={s}")
        return opened, replies

    def replay_lines(self, name, plugin, index, lines, motion=None):
        """Requests written without s (`wheel dx=0 dy=1 t=T`) from rest on index: (opened, [replies])."""
        s, opened = self.session(name, plugin, index, motion)
        replies = []
        for line in lines:
            verb, _, rest = line.partition(" ")
            replies.append(self.request(f"{verb} s={s} {rest}"))
        self.request(f"close s={s}")
        return opened, replies

    def goto(self, name, plugin, index, target, x):
        s, opened = self.session(name, plugin, index)
        snap = self.request(f"goto s={s} index={int(target)} x={x!r}")
        self.request(f"close s={s}")
        return opened, snap

    def autoplay_step(self, name, plugin, index):
        """The first autoplay decision pushed for a session resting on index."""
        s, _ = self.session(name, plugin, index)
        self.request(f"autoplay s={s} every=1")
        while True:
            push = parse_line(self.line())
            if push["verb"] == "snap" and "id" not in push and push["s"] == s:
                self.request(f"close s={s}")
                return push

    def close(self):
        try:
            self.sock.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.dir, ignore_errors=True)
