#!/usr/bin/python3
"""Issue 39's benchmark: Qt's SwipeView and Detent's (`import Detent.Controls`,
plugin qt-swipeview) side by side, CPU a drawn frame and wakes at rest
(BENCHMARKS.md). Run by hand:

    Benchmarks/qt-quick/run.py [--views 16] [--rounds 5] [--seconds 5] [--rest 10] [--out DIR] [--perf]
                               [--input calls|wheel] [--every MS] [--backend software]
        DETENT_BIN=folder-with-detentd (default .build/release)

It builds libdetent, the module and the tests' host (clients/qt-quick/tests/
run's build, into .build/qt-quick). One Xvfb and a real detentd (the bundled
plugins.json) on CPU 0; the two app processes (tests/host.cpp loading
views.qml, as written and with `import Detent.Controls` added) on CPU 1.
  - motions: each window's grid of VIEWS SwipeViews pages every view to its
    next page, back and forth, for S seconds: `calls` (the page's Timer,
    setCurrentIndex every 400 ms: a 250 ms ease in both) or `wheel` (a real
    X wheel click on every view every 900 ms, xdotool on CPU 0: Qt's flick
    and fixup, Detent's decision from detentd):
    each window alone (the order alternating), then both at once (the same
    load from outside for both). CPU: every thread of the process
    (/proc/PID/task/*/schedstat); frames: the window's frameSwapped.
  - at rest: both shown, Detent's connected, nothing asked, R seconds: frames,
    context switches of every thread (/proc/PID/task/*/status), CPU; then R
    seconds under `strace -c -f` (poll-family calls of every thread), the
    daemon's too.
Prints a Markdown report; raw rows to OUT/qt-quick.json."""

import argparse
import importlib.machinery
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TESTS = os.path.join(ROOT, "clients/qt-quick/tests")
sys.path.insert(0, os.path.join(ROOT, "Tests/GTK"))
sys.path.insert(0, TESTS)
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True
from harness import Xvfb  # noqa: E402
from measure import SERVER_CPU, UI_CPU, cpu_ns, start_daemon, strace_rest  # noqa: E402
from hosts import Host, detent_copy  # noqa: E402
from report import cpu_name, qt_version, report  # noqa: E402
tests_run = importlib.machinery.SourceFileLoader("qt_quick_run", os.path.join(TESTS, "run")).load_module()


def switches(pid):
    """Voluntary and involuntary context switches, every thread."""
    v = n = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches"):
                        v += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches"):
                        n += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return v, n


def frames(h):
    return h.frames()


