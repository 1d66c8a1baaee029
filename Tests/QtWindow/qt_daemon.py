"""qt-window-test's idle, stall, restart and screenshot: the app at rest, its detentd stopped mid-drag, killed
and started again, and the README's picture."""

import os
import signal
import subprocess
import time

from harness import pixel
from qt_window import BANNER_AMBER, BANNER_RED, OUT


def idle(check, d, app):
    for name in ("strip", "swipeview"):
        d.rest(name)
    pid = app.app_pid()
    mark, used, began = d.trace.mark(), app.cpu_seconds(pid), time.monotonic()
    time.sleep(2)                                          # a window to measure in, nothing to drive
    share = (app.cpu_seconds(pid) - used) / (time.monotonic() - began)
    quiet = not d.trace.select(mark, d.trace.mark(), "frame")
    check(f"at rest the app sleeps ({share:.0%} of a core over 2 s, no frames)", quiet and share < 0.1, f"{share:.0%}")


def stall(check, d, app):
    g = d.press_drag("strip", -60, 120, 6, release=False)
    # Every reply in before the daemon stops: the strip drawn at the moved x of the last move (the oracle's).
    i, _ = d.trace.wait("input", 3, after=g.mark, s="strip", phase="move", where=lambda f: f["dx"] == -60)
    sent = [f for _, _, f in d.trace.select(g.mark, i + 1, "input", s="strip")]
    _, replies = d.oracle.replay("strip", d.plugin, g.index, d.replay_of(g, sent)[0])
    last = replies[-1]["x"]
    now = d.trace.select(0, d.trace.mark(), "state", s="strip")
    if not (now and now[-1][2]["state"] == "drag" and now[-1][2]["offset"] == last):
        d.trace.wait("state", 3, after=g.mark, s="strip", state="drag", offset=last)
    os.kill(app.daemon_pid, signal.SIGSTOP)
    stopped, mark = time.monotonic(), d.trace.mark()
    try:
        d.more(g, -80, 400, 8, release=False)              # the pointer goes on; no reply can come
        d.x.shot(os.path.join(OUT, "stalled.png"), crop=d.window)
        time.sleep(max(0.0, 2.0 - (time.monotonic() - stopped)))   # held still, the daemon still stopped
        g.pause_s += (time.monotonic() - stopped) - 0.4
    finally:
        os.kill(app.daemon_pid, signal.SIGCONT)
    resumed = d.trace.mark()
    frames = d.trace.slice(mark, resumed)
    walls = [when for when, _, f in frames if f["verb"] == "frame" and f.get("state") == "drag"]
    gap = max((b - a for a, b in zip(walls, walls[1:])), default=1e9)
    check(f"stalled daemon (SIGSTOP 2 s mid-drag): frames kept coming ({len(walls)}, at most {gap * 1000:.0f} ms "
          f"apart on the wall clock)", len(walls) >= 40 and gap <= 0.25 and walls[-1] - walls[0] >= 1.5,
          str(len(walls)))
    drawn = d.trace.select(mark, resumed, "state", s="strip")
    check("stalled daemon: nothing was drawn as if answered (the replies were awaited)", not drawn, str(drawn[:3]))
    d.more(g, -40, 60, 3)
    d.verify_release("a drag across the stall", g)


def restart(check, d, app, config):
    index = d.rest("strip")["index"]
    mark = d.trace.mark()
    os.kill(app.daemon_pid, signal.SIGTERM)
    d.trace.wait("connection", 5, after=mark, state="down")
    _, shown = d.trace.wait("banner", 5, after=mark, shown=1)
    check("detentd gone: a banner says where the app tried, and that it retries",
          app.socket in shown["text"] and "Retrying" in shown["text"], shown["text"])
    d.trace.wait("connection", 5, after=mark, state="down", where=lambda f: f["attempt"] >= 2)
    x, y, w, h = d.window
    image, previous = None, ()
    for _ in range(5):                                     # until the picture stops changing
        previous, image = image, d.x.shot(os.path.join(OUT, "offline.png"), crop=(x, y, w, h))
        if image == previous:
            break
    check("detentd gone: it keeps retrying (attempt 2 and on), the banner red on screen",
          pixel(image, 8, 8) == BANNER_RED, str(pixel(image, 8, 8)))
    mark = d.trace.mark()
    app.daemon = subprocess.Popen([os.path.join(d.bin_dir, "detentd"), "--config", config, "--socket", app.socket,
                                   "--log-level", "warning"])
    d.trace.wait("connection", 10, after=mark, state="ready")
    opened = d.trace.wait("opened", 5, after=mark, s="strip")[1]
    check(f"detentd back: the strip reopens where it rested (page {index:g}, {d.plugin})",
          opened["index"] == index and opened["plugin"] == d.plugin, str(opened))
    d.trace.wait("banner", 5, after=mark, shown=0)
    g = d.press_drag("strip", -150, 64, 4)
    d.verify_release("after the restart, a fast flick", g)


def screenshot(check, d):
    """Both at rest on the same page, no banner: the README's picture."""
    for name in ("swipeview", "strip"):
        d.rest(name)
    x, y, w, h = d.window
    image, previous = None, ()
    for _ in range(5):                                     # until the picture stops changing (the last frame drawn)
        previous, image = image, d.x.shot(os.path.join(OUT, "qt-demo.png"), crop=(x, y, w, h))
        if image == previous:
            break
    check("screenshot qt-demo.png: both at rest, no banner", image == previous and pixel(image, 8, 8) != BANNER_RED and
          pixel(image, 8, 8) != BANNER_AMBER, str(pixel(image, 8, 8)))
