"""The examples page (tests/page) served by a real relay (websockify, serving
clients/js and relaying WebSockets to a real detentd), in a real Chromium
driven over the DevTools protocol (Tests/Browser/cdp.py), and what a test
reads of it: each carousel's state, the events it dispatched (recorded by a
listener the test adds, with what was drawn when each came), and every
line its WebSocket carried (the Network domain's frames), so that a check
compares the element with the daemon's own decisions."""

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "Tests/Browser"))
from cdp import BrowserError, Chromium  # noqa: E402,F401

FRAME = 1000 / 60


class SetupError(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Backend:
    """detentd on a temporary socket with the bundled plugins.json, and
    websockify serving clients/js on 127.0.0.1:port and relaying to it (its
    ExpectOrigin: the page's own origin only). Either can be stopped and
    started again on the same socket or port."""

    def __init__(self, bin_dir):
        self.bin_dir = bin_dir
        self.work = tempfile.mkdtemp(prefix="detent-carousel-test.")
        self.socket = os.path.join(self.work, "detent.sock")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.daemon = None
        self.relay = None
        self.start_daemon()
        self.start_relay()

    def start_daemon(self):
        self.daemon = subprocess.Popen(
            [os.path.join(self.bin_dir, "detentd"), "--config", "plugins.json", "--socket", self.socket,
             "--log-level", "warning"], cwd=ROOT)
        for _ in range(400):
            if os.path.exists(self.socket):
                return
            time.sleep(0.025)
        raise SetupError(f"detentd did not listen on {self.socket}")

    def stop_daemon(self):
        self.daemon.terminate()
        self.daemon.wait(10)
        self.daemon = None

    def start_relay(self):
        """websockify, once it accepts connections; returns time.monotonic() then."""
        origins = f"{self.url} http://localhost:{self.port}"
        self.relay = subprocess.Popen(
            ["websockify", "--web", os.path.join(ROOT, "clients/js"), "--unix-target", self.socket,
             "--auth-plugin", "ExpectOrigin", "--auth-source", origins, f"127.0.0.1:{self.port}"],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.work, "websockify.log"), "ab"),
            start_new_session=True)
        for _ in range(800):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return time.monotonic()
            except OSError:
                if self.relay.poll() is not None:
                    raise SetupError(f"websockify exited: {open(os.path.join(self.work, 'websockify.log')).read()[-2000:]}")
                time.sleep(0.01)
        raise SetupError(f"websockify did not listen on 127.0.0.1:{self.port}")

    def stop_relay(self):
        """Stops the relay (and the connections it carries); returns once its port is closed."""
        os.killpg(self.relay.pid, signal.SIGTERM)
        try:
            self.relay.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.relay.pid, signal.SIGKILL)
            self.relay.wait(10)
        self.relay = None

    def requests(self, lines):
        """Request lines straight to the daemon (a fresh connection); their replies, parsed."""
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(30)
            s.connect(self.socket)
            s.sendall(("\n".join(json.dumps(line) for line in lines) + "\n").encode())
            data = b""
            while data.count(b"\n") < len(lines):
                chunk = s.recv(1 << 16)
                if not chunk:
                    raise SetupError("the daemon closed the connection")
                data += chunk
        return [json.loads(line) for line in data.decode().splitlines()]

    def close(self):
        for proc in (self.relay, self.daemon):
            if proc and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


# Every event of every carousel, with what was drawn when it came: the
# track's transform, and whether the element was still moving.
RECORDER = """(() => {
  if (window.carouselEvents) return true;
  window.carouselEvents = [];
  for (const type of ['detent-slide-change', 'detent-settle', 'detent-link-change']) {
    document.addEventListener(type, (e) => {
      const c = e.target;
      const track = c.shadowRoot.querySelector('.carousel__track');
      window.carouselEvents.push({
        id: c.id || null, type, at: performance.now(), index: e.detail.index ?? null,
        slide: e.detail.slide ? [...c.children].indexOf(e.detail.slide) : null, link: e.detail.link ?? null,
        active: c.activeSlide, transform: track.style.transform,
      });
    });
  }
  return true;
})()"""


