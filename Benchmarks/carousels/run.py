#!/usr/bin/python3
"""Issue 38's benchmark: 100 DetentCarousels and 100 AdwCarousels side by side
(BENCHMARKS.md). scripts/bench-carousels builds what it needs and calls this.

One Xvfb; a real detentd on a temporary socket (the bundled plugins.json),
pinned to CPU 0 with Xvfb; one GTK process a window (carousels.c), the windows
of the same size side by side, pinned to CPU 1, GSK_RENDERER=cairo.
  - motions: in each round, each window alone (the order alternating) has all
    its carousels scroll_to the next page, animated, again at each
    page-changed, for S seconds; then all windows at once for S seconds (each
    under the same load from outside). Each process reports its CPU time and
    the frames it painted; the daemon's and Xvfb's CPU come from schedstat.
  - at rest: every window shown, nothing asked: R s counted in-process
    (frames painted, main-loop polls, context switches, CPU), then R s under
    `strace -c -f` (every thread's poll-family calls) with nothing sent.
Prints a Markdown report; the raw lines go to OUT/carousels.json.

    run.py --bin carousels --detentd DIR/detentd [--rounds 5] [--seconds 5] [--rest 5] [--out DIR]
           [--before OTHER-carousels]   a third window: DetentCarousel built from another tree
           [--perf [--perf-hz 1999]]    perf record (DWARF call graphs) of each process in one
                                        more run of all at once (OUT/perf-LABEL.data)
"""

import argparse
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests/GTK"))
sys.path.insert(0, os.path.dirname(HERE))
from harness import Xvfb  # noqa: E402
from measure import SERVER_CPU, UI_CPU, cpu_ns, start_daemon, strace_rest  # noqa: E402

NAMES = {"adw": "AdwCarousel", "detent": "DetentCarousel", "before": "DetentCarousel, before"}


