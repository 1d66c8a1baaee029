"""The shared wire code: request formatting, the reply parser (text and
JSON), and Motion.position against the man page's formula and the
`detent motion` tool of DETENT_BIN."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import subprocess

import pytest
from conftest import bin_dir

import detent
from detent import protocol
from detent.protocol import format_value, parse_reply, split_text


@pytest.mark.parametrize("value, text", [
    (1, "1"), (-0.5, "-0.5"), (1e-07, "1e-07"), (1e16, "1e+16"), (True, "1"), (False, "0"),
    ("cards", "cards"), ("a b", '"a b"'), ('say "hi"', '"say \\"hi\\""'), ("back\\slash", "back\\slash"),
    ("tab\there", '"tab\there"'), ("", '""'), ([100, 120.5, 80], "100,120.5,80"), ((1,), "1"),
])
def test_format_value(value: object, text: str) -> None:
    assert format_value(value) == text  # type: ignore[arg-type]


@pytest.mark.parametrize("value, error", [("two\nlines", ValueError), (None, TypeError), ({"a": 1}, TypeError),
                                          (["a"], TypeError)])
def test_format_value_refuses(value: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        format_value(value)  # type: ignore[arg-type]


def test_request_lines() -> None:
    assert protocol.end("c", x=90, v=1.4).line(7) == "end s=c x=90 v=1.4 id=7"
    assert protocol.end("c", 90, None, 500, 16.5).line() == "end s=c x=90 target=500 t=16.5"
    assert protocol.open("c", "carousel", viewport=375, item=300, spacing=10, count=4, loop=True).line(1) == \
        "open s=c plugin=carousel viewport=375 item=300 count=4 spacing=10 loop=1 id=1"
    assert protocol.layout("c", viewport=800, points=[0, 200.5], index=1, axis="y", align="end",
                           contain="pad", lead=1, trail=2).line() == \
        "layout s=c viewport=800 points=0,200.5 lead=1 trail=2 align=end contain=pad index=1 axis=y"
    assert protocol.hello('my "app"').line(1) == 'hello client="my \\"app\\"" id=1'
    assert protocol.goto("c", 2, x=10).line(3) == "goto s=c index=2 x=10 id=3"
    assert protocol.autoplay("c", 0).line() == "autoplay s=c every=0"
    for verb in ("ping", "plugins", "stats", "quit"):
        assert protocol.COMMANDS[verb]().line(5) == f"{verb} id=5"


def test_a_quoted_value_reads_back_as_sent() -> None:
    for text in ['a "quoted" name', "back\\slash \\\" both", "", "x=y", "naïve ünïcode"]:
        verb, fields = split_text(protocol.hello(text).line(1))
        assert verb == "hello" and fields == {"client": text, "id": "1"}


def test_raw_lines_get_the_client_id() -> None:
    assert protocol.with_id("ping", 4) == "ping id=4"
    assert protocol.with_id('{"op":"ping"}', 4) == '{"id":4,"op":"ping"}'
    assert protocol.with_id("  { }", 4) == '  {"id":4 }'
    for line in ["ping id=1", '{"op":"ping","id":"x"}', "", "  ", "# note", "two\nlines"]:
        with pytest.raises(ValueError):
            protocol.with_id(line, 1)


MAN_REPLIES = [
    ("hello proto=1 server=detentd/0.1.0 plugins=paging,cards",
     detent.Hello(proto=1, server="detentd/0.1.0", plugins=["paging", "cards"])),
    ("opened s=cards plugin=cards index=0 x=0 snaps=5",
     detent.Opened(s="cards", plugin="cards", index=0, x=0.0, snaps=5)),
    ("moved s=cards x=-20.780856423173788", detent.Moved(s="cards", x=-20.780856423173788)),
    ("snap s=cards id=7 index=4 x=1404 mode=animate cause=goto from=351 v=0 curve=spring "
     "omega=0.015707963267948967 ms=641",
     detent.Snap(s="cards", id="7", index=4, x=1404, mode=detent.Mode.ANIMATE, cause=detent.Cause.GOTO, from_=351,
                 v=0, curve=detent.Curve.SPRING, omega=0.015707963267948967, ms=641)),
    ('{"op":"snap","s":"cards","index":3,"x":1053,"mode":"animate","cause":"release","from":1380,"v":-1.2,'
     '"curve":"spring","omega":0.015707963267948967,"ms":542}',
     detent.Snap(s="cards", index=3, x=1053, mode="animate", cause="release", from_=1380, v=-1.2, curve="spring",
                 omega=0.015707963267948967, ms=542)),
    ('error code=bad-value s=cards msg="x: not a finite number"',
     detent.ErrorReply(code=detent.ErrorCode.BAD_VALUE, s="cards", msg="x: not a finite number")),
    ('error id=7 code=unknown-verb msg="say \\"what\\""',
     detent.ErrorReply(code="unknown-verb", id="7", msg='say "what"')),
    ('{"op":"error","code":"bad-line","msg":"m","id":9}', detent.ErrorReply(code="bad-line", id=9, msg="m")),
    ("opened s=c plugin=carousel index=0 x=582.5 snaps=8 dup=2",
     detent.Opened(s="c", plugin="carousel", index=0, x=582.5, snaps=8, dup=2)),
    ("stats connections=1 sessions=2 requests=11 errors=1 uptime=1",
     detent.Stats(connections=1, sessions=2, requests=11, errors=1, uptime=1)),
    ("ok s=c every=12.5", detent.Ok(s="c", every=12.5)),
    ("closed s=c id=x", detent.Closed(s="c", id="x")),
    ("pong", detent.Pong()), ("bye id=3", detent.Bye(id="3")),
    ("plugins names=a,b default=a", detent.Plugins(names=["a", "b"], default="a")),
    ('{"op":"plugins","names":[],"default":"a"}', detent.Plugins(names=[], default="a")),
    ("began s=c index=0 x=1822.5 jump=582.5", detent.Began(s="c", index=0, x=1822.5, jump=582.5)),
    ("snap s=c index=2 x=1200 mode=animate cause=goto from=1001 v=0 curve=ease ms=200",
     detent.Snap(s="c", index=2, x=1200, mode="animate", cause="goto", from_=1001, v=0, curve=detent.Curve.EASE,
                 ms=200)),
    ('{"op":"snap","s":"c","index":2,"x":1200,"mode":"animate","cause":"goto","from":1001,"v":0,"curve":"ease",'
     '"ms":200}',
     detent.Snap(s="c", index=2, x=1200, mode="animate", cause="goto", from_=1001, v=0, curve="ease", ms=200)),
    ("snap s=c index=0 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake "
     "accel=0.0033507853403141362 stop=477 ms=677",
     detent.Snap(s="c", index=0, x=800, mode="decelerate", cause="release", from_=1182, v=-1.6,
                 curve=detent.Curve.BRAKE, accel=0.0033507853403141362, stop=477, ms=677)),
    ('{"op":"snap","s":"c","index":3,"x":972,"mode":"decelerate","cause":"release","from":983,"v":1.2,'
     '"curve":"brake","accel":0.06486486486486487,"stop":18.0,"ms":218}',
     detent.Snap(s="c", index=3, x=972, mode="decelerate", cause="release", from_=983, v=1.2, curve="brake",
                 accel=0.06486486486486487, stop=18, ms=218)),
]


@pytest.mark.parametrize("line, reply", MAN_REPLIES)
def test_parse_reply(line: str, reply: object) -> None:
    assert parse_reply(line) == reply


def test_unknown_fields_are_ignored_and_unknown_values_kept() -> None:
    assert parse_reply('pong id=1 future=2 other="a b"') == detent.Pong(id="1")
    assert parse_reply('{"op":"pong","id":"a","future":{"deep":[1]}}') == detent.Pong(id="a")
    snap = parse_reply("snap s=c index=1 x=10 mode=glide cause=fate from=0 v=0 curve=wobble ms=5 wobble=2")
    assert isinstance(snap, detent.Snap)
    assert (snap.mode, snap.cause, snap.curve) == ("glide", "fate", "wobble")
    with pytest.raises(ValueError):
        snap.position(1)
    error = parse_reply('error code=new-code msg="m"')
    assert isinstance(error, detent.ErrorReply) and error.code == "new-code"


UNREADABLE = [
    "", "   ", "Pong", "9pong", "pong id", 'pong id="x', 'pong a=b"c', "pong id=1 id=2", "pong id=1=2 x",
    'pong id="\\n"', "pongid=1 x=2\"", "nosuchreply a=1",
    "opened s=a plugin=p index=x x=0 snaps=1", "opened s=a plugin=p index=1.5 x=0 snaps=1",
    "opened s=a plugin=p index=1 x=0", "moved s=a x=nan", "moved s=a x=1e999", "moved s=a x=0x10", "moved s=a x=",
    "snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=decay ms=1",
    "snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=spring ms=1",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake stop=1 ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=1.5 ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=x ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=-1 ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=3 ms=2",
    "snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=nan stop=1 ms=2",
    '{"op":"snap","s":"c","index":1,"x":1,"mode":"animate","cause":"release","from":0,"v":1,"curve":"brake",'
    '"stop":1,"ms":2}',
    '{"op":"snap","s":"c","index":1,"x":1,"mode":"animate","cause":"release","from":0,"v":1,"curve":"brake",'
    '"accel":1,"stop":1.5,"ms":2}',
    '{"op":"snap","s":"c","index":1,"x":1,"mode":"animate","cause":"release","from":0,"v":1,"curve":"brake",'
    '"accel":1,"stop":"1","ms":2}',
    '{"op":"snap","s":"c","index":1,"x":1,"mode":"animate","cause":"release","from":0,"v":1,"curve":"brake",'
    '"accel":"1","stop":1,"ms":2}',
    "stats connections=1", "{", "[]", "{}", '{"op":1}', '{"op":"pong","id":null}', '{"op":"pong","id":true}',
    '{"op":"pong","id":1,"id":2}', '{"op":"moved","s":"a","x":NaN}', '{"op":"moved","s":"a","x":"1"}',
    '{"op":"moved","s":1,"x":1}', '{"op":"plugins","names":"a,b","default":"a"}',
    '{"op":"hello","proto":1.5,"server":"s","plugins":[]}', '{"op":"pong"} trailing',
    "[" * 100_000,
]


@pytest.mark.parametrize("line", UNREADABLE)
def test_an_unreadable_reply_is_a_protocol_error(line: str) -> None:
    with pytest.raises(detent.ProtocolError):
        parse_reply(line)


def test_the_parser_raises_nothing_but_protocol_errors_on_mangled_lines() -> None:
    rng = random.Random(19)
    alphabet = ' \t"\\=,{}[]:.-+e0123456789abcxyz\x00é'
    seeds = [line for line, _ in MAN_REPLIES] + ["snap s=p index=4 x=375 mode=decelerate cause=release page=1 "
                                                 "from=40 v=2 curve=decay rate=0.9940476366748394 ms=1090"]
    for _ in range(4000):
        line = list(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(line) + 1)
            action = rng.random()
            if action < 0.4 and line:
                del line[min(at, len(line) - 1)]
            elif action < 0.8:
                line.insert(at, rng.choice(alphabet))
            else:
                line[at:at + rng.randint(1, 5)] = []
        try:
            parse_reply("".join(line))
        except detent.ProtocolError:
            pass


# -- Motion ----------------------------------------------------------------------

SPRING = ("snap s=cards index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring "
          "omega=0.015707963267948967 ms=516")
DECAY = ("snap s=p index=4 x=375 mode=decelerate cause=release page=1 from=40 v=2 curve=decay "
         "rate=0.9940476366748394 ms=1090")


def test_position_follows_the_man_page() -> None:
    spring = parse_reply(SPRING)
    decay = parse_reply(DECAY)
    assert isinstance(spring, detent.Snap) and isinstance(decay, detent.Snap)
    assert spring.position(0) == 90 and spring.position(-5) == 90
    assert spring.position(16) == pytest.approx(114.40582948806224, rel=1e-12)
    assert decay.position(16) == pytest.approx(70.51916565742488, rel=1e-12)
    a, w = 90 - 351, 0.015707963267948967
    assert spring.position(100) == pytest.approx(351 + (a + (1.4 + w * a) * 100) * math.exp(-w * 100), rel=1e-12)
    assert decay.position(100) == pytest.approx(375 - (375 - 40) * 0.9940476366748394 ** 100, rel=1e-12)
    assert spring.position(spring.ms) != spring.x  # not snapped to x at ms: within half a point
    assert abs(spring.position(spring.ms) - spring.x) <= 0.5 and abs(spring.position(spring.ms - 1) - spring.x) > 0.5
    assert abs(decay.position(decay.ms) - decay.x) <= 0.5
    # The velocity at 0 is v (numerically).
    assert (spring.position(1e-6) - spring.position(0)) / 1e-6 == pytest.approx(1.4, rel=1e-4)
    motion = spring.motion
    assert isinstance(motion, detent.Motion) and (motion.from_, motion.x, motion.ms) == (90, 351, 516)


EASE = "snap s=c index=2 x=1200 mode=animate cause=goto from=1001 v=0 curve=ease ms=200"
BRAKE = ("snap s=c index=0 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake "
         "accel=0.0033507853403141362 stop=477 ms=677")
BRAKE_AWAY = ("snap s=c index=3 x=972 mode=decelerate cause=release from=983 v=1.2 curve=brake "
              "accel=0.06486486486486487 stop=18 ms=218")


def in_out_quad(p: float) -> float:
    return 2 * p * p if p < 0.5 else 1 - (2 - 2 * p) ** 2 / 2


def test_an_ease_is_qts_in_out_quad() -> None:
    ease = parse_reply(EASE)
    assert isinstance(ease, detent.Snap) and ease.curve == detent.Curve.EASE
    assert (ease.accel, ease.stop, ease.rate, ease.omega) == (None, None, None, None)
    assert ease.position(0) == 1001 and ease.position(-3) == 1001
    assert ease.position(50) == 1025.875  # 1001 + 199 * 0.125
    assert ease.position(100) == 1100.5
    assert ease.position(150) == 1175.125
    assert ease.position(200) == 1200 and ease.position(250) == 1200 and ease.position(1e9) == 1200
    for t in range(0, 200, 7):
        assert ease.position(t) == pytest.approx(1001 + 199 * in_out_quad(t / 200), rel=1e-12)
    assert detent.Motion(from_=5, x=9, v=0, curve="ease", ms=0).position(0) == 9


def test_a_brake_decelerates_then_eases() -> None:
    brake = parse_reply(BRAKE)
    assert isinstance(brake, detent.Snap) and brake.curve == detent.Curve.BRAKE
    assert (brake.accel, brake.stop, brake.ms) == (0.0033507853403141362, 477, 677)
    motion = brake.motion
    assert (motion.accel, motion.stop) == (0.0033507853403141362, 477)
    a = 0.0033507853403141362
    assert brake.position(0) == 1182 and brake.position(-1) == 1182
    assert (brake.position(1e-6) - brake.position(0)) / 1e-6 == pytest.approx(-1.6, rel=1e-5)
    for t in range(0, 478, 26):
        assert brake.position(t) == pytest.approx(1182 - 1.6 * t + a * t * t / 2, rel=1e-12)
    at_stop = 1182 - 1.6 * 477 + a * 477 * 477 / 2
    assert at_stop == pytest.approx(800.0004188481676, rel=1e-12)
    assert brake.position(477) == pytest.approx(at_stop, rel=1e-12)
    for t in range(478, 677, 9):
        assert brake.position(t) == pytest.approx(at_stop + (800 - at_stop) * in_out_quad((t - 477) / 200), rel=1e-12)
    assert brake.position(577) == pytest.approx((at_stop + 800) / 2, rel=1e-12)
    assert brake.position(677) == 800 and brake.position(700) == 800 and brake.position(5000) == 800


def test_a_brake_may_start_away_from_x() -> None:
    away = parse_reply(BRAKE_AWAY)
    assert isinstance(away, detent.Snap)
    a = 0.06486486486486487
    assert away.position(0) == 983
    assert (away.position(1e-6) - away.position(0)) / 1e-6 == pytest.approx(1.2, rel=1e-5)
    assert away.position(10) > 983  # first away from x = 972
    at_stop = 983 + 1.2 * 18 - a * 18 * 18 / 2
    assert at_stop == pytest.approx(994.0918918918919, rel=1e-12)
    assert away.position(18) == pytest.approx(at_stop, rel=1e-12)
    assert away.position(68) == pytest.approx(at_stop + (972 - at_stop) * 0.125, rel=1e-12)
    assert away.position(118) == pytest.approx((at_stop + 972) / 2, rel=1e-12)
    assert away.position(168) == pytest.approx(at_stop + (972 - at_stop) * 0.875, rel=1e-12)
    assert away.position(218) == 972 and away.position(219) == 972
    # v = 0: sign(0) is 0, nothing to brake.
    still = dataclasses.replace(away.motion, v=0)
    assert still.position(18) == 983
    with pytest.raises(ValueError):
        detent.Motion(from_=0, x=1, v=1, curve="brake", ms=2, stop=1).position(1)


def test_position_matches_the_detent_motion_tool() -> None:
    tool = bin_dir() / "detent"
    if not tool.is_file():
        pytest.skip("no `detent` tool in DETENT_BIN")
    times = [-5, 0, 0.5, 1, 16, 16.666666666666668, 100, 333.3, 515, 516, 517, 1089, 1090, 5000]
    done = subprocess.run([str(tool), "motion", "--json", "--at=" + ",".join(map(str, times)), SPRING, DECAY],
                          capture_output=True, text=True, check=True, timeout=10)
    for line, out in zip((SPRING, DECAY), done.stdout.splitlines()):
        snap = parse_reply(line)
        assert isinstance(snap, detent.Snap)
        expected = json.loads(out)
        assert expected["t"] == times
        for t, x in zip(times, expected["x"]):
            assert snap.position(t) == pytest.approx(x, rel=1e-12, abs=1e-9), (line, t)
