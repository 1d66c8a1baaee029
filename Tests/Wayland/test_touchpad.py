"""Proof that the tool works: finger swipes sent by vpointer through a
headless sway reach a real GTK 4 window (gtk-scroll.c) and a real Qt 6
window (qt-scroll.cpp) as touchpad scrolls, with the deltas and the ms
sent; and wheel clicks (vpointer's `wheel`) as what each toolkit makes of a
mouse wheel's notch. Each test ends with a marker swipe and reads up to its
first line, so nothing unexpected before it can hide."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from client import Client  # noqa: E402
from sway import BUILD, HERE as TOOL, Sway, SwayError, parse  # noqa: E402

# Multiples of 1/256 (wl_fixed): they travel exactly.
DELTAS = [6, 12.5, 18.25, 9]
TIMES = [5000, 5016, 5033, 5049]
STOP = 5065


@pytest.fixture(scope="module")
def probes():
    r = subprocess.run(["make", "-s", "-C", TOOL, f"BUILD={BUILD}", "probes"], capture_output=True, text=True)
    assert r.returncode == 0, f"building the probe windows failed:\n{r.stdout}{r.stderr}"
    return BUILD


def start(sway, probes, name, ready):
    app = Client([os.path.join(probes, name)], sway.env())
    app.wait_for(ready)
    sway.wait_window(pid=app.proc.pid)
    sway.move(*sway.centre())
    app.wait_for("enter")
    app.take()
    return app


def two_swipes(sway, app, first, end_line):
    """FIRST's swipe (kwargs) up to its end line, then a marker swipe down at 9000 up to its
    end; the answers sent for the first, its lines parsed, and the lines from the marker on."""
    sent = sway.swipe(**first)
    app.wait_for(end_line(next(s["t"] for s in sent if s["kind"] == "stop")))
    sway.swipe([3], times=[9000], stop_time=9010)
    app.wait_for(end_line(9010))
    lines = app.take()
    marker = next(i for i, ln in enumerate(lines) if "t=9000" in ln)
    ours = [ln for ln in lines[:marker] if ln.split(" ", 1)[0] in ("begin", "scroll", "end", "wheel")]
    return sent, [parse(ln) for ln in ours], lines[marker:]


def check_gtk_gesture(got, frames, stop):
    """scroll-begin with the first scroll, scroll-end on the stop. GTK merges scroll events
    queued within one frame (deltas summed, the last one's time and is_stop), so each scroll
    must be the sum of the sent FRAMES (t, dx, dy) since the previous one up to its time,
    the stop included (a scroll at the stop's time, stop=1, then scroll-end)."""
    times = [f[0] for f in frames] + [stop]
    assert [g["verb"] for g in got] == ["begin"] + ["scroll"] * (len(got) - 2) + ["end"], got
    scrolls = got[1:-1]
    assert scrolls and got[0]["t"] == scrolls[0]["t"] and got[0]["source"] == "touchpad", got
    last = None
    for g in scrolls:
        assert g["t"] in times and (last is None or g["t"] > last), (g, got, frames)
        run = [f for f in frames if (last is None or f[0] > last) and f[0] <= g["t"]]
        assert (g["dx"], g["dy"]) == (sum(f[1] for f in run), sum(f[2] for f in run)), (g, run)
        assert (g["source"], g["unit"], g["stop"]) == ("touchpad", "surface", int(g["t"] == stop)), g
        last = g["t"]
    assert last >= frames[-1][0], (got, frames)
    assert got[-1] == {"verb": "end", "t": stop, "stop": 1}
    return scrolls


def test_gtk_receives_a_swipe_as_touchpad_scrolls(probes):
    with Sway() as sway:
        app = start(sway, probes, "gtk-scroll", "mapped")
        try:
            sent, got, rest = two_swipes(sway, app, dict(deltas=DELTAS, times=TIMES, stop_time=STOP),
                                         lambda t: f"end t={t}")
        finally:
            app.stop()
    frames = [(s["t"], 0, s["value"]) for s in sent if s["kind"] == "axis"]
    assert frames == [(t, 0, d) for t, d in zip(TIMES, DELTAS)]
    scrolls = check_gtk_gesture(got, frames, STOP)
    assert sum(g["dy"] for g in scrolls) == sum(DELTAS) and all(g["dx"] == 0 for g in scrolls)
    assert rest[0].startswith("begin t=9000 source=touchpad"), rest


def test_gtk_horizontal_and_paired_deltas_and_clock_times(probes):
    with Sway() as sway:
        app = start(sway, probes, "gtk-scroll", "mapped")
        try:
            # Both axes in one frame; times from CLOCK_MONOTONIC at sending.
            sent, got, _ = two_swipes(sway, app, dict(deltas=[(-4, 1), (-8.5, 2), (-3, 0.25)], times=None),
                                      lambda t: f"end t={t}")
        finally:
            app.stop()
    frames = [(s["t"], s["dx"], s["dy"]) for s in sent if s["kind"] == "axes"]
    stop = next(s["t"] for s in sent if s["kind"] == "stop")
    scrolls = check_gtk_gesture(got, frames, stop)
    assert (sum(g["dx"] for g in scrolls), sum(g["dy"] for g in scrolls)) == (-15.5, 3.25)
    assert frames[1][0] - frames[0][0] >= 10, "the swipe was paced in real time"


def test_qt_receives_a_swipe_as_scroll_phases(probes):
    deltas = [6, 12, 18, 9]  # whole: Qt's pixelDelta is a QPoint
    with Sway() as sway:
        app = start(sway, probes, "qt-scroll", "exposed")
        try:
            _, got, rest = two_swipes(sway, app, dict(deltas=deltas, times=TIMES, stop_time=STOP),
                                      lambda t: f"wheel phase=end px=0 py=0 ax=0 ay=0 t={t}")
        finally:
            app.stop()
    assert {g["source"] for g in got} == {"touchpad"}
    # Qt 6.4's wayland plugin delivers ScrollBegin and ScrollEnd twice each.
    assert [g["phase"] for g in got] == ["begin", "begin"] + ["update"] * len(deltas) + ["end", "end"], got
    assert [g["t"] for g in got[:2]] == [TIMES[0]] * 2 and [g["t"] for g in got[-2:]] == [STOP] * 2
    updates = got[2:-2]
    # pixelDelta is the negative of the wl_pointer value (of content growth); angleDelta 12x it.
    assert [-g["py"] for g in updates] == deltas and [g["px"] for g in updates] == [0] * len(deltas)
    assert [-g["ay"] for g in updates] == [12 * d for d in deltas]
    assert [g["t"] for g in updates] == TIMES
    assert -sum(g["py"] for g in updates) == sum(deltas)
    assert rest[0].startswith("wheel phase=begin px=0 py=0 ax=0 ay=0 t=9000"), rest


# A mouse wheel's notches: (axis, steps, t). libinput's value, 15 a notch, travels with them.
CLICKS = [("v", 1, 7000), ("v", -1, 7100), ("h", 1, 7200), ("h", -1, 7300), ("v", 2, 7400)]


def clicks_then_marker(sway, app, end_line):
    """Every click of CLICKS, then a marker swipe down at 9000 up to its end; the answers sent
    for the clicks and the app's lines before the marker's first, parsed."""
    sent = [sway.click(axis, steps, t) for axis, steps, t in CLICKS]
    sway.swipe([3], times=[9000], stop_time=9010)
    app.wait_for(end_line)
    lines = app.take()
    marker = next(i for i, ln in enumerate(lines) if ln.startswith("begin") or "phase=begin" in ln)
    return sent, [parse(ln) for ln in lines[:marker]]


def test_gtk_receives_a_wheel_click_as_one_discrete_event(probes):
    with Sway() as sway:
        app = start(sway, probes, "gtk-scroll", "mapped")
        try:
            sent, got = clicks_then_marker(sway, app, "end t=9010")
        finally:
            app.stop()
    assert [(s["kind"], s["axis"], s["steps"], s["value"], s["t"]) for s in sent] == \
        [("wheel", a, n, 15 * n, t) for a, n, t in CLICKS]
    # one discrete event a frame: a direction, deltas +-1 (two notches: still 1), source mouse,
    # unit wheel, the sent ms; no smooth event, no scroll-begin or -end. Horizontal is reversed:
    # GTK 4.8's Wayland backend calls a positive discrete x LEFT (Qt reads it as right)
    assert [(g["verb"], g["dir"], g["dx"], g["dy"], g["t"], g["source"], g["unit"], g["stop"]) for g in got] == [
        ("scroll", "down", 0, 1, 7000, "mouse", "wheel", 0), ("scroll", "up", 0, -1, 7100, "mouse", "wheel", 0),
        ("scroll", "left", -1, 0, 7200, "mouse", "wheel", 0), ("scroll", "right", 1, 0, 7300, "mouse", "wheel", 0),
        ("scroll", "down", 0, 1, 7400, "mouse", "wheel", 0)]


def test_qt_receives_a_wheel_click_as_angle_delta(probes):
    with Sway() as sway:
        app = start(sway, probes, "qt-scroll", "exposed")
        try:
            _, got = clicks_then_marker(sway, app, "wheel phase=end px=0 py=0 ax=0 ay=0 t=9010")
        finally:
            app.stop()
    # no phase, no pixelDelta, angleDelta -120 a notch down/right; Qt 6.4's wayland plugin
    # calls the device a touchpad for the wheel too
    assert [(g["phase"], g["px"], g["py"], g["ax"], g["ay"], g["t"], g["source"]) for g in got] == [
        ("none", 0, 0, 0, -120, 7000, "touchpad"), ("none", 0, 0, 0, 120, 7100, "touchpad"),
        ("none", 0, 0, -120, 0, 7200, "touchpad"), ("none", 0, 0, 120, 0, 7300, "touchpad"),
        ("none", 0, 0, 0, -240, 7400, "touchpad")]


def test_a_click_of_no_notches_is_refused():
    with Sway() as sway:
        with pytest.raises(SwayError, match="cannot read `wheel now v 0`"):
            sway.click("v", 0)


def test_zero_delta_is_refused():
    with Sway() as sway:
        with pytest.raises(SwayError, match="zero delta"):
            sway.swipe([4, 0, 3], times=[1, 2, 3])


def test_vpointer_says_why_it_cannot_connect(tmp_path):
    from sway import build_vpointer
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path), WAYLAND_DISPLAY="absent-0")
    r = subprocess.run([build_vpointer()], input="", env=env, capture_output=True, text=True, timeout=10)
    assert r.returncode == 2
    assert "cannot connect to the compositor (WAYLAND_DISPLAY=absent-0)" in r.stderr
