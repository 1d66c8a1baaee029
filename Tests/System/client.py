"""A Detent client for the test under a real systemd (Tests/System/service-test).

Runs inside the container with Debian's /usr/bin/python3, as whichever
user the test picks, and prints what it got so the test can compare:

  client.py ask SOCKET LINE...           one connection: the lines, then
                                         every reply until the daemon closes
  client.py burst SOCKET N               N connections at once, each `ping`;
                                         prints how many got `pong`
  client.py autoplay SOCKET SECONDS      a carousel session with autoplay
                                         every 100 ms; prints the pushes seen
  client.py hold SOCKET N READY GO       sends N `end` lines without reading,
                                         creates READY, waits for GO to exist,
                                         then reads to the end; prints the
                                         number of `snap` replies
A connection refused or failing prints `refused: REASON` and exits 2.
"""
import os
import socket
import sys
import threading
import time

LAYOUT = "viewport=375 item=343 count=10 spacing=8 lead=16 trail=16"


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(20)
    try:
        s.connect(path)
    except OSError as error:
        print(f"refused: {error.strerror}")
        sys.exit(2)
    return s


def read_all(s):
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return data.decode()
        data += chunk


def ask(path, lines):
    s = connect(path)
    s.sendall("".join(line + "\n" for line in lines).encode())
    s.shutdown(socket.SHUT_WR)
    print(read_all(s), end="")


def burst(path, n):
    answers = []

    def one():
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(30)
            s.connect(path)
            s.sendall(b"ping\n")
            s.shutdown(socket.SHUT_WR)
            answers.append(read_all(s))
        except OSError as error:
            answers.append(f"failed: {error}")

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(sum(1 for a in answers if a == "pong\n"))
    for a in answers:
        if a != "pong\n":
            print(f"unexpected: {a!r}", file=sys.stderr)


def autoplay(path, seconds):
    s = connect(path)
    s.sendall(f"open s=c plugin=carousel {LAYOUT}\nautoplay s=c every=100\n".encode())
    s.settimeout(0.2)
    deadline = time.monotonic() + seconds
    data = b""
    while time.monotonic() < deadline:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        data += chunk
    print(sum(1 for line in data.decode().splitlines() if "cause=autoplay" in line))


def hold(path, n, ready, go):
    s = connect(path)
    lines = [f"open s=a plugin=cards {LAYOUT}"] + [f"end s=a x={(i * 37) % 3000} v={(i % 7 - 3) / 2}" for i in range(n)]
    s.sendall("".join(line + "\n" for line in lines).encode())
    open(ready, "w").close()
    while not os.path.exists(go):
        time.sleep(0.02)
    print(sum(1 for line in read_all(s).splitlines() if line.startswith("snap s=a ")))


def main():
    command, path, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    if command == "ask":
        ask(path, rest)
    elif command == "burst":
        burst(path, int(rest[0]))
    elif command == "autoplay":
        autoplay(path, float(rest[0]))
    elif command == "hold":
        hold(path, int(rest[0]), rest[1], rest[2])
    else:
        sys.exit(f"client.py: unknown command {command}")


main()
