"""scroll_oracle.py's rules with numbers measured on the real SwipeView (Qt 6.4.2;
Tests/Qt/record-scroll). Run: /usr/bin/python3 -m pytest -p no:cacheprovider Tests/Qt/test_scroll_oracle.py"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scroll_oracle import ScrollSession, reply_fields  # noqa: E402


def snap(r):
    assert not isinstance(r, tuple), f"want a snap, got {r}"
    return reply_fields(r, "wheel")


def test_forward_click_from_rest_flicks_one_page_in_half_a_second():
    s = ScrollSession(400, 6, 0, 0)
    d = s.wheel(1, 0, 1000, x=0)
    f = snap(d)
    assert (f["index"], f["x"], f["from"], f["v"], f["stop"], f["ms"]) == (1, 400.0, 0.0, 1.6, 500, 700)
    assert abs(f["accel"] - 0.0032) < 1e-15
    assert abs(d.position(16) - 25.1904) < 1e-9          # the widget's first frame (probe, t=16)


def test_clicks_while_it_flicks_change_nothing_even_in_the_fixup():
    s = ScrollSession(400, 5, 1, 1)
    s.wheel(1, 0, 1000, x=401)                             # to 802: stop 501, movement ends at 701
    assert s.wheel(1, 0, 1600) == ("kept", 2)              # w400-s1/fwd-in-fixup-600
    assert s.wheel(-1, 0, 1650) == ("kept", 2)             # a reversing click: nothing either
    assert s.page(1702) == 2 and not s.moving(1702)


def test_spacing_2_or_more_keeps_a_forward_click_and_spacing_over_2_a_back_click():
    for spacing, start, back in ((2, 1, True), (8, 2, False), (24, 2, False)):
        s = ScrollSession(400, 5, spacing, start)
        c = start * (400 + spacing)
        assert s.wheel(1, 0, 1000, x=c) == ("kept", start)
        r = s.wheel(-1, 0, 2000, x=c)
        assert isinstance(r, tuple) != back, (spacing, r)
    f = snap(ScrollSession(400, 5, 2, 2).wheel(-1, 0, 1000, x=804))   # w400-s2/alternate-60
    assert (f["index"], f["x"], f["stop"], f["ms"]) == (1, 402.0, 502, 702)


def test_s1_flick_stop_is_qts_integer_ms():
    f = snap(ScrollSession(400, 5, 1, 1).wheel(1, 0, 1000, x=401))
    assert (f["x"], f["stop"]) == (802.0, 501)


def test_bound_other_axis_and_same_ms():
    s = ScrollSession(400, 6, 0, 0)
    assert s.wheel(-1, 0, 1000, x=0) == ("kept", 0)        # page 0, back
    assert s.wheel(0, 1, 1100) == ("kept", 0)              # vertical
    assert s.wheel(1, 0, 1100) == ("kept", 0)              # the same ms as the event before: dropped
    assert snap(s.wheel(1, 0, 1200))["index"] == 1


def test_touchpad_first_update_dropped_second_arms_third_sets_start():
    # w400-s0/fast-long-fwd: begin twice, 1 @+0 (begin's ms), 1 @+8, 40 @+17, 40 @+25 ... end twice at +67
    s = ScrollSession(400, 5, 0, 2)
    assert s.scroll(0, 0, 0, "begin", x=800) == ("moved", 800.0)
    assert s.scroll(0, 0, 0, "begin") == ("moved", 800.0)
    got = [s.scroll(dx, 0, t)[1] for dx, t in ((1, 0), (1, 8), (40, 17), (40, 25), (40, 34), (40, 42),
                                                (40, 50), (40, 59))]
    assert got == [800, 800, 800, 840, 880, 920, 960, 1000]
    d = s.scroll(0, 0, 67, "end")
    assert s.scroll(0, 0, 67, "end") is d                    # the twin ScrollEnd: the same answer
    assert (d.index, d.x, d.from_, d.kind, d.ms) == (2, 800, 1000, "inoutquad", 200)   # half way: the lower page
    assert abs(d.position(15) - 997.75) < 1e-9               # the widget's first frame after it


def test_touchpad_diagonal_drags_once_mostly_along():
    s = ScrollSession(400, 5, 0, 2)
    s.scroll(0, 0, 0, "begin", x=800)
    got = [s.scroll(dx, dy, t)[1] for dx, dy, t in ((2, 1, 0), (2, 1, 16), (12, 3, 32), (12, 3, 49), (12, 3, 65))]
    assert got == [800, 800, 800, 800, 812]                  # w400-s0/diagonal: |acc x| > 2 |acc y| from +32


def test_a_swipe_begun_while_it_moves_keeps_no_start_offset():
    s = ScrollSession(400, 5, 0, 2)                          # w400-s0/during-snap
    s.scroll(0, 0, 0, "begin", x=800)
    for dx, t in [(1, 0), (1, 16)] + [(10, 32 + 16 * i) for i in range(15)]:
        s.scroll(dx, 0, t)
    assert s.scroll(0, 0, 278, "end").kind == "inoutquad"    # 940 back to 800
    s.scroll(0, 0, 278, "begin", x=940)
    got = [s.scroll(dx, 0, t)[1] for dx, t in ((1, 278), (1, 295), (10, 311), (10, 327))]
    assert got == [940, 940, 951, 961]


if __name__ == "__main__":
    import pytest
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", __file__]))