class Page:
    """The examples page in a browser, and the lines of its WebSocket."""

    def __init__(self, browser, backend, path="/tests/page/index.html"):
        self.b = browser
        self.backend = backend
        self.b.call("Network.enable")
        self.b.navigate(backend.url + path)
        self.b.wait("document.readyState === 'complete' && customElements.get('detent-carousel')", 20, "the page to load")
        self.b.js(RECORDER)
        self.seen = 0
        self.inbound = b""

    # -- the WebSocket's lines -------------------------------------------

    def lines(self):
        """Every line carried since the page loaded: ('sent' | 'received', parsed line), in order."""
        out = getattr(self, "_lines", [])
        self._lines = out
        self.b.call("Runtime.evaluate", {"expression": "0"})  # the protocol's events so far come with its answer
        events = self.b.events
        while self.seen < len(events):
            e = events[self.seen]
            self.seen += 1
            method = e["method"]
            if method not in ("Network.webSocketFrameSent", "Network.webSocketFrameReceived"):
                continue
            frame = e["params"]["response"]
            data = base64.b64decode(frame["payloadData"]) if frame.get("opcode") == 2 else frame["payloadData"].encode()
            if method.endswith("Sent"):
                for line in data.decode().splitlines():
                    if line.strip():
                        out.append(("sent", json.loads(line)))
            else:
                self.inbound += data
                while b"\n" in self.inbound:
                    line, self.inbound = self.inbound.split(b"\n", 1)
                    if line.strip():
                        out.append(("received", json.loads(line)))
        return out

    def mark(self):
        """Where the lines and the events are now (for since())."""
        return len(self.lines()), self.b.js("window.carouselEvents.length")

    def sent(self, mark, session, op=None):
        return [line for d, line in self.lines()[mark[0]:] if d == "sent" and line.get("s") == session
                and (op is None or line["op"] == op)]

    def reply_to(self, request):
        """The daemon's reply to a request line sent (by its id), or None yet."""
        for d, line in self.lines():
            if d == "received" and line.get("id") == request["id"]:
                return line
        return None

    def wait_reply(self, request, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            reply = self.reply_to(request)
            if reply:
                return reply
            time.sleep(0.02)
        raise BrowserError(f"no reply to {request}")

    def events(self, mark, cid=None, type=None):
        evs = self.b.js(f"window.carouselEvents.slice({mark[1]})")
        return [e for e in evs if (cid is None or e["id"] == cid) and (type is None or e["type"] == type)]

    # -- a carousel -------------------------------------------------------

    def js(self, cid, expression):
        """expression with `c` the carousel of id cid."""
        return self.b.js(f"((c) => {expression})(document.getElementById({json.dumps(cid)}))")

    def info(self, cid):
        return self.js(cid, """({
          active: c.activeSlide, link: c.link, session: c.session, plugin: c.pluginInUse,
          busy: c.shadowRoot.querySelector('[part=scroll-container]').getAttribute('aria-busy'),
          transform: c.shadowRoot.querySelector('.carousel__track').style.transform,
          slides: [...c.children].filter((el) => el.localName === 'detent-carousel-item').length,
        })""")

    def settled(self, cid, timeout=8):
        """Waits until the carousel's strip is at rest (no frame pending): its info then."""
        self.b.wait(f"((c) => c.shadowRoot.querySelector('[part=scroll-container]').getAttribute('aria-busy') === 'false')"
                    f"(document.getElementById({json.dumps(cid)}))", timeout, f"{cid} at rest")
        time.sleep(0.05)
        return self.info(cid)

    def shown(self, cid):
        """Which slides are in view: [(slide, left, right)] relative to the viewport, along the axis."""
        return self.js(cid, """(() => {
          const v = c.shadowRoot.querySelector('[part=scroll-container]').getBoundingClientRect();
          const vertical = c.orientation === 'vertical';
          return [...c.children].map((el, i) => {
            const r = el.getBoundingClientRect();
            return vertical ? [i, r.top - v.top, r.bottom - v.top, v.height] : [i, r.left - v.left, r.right - v.left, v.width];
          }).filter(([, a, b, w]) => b > 0.5 && a < w - 0.5);
        })()""")

    def rect(self, cid, part="scroll-container"):
        self.js(cid, "c.scrollIntoView({block: 'center', behavior: 'instant'})")
        return self.js(cid, f"""(() => {{ const r = c.shadowRoot.querySelector('[part~={part}]').getBoundingClientRect();
          return {{x: r.x, y: r.y, w: r.width, h: r.height}}; }})()""")

    def drag(self, cid, dx, ms, touch=False, dy=0, release=True, pen=False):
        """A press in the middle, moves by (dx, dy) px over ms at 60 Hz, a release where it got to."""
        r = self.rect(cid)
        x0, y0 = r["x"] + r["w"] / 2 - dx / 2, r["y"] + r["h"] / 2 - dy / 2
        b = self.b
        if pen:
            def pen_event(kind, x, y, buttons):
                b.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
                                                    "clickCount": 1, "pointerType": "pen"})
            press = lambda x, y: pen_event("mousePressed", x, y, 1)  # noqa: E731
            move = lambda x, y: pen_event("mouseMoved", x, y, 1)  # noqa: E731
            up = lambda x, y: pen_event("mouseReleased", x, y, 0)  # noqa: E731
        elif touch:
            press = lambda x, y: b.touch("touchStart", x, y)  # noqa: E731
            move = lambda x, y: b.touch("touchMove", x, y)  # noqa: E731
            up = lambda x, y: b.touch("touchEnd")  # noqa: E731
        else:
            b.mouse("mouseMoved", x0, y0, buttons=0)
            press = lambda x, y: b.mouse("mousePressed", x, y)  # noqa: E731
            move = lambda x, y: b.mouse("mouseMoved", x, y)  # noqa: E731
            up = lambda x, y: b.mouse("mouseReleased", x, y, buttons=0)  # noqa: E731
        press(x0, y0)
        frames = max(1, round(ms / FRAME))
        start = time.monotonic()
        for i in range(1, frames + 1):
            delay = start + i * FRAME / 1000 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            move(x0 + dx * i / frames, y0 + dy * i / frames)
        if release:
            up(x0 + dx, y0 + dy)
        return x0 + dx, y0 + dy

    def wheel(self, cid, dx, dy, x=None, y=None):
        """One DevTools wheel event over the carousel (pixel deltas)."""
        r = self.rect(cid)
        x = r["x"] + r["w"] / 2 if x is None else x
        y = r["y"] + r["h"] / 2 if y is None else y
        self.b.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": dx, "deltaY": dy})

    def focus(self, cid, part="scroll-container"):
        self.js(cid, f"c.shadowRoot.querySelector('[part~={part}]').focus()")
