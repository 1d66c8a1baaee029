"""A headless sway (wlroots) with a virtual pointer, to put real touchpad
(finger) scroll gestures into real GTK 4 and Qt 6 windows.

    from sway import Sway            # with Tests/Wayland on sys.path
    with Sway() as sway:             # 800x600 output HEADLESS-1
        app = subprocess.Popen(cmd, env=sway.env())
        sway.wait_window(pid=app.pid)  # mapped (tiled: it fills the output)
        sent = sway.swipe([6, 12, 18, 9], times=[1000, 1016, 1032, 1048])

Root (CI) starts sway as user 65534 (sway refuses root) in a run dir of
that user; clients run as the caller, connecting by the socket's absolute
path (WAYLAND_DISPLAY=/...: root passes the dir's 0700) with a run dir of
their own. A caller that is not root runs sway as itself. Every failure
raises SwayError with what was seen; every wait is bounded."""

import glob
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

import client

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(ROOT, ".build", "wayland")
VPOINTER = os.path.join(BUILD, "vpointer")
NOBODY = 65534


class SwayError(RuntimeError):
    pass


def build_vpointer():
    """make builds vpointer (and its protocol glue) when out of date."""
    r = subprocess.run(["make", "-s", "-C", HERE, f"BUILD={BUILD}"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SwayError(f"building vpointer failed (needs gcc, make, libwayland-dev, libwayland-bin: "
                        f"scripts/setup --test):\n{r.stdout}{r.stderr}")
    return VPOINTER


def _tail(path, lines=25):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError as e:
        return f"(no log: {e})"


class Sway:
    def __init__(self, width=800, height=600, timeout=15.0):
        self.width, self.height, self.timeout = width, height, timeout
        self.proc = self.pointer = None
        self.rundir = self.clientdir = self.socket = self.ipc = None
        self._buf = b""

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        if not shutil.which("sway") or not shutil.which("swaymsg"):
            raise SwayError("sway is not installed: run scripts/setup --test")
        build_vpointer()
        root = os.getuid() == 0
        self.rundir = tempfile.mkdtemp(prefix="detent-sway-")
        self.log = os.path.join(self.rundir, "sway.log")
        config = os.path.join(self.rundir, "config")
        with open(config, "w") as f:
            # No bar, no background, no Xwayland, no borders: the one window is the output.
            f.write(f"output HEADLESS-1 resolution {self.width}x{self.height} position 0 0\n"
                    "xwayland disable\ndefault_border none\ndefault_floating_border none\n"
                    "focus_follows_mouse yes\n")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.rundir,
               "XDG_RUNTIME_DIR": self.rundir, "WLR_BACKENDS": "headless",
               "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"}
        cmd = ["sway", "-c", config]
        if root:
            for p in (self.rundir, config):
                os.chown(p, NOBODY, NOBODY)
            cmd = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *cmd]
        logf = open(self.log, "w")
        if root:
            os.chown(self.log, NOBODY, NOBODY)
        self.proc = subprocess.Popen(cmd, env=env, cwd=self.rundir, stdin=subprocess.DEVNULL,
                                     stdout=logf, stderr=subprocess.STDOUT, start_new_session=True)
        logf.close()
        self.socket = self._wait_path("wayland-[0-9]*", "its Wayland socket")
        self.ipc = self._wait_path("sway-ipc.*.sock", "its IPC socket")
        self._wait_output()
        self.clientdir = tempfile.mkdtemp(prefix="detent-wl-client-")
        self._start_pointer()

    def _wait_path(self, pattern, what):
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            self._check_alive(f"waiting for {what}")
            found = [p for p in glob.glob(os.path.join(self.rundir, pattern)) if not p.endswith(".lock")]
            if found:
                return found[0]
            time.sleep(0.02)
        raise SwayError(f"sway made no {what} in {self.timeout}s; its log:\n{_tail(self.log)}")

    def _check_alive(self, doing):
        if self.proc.poll() is not None:
            raise SwayError(f"sway exited ({self.proc.returncode}) {doing}; its log:\n{_tail(self.log)}")

    def _wait_output(self):
        deadline = time.monotonic() + self.timeout
        outputs = None
        while time.monotonic() < deadline:
            outputs = self.msg("get_outputs")
            if any(o.get("active") and o["rect"]["width"] == self.width and o["rect"]["height"] == self.height
                   for o in outputs):
                return
            time.sleep(0.02)
        raise SwayError(f"sway has no active {self.width}x{self.height} output: {outputs}")

    def msg(self, kind, *args):
        """swaymsg -t KIND [ARGS] over the IPC socket; the JSON reply."""
        self._check_alive(f"before swaymsg -t {kind}")
        r = subprocess.run(["swaymsg", "-s", self.ipc, "-r", "-t", kind, *args],
                           capture_output=True, text=True, timeout=self.timeout)
        if r.returncode != 0:
            raise SwayError(f"swaymsg -t {kind} {' '.join(args)} failed: {r.stdout}{r.stderr}")
        return json.loads(r.stdout)

    def env(self, base=None):
        """The environment for a client (GTK, Qt) of this sway, run as the caller."""
        e = dict(os.environ if base is None else base)
        for k in ("DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK", "I3SOCK"):
            e.pop(k, None)
        e.update(WAYLAND_DISPLAY=self.socket, XDG_RUNTIME_DIR=self.clientdir,
                 GDK_BACKEND="wayland", QT_QPA_PLATFORM="wayland", SWAYSOCK=self.ipc)
        return e

    def windows(self):
        """The mapped windows: [{'app_id', 'pid', 'rect': {x, y, width, height}, 'focused'}]."""
        found = []

        def walk(node):
            if node.get("type") in ("con", "floating_con") and node.get("pid") and not node.get("nodes"):
                found.append({k: node.get(k) for k in ("app_id", "pid", "rect", "focused", "name")})
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                walk(child)
        walk(self.msg("get_tree"))
        return found

    def wait_window(self, app_id=None, pid=None, timeout=None):
        """Waits (bounded) until a window (of APP_ID / PID when given) is mapped; its description."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            seen = self.windows()
            for w in seen:
                if (app_id is None or w["app_id"] == app_id) and (pid is None or w["pid"] == pid):
                    return w
            time.sleep(0.02)
        raise SwayError(f"no window (app_id={app_id}, pid={pid}) mapped in {timeout}s; windows: {seen}")

    # One vpointer for the session: the seat offers a wl_pointer only while a pointer exists.
    def _start_pointer(self):
        env = self.env()
        self.pointer = subprocess.Popen([VPOINTER], env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._expect("ready")
        self.send([f"extent {self.width} {self.height}"])

    def _readline(self, deadline):
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SwayError(f"vpointer did not answer in {self.timeout}s")
            ready, _, _ = select.select([self.pointer.stdout], [], [], left)
            if ready:
                chunk = os.read(self.pointer.stdout.fileno(), 4096)
                if not chunk:
                    self.pointer.wait(timeout=self.timeout)
                    raise SwayError(f"vpointer exited ({self.pointer.returncode}): "
                                    f"{self.pointer.stderr.read().decode(errors='replace').strip()}")
                self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line.decode()

    def _expect(self, word, deadline=None):
        line = self._readline(deadline or time.monotonic() + self.timeout)
        if line.split(" ", 1)[0] != word:
            raise SwayError(f"vpointer said `{line}`, not `{word} ...`")
        return line

    def send(self, lines, timeout=None):
        """Runs vpointer script LINES (see vpointer.c) in order; each answer as a dict
        (`sent axis t=5 ...` -> {'verb': 'sent', 'kind': 'axis', 't': 5, ...})."""
        if self.pointer is None or self.pointer.poll() is not None:
            raise SwayError("vpointer is not running")
        lines = [ln.strip() for ln in lines if ln.strip()]
        pause = sum(float(ln.split()[1]) for ln in lines if ln.startswith("wait-ms"))
        deadline = time.monotonic() + (timeout or self.timeout) + pause / 1000
        self.pointer.stdin.write("".join(ln + "\n" for ln in lines).encode())
        self.pointer.stdin.flush()
        return [parse(self._readline(deadline)) for _ in lines]

    def move(self, x, y, t="now"):
        return self.send([f"move {t} {int(x)} {int(y)}"])[0]

    def centre(self):  # inside the one (tiled) window
        return self.width // 2, self.height // 2

    def swipe(self, deltas, times=None, axis="v", stop=True, stop_time=None, at=None, interval=10,
              pace=True, prefix=()):
        """A finger swipe: the pointer to AT (default the output's centre) at the first time,
        one axis frame per delta (a number along AXIS 'v'/'h', or a (dx, dy) pair) stamped
        with TIMES (ms; default CLOCK_MONOTONIC's at sending), paced in real time by the
        gaps between the times (or INTERVAL ms; PACE false: no pauses), then axis_stop (at
        STOP_TIME, default the last time + the last gap) unless STOP is false. Deltas are
        wl_pointer axis values: positive is down/right (GTK's dy/dx, -Qt's pixelDelta).
        A zero delta is refused: wlroots would send it as a stop. PREFIX: vpointer lines to
        run first, in the same batch (vpointer paces them). Returns the `sent` answers."""
        if any((d[0] == 0 and d[1] == 0) if isinstance(d, (tuple, list)) else d == 0 for d in deltas):
            raise SwayError(f"swipe: a zero delta in {deltas} (wlroots sends 0 as axis_stop)")
        if times is not None and len(times) != len(deltas):
            raise SwayError(f"swipe: {len(deltas)} deltas but {len(times)} times")
        if times is not None and any(b < a for a, b in zip(times, times[1:])):
            raise SwayError(f"swipe: times go back: {times}")
        x, y = at or self.centre()
        stamp = (lambda i: "now") if times is None else (lambda i: times[i])
        lines = list(prefix) + [f"move {stamp(0)} {x} {y}"]
        for i, d in enumerate(deltas):
            if i and pace:
                lines.append(f"wait-ms {interval if times is None else times[i] - times[i - 1]}")
            if isinstance(d, (tuple, list)):
                lines.append(f"axes {stamp(i)} {d[0]} {d[1]}")
            else:
                lines.append(f"axis {stamp(i)} {axis} {d}")
        if stop:
            gap = interval if times is None or len(times) < 2 else times[-1] - times[-2]
            if pace:
                lines.append(f"wait-ms {gap}")
            t = "now" if times is None else (stop_time if stop_time is not None else times[-1] + gap)
            both = any(isinstance(d, (tuple, list)) for d in deltas)
            lines.append(f"stop {t} {'h v' if both else axis}")
        return [a for a in self.send(lines) if a["verb"] == "sent"]

    def click(self, axis="v", steps=1, t="now", value=None):
        """STEPS wheel notches along AXIS ('v'/'h', + down/right), one frame stamped T, sent
        with libinput's value (15 a notch) unless VALUE; vpointer's answer."""
        return self.send([f"wheel {t} {axis} {int(steps)}" + ("" if value is None else f" {value}")])[0]

    def stop(self):
        """Ends vpointer and sway (SIGTERM, then SIGKILL after a bounded wait); removes the run dirs."""
        if self.pointer is not None:
            if self.pointer.poll() is None:
                self.pointer.stdin.close()
                try:
                    self.pointer.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.pointer.kill()
                    self.pointer.wait()
            for f in (self.pointer.stdout, self.pointer.stderr):
                f.close()
            self.pointer = None
        if self.proc is not None:
            client.end(self.proc)
            self.proc = None
        for d in (self.rundir, self.clientdir):
            if d:
                shutil.rmtree(d, ignore_errors=True)
        self.rundir = self.clientdir = None


def parse(line):
    """`verb [kind] key=value ...` as a dict; integral values as ints, other numbers as floats."""
    words = line.split()
    if not words:
        raise SwayError("vpointer printed an empty line")
    out = {"verb": words[0]}
    for w in words[1:]:
        if "=" not in w:
            out["kind"] = w
            continue
        k, v = w.split("=", 1)
        try:
            out[k] = int(v)
        except ValueError:
            try:
                out[k] = float(v)
            except ValueError:
                out[k] = v
    return out
