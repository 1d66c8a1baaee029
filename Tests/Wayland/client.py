"""A client program of a test's sway whose stdout lines are awaited with
bounded waits (never a fixed sleep):

    app = Client([binary], sway.env())
    app.wait_for("mapped")
    sway.move(*sway.centre()); app.wait_for("enter")
    ...
    app.stop()

Every failed wait raises ClientError with all the program said."""

import queue
import subprocess
import threading
import time


class ClientError(RuntimeError):
    pass


class Client:
    def __init__(self, argv, env, timeout=15.0):
        self.argv, self.timeout = argv, timeout
        self.lines = []  # all stdout lines so far (stderr goes with them)
        self._queue = queue.Queue()
        self.proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def _said(self):
        return "\n".join(self.lines[-40:]) or "(nothing)"

    def wait_for(self, prefix, timeout=None):
        """The next line starting with PREFIX (lines before it are kept in self.lines)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._queue.get(timeout=max(left, 0))
            except queue.Empty:
                raise ClientError(f"{self.argv[0]} printed no `{prefix}` in time; it said:\n{self._said()}")
            if line is None:
                self._queue.put(None)
                raise ClientError(f"{self.argv[0]} exited ({self.proc.wait()}) before `{prefix}`; "
                                  f"it said:\n{self._said()}")
            self.lines.append(line)
            if line.startswith(prefix):
                return line

    def take(self):
        """The lines read so far, from the first not yet taken; forgets them."""
        taken, self.lines = self.lines, []
        return taken

    def stop(self):
        end(self.proc)


def end(proc, timeout=5):
    """Ends a process: SIGTERM, then SIGKILL after `timeout` s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