class Window:
    """One carousels process: commands on its stdin, a JSON line back for each."""

    def __init__(self, label, binary, args, env, socket):
        kind = "adw" if label == "adw" else "detent"
        cmd = ["taskset", "-c", str(UI_CPU), binary, kind, "-n", str(args.count), "-p", str(args.pages)]
        if kind == "detent":
            cmd += ["-s", socket]
        self.label = label
        self.proc = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pid = self.read(60)["pid"]

    def read(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            sys.exit(f"run.py: {self.label}: no answer in {timeout} s (exit {self.proc.poll()})")
        r = json.loads(line)
        r["label"] = self.label
        return r

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self):
        if self.proc.poll() is None:
            self.send("quit")
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def motions(windows, seconds, daemon, xvfb, shot=None):
    """windows' carousels follow motions for seconds, all at once; the daemon's and Xvfb's CPU meanwhile."""
    d0, x0 = cpu_ns(daemon.pid), cpu_ns(xvfb.pid)
    for w in windows:
        w.send(f"run {seconds}")
    if shot:  # the screen mid-motion, to look at (not measured: it costs Xvfb)
        time.sleep(min(1, seconds / 2))
        subprocess.run(["import", "-display", shot[0], "-window", "root", shot[1]], timeout=30)
    rows = [w.read(seconds + 60) for w in windows]
    for r in rows:
        r["daemon_cpu_ns"], r["xvfb_cpu_ns"] = cpu_ns(daemon.pid) - d0, cpu_ns(xvfb.pid) - x0
    return rows


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--before")
    ap.add_argument("--detentd", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rest", type=float, default=5)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--pages", type=int, default=4)
    ap.add_argument("--out", default=tempfile.mkdtemp(prefix="carousels-"))
    ap.add_argument("--perf", action="store_true")
    ap.add_argument("--perf-hz", type=int, default=1999)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="carousels-")
    xvfb = Xvfb("2000x1400x24")
    os.sched_setaffinity(xvfb.process.pid, {SERVER_CPU})
    daemon, socket = start_daemon(args.detentd, tmp)
    env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSK_RENDERER="cairo", GTK_A11Y="none",
               NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory")
    env.pop("WAYLAND_DISPLAY", None)
    windows, profiles = [], {}
    places = [("adw", args.bin, 0, 0), ("detent", args.bin, 1000, 0)] + ([("before", args.before, 0, 700)]
                                                                      if args.before else [])
    try:
        for label, binary, x, y in places:
            windows.append(Window(label, binary, args, env, socket))
            subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--all", "--pid", str(windows[-1].pid),
                            "--name", "Carousel x N", "windowmove", "%@", str(x), str(y)],
                           env=env, stdout=subprocess.DEVNULL, timeout=20)
        for w in windows:  # warm-up, not counted
            motions([w], 2, daemon, xvfb.process, shot=(xvfb.display, os.path.join(args.out, f"motion-{w.label}.png")))
        alone, together = [], []
        for r in range(args.rounds):
            for w in (windows if r % 2 == 0 else windows[::-1]):
                alone += motions([w], args.seconds, daemon, xvfb.process)
                print(f"  {json.dumps(alone[-1])}", file=sys.stderr)
            together.append(motions(windows, args.seconds, daemon, xvfb.process))
            print(f"  {json.dumps(together[-1])}", file=sys.stderr)
        time.sleep(1)
        d0 = cpu_ns(daemon.pid)
        for w in windows:
            w.send(f"rest {args.rest}")
        rest = {w.label: w.read(args.rest + 30) for w in windows}
        rest["daemon_cpu_ns"] = cpu_ns(daemon.pid) - d0
        traced = strace_rest({**{w.label: w.pid for w in windows}, "detentd": daemon.pid}, args.rest, args.out)
        if args.perf:  # all at once, as in the rounds
            perfs = []
            for w in windows:
                profiles[w.label] = os.path.join(args.out, f"perf-{w.label}.data")
                perfs.append(subprocess.Popen(["perf", "record", "-F", str(args.perf_hz), "--call-graph", "dwarf,8192",
                                               "-o", profiles[w.label], "-p", str(w.pid)],
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            time.sleep(1)
            print(f"  profiled: {json.dumps(motions(windows, args.seconds, daemon, xvfb.process))}", file=sys.stderr)
            for p in perfs:
                p.send_signal(signal.SIGINT)
                p.wait(120)
        with open(os.path.join(args.out, "carousels.json"), "w") as f:
            json.dump({"alone": alone, "together": together, "rest": rest, "strace": traced}, f, indent=1)
    finally:
        for w in windows:
            w.close()
        daemon.terminate()
        daemon.wait(10)
        xvfb.close()
    report(args, [w.label for w in windows], alone, together, rest, traced, profiles)


def us(r):
    """CPU a frame painted, µs."""
    return r["cpu_ns"] / 1000 / max(r["frames"], 1)


def per_move(r):
    """CPU a move (a carousel drawn at a new position), µs."""
    return r["cpu_ns"] / 1000 / max(r["moves"], 1)


def report(args, labels, alone, together, rest, traced, profiles):
    cpu = next((line.split(":", 1)[1].strip() for line in subprocess.run(["lscpu"], capture_output=True, text=True)
                .stdout.splitlines() if line.startswith("Model name")), "?")
    print(f"Machine: {cpu} (`lscpu`), {os.cpu_count()} CPUs; detentd and Xvfb on CPU {SERVER_CPU}, the GTK "
          f"processes on CPU {UI_CPU}. {args.count} carousels of {args.pages} pages a window; {args.rounds} rounds of "
          f"{args.seconds:g} s of motions, each window alone (alternating) then all at once.\n")
    print("Each window alone:\n")
    print("| round | carousel | s | frames | moves | page-changed | GTK CPU ms | µs a frame | µs a move "
          "| detentd CPU ms | Xvfb CPU ms |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for i, r in enumerate(alone):
        print(f"| {i // len(labels) + 1} | {NAMES[r['label']]} | {r['wall_ns'] / 1e9:.2f} | {r['frames']} | {r['moves']} "
              f"| {r['page_changed']} | {r['cpu_ns'] / 1e6:.1f} | {us(r):.1f} | {per_move(r):.2f} "
              f"| {r['daemon_cpu_ns'] / 1e6:.1f} | {r['xvfb_cpu_ns'] / 1e6:.1f} |")
    print()
    per = {k: [r for r in alone if r["label"] == k] for k in labels}
    med = {k: median([us(r) for r in per[k]]) for k in labels}
    pairs = [us(d) / us(a) for a, d in zip(per["adw"], per["detent"])]
    print("| | " + " | ".join(NAMES[k] for k in labels) + " | Detent / Adw |")
    print("| --- |" + " ---: |" * (len(labels) + 1))
    row = lambda name, f, last="": print(f"| {name} | " + " | ".join(f(k) for k in labels) + f" | {last} |")  # noqa: E731
    row("GTK process CPU a frame, median (µs)", lambda k: f"{med[k]:.1f}", f"{med['detent'] / med['adw']:.3f}")
    row("the rounds' ratios, median (min to max)", lambda k: "",
        f"{median(pairs):.3f} ({min(pairs):.3f} to {max(pairs):.3f})")
    mm = {k: median([per_move(r) for r in per[k]]) for k in labels}
    row("GTK process CPU a move, median (µs)", lambda k: f"{mm[k]:.2f}", f"{mm['detent'] / mm['adw']:.3f}")
    row("carousels moved a frame, median", lambda k: f"{median([r['moves'] / max(r['frames'], 1) for r in per[k]]):.1f}")
    row("frames a second, median", lambda k: f"{median([r['frames'] / (r['wall_ns'] / 1e9) for r in per[k]]):.1f}")
    row(f"detentd CPU meanwhile, median (% of a core, CPU {SERVER_CPU})",
        lambda k: f"{median([r['daemon_cpu_ns'] / r['wall_ns'] * 100 for r in per[k]]):.2f}")
    print()
    print("All at once, the same seconds on the same CPU:\n")
    print("| round | " + " | ".join(f"{NAMES[k]}: frames, µs a frame" for k in labels)
          + " | Detent / Adw a frame | a move |" + (" before / Adw a frame |" if "before" in labels else ""))
    print("| ---: |" + " ---: |" * (len(labels) + 2 + ("before" in labels)))
    ratio = lambda rows, k, f=us: f(rows[labels.index(k)]) / f(rows[0])  # noqa: E731
    for i, rows in enumerate(together):
        extra = f" {ratio(rows, 'before'):.3f} |" if "before" in labels else ""
        print(f"| {i + 1} | " + " | ".join(f"{r['frames']}, {us(r):.1f}" for r in rows)
              + f" | {ratio(rows, 'detent'):.3f} | {ratio(rows, 'detent', per_move):.3f} |" + extra)
    tr = [ratio(rows, "detent") for rows in together]
    tm = [ratio(rows, "detent", per_move) for rows in together]
    extra = f" {median([ratio(rows, 'before') for rows in together]):.3f} |" if "before" in labels else ""
    print("| median | " + " | ".join(f"{median([us(rows[i]) for rows in together]):.1f}" for i in range(len(labels)))
          + f" | {median(tr):.3f} | {median(tm):.3f} |" + extra)
    print()
    print(f"At rest, every window shown, the daemon connected, {args.rest:g} s:\n")
    print("| | " + " | ".join(NAMES[k] for k in labels) + " | detentd |")
    print("| --- |" + " ---: |" * (len(labels) + 1))
    row = lambda name, f, last="": print(f"| {name} | " + " | ".join(f(rest[k]) for k in labels) + f" | {last} |")  # noqa: E731
    row("frames painted", lambda r: str(r["frames"]))
    row("frame-clock cycles", lambda r: str(r["clock_frames"]))
    row("main-loop polls (1: it slept until the rest's own end timer)", lambda r: str(r["polls"]))
    row("voluntary context switches, every thread (the end timer's wake is 1)", lambda r: str(r["context_switches"]))
    row("CPU (µs)", lambda r: f"{r['cpu_ns'] / 1000:.0f}", f"{rest['daemon_cpu_ns'] / 1000:.0f}")
    print(f"| poll-family calls under `strace -c -f`, nothing sent | "
          + " | ".join(str(traced[k]) for k in labels) + f" | {traced['detentd']} |")
    print()
    met = lambda ok: "met" if ok else "MISSED"  # noqa: E731
    d = rest["detent"]
    quiet = (d["frames"] == 0 and d["clock_frames"] == 0 and d["polls"] <= 1 and d["context_switches"] <= 1
             and traced["detent"] == 0)
    print("| target | measured | |")
    print("| --- | --- | --- |")
    print(f"| a motion's frame costs DetentCarousel's process no more CPU than AdwCarousel's, all at once "
          f"(median of the rounds' ratios) | {median(tr):.3f} x | {met(median(tr) <= 1.0)} |")
    print(f"| the same, each alone, alternating (ratio of the medians) | {med['detent'] / med['adw']:.3f} x "
          f"| {met(med['detent'] <= med['adw'])} |")
    print(f"| a carousel at rest wakes nothing | {d['frames']} frames, {d['polls']} poll and {d['context_switches']} "
          f"wake (the end timer's), {traced['detent']} polls under strace | {met(quiet)} |")
    for label, path in profiles.items():
        print(f"\nperf record of a run of all at once ({NAMES[label]}): {path}")


if __name__ == "__main__":
    main()
