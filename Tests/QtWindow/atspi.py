"""The accessibility bus as a screen reader meets it, for a test: a private
D-Bus session bus (dbus-daemon), at-spi2-core's bus launcher on it (the
accessibility bus, where the registry is activated), and a reader of the
tree with python3-pyatspi in a process of its own (libatspi finds its bus
once, at its first use), asked on its stdin `find PID NAME` and answering
one JSON line: the first object named NAME in the application of that
process, with its role, description and states, read afresh (caches
cleared). Every wait has a limit and raises AtspiError when it passes.

    python3 atspi.py probe       the reader itself (what Reader starts)"""

import json
import os
import select
import signal
import subprocess
import sys
import time

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PACKAGES = ["dbus-daemon", "at-spi2-core", "python3-pyatspi", "libglib2.0-bin"]


class AtspiError(Exception):
    pass


def _line(stream, timeout, what):
    """One line from a pipe within timeout seconds."""
    ready, _, _ = select.select([stream], [], [], timeout)
    if not ready:
        raise AtspiError(f"no answer from {what} in {timeout} s")
    line = stream.readline()
    if not line:
        raise AtspiError(f"{what} ended")
    return line


class Bus:
    """dbus-daemon --session of its own, and the accessibility bus launched on it; env() for its clients."""

    def __init__(self, env, timeout=20):
        self.base = dict(env)
        self.launcher = None
        read, write = os.pipe()
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", f"--print-address={write}"],
                                       pass_fds=(write,), env=self.base, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write)
        with os.fdopen(read) as stream:
            self.address = _line(stream, timeout, "dbus-daemon").strip()
        self.launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"], env=self.env(),
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        # Its own name on the session bus says the accessibility bus is up.
        r = subprocess.run(["gdbus", "wait", "--session", "--timeout", str(timeout), "org.a11y.Bus"], env=self.env(),
                           capture_output=True, text=True, timeout=timeout + 10)
        if r.returncode != 0:
            self.close()
            raise AtspiError(f"at-spi-bus-launcher did not take org.a11y.Bus: {r.stderr.strip()}")

    def env(self):
        return dict(self.base, DBUS_SESSION_BUS_ADDRESS=self.address)

    def close(self):
        for p in (self.launcher, self.daemon):
            if p and p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)


class Reader:
    """The pyatspi reader on the bus's environment."""

    def __init__(self, env):
        self.process = subprocess.Popen([sys.executable, "-B", os.path.abspath(__file__), "probe"], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def find(self, pid, name, timeout=10):
        self.process.stdin.write(f"find {pid} {name}\n")
        self.process.stdin.flush()
        return json.loads(_line(self.process.stdout, timeout, "the AT-SPI reader"))

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


# -- the reader's own process ------------------------------------------------------------------------------

def _probe():
    import pyatspi  # noqa: E402  python3-pyatspi, on the bus of DBUS_SESSION_BUS_ADDRESS

    def search(node, name, budget):
        stack = [node]
        while stack and budget > 0:
            n = stack.pop()
            budget -= 1
            try:
                if n.name == name:
                    return n
                stack.extend(reversed([n.getChildAtIndex(i) for i in range(n.childCount)]))
            except Exception:                      # an object gone while read: skipped
                continue
        return None

    for line in sys.stdin:
        _, pid, name = line.rstrip("\n").split(" ", 2)
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
                hit = search(app, name, 2000)
                if hit:
                    states = hit.getState()
                    answer.update(found=True, name=hit.name, role=hit.getRoleName(), description=hit.description,
                                  states=[s.value_nick for s in states.getStates()])
                break
        except Exception as error:                 # the bus's own error, said in the answer
            answer["error"] = f"{type(error).__name__}: {error}"
        print(json.dumps(answer), flush=True)


if __name__ == "__main__" and sys.argv[1:] == ["probe"]:
    _probe()
