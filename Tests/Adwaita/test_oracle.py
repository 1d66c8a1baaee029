"""Issue 24 section 2's worked numbers (measured on the real AdwCarousel), each a test of oracle.py,
plus the spring's curve against frames the recorder measured.

    /usr/bin/python3 -m pytest -p no:cacheprovider Tests/Adwaita/test_oracle.py"""

import math
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle import OMEGA, Geometry, Session, replay, spring_ms, spring_pages  # noqa: E402

# open s=a plugin=adwaita viewport=400 item=400 count=6 index=I
W, N = 400, 6


def gesture(index, moves, end):
    c0 = index * W
    return [("begin", c0, 0)] + [("move", x, t) for x, t in moves] + [("end",) + tuple(end)]


def check(index, moves, end, replies, decision, branch=None):
    moved, d, trace = replay(Geometry(W, N, 0, index), gesture(index, moves, end))
    assert moved == pytest.approx(replies, abs=1e-9)
    for key, want in decision.items():
        got = {"index": d.index, "x": d.x, "from": d.from_, "v": d.v, "ms": d.ms, "omega": d.omega}[key]
        assert got == pytest.approx(want, abs=5e-9), key
    assert d.mode == "animate" and d.curve == "spring"
    if branch:
        assert trace["branch"] == branch
    return d, trace


def test_row1_forward_flick_to_page_1():
    # moved 0 (the first move only starts it), 58 (the move that takes hold applies its own delta), 117, 175;
    # v = 175/47 pt/ms (the first kept move's delta left out) = 3.7234, times 400/1000
    d, trace = check(0, [(58, 16), (116, 31), (175, 47), (233, 63)], (233, 63), [0, 58, 117, 175],
                     {"index": 1, "x": 400, "from": 175, "v": 1.48936170, "omega": 0.03162277660168379, "ms": 265})
    assert trace["velocity"] == pytest.approx(175 / 47)
    assert d.v == pytest.approx(175 / 47 * 400 / 1000)


def test_row2_bump_past_the_start_page():
    # 41/81 pt/ms; 4.1025 + 0.2526 = 4.355, the page behind it is the start page 4, so on to 5
    d, trace = check(4, [(1608, 16), (1616, 32), (1624, 48), (1633, 64), (1641, 81), (1649, 97)], (1649, 97),
                     [1600, 1608, 1616, 1625, 1633, 1641],
                     {"index": 5, "x": 2000, "from": 1641, "v": 0.20246914, "ms": 288}, branch="bump")
    assert trace["velocity"] == pytest.approx(41 / 81)
    assert trace["projection"] == pytest.approx(4.1025 + 41 / 81 * 0.499)


def test_row3_held_still_gives_zero_velocity():
    # no move within 150 ms of the end: v = 0, the page nearest 0.435
    check(0, [(29, 16), (58, 32), (87, 47), (116, 63), (145, 78), (174, 94), (203, 109)], (203, 379),
          [0, 29, 58, 87, 116, 145, 174], {"index": 0, "x": 0, "from": 174, "v": 0, "ms": 263}, branch="nearest")


def test_row4_reversing_slow_drag():
    # v = -6/138 pt/ms (the t=40 move's delta left out): below 0.3, the nearest page
    d, trace = check(0, [(13, 20), (25, 40), (38, 59), (51, 79), (63, 99), (76, 119), (57, 138), (38, 158), (19, 178)],
                     (19, 178), [0, 12, 25, 38, 50, 63, 44, 25, 6],
                     {"index": 0, "x": 0, "from": 6, "ms": 136}, branch="nearest")
    assert trace["velocity"] == pytest.approx(-6 / 138)
    assert d.v == pytest.approx(-6 / 138 * 400 / 1000)


def test_row5_refused_at_the_first_page():
    d, trace = check(0, [(-20, 16), (-40, 32)], (-40, 40), [0, 0], {"index": 0, "x": 0, "from": 0, "ms": 0},
                     branch="refused")
    assert trace["refused"]["move"] == 2


def test_omega_is_sqrt_1000_per_second():
    assert OMEGA == math.sqrt(1000) / 1000
    assert OMEGA == pytest.approx(0.0316227766016838, abs=1e-15)


def test_ms_is_the_first_whole_ms_within_a_thousandth_of_a_page():
    d, _ = check(0, [(58, 16), (116, 31), (175, 47), (233, 63)], (233, 63), [0, 58, 117, 175], {"ms": 265})
    unclamped = [d.x + (d.from_ - d.x + (d.v + d.omega * (d.from_ - d.x)) * t) * math.exp(-d.omega * t)
                 for t in range(0, 300)]
    assert abs(unclamped[264] - d.x) > 0.001 * W
    assert abs(unclamped[265] - d.x) <= 0.001 * W
    assert d.position(265) == d.x and d.position(264) == pytest.approx(unclamped[264])


def test_curve_matches_frames_the_real_widget_drew():
    # Tests/Adwaita/README.md (d): from 0.4375 to page 1, v0 = 3.5714285714285716 (px/ms read as pages/s);
    # the widget's positions at these whole ms, bit for bit
    frames = {17: 0.53023429211301065, 34: 0.6431135909355814, 67: 0.81792054576470563,
              84: 0.87666977153007575, 117: 0.94496252125229951, 251: 0.99852462469986225}
    for t, p in frames.items():
        assert spring_pages(t, 0.4375, 1, 3.5714285714285716) == p
    s = Session(Geometry(W, N, 0, 0))
    s.begin(0, 1000)
    for x, t in [(0, 1016), (58, 1032), (117, 1049), (175, 1065)]:
        s.move(x, t)
    d = s.end(175, 1065)
    assert d.index == 1 and d.from_ == 175 and s.trace["velocity"] == pytest.approx(175 / 49)
    for t, p in frames.items():
        assert d.position(t) / W == pytest.approx(p, abs=1e-12)
    # the widget showed 0.99852 at t=251 and the page at t=267: ms lies between
    assert 251 < d.ms <= 267


def test_goto_and_cancel_use_the_same_spring_with_no_velocity():
    s = Session(Geometry(W, N, 0, 2))
    d = s.goto(4)
    assert (d.index, d.x, d.from_, d.v, d.ms) == (4, 1600, 800, 0, spring_ms(2, 4, 0))
    assert d.position(0) == 800
    s.begin(1600, 0)
    s.move(1610, 16)
    s.move(1640, 32)
    c = s.cancel()
    # the first move only starts it; the second takes hold with its own 30 pt
    assert (c.index, c.x, c.from_, c.v) == (4, 1600, 1630, 0) and c.ms == spring_ms(4.075, 4, 0)


def test_no_animation_when_already_on_the_page():
    assert spring_ms(2.0, 2, 5.0) == 0
    s = Session(Geometry(W, N, 0, 3))
    s.begin(1200, 0)
    s.move(1206, 16)          # never reaches 16 pt: never takes hold
    d = s.end(1206, 40)
    assert (d.index, d.from_, d.ms) == (3, 1200, 0)


def test_unsupported_geometry():
    with pytest.raises(ValueError):
        Geometry(400, 6, item=343)
