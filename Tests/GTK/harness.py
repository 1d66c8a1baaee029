"""The GTK demo under a real X server, as the test drives it: Xvfb on a
free display, scripts/gtk-demo with DETENT_GTK_TRACE=1 (its stdout read
line by line, each with the moment it came), real pointer and key events
through xdotool (XTEST), and screenshots with ImageMagick's import.

Every wait has a time limit and fails with HarnessError when it passes, or
at once when the app has ended."""

import math
import os
import re
import signal
import subprocess
import threading
import time

PACKAGES = ["xvfb", "xdotool", "imagemagick", "libgtk-4-dev", "pkg-config", "make", "gcc"]


class HarnessError(Exception):
    pass


def ensure_packages(packages=PACKAGES):
    """apt-get installs what is missing (one list, one call)."""
    def installed(p):
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True)
        return "install ok installed" in r.stdout
    missing = [p for p in packages if not installed(p)]
    if not missing:
        return
    print(f"# installing {' '.join(missing)}", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-q", *missing], check=True, env=env, stdout=subprocess.DEVNULL)


FIELD = re.compile(r'([a-z][a-z0-9_-]*)=("(?:[^"\\]|\\.)*"|\S*)')
NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$")


def parse_line(line, integers=False):
    """`verb key=value ...` (the protocol's text lines, and the trace's) as a dict; numbers as floats
    (with `integers`, whole ones as ints)."""
    verb, _, rest = line.strip().partition(" ")
    fields = {"verb": verb}
    for key, value in FIELD.findall(rest):
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        elif NUMBER.match(value):
            value = int(value) if integers and re.fullmatch(r"[+-]?[0-9]+", value) else float(value)
        fields[key] = value
    return fields


# The test's own instruments at real-time priority (SCHED_FIFO): under load (four busy loops on the 2 cores, load
# 9-17) a normal Xvfb takes an XTEST event late, and stamps it then, and xdotool's sleeps run over: a step of a flick,
# 16 ms commanded, took up to 96 ms more (gtk-test at normal priority, 3 runs: of its 6 flicks 5 ran late at the
# first try, 3 at all three); at SCHED_FIFO, at most 1 ms more (18 flicks, 6 runs at load 12-18). The app, its
# detentd and the oracle's keep their normal priority: how they fare under load is part of what is tested.
# --reset-on-fork: what Xvfb starts (xkbcomp) runs at normal priority.
REALTIME = ["chrt", "--fifo", "--reset-on-fork", "10"]


def realtime_mode():
    """(on, why): whether the instruments may run at SCHED_FIFO here, and why (or why not). Only where a real-time
    process that never slept could not starve the rest: Xvfb, xdotool and import (held to one thread) are
    single-threaded (one CPU at most), so at least 2 CPUs, and the kernel's real-time throttling on (sched_rt_runtime_us below its period: each CPU keeps the
    rest of every period for normal tasks); and where the system allows it (root or CAP_SYS_NICE, a real-time budget
    for this cgroup). DETENT_REALTIME=0 turns it off (the normal-priority path, as where it is not allowed)."""
    if os.environ.get("DETENT_REALTIME") == "0":
        return False, "DETENT_REALTIME=0"
    if (os.cpu_count() or 1) < 2:
        return False, "one CPU"
    try:
        with open("/proc/sys/kernel/sched_rt_runtime_us") as f:
            runtime = int(f.read())
        with open("/proc/sys/kernel/sched_rt_period_us") as f:
            period = int(f.read())
    except (OSError, ValueError):
        return False, "no sched_rt_runtime_us"
    if not 0 <= runtime < period:
        return False, f"real-time throttling off (sched_rt_runtime_us={runtime})"
    r = subprocess.run([*REALTIME, "true"], capture_output=True, text=True)
    if r.returncode != 0:
        return False, f"not allowed ({r.stderr.strip().splitlines()[-1] if r.stderr.strip() else r.returncode})"
    return True, f"SCHED_FIFO 10, throttled to {runtime / period:.0%} of each CPU"


def cpu_seconds(pid):
    """User and system CPU time the process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Xvfb:
    """Xvfb on the first free display (it says which through -displayfd); with `realtime`, at SCHED_FIFO where
    allowed (self.realtime says whether)."""

    def __init__(self, size="1280x1024x24", realtime=False):
        read, write = os.pipe()
        self.realtime, self.mode = realtime_mode() if realtime else (False, "not asked")
        self.process = subprocess.Popen([*(REALTIME if self.realtime else []), "Xvfb", "-displayfd", str(write),
                                         "-screen", "0", size, "-nolisten", "tcp"],
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
        policy = os.sched_getscheduler(self.process.pid) & ~os.SCHED_RESET_ON_FORK
        if self.realtime and policy != os.SCHED_FIFO:
            self.close()
            raise HarnessError(f"Xvfb was to run at SCHED_FIFO, it runs at policy {policy}")

    def cpu_seconds(self):
        return cpu_seconds(self.process.pid)

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Trace:
    """The app's stdout: (when it came, the line, its fields), in order."""

    def __init__(self, stream, alive, parse=parse_line):
        self.parse = parse
        self.lines = []
        self.cond = threading.Condition()
        self.alive = alive
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.cond:
                self.lines.append((time.monotonic(), line.rstrip("\n"), self.parse(line)))
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
                    state = "in time" if left <= 0 else "before the app ended"
                    raise HarnessError(f"no {what} {fields} {state} ({timeout} s); last: {self.tail()}")
                self.cond.wait(min(left, 0.2))

    def select(self, start, end, what, **fields):
        """Every matching line between two indexes: [(index, when, fields)]."""
        with self.cond:
            chosen = self.lines[start:end]
        return [(start + k, when, f) for k, (when, _, f) in enumerate(chosen)
                if f["verb"] == what and all(f.get(key) == v for key, v in fields.items())]

    def at(self, index):
        with self.cond:
            return self.lines[index]

    def slice(self, start, end):
        with self.cond:
            return list(self.lines[start:end])

    def tail(self, n=3):
        with self.cond:
            return " | ".join(line for _, line, _ in self.lines[-n:])


class DemoApp:
    """A demo script (scripts/gtk-demo, scripts/qt-demo) run with its trace on: its stdout read as a Trace, its
    detentd's pid and socket from its stderr, its app the script's child process NAME."""

    def __init__(self, root, script, args, env, name, timeout):
        self.script, self.name = script, name
        self.process = subprocess.Popen([os.path.join(root, script), *args], cwd=root, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1, start_new_session=True)
        self.errors = []
        self.started = threading.Event()
        self.daemon_pid = None
        self.socket = None
        threading.Thread(target=self._stderr, daemon=True).start()
        self.trace = Trace(self.process.stdout, lambda: self.process.poll() is None)
        if not self.started.wait(timeout):
            raise HarnessError(f"{script} did not start detentd: " + "".join(self.errors[-20:]))

    def _stderr(self):
        for line in self.process.stderr:
            self.errors.append(line)
            found = re.search(r"detentd \(pid (\d+)\) on (\S+)$", line.strip())
            if found:
                self.daemon_pid, self.socket = int(found.group(1)), found.group(2)
                self.started.set()

    def app_pid(self):
        """The app's own process: the script's child NAME."""
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        stat = f.read()
                except OSError:
                    continue
                name, fields = stat[stat.index("(") + 1: stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
                if name == self.name and int(fields[1]) == self.process.pid:
                    return int(entry)
        raise HarnessError(f"no {self.name} process under {self.script}")

    @staticmethod
    def cpu_seconds(pid):
        return cpu_seconds(pid)

    def command(self, line):
        """A line on the app's stdin (a window that reads commands there)."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def close(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


class App(DemoApp):
    """scripts/gtk-demo on the display, with the trace on; its detentd's pid and socket from its stderr.
    With `env` (a Wayland client's, Tests/Wayland) in place of the X display's; `script` and `args`: another
    window built on the GTK demo's files (scripts/adwaita-twin), which says the same on stderr. `extra`: more
    variables (a11y.py's bus); with `a11y` GTK speaks AT-SPI on it, else accessibility is off."""

    def __init__(self, root, bin_dir, display, timeout=240, env=None, script="scripts/gtk-demo", args=(), extra=None,
                 a11y=False):
        common = dict(DETENT_GTK_TRACE="1", DETENT_BIN=bin_dir, GSK_RENDERER="cairo", NO_AT_BRIDGE="1",
                      GTK_A11Y="none")
        if a11y:
            common.update(GTK_A11Y="atspi")
            del common["NO_AT_BRIDGE"]
        common.update(extra or {})
        if env is None:
            env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", **common)
            env.pop("WAYLAND_DISPLAY", None)
        else:
            env = dict(env, **common)
        if a11y:                                           # the AT-SPI bus of `extra`'s session bus alone
            env.pop("NO_AT_BRIDGE", None)
            env.pop("AT_SPI_BUS_ADDRESS", None)
        self.display = display
        super().__init__(root, script, args, env, "detent-gtk-demo", timeout)


class Recorder:
    """A recorder program on the display (Examples/adwaita's, Tests/Qt's): its options as `--key N`, commands
    on its stdin (`goto K`, `quit`), its lines on stdout, read by `trace_class`. On X the environment's
    WAYLAND_DISPLAY is dropped; `wayland` keeps it (a client of a Tests/Wayland sway)."""

    def __init__(self, binary, env, options, trace_class=None, wayland=False):
        env = dict(env)
        if not wayland:
            env.pop("WAYLAND_DISPLAY", None)
        args = [binary]
        for key, value in options.items():
            args += [f"--{key}", str(int(value))]
        self.process = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1, start_new_session=True)
        self.errors = []
        threading.Thread(target=self._stderr, daemon=True).start()
        self.trace = (trace_class or Trace)(self.process.stdout, lambda: self.process.poll() is None)

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
    """Real input and screenshots on one display; with `realtime`, xdotool and import at SCHED_FIFO (REALTIME)."""

    def __init__(self, display, realtime=False):
        self.display = display
        self.env = dict(os.environ, DISPLAY=display)
        self.prefix = REALTIME if realtime else []

    def xdotool(self, *args, timeout=30):
        r = subprocess.run([*self.prefix, "xdotool", *map(str, args)], env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0:
            raise HarnessError(f"xdotool {' '.join(map(str, args[:6]))}...: {r.stderr.strip()}")
        return r.stdout

    # A query xdotool waits for: after it, the server has taken (and stamped) every event sent before it. Xvfb
    # stamps an XTEST event when it takes the request, and under load takes a backlog in one go, in one ms.
    SYNC = "getdisplaygeometry"

    @staticmethod
    def clock_ms():
        """The X server's clock now, as it stamps events: Xvfb's GetTimeInMillis, CLOCK_MONOTONIC in ms, in X's
        32 bits."""
        return int(time.monotonic() * 1000) & 0xFFFFFFFF

    def wait_clock(self, t, limit_s=10):
        """Until the X server's clock is past t (an event's ms as a trace reports it, or a motion's end after it)."""
        left = (int(math.ceil(t)) - self.clock_ms() + 2 ** 31) % 2 ** 32 - 2 ** 31   # across X's wrap
        if left > limit_s * 1000:
            raise HarnessError(f"X time {t} is {left} ms ahead of CLOCK_MONOTONIC: not Xvfb's clock?")
        if left >= 0:
            time.sleep((left + 2) / 1000)

    def window_id(self, title, timeout=10):
        """The id of the window with this exact title, once it exists."""
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

    def window(self, title, timeout=10):
        """(x, y, width, height) of the window with this exact title."""
        return self.geometry(self.window_id(title, timeout))

    def shot(self, path, crop=None):
        """A screenshot of the screen (cropped to x, y, w, h) as PNG; returns its pixels (w, h, RGB bytes)."""
        raw = path + ".full.ppm"
        # import grabs the server while it reads the screen: every other client, the app too, waits meanwhile. At
        # normal priority under load it was preempted holding the grab, and the app drew no frame for up to 717 ms;
        # so it runs as the other instruments do, on one thread (ImageMagick's OpenMP would take every CPU), and
        # writes an uncompressed PPM (the PNG is made below, at normal priority).
        subprocess.run([*self.prefix, "/usr/bin/import", "-display", self.display, "-window", "root", raw], check=True,
                       timeout=30, env=dict(self.env, MAGICK_THREAD_LIMIT="1") if self.prefix else self.env)
        args = ["/usr/bin/convert", raw]
        if crop:
            x, y, w, h = (int(round(v)) for v in crop)
            args += ["-crop", f"{w}x{h}+{x}+{y}", "+repage"]
        subprocess.run(args + [path], check=True, timeout=30)
        os.unlink(raw)
        return pixels(path)


def pixels(path):
    """(width, height, RGB bytes) of an image, through a binary PPM."""
    data = subprocess.run(["/usr/bin/convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True,
                          timeout=30).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
    if not header:
        raise HarnessError(f"{path}: not an 8-bit PPM")
    width, height = int(header.group(1)), int(header.group(2))
    return width, height, data[header.end(): header.end() + width * height * 3]


def pixel(image, x, y):
    width, _, data = image
    at = (int(y) * width + int(x)) * 3
    return tuple(data[at: at + 3])
