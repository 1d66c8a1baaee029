"""What the relay's tests share: the program itself (imported from its path,
contrib/websocket/detent-websocket), a detentd and relays run for a test,
and a WebSocket client (Debian's python3-websocket) that reports what the
relay did: the daemon's replies, or the HTTP status it refused with."""

import importlib.machinery
import importlib.util
import json
import os
import pwd
import socket
import subprocess
import sys
import time

import websocket  # Debian's python3-websocket

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAM = os.path.join(ROOT, "contrib", "websocket", "detent-websocket")
PYTHON = "/usr/bin/python3"
PAGE_LINES = ["open s=c plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16",
              "end s=c x=90 v=1.4"]
SNAP = "snap s=c index=1 x=351 mode=animate cause=release"


def load_program():
    """The relay's own code as a module, so its functions can be called."""
    loader = importlib.machinery.SourceFileLoader("detent_websocket", PROGRAM)
    spec = importlib.util.spec_from_loader("detent_websocket", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def free_port(host="127.0.0.1"):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def wait_listening(host, port, process, log):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for _ in range(400):
        with socket.socket(family) as s:
            if s.connect_ex((host, port)) == 0:
                return
        if process.poll() is not None:
            raise AssertionError(f"it exited {process.returncode}: {read(log)}")
        time.sleep(0.025)
    raise AssertionError(f"nothing listens on {host}:{port}: {read(log)}")


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def run_relay(*args, env=None):
    """The relay run to completion: (exit status, standard output, standard error)."""
    r = subprocess.run([PYTHON, "-B", PROGRAM, *args], capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, **(env or {})))
    return r.returncode, r.stdout, r.stderr


def write_config(path, origins):
    with open(path, "w") as f:
        json.dump({"origins": origins}, f)


class Daemon:
    """A release detentd on a socket of its own."""

    def __init__(self, bin_dir, folder):
        self.socket = os.path.join(folder, "detent.sock")
        self.process = subprocess.Popen([os.path.join(bin_dir, "detentd"), "--config", os.path.join(ROOT, "plugins.json"),
                                         "--socket", self.socket, "--log-level", "warning"])
        for _ in range(400):
            if os.path.exists(self.socket):
                return
            time.sleep(0.025)
        raise AssertionError("detentd did not listen")

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


class Relay:
    """detent-websocket in the background, optionally under systemd-socket-activate
    (`activate`: the addresses it listens on for it); its standard error in a file."""

    def __init__(self, folder, args, host="127.0.0.1", port=None, activate=None, user=None):
        self.host, self.port = host, port or free_port(host)
        self.log = os.path.join(folder, f"relay-{self.port}.log")
        command = [PYTHON, "-B", PROGRAM, *args]
        if activate is None:
            command += ["--listen", f"[{host}]:{self.port}" if ":" in host else f"{host}:{self.port}"]
        else:
            listen = [a for address in activate for a in ("-l", address)]
            command = ["systemd-socket-activate", *listen, *command]
        if user is not None:
            command = [*as_user(user), *command]
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=out)
        # Under systemd-socket-activate, this first connection is what starts the relay.
        wait_listening(host, self.port, self.process, self.log)

    @property
    def url(self):
        return f"ws://[{self.host}]:{self.port}/" if ":" in self.host else f"ws://{self.host}:{self.port}/"

    def output(self):
        return read(self.log)

    def stop(self):
        self.process.terminate()
        try:
            return self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


def page(url, origin, lines=PAGE_LINES):
    """What a client sending Origin `origin` (None: no Origin) gets through the relay:
    the daemon's reply lines, or the HTTP status of a refusal (an int)."""
    options = {"suppress_origin": True} if origin is None else {"origin": origin}
    try:
        ws = websocket.create_connection(url, timeout=10, subprotocols=["binary"], **options)
    except websocket.WebSocketBadStatusException as refused:
        return refused.status_code
    try:
        ws.send_binary(("\n".join(lines) + "\n").encode())
        data = b""
        while data.count(b"\n") < len(lines):
            chunk = ws.recv()
            if not chunk:
                break
            data += chunk if isinstance(chunk, bytes) else chunk.encode()
        return data.decode().splitlines()
    finally:
        ws.close()


def page_as(user, url, origin):
    """page() from a process of another user (setpriv; needs root): its result."""
    code = (f"import sys, json; sys.path.insert(0, {HERE!r}); from relay import page; "
            f"print(json.dumps(page({url!r}, {origin!r})))")
    r = subprocess.run([*as_user(user), PYTHON, "-B", "-c", code],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def as_user(user):
    """The command prefix that runs a program as `user`, in its own group only (setpriv; needs root)."""
    return ["setpriv", f"--reuid={user}", f"--regid={pwd.getpwnam(user).pw_gid}", "--clear-groups"]


def is_root():
    return os.getuid() == 0


sys.dont_write_bytecode = True
