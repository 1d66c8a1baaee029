"""tests/run's `touchpad` group: Qt's SwipeView and Detent's (qt-swipeview)
side by side under one headless sway (Tests/Wayland), tiled 400 x 300
each, paged by the same finger swipes from the virtual pointer (Qt 6.4's
Wayland plugin delivers them as QWheelEvents with phases: ScrollBegin,
one ScrollUpdate per frame with pixelDelta = -the sent value, ScrollEnd).
Each swipe goes to Qt's window, then, once it rests, to Detent's; both must
have been delivered every frame and rest on the same page. What Qt's does
is the answer, measured each run."""

import os
import sys

from hosts import Host, detent_copy

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SIDE = os.path.join(HERE, "side.qml")
WIDTH, HEIGHT = 800, 300    # two tiled windows of 400 x 300: the Xvfb groups' size

# (what, wl_pointer deltas along h (positive: forward), ms apart), from page 2 of 5.
SWIPES = [
    ("a slow swipe forward past half a page", [20] * 15, 25),
    ("a short slow swipe forward", [10] * 10, 25),
    ("a short fast flick forward", [25] * 6, 8),
    ("a fast swipe forward", [30] * 10, 10),
    ("a slow swipe forward at the last page", [20] * 12, 25),
    ("a fast flick forward at the last page", [30] * 8, 8),
    ("a slow swipe back past half a page", [-20] * 15, 25),
    ("a short fast flick back", [-25] * 6, 8),
    ("a fast swipe back", [-30] * 10, 10),
    ("a slow swipe back short of half a page", [-15] * 12, 25),
    ("a long fast swipe back over two pages", [-40] * 20, 8),
    ("a fast flick back at the first page", [-30] * 8, 8),
    ("a slow swipe back at the first page", [-20] * 12, 25),
    ("a slow swipe forward over one and a half pages", [25] * 26, 15),
]


def into(sway, h, was):
    """The pointer into H's window (the middle), waiting for the window's enter: under sway 1.7 frames sent with
    the entering move can be lost (Tests/GTK/touchpad.py's let_in)."""
    x, y = h.origin[0] + h.size[0] // 2, h.origin[1] + h.size[1] // 2
    if was is h:
        return x, y
    mark = h.trace.mark()
    sway.move(x, y)
    if was is not None:
        h.trace.wait("enter", 5, after=mark)
    return x, y


def delivered(h, start, deltas):
    """What is wrong (or '') with the wheel events H's window got for one swipe: every frame as one ScrollUpdate
    of -delta, with a begin before and an end after."""
    events = [f for _, _, f in h.trace.select(start, h.trace.mark(), "wheel")]
    phases = [f.get("phase") for f in events]
    updates = [-f.get("px", 0) for f in events if f.get("phase") == 2]
    if updates != deltas or 1 not in phases or phases[-1] != 3 or phases.index(1) > phases.index(2):
        return f"phases {phases}, updates {updates}"
    return ""


def touchpad(ctx):
    sys.path.insert(0, os.path.join(ROOT, "Tests/Wayland"))
    from sway import Sway
    check = ctx.check
    sway = Sway(width=WIDTH, height=HEIGHT)
    sway.start()
    try:
        qt = Host(ctx.build, None, SIDE, socket=ctx.socket, sway=sway, title="qt")
        ctx.hosts.append(qt)
        det = Host(ctx.build, None, detent_copy(SIDE, ctx.tmp), socket=ctx.socket, sway=sway, title="detent")
        ctx.hosts.append(det)
        det.trace.wait("connected", 5, value=1)
        for h in (qt, det):
            h.placed()
        check("touchpad: sway tiles the two windows side by side at 400 x 300",
              qt.size == det.size == (WIDTH // 2, HEIGHT) and qt.origin[0] < det.origin[0],
              f"Qt {qt.origin} {qt.size}, Detent {det.origin} {det.size}")
        for h in (qt, det):
            h.eval("view.setCurrentIndex(2)")
            h.settle()
        check("touchpad: Detent's view runs qt-swipeview", det.eval("view.runningPlugin") == "qt-swipeview")
        was, seen = None, []
        for what, deltas, interval in SWIPES:
            rests, wrong = [], []
            for name, h in (("Qt", qt), ("Detent", det)):
                point = into(sway, h, was)
                was = h
                start = h.trace.mark()
                sway.swipe(deltas, axis="h", at=point, interval=interval)
                h.trace.wait("wheel", 5, after=start, phase=3)
                h.settle()
                rests.append(h.index())
                bad = delivered(h, start, deltas)
                if bad:
                    wrong.append(f"{name}: {bad}")
            check(f"touchpad: {what} ({sum(deltas):+d} pt in {(len(deltas) - 1) * interval} ms): each window got "
                  f"every frame", not wrong, "; ".join(wrong))
            check(f"touchpad: {what}: both rest on the same page", rests[0] == rests[1],
                  f"Qt {rests[0]}, Detent {rests[1]}")
            seen.append(rests[0])
        print(f"# touchpad: Qt's view rested on {seen} after the {len(SWIPES)} swipes (from 2)", flush=True)
        check("touchpad: the swipes page Qt's view both ways, to both ends", min(seen) == 0 and max(seen) == 4
              and len(set(seen)) >= 4, str(seen))
    finally:
        ctx.close_all()
        sway.stop()
