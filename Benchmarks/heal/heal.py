"""How soon detentd serves again after running out of descriptors
(issue 21's fault: RLIMIT_NOFILE 64, about 185 clients that connected and
then closed, then a new client). Prints the milliseconds from the others
closing to the new client's `pong`, per round, and their median and max.

  /usr/bin/python3 Benchmarks/heal/heal.py DETENTD [PLUGINS_JSON] [--limit 64] [--clients 185] [--rounds 7]
"""
import argparse
import os
import socket
import statistics
import subprocess
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("detentd")
parser.add_argument("config", nargs="?", default=os.path.join(os.path.dirname(__file__), "../../plugins.json"))
parser.add_argument("--limit", type=int, default=64)
parser.add_argument("--clients", type=int, default=185)
parser.add_argument("--rounds", type=int, default=7)
args = parser.parse_args()


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)  # blocking: waits while the backlog is full
    s.settimeout(30)
    return s


def round_trip(path):
    folder = tempfile.mkdtemp()
    sock = os.path.join(folder, "d.sock")
    daemon = subprocess.Popen(["sh", "-c", f'ulimit -n {args.limit} && exec "$0" "$@"', args.detentd,
                               "--config", args.config, "--socket", sock, "--log-level", "error"])
    try:
        for _ in range(500):
            if os.path.exists(sock):
                break
            time.sleep(0.01)
        clients = []
        for _ in range(args.clients):
            c = connect(sock)
            try:
                c.sendall(b"ping\n")
            except OSError:
                pass  # refused at once: closed already
            clients.append(c)
        time.sleep(0.2)  # let the daemon take what it can
        start = time.monotonic()
        for c in clients:
            c.close()
        c = connect(sock)
        c.sendall(b"ping\n")
        reply = c.makefile().readline().strip()
        took = (time.monotonic() - start) * 1000
        c.close()
        if reply != "pong":
            raise SystemExit(f"the new client read {reply!r}")
        return took
    finally:
        daemon.terminate()
        daemon.wait()


times = [round_trip(args.detentd) for _ in range(args.rounds)]
print(f"RLIMIT_NOFILE {args.limit}, {args.clients} clients closed, then one more: "
      + ", ".join(f"{t:.1f}" for t in times) + " ms")
print(f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
