"""The accessibility bus as a screen reader meets it, for the window tests
(Tests/GTK/a11y-test, Tests/QtWindow/a11y-test): a private D-Bus session
bus (dbus-daemon), at-spi2-core's bus launcher on it (the accessibility
bus, where the registry is activated), and python3-pyatspi readers in
processes of their own (libatspi finds its bus once, at its first use).
Every wait has a limit and raises AtspiError when it passes.

    python3 atspi.py tree     every named accessible of every application, one JSON list
    python3 atspi.py listen   `listening`, then `description name="N" value="V"` for each
                              object:property-change:accessible-description (Orca's cue)
    python3 atspi.py find     per stdin line `find PID NAME`, one JSON line: the first object
                              named NAME in the application of that process, read afresh"""

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.abspath(__file__)
PYTHON = "/usr/bin/python3"                        # Debian's, where python3-pyatspi is
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PACKAGES = ["dbus-daemon", "at-spi2-core", "python3-pyatspi", "libglib2.0-bin"]


class AtspiError(Exception):
    pass


def line(stream, timeout, what):
    """One non-empty line from a pipe within timeout seconds."""
    ready, _, _ = select.select([stream], [], [], timeout)
    if not ready:
        raise AtspiError(f"no answer from {what} in {timeout} s")
    text = stream.readline()
    if not text.strip():
        raise AtspiError(f"{what} ended")
    return text


def stop(process):
    """SIGTERM to a process group of the test's own, SIGKILL after 10 s."""
    if process and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


class Bus:
    """dbus-daemon --session of its own, and the accessibility bus launched on it; env() for its clients.
    `env`: what they run under (DISPLAY or not is the caller's choice); a desktop's AT-SPI bus is never in it."""

    def __init__(self, env, timeout=20):
        self.base = {k: v for k, v in env.items() if k not in ("AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE")}
        self.daemon = self.launcher = None
        # The launcher puts the accessibility bus's socket in $XDG_RUNTIME_DIR/at-spi (else ~/.cache/at-spi): one
        # path for every test run as the same user, so one run's bus replaced or removed another's ("Couldn't
        # connect to accessibility bus: ... /root/.cache/at-spi/bus: No such file"). A directory of its own.
        self.runtime = tempfile.mkdtemp(prefix="detent-atspi.")
        read, write = os.pipe()
        try:
            self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                            f"--print-address={write}"], pass_fds=(write,), env=self.base,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                           start_new_session=True)
            os.close(write)
            with os.fdopen(read) as stream:
                self.address = line(stream, timeout, "dbus-daemon").strip()
            self.launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"],
                                             env=dict(self.env(), XDG_RUNTIME_DIR=self.runtime),
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                             start_new_session=True)
            # Its own name on the session bus says the accessibility bus is up.
            r = subprocess.run(["gdbus", "wait", "--session", "--timeout", str(timeout), "org.a11y.Bus"],
                               env=self.env(), capture_output=True, text=True, timeout=timeout + 10)
            if r.returncode != 0:
                raise AtspiError(f"at-spi-bus-launcher did not take org.a11y.Bus: {r.stderr.strip()}")
        except BaseException:
            self.close()
            raise

    def env(self):
        return dict(self.base, DBUS_SESSION_BUS_ADDRESS=self.address)

    def close(self):
        for p in (self.launcher, self.daemon):
            stop(p)
        shutil.rmtree(self.runtime, ignore_errors=True)


def tree(env, timeout=30):
    """Every named accessible of the applications on the bus: [{role, name, description, focused, focusable}]."""
    r = subprocess.run([PYTHON, "-B", HERE, "tree"], env=env, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise AtspiError(f"atspi.py tree: {r.stderr.strip()[-400:]}")
    return json.loads(r.stdout)


def listener(env):
    """The `listen` reader, started: its stdout is the caller's to read (the first line says `listening`)."""
    return subprocess.Popen([PYTHON, "-B", HERE, "listen"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1, start_new_session=True)


class Reader:
    """The `find` reader, one process asked again and again."""

    def __init__(self, env):
        self.process = subprocess.Popen([PYTHON, "-B", HERE, "find"], env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def find(self, pid, name, timeout=10):
        self.process.stdin.write(f"find {pid} {name}\n")
        self.process.stdin.flush()
        return json.loads(line(self.process.stdout, timeout, "the AT-SPI reader"))

    def wait(self, pid, name, where, timeout=5):
        """The object once where(it) holds (read again every 50 ms): (True, it), or (False, the last read)."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.find(pid, name)
            if found.get("found") and where(found):
                return True, found
            if time.monotonic() > deadline:
                return False, found
            time.sleep(0.05)                       # the tree is read, not signalled: again shortly

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()


# -- the readers' own processes ----------------------------------------------------------------------------

def _quote(text):
    return '"' + (text or "").replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _walk(pyatspi, node, out, depth=0):
    if node is None or depth > 40:
        return
    try:
        name, role, description = node.name, node.getRoleName(), node.description
        states = node.getState()
        count = node.childCount
    except Exception:                              # gone meanwhile
        return
    if name:
        out.append({"role": role, "name": name, "description": description,
                    "focused": states.contains(pyatspi.STATE_FOCUSED),
                    "focusable": states.contains(pyatspi.STATE_FOCUSABLE)})
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        _walk(pyatspi, child, out, depth + 1)


def _tree(pyatspi):
    out = []
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        _walk(pyatspi, desktop.getChildAtIndex(i), out)
    print(json.dumps(out))


def _listen(pyatspi):
    def on_event(event):
        try:
            name = event.source.name
        except Exception:
            name = ""
        print(f"description name={_quote(name)} value={_quote(str(event.any_data))}", flush=True)

    pyatspi.Registry.registerEventListener(on_event, "object:property-change:accessible-description")
    print("listening", flush=True)
    pyatspi.Registry.start()


def _search(node, name, budget):
    stack = [node]
    while stack and budget > 0:
        n = stack.pop()
        budget -= 1
        try:
            if n.name == name:
                return n
            stack.extend(reversed([n.getChildAtIndex(i) for i in range(n.childCount)]))
        except Exception:                          # an object gone while read: skipped
            continue
    return None


def _find(pyatspi):
    for request in sys.stdin:
        _, pid, name = request.rstrip("\n").split(" ", 2)
        answer = {"found": False, "apps": []}
        try:
            desktop = pyatspi.Registry.getDesktop(0)
            desktop.clear_cache()
            for app in desktop:
                if app is None:
                    continue
                answer["apps"].append(app.name)
                if app.get_process_id() != int(pid):
                    continue
                app.clear_cache()
                hit = _search(app, name, 2000)
                if hit:
                    states = hit.getState()
                    answer.update(found=True, name=hit.name, role=hit.getRoleName(), description=hit.description,
                                  states=[s.value_nick for s in states.getStates()])
                break
        except Exception as error:                 # the bus's own error, said in the answer
            answer["error"] = f"{type(error).__name__}: {error}"
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    import pyatspi  # noqa: E402  python3-pyatspi, on the bus of DBUS_SESSION_BUS_ADDRESS
    {"tree": _tree, "listen": _listen, "find": _find}[sys.argv[1]](pyatspi)
