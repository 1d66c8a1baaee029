"""Finger swipes on the page under a headless sway (GDK_BACKEND=wayland):
Tests/Wayland's virtual pointer sends touchpad frames over the carousel
(Xvfb cannot make smooth scroll), and each swipe is checked against the
real detentd through the relay: the carousel sent `scroll phase=begin`,
its updates and `phase=end` (nothing after the stop), the daemon decided
the page (cause=scroll), and the carousel emitted page-changed once with
it, at that position."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/Wayland"))
from harness import Trace  # noqa: E402
from pagedriver import SETTLE_S, fields  # noqa: E402
import subprocess  # noqa: E402

SWIPES = [("a slow swipe forward", [15] * 14, 30, 1), ("a fast swipe forward", [40, 60, 60, 40], 10, 1),
          ("a slow swipe back", [-15] * 14, 30, -1), ("a fast swipe back", [-40, -60, -60, -40], 10, -1)]


def swipe(check, sway, trace, relay, label, point, deltas, interval, direction, start):
    """One swipe from page start; the daemon must page in its direction; returns where it rests."""
    rm, am = relay.mark(), trace.mark()
    sway.swipe(deltas, axis="h", at=point, interval=interval)
    end = relay.wait(rm, "up", "scroll", SETTLE_S, where=lambda line: "phase=end" in line)
    snap = relay.wait(rm, "down", "snap", SETTLE_S, where=lambda line: "cause=scroll" in line)
    sent = relay.since(rm, "up", "scroll")
    phases = [fields(s).get("phase", "-") for s in sent]
    check(f"{label}: the carousel sent scroll begin, {len(sent) - 2} updates and end, nothing else",
          end is not None and phases[0] == "begin" and phases[-1] == "end" and set(phases[1:-1]) <= {"-"}
          and not relay.since(rm, "up", "wheel"), str(phases))
    index = int(fields(snap)["index"]) if snap else -1
    check(f"{label}: the daemon paged from {start} in the swipe's direction (to {index})",
          snap and (index - start) * direction > 0, snap)
    try:
        trace.wait("page-changed", SETTLE_S, after=am)
    except Exception as e:  # noqa: BLE001
        check(f"{label}: page-changed({index})", False, str(e))
        return index
    time.sleep(0.5)
    every = [f for _, _, f in trace.select(am, trace.mark(), "page-changed")]
    check(f"{label}: page-changed({index}) once, at position {index}",
          len(every) == 1 and every[0]["index"] == index and every[0]["position"] == index, str(every))
    return index


def run(check, binary, ui, socket, relay):
    try:
        from sway import Sway
    except ImportError as e:
        check("touchpad: Tests/Wayland's sway helper loads", False, str(e))
        return
    sway = Sway(width=960, height=720).__enter__()
    process = None
    try:
        env = sway.env(dict(os.environ, GDK_BACKEND="wayland", GSK_RENDERER="cairo", GTK_A11Y="none",
                            NO_AT_BRIDGE="1"))
        env.pop("DISPLAY", None)
        process = subprocess.Popen([binary, ui, "--socket", socket], env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        trace = Trace(process.stdout, lambda: process.poll() is None)
        trace.wait("ready", 20)
        window = sway.wait_window(pid=process.pid)["rect"]
        _, where = trace.wait("where", 5, id="carousel")
        point = (round(window["x"] + where["x"] + where["w"] / 2), round(window["y"] + where["y"] + where["h"] / 4))
        rm = relay.mark()
        sway.swipe([4, 4, 4], axis="h", at=point, interval=20)   # sway 1.7 may lose the first frames: let in
        relay.wait(rm, "up", "scroll", SETTLE_S, where=lambda line: "phase=end" in line)
        time.sleep(1.0)
        mark = trace.mark()
        process.stdin.write("scroll_to 0 0\n")
        process.stdin.flush()
        trace.wait("returned", 5, after=mark)
        time.sleep(0.3)
        at = 0
        for label, deltas, interval, direction in SWIPES:
            if direction > 0 and at == 2 or direction < 0 and at == 0:
                continue                                       # at an end: nothing to page
            at = swipe(check, sway, trace, relay, f"touchpad: {label}", point, deltas, interval, direction, at)
    finally:
        if process and process.poll() is None:
            process.stdin.write("quit\n")
            process.stdin.flush()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
        sway.stop()
