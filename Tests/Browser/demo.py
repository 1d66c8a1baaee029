"""scripts/demo run in the background for a test, and what the test does
to the daemon behind it (stop it, start it again on the same socket)."""

import os
import re
import signal
import socket
import subprocess
import threading
import time


class DemoError(Exception):
    pass


class Demo:
    def __init__(self, root, bin_dir, port):
        self.root = root
        self.bin_dir = bin_dir
        env = dict(os.environ, DETENT_BIN=bin_dir, DETENT_DEMO_PORT=str(port))
        self.process = subprocess.Popen([os.path.join(root, "scripts/demo")], cwd=root, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        start_new_session=True)
        self.own_daemon = None
        output = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise DemoError("scripts/demo ended before serving:\n" + "".join(output))
            output.append(line)
            found = re.search(r"detentd \(pid (\d+)\) on (\S+);", line)
            if found:
                self.daemon_pid = int(found.group(1))
                self.socket = found.group(2)
                break
            if line.startswith("Detent demo: "):
                self.url = line.split(": ", 1)[1].strip()
        else:
            raise DemoError("scripts/demo did not start within 120 s:\n" + "".join(output))
        if not getattr(self, "url", None):
            raise DemoError("scripts/demo printed no URL:\n" + "".join(output))
        # Keep reading what it prints, so a full pipe never stops it.
        self.output = output
        threading.Thread(target=lambda: [output.append(line) for line in self.process.stdout], daemon=True).start()

    def stop_daemon(self):
        """SIGTERM to the demo's detentd; returns once its socket is gone."""
        pid = self.own_daemon.pid if self.own_daemon else self.daemon_pid
        os.kill(pid, signal.SIGTERM)
        if self.own_daemon:
            self.own_daemon.wait(10)
            self.own_daemon = None
        for _ in range(200):
            if not os.path.exists(self.socket):
                return
            time.sleep(0.05)
        raise DemoError(f"detentd (pid {pid}) did not remove {self.socket}")

    def start_daemon(self):
        """A new detentd on the same socket, as after a restart."""
        self.own_daemon = subprocess.Popen(
            [os.path.join(self.bin_dir, "detentd"), "--config", "plugins.json", "--socket", self.socket,
             "--log-level", "warning"], cwd=self.root)
        for _ in range(200):
            if os.path.exists(self.socket):
                return
            time.sleep(0.05)
        raise DemoError(f"the restarted detentd did not listen on {self.socket}")

    def requests(self, lines):
        """Sends request lines straight to the daemon; returns their replies."""
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(30)
            s.connect(self.socket)
            s.sendall(("\n".join(lines) + "\n").encode())
            data = b""
            while data.count(b"\n") < len(lines):
                chunk = s.recv(1 << 16)
                if not chunk:
                    raise DemoError("the daemon closed the connection")
                data += chunk
        return data.decode().splitlines()

    def close(self):
        """Ctrl-C to scripts/demo, which stops what it started."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.own_daemon:
            self.own_daemon.terminate()
            self.own_daemon.wait(10)
