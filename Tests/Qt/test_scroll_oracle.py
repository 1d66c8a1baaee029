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


# Issue 41: views put on their page without moving (Tests/Qt/record-scroll's p* geometries, measured
# on the real SwipeView; README, "Views put on their page"). Event times are the recording's.

def test_placed_back_click_spacing_12_flicks_to_the_page_before_the_moved_rule_keeps():
    # issue case 1: 4 pages 640, spacing 12, put on 3 (p640-s12/back-last): kept if it had moved
    assert ScrollSession(640, 4, 12, 3).wheel(-1, 0, 15360702, x=1956) == ("kept", 3)
    s = ScrollSession(640, 4, 12, 3, placed=True)
    d = s.wheel(-1, 0, 15360702, x=1956)
    f = snap(d)
    # Qt's plan to the fallback 1956 - 640 = 1316, re-aimed at 146.45 ms + half a frame (detentd's reply)
    assert (f["index"], f["x"], f["from"], f["v"], f["stop"], f["ms"]) == (2, 1304.0, 1956.0, -2.56, 505, 705)
    assert abs(f["accel"] - 2.56 ** 2 / (2 * 640)) < 1e-15 and f["aim"] == 154.77994274005957
    assert d.params["fallback"] == 1316.0
    assert not s.placed
    for t, want in ((100, 1725.6), (f["aim"], 1621.093), (300, 1412.646), (505, 1304)):   # detent-protocol(7)
        assert abs(d.position(t) - want) < 1e-3
    # the widget's frames (first: Qt's own plan to 1316, exactly; then re-aimed at its own frame) within 1 px
    for t, cx in ((30, 1881.504), (155, 1620.704), (302, 1411.1126), (430, 1319.3669), (507, 1304)):
        assert abs(d.position(t) - cx) < 1.0, (t, d.position(t), cx)
    assert abs(1956 - 2.56 * 30 + 2.56 ** 2 / (2 * 640) * 30 ** 2 / 2 - 1881.504) < 1e-9


def test_placed_on_page_1_a_back_click_goes_to_page_0():
    d = ScrollSession(640, 4, 12, 1, placed=True).wheel(-1, 0, 15361453, x=652)   # p640-s12/back-1
    assert (d.index, d.x, d.params["fallback"]) == (0, 0.0, 12.0)
    for t, cx in ((35, 565.536), (244, 176.4886), (513, 0)):
        assert abs(d.position(t) - cx) < 1.0


def test_placed_a_click_against_the_flick_before_the_re_aim_fixes_up_to_the_page():
    # issue case 2: 7 pages 400, spacing 2, on the last page (p400-s2/back-fwd-61)
    s = ScrollSession(400, 7, 2, 6, placed=True)
    d = s.wheel(-1, 0, 15341248, x=2412)
    assert (d.index, d.x, d.params["fallback"]) == (5, 2010.0, 2012.0)
    d = s.wheel(1, 0, 15341312, x=2318.9504)                 # drawn there when the widget took it
    f = reply_fields(d, "wheel")
    assert (f["index"], f["x"], f["from"], f["curve"], f["ms"]) == (6, 2412.0, 2318.9504, "ease", 200)
    for t, cx in ((17, 2320.295), (98, 2363.6328), (208, 2412)):
        assert abs(d.position(t) - cx) < 1e-4
    assert s.wheel(-1, 0, 15341373, x=2335.1227) == ("kept", 6)   # in that fixup: nothing (back-fwd-back)


def test_placed_a_click_with_the_flick_plans_anew_at_the_samples_mean():
    s = ScrollSession(400, 5, 12, 3, placed=True)           # p400-s12/back-burst-100
    s.wheel(-1, 0, 15347544, x=1236)
    d = s.wheel(-1, 0, 15347644, x=1099.7376)
    f = snap(d)
    v = (120 / (120 / (1500 * 2 * 72) ** 0.5) + 1200) / 2   # samples: 464.76 px/s from rest, 1200 at 100 ms
    assert (f["index"], f["x"], f["from"], f["stop"], f["ms"]) == (2, 824.0, 1099.7376, 662, 862)
    assert abs(f["v"] + v / 1000) < 1e-12 and abs(f["accel"] - v / 1000 / 662) < 1e-15
    for t, cx in ((17, 1085.7688), (64, 1049.0404), (401, 867.0468), (640, 824.5244)):
        assert abs(d.position(t) - cx) < 1e-3, (t, d.position(t), cx)
    assert s.wheel(-1, 0, 15347748, x=1013.7065) == ("kept", 2)   # its target is a page now


def test_placed_nothing_changes_before_a_frame_or_after_the_re_aim():
    s = ScrollSession(400, 5, 12, 3, placed=True)
    s.wheel(-1, 0, 1000, x=1236)
    assert s.wheel(1, 0, 1010, x=1236) == ("kept", 2)       # nothing drawn yet: no page before it
    s = ScrollSession(400, 5, 12, 3, placed=True)           # p400-s12/back-back-170
    s.wheel(-1, 0, 15349905, x=1236)
    assert s.wheel(-1, 0, 15350075, x=1012.9832) == ("kept", 2)   # drawn past 836 + 200: re-aimed


def test_placed_spacing_0_and_forward_clicks_as_if_moved():
    for placed in (False, True):
        s = ScrollSession(400, 6, 0, 5, placed=placed)      # p400-s0/back-fwd-61
        d = s.wheel(-1, 0, 1000, x=2000)
        assert (d.index, d.x, "fallback" in d.params) == (4, 1600.0, False)
        assert s.wheel(1, 0, 1061, x=1904.1536) == ("kept", 4)
        assert ScrollSession(400, 7, 2, 4, placed=placed).wheel(1, 0, 1000, x=1608) == ("kept", 4)


if __name__ == "__main__":
    import pytest
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", __file__]))
