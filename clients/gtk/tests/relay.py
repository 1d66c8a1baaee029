"""A relay between the widget and the real detentd: it listens on a Unix
socket of its own, connects each client it accepts to the daemon's socket
and copies the bytes both ways unchanged, keeping every line it saw, with
its direction and when it came. So a test reads what the carousel asked
and what the daemon decided, over real sockets, without touching either.

    relay = Relay(daemon_socket, own_socket); ...; relay.lines  # [(when, "up"|"down", line)]
"""

import os
import socket
import threading
import time


class Relay:
    def __init__(self, upstream, path):
        self.upstream, self.path = upstream, path
        self.lines, self.cond = [], threading.Condition()
        self.clients = []
        if os.path.exists(path):
            os.unlink(path)
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(path)
        self.server.listen(16)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            try:
                daemon = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                daemon.connect(self.upstream)
            except OSError:
                client.close()                                 # no daemon: the client sees it gone, as without a relay
                continue
            self.clients += [client, daemon]
            threading.Thread(target=self._copy, args=(client, daemon, "up"), daemon=True).start()
            threading.Thread(target=self._copy, args=(daemon, client, "down"), daemon=True).start()

    def _copy(self, source, sink, direction):
        pending = b""
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                for s in (source, sink):
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                return
            try:
                sink.sendall(data)
            except OSError:
                return
            pending += data
            *whole, pending = pending.split(b"\n")
            with self.cond:
                for line in whole:
                    self.lines.append((time.monotonic(), direction, line.decode("utf-8", "replace")))
                self.cond.notify_all()

    def mark(self):
        with self.cond:
            return len(self.lines)

    def since(self, mark, direction=None, verb=None):
        """The lines from index mark on (of one direction, starting with verb)."""
        with self.cond:
            chosen = self.lines[mark:]
        return [line for _, d, line in chosen
                if (direction is None or d == direction) and (verb is None or line.split(" ", 1)[0] == verb)]

    def wait(self, mark, direction, verb, timeout, where=None):
        """The first line from mark on of that direction and verb (and where(line) true), or None in time."""
        deadline = time.monotonic() + timeout
        i = mark
        with self.cond:
            while True:
                while i < len(self.lines):
                    _, d, line = self.lines[i]
                    if d == direction and line.split(" ", 1)[0] == verb and (where is None or where(line)):
                        return line
                    i += 1
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(min(left, 0.2))

    def drop(self):
        """Closes every relayed connection (as a daemon that went away would)."""
        for s in self.clients:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.clients = []

    def close(self):
        self.drop()
        self.server.close()
        if os.path.exists(self.path):
            os.unlink(self.path)
