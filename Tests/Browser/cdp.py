"""Debian's headless Chromium driven over the DevTools protocol, with
python3-websocket: no downloaded browser, no driver. Only what the demo's
browser test needs: a page, JavaScript, real input events, screenshots."""

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

import websocket  # Debian's python3-websocket

CHROMIUM = "chromium-headless-shell"


class BrowserError(Exception):
    pass


class Chromium:
    """A headless Chromium with one page attached (flattened session)."""

    def __init__(self, width=960, height=1240, full=False, env=None, args=()):
        """full: Debian's full chromium with a window (on env's DISPLAY), not the headless shell:
        real X input reaches it as it reaches a person's browser. args: more command-line
        switches (--ozone-platform=wayland for a window under sway)."""
        name = "chromium" if full else CHROMIUM
        path = shutil.which(name) or ("/usr/bin/chromium" if full else "/usr/lib/chromium/chromium-headless-shell")
        if not os.path.exists(path):
            raise BrowserError(f"{name} is not installed (scripts/setup --test installs it)")
        self.profile = tempfile.mkdtemp(prefix="detent-chromium.")
        # Its log goes to a file: a pipe nobody reads would fill and stop it.
        self.log = os.path.join(self.profile, "stderr.log")
        mode = ["--window-position=0,0", "--no-default-browser-check", "--disable-infobars", "--password-store=basic",
                "--disable-features=Translate,MediaRouter", "--disable-background-networking"] if full else ["--headless"]
        self.process = subprocess.Popen(
            [path, *mode, *args, "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-port=0", "--remote-allow-origins=*", "--no-first-run",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=open(self.log, "wb"), start_new_session=True, env=env)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(200):
            if os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2:
                break
            if self.process.poll() is not None:
                raise BrowserError(f"{CHROMIUM} exited: {open(self.log, errors='replace').read()[-2000:]}")
            time.sleep(0.05)
        else:
            raise BrowserError(f"{CHROMIUM} did not open its DevTools port")
        port, browser_path = open(port_file).read().split("\n")[:2]
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}{browser_path}", timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for method in ("Page.enable", "Runtime.enable"):
            self.call(method)
        if not full:  # a real window keeps its own metrics: X input lands where the window is
            self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        # Focus and blur as in a focused window (a headless one may not count as focused).
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def close(self):
        """Ends the browser and every process it started (its own group):
        a renderer left behind would go on drawing."""
        try:
            self.socket.close()
        finally:
            for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(wait)
                except subprocess.TimeoutExpired:
                    pass
                deadline = time.monotonic() + wait
                while time.monotonic() < deadline and self.group_alive():
                    time.sleep(0.05)
                if not self.group_alive():
                    break
            shutil.rmtree(self.profile, ignore_errors=True)

    def group_alive(self):
        """Whether a live (not zombie) process of the browser's group remains."""
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == self.process.pid and fields[0] != "Z":
                return True
        return False

    def call(self, method, params=None, session=True):
        """Sends a command and waits for its answer; events meanwhile are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def js(self, expression, timeout=30):
        """The value of a JavaScript expression (promises awaited)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True, "timeout": timeout * 1000})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError(f"{expression[:200]}: {details.get('exception', {}).get('description') or details.get('text')}")
        return result["result"].get("value")

    def wait(self, expression, timeout=10, what=None):
        """Polls a JavaScript expression until it is truthy; fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.02)
        raise BrowserError(f"timed out after {timeout} s waiting for {what or expression} (last value {value!r})")

    def becomes(self, expression, timeout):
        """Whether a JavaScript expression turns truthy within `timeout` s."""
        try:
            self.wait(expression, timeout)
            return True
        except BrowserError:
            return False

    def errors(self):
        """JavaScript exceptions and console errors the page reported."""
        out = []
        for event in self.events:
            if event["method"] == "Runtime.exceptionThrown":
                details = event["params"]["exceptionDetails"]
                out.append(details.get("exception", {}).get("description") or details.get("text"))
            elif event["method"] == "Runtime.consoleAPICalled" and event["params"]["type"] == "error":
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in event["params"]["args"]))
        return out

    def navigate(self, url):
        self.call("Page.navigate", {"url": url})

    def mouse(self, kind, x, y, buttons=1, timestamp=None):
        """timestamp (s since the epoch, as time.time()): when the event happened, which its
        DOM timeStamp then says, however late this process or the page got to it."""
        event = {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1, "pointerType": "mouse"}
        if timestamp is not None:
            event["timestamp"] = timestamp
        self.call("Input.dispatchMouseEvent", event)

    # windowsVirtualKeyCode of the keys the tests press (the DOM's keyCode).
    KEY_CODES = {"Tab": 9, "Enter": 13, "PageUp": 33, "PageDown": 34, "End": 35, "Home": 36,
                 "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}

    def key(self, key, shift=False):
        """One press of a key that types nothing (Tab, arrows, Home, End, Page Up/Down), as a keyboard sends it."""
        code = self.KEY_CODES[key]
        event = {"key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
                 "modifiers": 8 if shift else 0}
        self.call("Input.dispatchKeyEvent", {"type": "keyDown", **event})
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **event})

    def ax_tree(self):
        """The page's accessibility tree (Accessibility.getFullAXTree): every node by id (ignored ones marked),
        each with role, name, description, the ids of its parent and children, and its properties."""
        self.call("Accessibility.enable")
        nodes = {}
        for n in self.call("Accessibility.getFullAXTree")["nodes"]:
            nodes[n["nodeId"]] = {
                "ignored": n.get("ignored", False), "role": n.get("role", {}).get("value"),
                "name": n.get("name", {}).get("value"), "description": n.get("description", {}).get("value"),
                "parent": n.get("parentId"), "children": n.get("childIds", []),
                "props": {p["name"]: p["value"].get("value") for p in n.get("properties", [])},
            }
        return nodes

    def touch(self, kind, x=None, y=None, timestamp=None):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        event = {"type": kind, "touchPoints": points}
        if timestamp is not None:
            event["timestamp"] = timestamp
        self.call("Input.dispatchTouchEvent", event)

    def screenshot(self, path, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = {**clip, "scale": 1}
        else:
            params["captureBeyondViewport"] = True
        data = base64.b64decode(self.call("Page.captureScreenshot", params)["data"])
        with open(path, "wb") as f:
            f.write(data)
        return data
