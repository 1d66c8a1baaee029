"""scroll_oracle.py's rules in worked numbers, each number read off the real
AdwCarousel (libadwaita 1.2.2, GTK 4.8.3) by Tests/Adwaita/record-scroll:
positions it drew, in pages, at whole ms after the event.

    /usr/bin/python3 -m pytest -p no:cacheprovider Tests/Adwaita/test_scroll_oracle.py"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402
import scroll_oracle as so  # noqa: E402

W400 = dict(viewport=400, count=6, spacing=0)


def session(index=2, long=False, **geometry):
    g = oracle.Geometry(**{**W400, **geometry}, index=index, allow_long_swipes=long)
    return so.ScrollSession(g)


# ---- the wheel ----

def test_a_click_at_rest_springs_one_page_from_where_it_is_with_v_0():
    s = session(2)
    d = s.wheel(0, 1, 9845411)                     # button 5: down, dy = +1
    assert isinstance(d, oracle.Decision) and d.cause == "wheel"
    assert (d.index, d.from_, d.v, d.ms) == (3, 800.0, 0.0, 292)
    # the widget's frame 16 ms after the click drew 2.0920181760794958 (w400-s0, single-down)
    assert d.position(16) / 400 == pytest.approx(2.0920181760794958, abs=1e-12)


def test_only_the_sign_counts_and_a_mouse_pages_a_horizontal_carousel_with_either_wheel():
    for dx, dy, want in ((0, 3, 3), (0, -0.5, 1), (1, 0, 3), (-2, 0, 1), (1, -1, 1)):   # dy first, dx if dy is 0
        assert session(2).wheel(dx, dy, 0).index == want


def test_a_vertical_wheel_from_another_source_does_nothing_on_a_horizontal_carousel():
    s = session(2)
    r = s.wheel(0, 1, 0, source="other")
    assert isinstance(r, so.Kept) and r.index == 2 and s.locked_until is None
    assert s.wheel(1, 0, 10, source="other").index == 3


def test_clicks_within_150_ms_of_an_accepted_one_change_nothing():
    # burst140-down from 1: clicks at 0, 140, 280 ms -> 1, kept, then 3 from the drawn 1.9987444711977815
    s = session(1)
    assert s.wheel(0, 1, 1000).index == 2
    r = s.wheel(0, 1, 1140)
    assert isinstance(r, so.Kept) and r.why == "locked" and r.index == 2
    d = s.wheel(0, 1, 1280, x=1.9987444711977815 * 400)
    assert (d.index, d.from_ / 400) == (3, 1.9987444711977815)


def test_a_click_during_the_spring_targets_the_page_nearest_the_drawn_position():
    # burst160-down: the second click at 160 ms, drawn at 1.9499814953802188 -> 3; 16 ms later 2.046602283025051
    s = session(1)
    s.wheel(0, 1, 1000)
    d = s.wheel(0, 1, 1160, x=1.9499814953802188 * 400)
    assert d.index == 3 and d.v == 0
    assert d.position(16) / 400 == pytest.approx(2.046602283025051, abs=1e-12)
    # without x: the session's own curve at 160 ms (the widget starts from its last frame instead)
    s = session(1)
    s.wheel(0, 1, 1000)
    assert s.wheel(0, 1, 1160).from_ / 400 == pytest.approx(oracle.spring_pages(160, 1, 2, 0))


def test_at_the_first_page_an_outward_click_is_a_decision_of_no_length_and_locks():
    # first-up (record-scroll): the widget's position stays 0 and page-changed 0 comes in the next frame
    s = session(0)
    r = s.wheel(0, -1, 1000)
    assert isinstance(r, oracle.Decision) and s.trace[-1] == ("wheel", "bound")
    assert (r.index, r.x, r.from_, r.v, r.ms) == (0, 0, 0, 0, 0) and r.position(0) == 0
    assert isinstance(s.wheel(0, 1, 1060), so.Kept)            # first-up-then-down60: nothing (the lock)
    assert s.wheel(0, 1, 1200).index == 1                      # first-up-then-down200: to 1
    last = session(5)
    r = last.wheel(1, 0, 0)                                    # last-right-then-left200
    assert (r.index, r.x, r.from_, r.ms) == (5, 2000, 2000, 0)


def test_an_outward_click_while_heading_for_the_last_page_restarts_the_spring_with_v_0():
    # restart-at-last170 (w400-s0): 4 -> 5, then at 170 ms (drawn 4.9671859502902684) down again: the widget
    # starts over from there with v = 0: 17 ms later 4.970526722591857, not the first spring's 4.9745
    s = session(4)
    s.wheel(0, 1, 1000)
    d = s.wheel(0, 1, 1170, x=4.9671859502902684 * 400)
    assert isinstance(d, oracle.Decision) and d.index == 5 and d.v == 0
    assert d.position(17) / 400 == pytest.approx(4.970526722591857, abs=1e-12)
    assert s.trace[-1] == ("wheel", "restart")


def test_allow_scroll_wheel_false_keeps_every_click():
    g = oracle.Geometry(**W400, index=2)
    s = so.ScrollSession(g, allow_scroll_wheel=False)
    assert isinstance(s.wheel(0, 1, 0), so.Kept) and s.locked_until is None


# ---- the touchpad ----

MEDIUM_FWD = [(24, 10117628), (12, 10117638), (12, 10117648), (12, 10117659), (24, 10117679), (12, 10117689)]


def test_a_swipe_moves_by_dx_over_400_and_its_first_event_counts_twice():
    # medium-fwd (w400-s0), as GDK delivered it (its first event is two of the commanded 12 pt merged)
    s = session(2)
    assert s.scroll(24, 0, 10117628, phase="begin", x=800).x / 400 == pytest.approx(2.06)
    moved = [s.scroll(dx, 0, t).x / 400 for dx, t in MEDIUM_FWD]
    assert moved == pytest.approx([2.12, 2.15, 2.18, 2.21, 2.27, 2.30])     # the widget's positions


def test_the_stop_takes_the_velocity_of_the_history_with_the_first_event_three_times():
    s = session(2)
    s.scroll(24, 0, 10117628, phase="begin", x=800)
    for dx, t in MEDIUM_FWD:
        s.scroll(dx, 0, t)
    d = s.scroll(0, 0, 10117700, phase="end")
    # (24 + 24 + 12 + 12 + 12 + 24 + 12) / (689 - 628): the widget's end-swipe velocity=1.9672131147540983 to=3
    assert d.cause == "scroll" and d.index == 3
    assert d.v * 1000 / 400 == pytest.approx(1.9672131147540983, abs=1e-12)
    assert d.from_ / 400 == pytest.approx(2.30)
    # its frames: 1 ms after the end-swipe's frame 2.3022486858128794, 18 ms 2.3983503216152191
    assert d.position(1) / 400 == pytest.approx(2.3022486858128794, abs=1e-9)
    assert d.position(18) / 400 == pytest.approx(2.3983503216152191, abs=1e-9)


def test_the_touchpad_threshold_is_0_6_pt_per_ms_not_a_drags_0_3():
    s = session(2)
    s.scroll(10, 0, 0, phase="begin")
    for k in range(1, 25):
        s.scroll(10, 0, 20 * k)                    # 0.5 pt/ms, 0.7 page in all: a drag's rule would bump
    d = s.scroll(0, 0, 490, phase="end")
    assert d.index == 3 and s.trace[-1] == ("scroll", "nearest")
    s = session(2)
    s.scroll(10, 0, 0, phase="begin")
    for k in range(1, 10):
        s.scroll(10, 0, 20 * k)
    assert s.scroll(0, 0, 190, phase="end").index == 2          # 0.275 page at 0.5 pt/ms: back


def test_bounds_hold_a_swipe_within_a_page_of_its_start_unless_long_swipes():
    for long, far in ((False, 3.0), (True, 5.0)):
        s = session(2, long=long)
        s.scroll(40, 0, 0, phase="begin")
        for k in range(1, 60):
            last = s.scroll(40, 0, 8 * k)
        assert last.x / 400 == far


def test_pushing_out_at_the_first_page_refuses_every_event_and_the_stop_is_a_decision_of_no_length():
    # edge-first-back: no event moves the widget; each is cancelled and page-changed 0 follows in its frame
    s = session(0)
    assert s.scroll(-15, 0, 0, phase="begin").x == 0
    assert s.scroll(-15, 0, 0).x == 0 and s.scroll(-15, 0, 10).x == 0
    assert s.trace.count(("scroll", "refused")) == 3
    r = s.scroll(0, 0, 20, phase="end")
    assert isinstance(r, oracle.Decision) and (r.index, r.x, r.from_, r.v, r.ms, r.cause) == (0, 0, 0, 0, 0, "scroll")
    # then inwards: the next event starts a gesture of its own (edge-first-back-then-fwd)
    assert s.scroll(20, 0, 30).x / 400 == pytest.approx(0.05)


def test_a_swipe_begun_between_pages_is_bounded_one_page_beyond_the_pages_either_side():
    s = session(2)
    s.scroll(-400, 0, 0, phase="begin", x=2.4 * 400)             # initial 2.4: bounds [1, 4]
    assert s.scroll(-400, 0, 0).x / 400 == 1.0
    s = session(2)
    s.scroll(400, 0, 0, phase="begin", x=2.4 * 400)
    assert s.scroll(400, 0, 0).x / 400 == 4.0


def test_a_hold_moves_nothing_and_its_stop_is_kept():
    # a touchpad hold: scroll-begin with no deltas, no scroll event; the tracker never starts
    s = session(5)
    assert s.scroll(0, 0, 0, phase="begin").x == 2000
    r = s.scroll(0, 0, 10, phase="end")
    assert isinstance(r, so.Kept) and r.index == 5
