"""The recorder under a real X server: Xvfb on a free display, the
recorder's stdout read line by line (each line with the moment it came),
real pointer events through xdotool (XTEST).

Copied and cut down from Tests/GTK/harness.py (Xvfb, the line parser, the
trace with bounded waits, xdotool) so that this folder stands alone.

Every wait has a time limit and fails with HarnessError when it passes, or
at once when the recorder has ended."""

import os
import re
import signal
import subprocess
import threading
import time

PACKAGES = ["xvfb", "xdotool", "libadwaita-1-dev", "pkg-config", "make", "gcc"]


class HarnessError(Exception):
    pass


def ensure_packages():
    """apt-get installs what is missing (one list, one call)."""
    def installed(p):
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True)
        return "install ok installed" in r.stdout
    missing = [p for p in PACKAGES if not installed(p)]
    if not missing:
        return
    print(f"# installing {' '.join(missing)}", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-q", *missing], check=True, env=env, stdout=subprocess.DEVNULL)


FIELD = re.compile(r'([a-z][a-z0-9_-]*)=("(?:[^"\\]|\\.)*"|\S*)')
NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$")


def parse_line(line):
    """`verb key=value ...` as a dict; numbers as int where they are integers, else float."""
    verb, _, rest = line.strip().partition(" ")
    fields = {"verb": verb}
    for key, value in FIELD.findall(rest):
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        elif NUMBER.match(value):
            value = int(value) if re.fullmatch(r"[+-]?[0-9]+", value) else float(value)
        fields[key] = value
    return fields


class Xvfb:
    """Xvfb on the first free display (it says which through -displayfd)."""

    def __init__(self, size="2800x800x24"):
        read, write = os.pipe()
        self.process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
                                        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 20
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip().isdigit():
            self.close()
            raise HarnessError("Xvfb did not start")
        self.display = ":" + number.decode().strip()

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Trace:
    """The recorder's stdout: (when it came, the line, its fields), in order."""

    def __init__(self, stream, alive):
        self.lines = []
        self.cond = threading.Condition()
        self.alive = alive
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.cond:
                self.lines.append((time.monotonic(), line.rstrip("\n"), parse_line(line)))
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def mark(self):
        with self.cond:
            return len(self.lines)

    def wait(self, what, timeout, after=0, where=None, **fields):
        """The first line at or after index `after` that is `what` with these fields (and where(f) true)."""
        deadline = time.monotonic() + timeout
        i = after
        with self.cond:
            while True:
                while i < len(self.lines):
                    f = self.lines[i][2]
                    if f["verb"] == what and all(f.get(k) == v for k, v in fields.items()) and (not where or where(f)):
                        return i, f
                    i += 1
                left = deadline - time.monotonic()
                if left <= 0 or not self.alive():
                    state = "in time" if left <= 0 else "before the recorder ended"
                    raise HarnessError(f"no {what} {fields} {state} ({timeout} s); last: {self.tail()}")
                self.cond.wait(min(left, 0.2))

    def slice(self, start, end):
        with self.cond:
            return list(self.lines[start:end])

    def tail(self, n=3):
        with self.cond:
            return " | ".join(line for _, line, _ in self.lines[-n:])


class Recorder:
    """Examples/adwaita's detent-adw-recorder on the display, with these options."""

    def __init__(self, binary, display, options):
        env = dict(os.environ, DISPLAY=display, GSK_RENDERER="cairo", GDK_BACKEND="x11", NO_AT_BRIDGE="1",
                   GTK_A11Y="none")
        env.pop("WAYLAND_DISPLAY", None)
        args = [binary]
        for key, value in options.items():
            args += [f"--{key}", str(int(value))]
        self.process = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1, start_new_session=True)
        self.errors = []
        threading.Thread(target=self._stderr, daemon=True).start()
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)

    def _stderr(self):
        for line in self.process.stderr:
            self.errors.append(line)

    def command(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def close(self):
        if self.process.poll() is None:
            try:
                self.command("quit")
                self.process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


class X:
    """Real input on one display."""

    def __init__(self, display):
        self.display = display
        self.env = dict(os.environ, DISPLAY=display)

    def xdotool(self, *args, timeout=30):
        r = subprocess.run(["xdotool", *map(str, args)], env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0:
            raise HarnessError(f"xdotool {' '.join(map(str, args[:6]))}...: {r.stderr.strip()}")
        return r.stdout

    def window_id(self, title, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            r = subprocess.run(["xdotool", "search", "--name", f"^{title}$"], env=self.env, capture_output=True,
                               text=True, timeout=10)
            ids = r.stdout.split()
            if ids:
                return ids[0]
            if time.monotonic() > deadline:
                raise HarnessError(f"no window titled {title}")
            time.sleep(0.1)

    def geometry(self, wid):
        """(x, y, width, height) of a window."""
        geometry = dict(line.split("=", 1) for line in self.xdotool("getwindowgeometry", "--shell", wid).split())
        return tuple(int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
