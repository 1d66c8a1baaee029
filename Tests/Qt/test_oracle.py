"""Issue 27 section 2's worked numbers (measured on the real widget) as tests of
Tests/Qt/oracle.py, plus a few of section 1's rules on their own.

    /usr/bin/python3 -m pytest Tests/Qt/test_oracle.py        (or run this file: plain asserts)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402


def moves(text):
    """'1196@41 1193@81' -> [(1196, 41), (1193, 81)]"""
    return [tuple(int(v) for v in m.split("@")) for m in text.split()]


def check(geometry, begin, move_text, end, moved, **decision):
    w, count, spacing, index = geometry
    got_moved, d, _ = oracle.run(w, count, spacing, index, begin, moves(move_text), end)
    assert got_moved == [float(m) for m in moved.split()], f"moved {got_moved}"
    for key, want in decision.items():
        got = d.as_dict()["from" if key == "from_" else key]
        if isinstance(want, float):
            assert abs(got - want) < 1e-9, f"{key}: {got} != {want} ({d})"
        else:
            assert got == want, f"{key}: {got!r} != {want!r} ({d})"
    return d


# ---- the table, row by row ----------------------------------------------------------------------------

def test_row1_slow_drag_is_a_flick():
    d = check((400, 6, 0, 3), (1200, 0), "1196@41 1193@81 1189@121 1185@161 1182@202 1178@242 1174@282 1171@322 1167@363",
              (1167, 363), "1200 1200 1200 1200 1197 1193 1189 1186 1182",
              index=2, x=800, from_=1182, v=-1.6, kind="decelerate", ms=477)
    assert round(d.params["hv"]) == 91


def test_row2_held_no_flick_nearest():
    check((400, 6, 0, 2), (800, 0), "829@24 858@48 886@71 915@95 944@119 973@143 1001@166 1030@190 1059@214",
          (1059, 503), "800 800 828 857 886 915 943 972 1001",
          index=3, x=1200, from_=1001, v=0.0, kind="inoutquad", ms=200)


def test_row3_samples_clamped():
    d = check((400, 6, 0, 1), (400, 0), "435@15 470@30 505@46", (505, 46), "400 400 435",
              index=2, x=800, from_=435, v=1.6, kind="decelerate", ms=456)
    assert d.params["hv"] == -1600


def test_row4_held_nudge():
    check((400, 6, 0, 2), (800, 0), "789@19 778@37 767@55 756@74 745@92", (745, 325), "800 800 789 778 767",
          index=1, x=400, from_=767, v=0.0, kind="inoutquad", ms=200, branch="nudge")


def test_row5_rejected_at_the_bound():
    check((350, 7, 10, 0), (0, 0), "-51@18 -102@36 -154@55", (-154, 55), "0 0 0",
          index=0, x=0, ms=0, kind="none", branch="rejected")


def test_row6_flick_stays_under_spacing():
    d = check((300, 5, 24, 2), (648, 0),
              "634@17 619@35 605@53 590@70 576@88 561@106 547@124 532@141 518@159 539@177 561@194 583@212 605@230",
              (605, 230), "648 648 634 619 605 590 576 561 547 568 590 612 634",
              index=2, x=648, from_=634, v=1.2, kind="decelerate", ms=23, branch="flick-under-spacing")
    assert round(d.params["hv"]) == -1153
    assert d.params["look"] == 785
    assert oracle.page_at(486, 300, 5, 24) == 1 and oracle.page_at(486.5, 300, 5, 24) == 2
    assert oracle.page_at(810, 300, 5, 24) == 2 and oracle.page_at(810.5, 300, 5, 24) == 3


def test_row7_the_200ms_gate():
    s = oracle.Session(400, 6, 0, 2)
    s.begin(800, 0)
    got = [s.move(x, t) for x, t in moves("803@100 806@250 809@300 812@350 815@400 818@450 821@500")]
    assert got == [800, 800, 800, 800, 800, 803, 806]
    gated = [e["gated"] for e in s.trace]
    assert gated == [False, True, True, True, True, True, True]
    assert [e["claimed"] for e in s.trace].index(True) == 3          # the move at 350 claims
    assert [e["taken"] for e in s.trace].index(True) == 4            # 400 takes
    d = s.end(821, 510)
    assert round(s.release["hv"]) == -60          # finger right, content up: "60 px/s"
    assert (d.index, d.x, d.from_, d.kind, d.ms) == (2, 800, 806, "inoutquad", 200)


def test_row8_outward_at_the_bound_then_a_flick():
    s = oracle.Session(400, 6, 0, 0)
    s.begin(0, 0)
    got = [s.move(x, t) for x, t in moves("-2@100 -4@210 -6@260 10@300 22@320 34@340 46@360")]
    assert got == [0, 0, 0, 0, 0, 0, 12]
    assert [e["rejected"] for e in s.trace] == [False, True, True, False, False, False, False]
    assert [e["claimed"] for e in s.trace].index(True) == 4          # 320 claims
    assert [e["taken"] for e in s.trace].index(True) == 5            # 340 takes
    d = s.end(46, 370)
    assert round(s.release["hv"]) == -554
    assert (d.index, d.x, d.from_, d.v, d.kind, d.ms) == (1, 400, 12, 1.6, "decelerate", 485)


# ---- single rules -------------------------------------------------------------------------------------

def test_kalman_in_single_precision():
    s = oracle.Session(400, 6, 0, 2)
    s.begin(800, 0)
    s.move(788, 16)                     # 12 px in 16 ms: 750 px/s, times the gain
    assert s.vel == oracle.f32(oracle.f32(750.0) * oracle.f32(0.7))
    v = s.vel
    s.move(776, 16)                     # the same ms: velocity unchanged
    assert s.vel == v
    assert s.vel == oracle.f32(s.vel)


def test_release_after_100ms_does_not_flick():
    _, d, s = oracle.run(400, 6, 0, 2, (800, 0), moves("760@16 720@32 680@48"), (680, 148))
    assert s.release["hv"] == 0 and d.kind == "inoutquad" and d.index == 1 and d.branch == "nudge"
    _, d, _ = oracle.run(400, 6, 0, 2, (800, 0), moves("760@16 720@32 680@48"), (680, 147))
    assert d.kind == "decelerate" and d.index == 1 and d.x == 400


def test_two_fast_moves_flick_without_a_drawn_move():
    moved, d, s = oracle.run(400, 6, 0, 2, (800, 0), moves("780@10 760@20"), (760, 20))
    assert moved == [800, 800] and s.taken           # the second move takes it, drawing c0
    moved, d1, s = oracle.run(400, 6, 0, 2, (800, 0), moves("770@10"), (770, 12))
    assert moved == [800] and s.claimed and not s.taken and (d1.index, d1.kind) == (1, "decelerate")
    assert (d.index, d.x, d.kind, d.ms) == (1, 400, "decelerate", 500)


def test_goto_curve_is_not_the_engines():
    assert oracle.HIGHLIGHT_MOVE_MS == 250


def test_position_follows_the_curve():
    _, d, _ = oracle.run(400, 6, 0, 2, (800, 0), moves("788@16 776@33 764@49 752@66 740@83"), (740, 83))
    assert d.kind == "decelerate" and (d.from_, d.x, d.v) == (764, 400, -1.6)
    assert d.position(0) == d.from_ and d.position(d.ms) == d.x and d.position(10 ** 6) == d.x
    assert d.x < d.position(d.ms // 2) < d.from_
    assert abs(d.position(1) - (764 - 1.6 + d.params["a"] / 2e6)) < 1e-9


# ---- measured by Tests/Qt/record, beyond the table ----------------------------------------------

def test_recorded_flick_runs_its_own_way_when_the_target_is_behind():
    # w300-s24 spacing-k11-fwd: the content ends 11 px past page 3 going forward; 983 + 151 = 1134 is
    # within page 3's (810, 1134], so the flick's page is 3, behind it. Qt decelerates forward for
    # D = 11 px (v = +1.2, 18 ms), then its 200 ms InOutQuad fixup brings it back to 972.
    moved, d, _ = oracle.run(300, 5, 24, 3, (972, 0), moves("984@10 986@20 997@31"), (997, 31))
    assert moved == [972, 972, 983]
    assert (d.index, d.x, d.from_, d.v, d.kind, d.ms) == (3, 972, 983, 1.2, "decelerate", 18)
    assert abs(d.position(17) - 993.9418) < 1e-4          # the widget's frames, t on its animation clock
    assert abs(d.position(33) - 993.7489) < 1e-4
    assert abs(d.position(67) - 991.3557) < 1e-4
    assert d.position(218) == 972


def test_recorded_reverse_flick_back_behind():
    # w300-s24 reverse-fast-fwd: out and back, the content 2 px short of page 1 (322), the finger
    # going right: the flick runs back (to 320) and the fixup brings it to 324.
    moved, d, _ = oracle.run(300, 5, 24, 1, (324, 0), moves(
        "342@24 359@48 377@73 395@97 412@121 430@145 448@170 465@194 447@214 429@234 411@254 393@275 375@295 357@315"),
        (357, 315))
    assert moved == [324, 324, 342, 360, 377, 395, 413, 430, 412, 394, 376, 358, 340, 322]
    assert (d.index, d.x, d.from_, d.v, d.ms) == (1, 324, 322, -1.2, 3)
    assert abs(d.position(17) - 320.059) < 1e-3 and abs(d.position(50) - 320.4596) < 1e-4


def test_recorded_lower_edge_of_a_page_is_exclusive():
    # w300-s24 spacing-k11-back: 313 - 151 = 162 is page 1's lower edge (324 - 162): page 0.
    moved, d, _ = oracle.run(300, 5, 24, 1, (324, 0), moves("312@10 310@20 299@30"), (299, 30))
    assert moved == [324, 324, 313]
    assert (d.index, d.x, d.from_, d.v, d.ms) == (0, 0, 313, -1.2, 521)
    assert abs(d.position(17) - 292.9324) < 1e-4 and abs(d.position(67) - 237.7631) < 1e-4


if __name__ == "__main__":
    tests = [(name, f) for name, f in sorted(globals().items()) if name.startswith("test_") and callable(f)]
    failed = 0
    for name, f in tests:
        try:
            f()
            print(f"ok {name}")
        except AssertionError as e:
            failed += 1
            print(f"FAILED {name}: {e}")
    print(f"{len(tests) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