def wheel(windows, seconds, views, every):
    """A horizontal wheel click on every view of each window every EVERY s (one xdotool a tick, on the server's
    CPU), forward to the last page and back, for SECONDS."""
    columns = math.ceil(math.sqrt(views))
    rows = math.ceil(views / columns)
    at = {label: int(h.eval("view.currentIndex")) for label, h in windows}
    way = {label: 1 for label, _ in windows}
    end = time.monotonic() + seconds
    tick = time.monotonic()
    while time.monotonic() < end:
        args = []
        for label, h in windows:
            if not 0 <= at[label] + way[label] <= 4:
                way[label] = -way[label]
            at[label] += way[label]
            w, ht = h.size[0] / columns, h.size[1] / rows
            for k in range(views):
                x, y = h.origin[0] + (k % columns + 0.5) * w, h.origin[1] + (k // columns + 0.5) * ht
                args += ["mousemove", str(round(x)), str(round(y)), "click", "7" if way[label] > 0 else "6"]
        h.x.xdotool(*args)
        tick += every
        time.sleep(max(0.0, tick - time.monotonic()))


def motions(windows, seconds, daemon, xvfb, args):
    """Each window's views paging for SECONDS, all at once; per window: CPU, frames, moves."""
    before = {label: (cpu_ns(h.process.pid), frames(h), int(h.eval("root.moves")), switches(h.process.pid))
              for label, h in windows}
    d0, x0 = cpu_ns(daemon.pid), cpu_ns(xvfb.pid)
    if args.input == "wheel":
        wheel(windows, seconds, args.views, args.every / 1000)
    else:
        for _, h in windows:
            h.eval("root.running = true")
        time.sleep(seconds)
        for _, h in windows:
            h.eval("root.running = false")
    rows = []
    for label, h in windows:
        c, f, m, sw = before[label]
        rows.append({"label": label, "cpu_ns": cpu_ns(h.process.pid) - c, "frames": frames(h) - f,
                     "moves": int(h.eval("root.moves")) - m, "voluntary": switches(h.process.pid)[0] - sw[0]})
    for r in rows:
        r["daemon_cpu_ns"], r["xvfb_cpu_ns"], r["seconds"] = cpu_ns(daemon.pid) - d0, cpu_ns(xvfb.pid) - x0, seconds
        r["us_frame"] = r["cpu_ns"] / 1000 / max(r["frames"], 1)
    time.sleep(1.5)  # the last motions end
    return rows


def rest(windows, seconds, daemon):
    f0 = {label: frames(h) for label, h in windows}
    time.sleep(0.2)  # the command's own wake is before the count
    pids = dict({label: h.process.pid for label, h in windows}, detentd=daemon.pid)
    s0 = {k: (switches(p), cpu_ns(p)) for k, p in pids.items()}
    time.sleep(seconds)
    s1 = {k: (switches(p), cpu_ns(p)) for k, p in pids.items()}
    out = {k: {"voluntary": s1[k][0][0] - s0[k][0][0], "involuntary": s1[k][0][1] - s0[k][0][1],
               "cpu_us": (s1[k][1] - s0[k][1]) / 1000} for k in pids}
    for label, h in windows:
        out[label]["frames"] = frames(h) - f0[label]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--views", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rest", type=float, default=10)
    ap.add_argument("--out", default=None)
    ap.add_argument("--perf", action="store_true")
    ap.add_argument("--input", choices=("calls", "wheel"), default="calls")
    ap.add_argument("--every", type=int, default=None, help="ms between motions (calls 400, wheel 900)")
    ap.add_argument("--before", help="a third window: Detent.Controls from another build (its qml/ folder)")
    ap.add_argument("--backend", default="", help="QT_QUICK_BACKEND (e.g. software; default: Qt's, OpenGL)")
    args = ap.parse_args()
    args.every = args.every or (900 if args.input == "wheel" else 400)
    out = args.out or tempfile.mkdtemp(prefix="qt-quick-bench-")
    os.makedirs(out, exist_ok=True)
    bin_dir = os.environ.get("DETENT_BIN", os.path.join(ROOT, ".build/release"))
    build_dir, libdir = tests_run.build()
    os.environ["LD_LIBRARY_PATH"] = libdir + (":" + os.environ["LD_LIBRARY_PATH"] if os.environ.get("LD_LIBRARY_PATH")
                                              else "")
    tmp = tempfile.mkdtemp(prefix="qt-quick-bench-")
    with open(os.path.join(HERE, "views.qml")) as f:
        text = f.read().replace("property int views: 1 // @VIEWS@", f"property int views: {args.views}").replace(
            "property int every: 400", f"property int every: {args.every}")
    page = os.path.join(tmp, "views.qml")
    with open(page, "w") as f:
        f.write(text)
    xvfb = Xvfb("2100x800x24")
    for tid in os.listdir(f"/proc/{xvfb.process.pid}/task"):
        os.sched_setaffinity(int(tid), {SERVER_CPU})
    daemon, socket = start_daemon(os.path.join(bin_dir, "detentd"), tmp)
    env = {"GSETTINGS_BACKEND": "memory", "QT_ACCESSIBILITY": "0"}
    if args.backend:
        env["QT_QUICK_BACKEND"] = args.backend
    windows = []
    try:
        places = [("qt", page, 0, {}), ("detent", detent_copy(page, tmp), 700, {})]
        if args.before:
            places.append(("before", detent_copy(page, tmp), 1400, {"QML_IMPORT_PATH": args.before}))
        for label, path, x, extra in places:
            h = Host(build_dir, xvfb.display, path, socket=socket, at=(x, 0), size=(640, 640), env=dict(env, **extra),
                     title=f"bench {label}")
            for tid in os.listdir(f"/proc/{h.process.pid}/task"):
                os.sched_setaffinity(int(tid), {UI_CPU})
            windows.append((label, h))
        det = windows[1][1]
        for _, h in windows[1:]:
            h.trace.wait("connected", 10, value=1)
        info = {"plugin": det.eval("view.runningPlugin"), "api": windows[0][1].eval("view.GraphicsInfo.api"),
                "cpu": cpu_name(), "views": args.views,
                "input": args.input, "every_ms": args.every, "qt": qt_version()}
        print(f"# {json.dumps(info)}", file=sys.stderr)
        for label, h in windows:  # warm-up, not counted
            motions([(label, h)], 2, daemon, xvfb.process, args)
        alone, together = [], []
        for r in range(args.rounds):
            for w in (windows if r % 2 == 0 else windows[::-1]):
                alone += motions([w], args.seconds, daemon, xvfb.process, args)
                print(f"  {json.dumps(alone[-1])}", file=sys.stderr)
            together.append(motions(windows, args.seconds, daemon, xvfb.process, args))
            print(f"  {json.dumps(together[-1])}", file=sys.stderr)
        at_rest = rest(windows, args.rest, daemon)
        traced = strace_rest(dict({label: h.process.pid for label, h in windows}, detentd=daemon.pid), args.rest, out)
        if args.perf:
            perfs = [subprocess.Popen(["perf", "record", "-F", "1999", "--call-graph", "dwarf,8192", "-o",
                                       os.path.join(out, f"perf-{label}.data"), "-p", str(h.process.pid)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for label, h in windows]
            time.sleep(1)
            print(f"  profiled: {json.dumps(motions(windows, args.seconds, daemon, xvfb.process, args))}", file=sys.stderr)
            for p in perfs:
                p.send_signal(signal.SIGINT)
                p.wait(120)
        with open(os.path.join(out, "qt-quick.json"), "w") as f:
            json.dump({"info": info, "alone": alone, "together": together, "rest": at_rest, "strace": traced}, f,
                      indent=1)
        report(info, alone, together, at_rest, traced, out)
    finally:
        for _, h in windows:
            h.close()
        daemon.terminate()
        daemon.wait(10)
        xvfb.close()


if __name__ == "__main__":
    main()
