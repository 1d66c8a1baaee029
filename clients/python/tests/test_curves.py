"""curve=bezier and curve=path (detent-protocol(7), "Motion"): css-snap's
replies drawn at worked times. The values are libdetent's
(clients/c/tests/test_curves.c, Tests/Conformance/strip-cases.txt), the
same bytes: both clients solve the Bezier as Chromium's gfx::CubicBezier
does, step for step. Tests/CssSnap/chromium_model.py, a bisection written
apart from either, agrees within 1e-5."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess

import pytest
from conftest import REPO, bin_dir

import detent
from detent.protocol import parse_reply

KEY = ("snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 "
       "ms=289")
NOTCH = ("snap s=cs index=2 x=600 mode=animate cause=wheel from=300 v=0 curve=path "
         "path=0/200/300/420/0.42/0/0.58/1,217/183.33333333333334/420/600/0.42/0/0.58/1 ms=401")
NOTCH_JSON = ('{"op":"snap","s":"cs","index":2,"x":600,"mode":"animate","cause":"wheel","from":300,"v":0,'
              '"curve":"path","path":["0/200/300/420/0.42/0/0.58/1","217/183.33333333333334/420/600/0.42/0/0.58/1"],'
              '"ms":401}')
RETARGET = ("snap s=cs index=1 x=300 mode=animate cause=wheel from=0 v=0 curve=path "
            "path=-20/100/0/100/0.25/0.25/0.75/0.75,30/100/40/300/0.25/0.25/0.75/0.75 ms=130")


def snap(line: str) -> detent.Snap:
    reply = parse_reply(line)
    assert isinstance(reply, detent.Snap)
    return reply


def test_a_keys_bezier_is_drawn_as_libdetent_draws_it() -> None:
    key = snap(KEY)
    assert (key.curve, key.p1x, key.p1y, key.p2x, key.p2y, key.ms) == (detent.Curve.BEZIER, 0.4, 0, 0, 1, 289)
    assert (key.motion.p1x, key.motion.p2y) == (0.4, 1)
    # libdetent's detent_motion_position, printed with %.17g.
    want = {10: 0.82887806751528226, 50: 38.350322666275403, 100: 203.10748071909836,
            200: 287.64955467677203, 288: 299.99879974140924}
    for t, x in want.items():
        assert key.position(t) == x, t
    assert key.position(-3) == 0 and key.position(0) == 0
    assert key.position(289) == 300 and key.position(5000) == 300


@pytest.mark.parametrize("line", [NOTCH, NOTCH_JSON])
def test_a_notchs_path_is_drawn_as_libdetent_draws_it(line: str) -> None:
    notch = snap(line)
    assert notch.curve == detent.Curve.PATH and len(notch.path or []) == 2
    first, second = notch.motion.segments()
    assert (second.at, second.span, second.from_, second.to, second.p1x, second.p2y) == \
        (217, 183.33333333333334, 420, 600, 0.42, 1)
    assert first.ends_at == 200 and second.ends_at == 217 + 183.33333333333334
    want = {50: 315.49943172567458, 150: 404.50056827432547, 216: 420, 230: 421.76402351516992,
            300: 495.41235525870633, 399: 599.98195051251901}
    for t, x in want.items():
        assert notch.position(t) == x, t
    assert notch.position(-1) == 300 and notch.position(0) == 300
    assert notch.position(401) == 600 and notch.position(1e6) == 600


def test_a_later_segment_cuts_the_one_before_it() -> None:
    retarget = snap(RETARGET)
    # Linear Beziers, solved to 1e-7 in x (C's test: within 1e-5).
    assert retarget.position(10) == pytest.approx(30, abs=1e-5)  # the first: 0 + 100 * 30/100
    assert retarget.position(80) == pytest.approx(170, abs=1e-5)  # the second from 30: 40 + 260 * 50/100
    assert retarget.position(0) == pytest.approx(20, abs=1e-5)  # from -20 on, the first is under way


def test_the_solve_agrees_with_an_independent_bisection() -> None:
    spec = importlib.util.spec_from_file_location("chromium_model", REPO / "Tests/CssSnap/chromium_model.py")
    assert spec and spec.loader
    model = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(model)
    rng = random.Random(42)
    curves = [(0.4, 0, 0, 1), (0.42, 0, 0.58, 1), (0.42, 0.42 * -10.7, 0.58, 1), (0.25, 0.1, 0.25, 1)]
    for _ in range(200):
        curves.append((rng.random(), rng.uniform(-2, 2), rng.random(), rng.uniform(-1, 2)))
    for p1x, p1y, p2x, p2y in curves:
        for u in (0.01, 0.1, 0.25, 0.5, 0.77, 0.99, rng.random()):
            drawn = detent.Motion(from_=0, x=1, v=0, curve="bezier", ms=1000, p1x=p1x, p1y=p1y, p2x=p2x, p2y=p2y)
            assert drawn.position(u * 1000) == pytest.approx(model.bezier(p1x, p1y, p2x, p2y, u), abs=1e-5)


def test_the_curves_match_the_detent_motion_tool() -> None:
    """The Swift client's drawing (`detent motion` of DETENT_BIN), to the bit."""
    tool = bin_dir() / "detent"
    if not tool.is_file():
        pytest.skip("no `detent` tool in DETENT_BIN")
    lines = [KEY, NOTCH, RETARGET,
             "snap s=cs index=2 x=600 mode=animate cause=wheel from=145.5 v=1.09 curve=path "
             "path=0/100/145.5/420/0.42/-4.5/0.58/1,150/183.3/420/600/0.42/0/0.58/1 ms=334"]
    times = [i * 0.7 for i in range(-5, 620)]
    done = subprocess.run([str(tool), "motion", "--json", "--at=" + ",".join(map(repr, times)), *lines],
                          capture_output=True, text=True, timeout=10)
    if done.returncode != 0 and "not a snap line" in done.stderr:
        pytest.skip("this `detent` tool does not draw curve=bezier")
    assert done.returncode == 0, done.stderr
    for line, out in zip(lines, done.stdout.splitlines(), strict=True):
        snap = parse_reply(line)
        assert isinstance(snap, detent.Snap)
        drawn = json.loads(out)
        assert drawn["t"] == times
        for t, x in zip(times, drawn["x"]):
            assert snap.position(t) == x, (line, t)


