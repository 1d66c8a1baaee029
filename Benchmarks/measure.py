"""What the window benchmarks (carousels/run.py, qt-quick/run.py) measure alike: a process's CPU
time, its poll-family calls at rest, and a detentd pinned to the server's CPU."""

import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER_CPU, UI_CPU = 0, 1
SYSCALLS = "poll,ppoll,select,pselect6,epoll_wait,epoll_pwait"


def cpu_ns(pid):
    """A process's CPU time so far, every thread's (/proc/PID/task/*/schedstat, ns)."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def strace_rest(pids, seconds, out):
    """Every poll-family call of each process while nothing happens (strace -c -f: all its threads)."""
    procs = {}
    for name, pid in pids.items():
        path = os.path.join(out, f"strace-{name}.txt")
        procs[name] = (subprocess.Popen(["strace", "-c", "-f", "-e", f"trace={SYSCALLS}", "-o", path, "-p", str(pid)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True), path)
    time.sleep(seconds)
    counts = {}
    for name, (p, path) in procs.items():
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=20)
        # strace -c writes nothing when no call was made: an empty file is 0 only if it attached
        counts[name] = sum(int(line.split()[3]) for line in open(path)
                           if len(line.split()) > 4 and line.split()[-1] in SYSCALLS.split(",")) \
            if "attached" in err else f"strace failed: {err.strip()[:80]}"
    return counts


def start_daemon(detentd, tmp):
    """detentd on the bundled plugins.json, on SERVER_CPU, once its socket exists."""
    config, path = os.path.join(tmp, "plugins.json"), os.path.join(tmp, "d.sock")
    shutil.copy(os.path.join(ROOT, "plugins.json"), config)
    proc = subprocess.Popen(["taskset", "-c", str(SERVER_CPU), detentd, "--config", config, "--socket", path,
                             "--log-level", "warning"], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not os.path.exists(path):
        if proc.poll() is not None or time.monotonic() > deadline:
            sys.exit("run.py: detentd did not start")
        time.sleep(0.05)
    return proc, path