@pytest.mark.parametrize("tail, message", [
    ("curve=bezier p1x=0.4 p1y=0 p2x=0 ms=289", "p2y"),
    ("curve=bezier p1x=1.5 p1y=0 p2x=0 p2y=1 ms=289", "p1x: 1.5 is not within 0 and 1"),
    ("curve=bezier p1x=0.4 p1y=0 p2x=-0.1 p2y=1 ms=289", "p2x: -0.1 is not within 0 and 1"),
    ("curve=path ms=200", "without its path"),
    ("curve=path path= ms=200", "no segment"),
    ("curve=path path=0/200/0/300/0.4/0/0 ms=200", "is not at/span"),
    ("curve=path path=0/200/0/300/0.4/0/0/1/9 ms=200", "is not at/span"),
    ("curve=path path=0/-1/0/300/0.4/0/0/1 ms=200", "is not at/span"),
    ("curve=path path=0/200/0/300/1.4/0/0/1 ms=200", "is not at/span"),
    ("curve=path path=0/200/0/300/0.4/0/0/x ms=200", "is not at/span"),
    ("curve=path path=0/200/0/300/0.4/0/0/inf ms=200", "is not at/span"),
    ("curve=path path=0/200/0/300/0.4/0/0/0x1 ms=200", "is not at/span"),
    ("curve=path path=0/200/0/299/0.4/0/0/1 ms=200", "does not end at x"),
    ("curve=path path=0/201/0/300/0.4/0/0/1 ms=200", "ends after ms"),
    ("curve=path path=50/10/0/100/0.4/0/0/1,0/200/0/300/0.4/0/0/1 ms=200", "starts before"),
])
def test_what_cannot_be_drawn_is_named(tail: str, message: str) -> None:
    with pytest.raises(detent.ProtocolError, match=message):
        parse_reply("snap s=c index=1 x=300 mode=animate cause=step from=0 v=0 " + tail)


def test_a_motion_without_its_fields_refuses_to_draw() -> None:
    with pytest.raises(ValueError, match="p1x"):
        detent.Motion(from_=0, x=1, v=0, curve="bezier", ms=10).position(1)
    with pytest.raises(ValueError, match="path"):
        detent.Motion(from_=0, x=1, v=0, curve="path", ms=10).position(1)
