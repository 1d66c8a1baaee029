"""The conformance corpus (Tests/Conformance/README.md): every reply line,
text and JSON, read into the client's own dataclass by the client's own
parser, holds exactly the line's fields with the line's values.

The lead's corpus.txt is used when present (DETENT_CORPUS names another);
until it exists, a corpus of our own is recorded from the real daemon in
the same format and checked the same way (it always is)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, Daemon, bundled_plugins, someone_else

import detent

REPO_CORPUS = REPO / "Tests/Conformance/corpus.txt"

KIND_OF = {"hello": detent.Hello, "pong": detent.Pong, "plugins": detent.Plugins, "opened": detent.Opened,
           "began": detent.Began, "moved": detent.Moved, "snap": detent.Snap, "ok": detent.Ok,
           "closed": detent.Closed, "stats": detent.Stats, "bye": detent.Bye, "error": detent.ErrorReply,
           "kept": detent.Kept}
"""Reply verb to the dataclass it must become (the test's own table)."""
NUMERIC = {"proto", "index", "x", "snaps", "pad", "dup", "jump", "page", "from", "v", "rate", "omega", "accel", "aim",
           "stop", "p1x", "p1y", "p2x", "p2y", "ms", "every", "connections", "sessions", "requests", "errors", "uptime"}
LISTS = {"plugins", "names", "path"}

_FIELD = re.compile(r'[ \t]+([a-z][a-z0-9_-]*)=(?:"((?:[^"\\]|\\["\\])*)"|([^ \t"]*))')


def line_fields(line: str) -> tuple[str, dict[str, Any], bool]:
    """The line's verb and fields, read independently of the client's parser."""
    if line.startswith("{"):
        members = json.loads(line)
        return members.pop("op"), members, False
    verb = re.match(r"[a-z][a-z0-9_-]*", line)
    assert verb, line
    fields: dict[str, Any] = {}
    at = verb.end()
    while at < len(line):
        match = _FIELD.match(line, at)
        assert match, f"the test cannot read {line!r} at {at}"
        quoted = match.group(2)
        fields[match.group(1)] = re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else match.group(3)
        at = match.end()
    return verb.group(), fields, True


def held_fields(value: Any) -> dict[str, Any]:
    """What a reply dataclass holds, under the wire's names (from_ is from)."""
    return {f.name.removesuffix("_"): getattr(value, f.name) for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None}


def same_value(key: str, wire: Any, held: Any, text: bool) -> bool:
    number = isinstance(held, (int, float)) and not isinstance(held, bool)
    if text:
        if key in LISTS:
            return isinstance(held, list) and held == (wire.split(",") if wire else [])
        if key in NUMERIC:
            return number and float(held) == float(wire)
        return isinstance(held, str) and held == wire
    if isinstance(wire, bool):
        return False
    if isinstance(wire, (int, float)):
        return number and float(held) == float(wire)
    if isinstance(wire, str):
        return isinstance(held, str) and held == wire
    if isinstance(wire, list):
        return isinstance(held, list) and len(held) == len(wire) and all(
            same_value(key, w, h, False) for w, h in zip(wire, held))
    return False


def check_line(line: str, pushed: bool) -> tuple[str, bool]:
    verb, wire, text = line_fields(line)
    reply = detent.parse_reply(line)
    assert type(reply) is KIND_OF[verb], (line, reply)
    held = held_fields(reply)
    assert set(held) == set(wire), f"{line}\n  holds {sorted(held)}\n  line  {sorted(wire)}"
    for key, value in wire.items():
        assert same_value(key, value, held[key], text), (line, key, value, held[key])
    assert detent.protocol.is_push(reply) == pushed, line
    return verb, text


def check_corpus(path: Path) -> dict[tuple[str, bool], set[str]]:
    """Checks every reply line; returns the fields seen per (verb, text)."""
    seen: dict[tuple[str, bool], set[str]] = {}
    count = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line[:2] in ("< ", "! "):
            try:
                verb, text = check_line(line[2:], line[0] == "!")
            except AssertionError as error:
                raise AssertionError(f"{path}:{number}: {error}") from None
            seen.setdefault((verb, text), set()).update(line_fields(line[2:])[1])
            count += 1
    assert count > 0, f"{path} has no reply lines"
    return seen


# -- lines of every curve, whether or not the corpus holds them yet ---------------

CURVE_LINES = [
    "snap s=c index=2 x=1200 mode=animate cause=goto from=1001 v=0 curve=ease ms=200",
    '{"op":"snap","s":"c","index":2,"x":1200,"mode":"animate","cause":"goto","from":1001,"v":0,"curve":"ease",'
    '"ms":200}',
    "snap s=c index=0 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake accel=0.0033507853403141362 "
    "stop=477 ms=677",
    '{"op":"snap","s":"c","id":4,"index":3,"x":972,"mode":"decelerate","cause":"release","from":983,"v":1.2,'
    '"curve":"brake","accel":0.06486486486486487,"stop":18,"ms":218}',
    "snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289",
    '{"op":"snap","s":"cs","index":2,"x":600,"mode":"animate","cause":"step","from":900,"v":0,"curve":"bezier",'
    '"p1x":0.4,"p1y":0,"p2x":0,"p2y":1,"ms":289}',
    "snap s=cs index=2 x=600 mode=animate cause=wheel from=300 v=0 curve=path "
    "path=0/200/300/420/0.42/0/0.58/1,217/183.33333333333334/420/600/0.42/0/0.58/1 ms=401",
    '{"op":"snap","s":"cs","index":3,"x":900,"mode":"animate","cause":"wheel","from":600,"v":0,"curve":"path",'
    '"path":["0/200/600/720/0.42/0/0.58/1","217/183.33333333333334/720/900/0.42/0/0.58/1"],"ms":401}',
]


@pytest.mark.parametrize("line", CURVE_LINES)
def test_a_line_of_each_new_curve_holds_exactly_its_fields(line: str) -> None:
    assert check_line(line, False) == ("snap", not line.startswith("{"))


# -- the real corpus ---------------------------------------------------------------

def test_the_conformance_corpus() -> None:
    named = os.environ.get("DETENT_CORPUS")
    path = Path(named) if named else REPO_CORPUS
    if not path.exists():
        tracked = subprocess.run(["git", "-C", str(REPO), "ls-files", "--error-unmatch", str(REPO_CORPUS)],
                                 capture_output=True).returncode == 0
        if named or tracked:
            pytest.fail(f"the conformance corpus {path} is missing")
        pytest.skip(f"{path} is not generated yet; test_our_own_corpus checks one recorded from the daemon")
    seen = check_corpus(path)
    assert {verb for verb, _ in seen} == set(KIND_OF), "the corpus misses reply kinds"


# -- a corpus of our own, recorded from the daemon -----------------------------------

SCRIPT = r"""
# A small corpus recorded from the daemon by clients/python/tests/test_corpus.py.
@ daemon plugins.json
@ connect
> hello client="corpus recorder"
> {"op":"hello","client":"corpus","id":"h"}
> ping id=1
> {"op":"ping","id":2.5}
> plugins
> {"op":"plugins","id":7}
> open s=cards plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16 id=o
> {"op":"open","s":"pad","plugin":"paging","viewport":375,"item":343,"count":5,"spacing":3,"contain":"pad","index":2}
> open s=loop plugin=carousel viewport=375 item=300 spacing=10 count=4 loop=1 index=3
> {"op":"open","s":"jloop","plugin":"carousel","viewport":375,"item":300,"spacing":10,"count":4,"loop":1,"index":3}
> {"op":"layout","s":"cards","viewport":375,"sizes":[343,343,343],"spacing":8,"id":"l"}
> layout s=pad viewport=375 item=343 count=5 spacing=3 contain=pad
> begin s=cards x=0 t=0
> {"op":"begin","s":"cards","x":0,"t":0}
> move s=cards x=-40 t=16
> {"op":"move","s":"cards","x":-30,"t":20}
> end s=cards x=90 v=1.4
> {"op":"end","s":"pad","x":40,"v":2}
> end s=pad x=40 v=2 id=d
> end s=loop x=1600 v=1
> {"op":"end","s":"jloop","x":1600,"v":1}
> begin s=loop x=1822.5
> {"op":"begin","s":"jloop","x":1822.5}
> cancel s=loop
> {"op":"cancel","s":"jloop"}
> goto s=cards index=2 x=10
> {"op":"goto","s":"cards","index":0,"id":"g"}
> wheel s=cards dx=1 dy=0 t=5000
> wheel s=cards dx=1 dy=0 t=5010 id=w
> {"op":"wheel","s":"cards","dx":-1,"dy":0,"t":5020,"source":"other"}
> scroll s=cards dx=0 dy=0 t=6000 phase=begin
> {"op":"scroll","s":"cards","dx":-20,"dy":0,"t":6016}
> {"op":"scroll","s":"cards","dx":0,"dy":0,"t":6032,"phase":"end"}
> scroll s=cards dx=0 dy=0 t=6032 phase=end
> autoplay s=loop every=20
!
> autoplay s=loop every=0
> {"op":"autoplay","s":"jloop","every":20}
!
> {"op":"autoplay","s":"jloop","every":0}
> close s=loop id=c
> {"op":"close","s":"jloop"}
> stats
> {"op":"stats"}
> open s="x
> {"op":"ping"
> frobnicate s=cards
> {"op":"frobnicate","id":3}
> ping x=1 id=k
> {"op":"ping","x":1}
> open s=m viewport=375 item=100
> {"op":"open","s":"m","viewport":375,"count":1}
> end s=cards x=1e999
> {"op":"end","s":"cards","x":"1"}
> end s=nope x=0 id=e
> {"op":"end","s":"nope","x":0}
> open s=cards viewport=375 item=100 count=1
> {"op":"open","s":"cards","viewport":375,"item":100,"count":1}
> open s=u plugin=nope viewport=375 item=100 count=1
> {"op":"open","s":"u","plugin":"nope","viewport":375,"item":100,"count":1}
> open s=b viewport=375 points=300,100
> {"op":"open","s":"b","viewport":375,"points":[300,100]}
> open s=l plugin=cards viewport=375 item=300 count=4 loop=1
> {"op":"open","s":"l","plugin":"shelf","viewport":375,"points":[0,100]}
> goto s=cards index=9
> {"op":"goto","s":"cards","index":9,"id":9}
> quit
@ connect
> {"op":"quit","id":"q"}
@ daemon limits.json
@ connect
> open s=a viewport=375 item=100 count=3
> open s=b viewport=375 item=100 count=3
> {"op":"open","s":"b","viewport":375,"item":100,"count":3}
> ping xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
> {"op":"ping","pad":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}
@ connect
<
@ daemon forbidden.json
@ connect
<
@ daemon library.json
@ connect
> open s=f plugin=fails viewport=375 item=100 count=3
> end s=f x=10 v=1
> {"op":"end","s":"f","x":10,"v":1,"id":"pf"}
"""


class Recorder:
    """Plays SCRIPT against real daemons and writes the corpus it gives."""

    def __init__(self, folder: Path, start: Callable[..., Daemon]) -> None:
        self.folder = folder
        self.start = start
        self.daemon: Daemon | None = None
        self.conn: socket.socket | None = None
        self.earlier: list[socket.socket] = []  # earlier connections stay open
        self.buffer = b""
        self.out: list[str] = []

    def hang_up(self) -> None:
        for conn in self.earlier + ([self.conn] if self.conn else []):
            conn.close()
        self.earlier, self.conn = [], None

    def read_line(self) -> str:
        assert self.conn is not None
        deadline = time.monotonic() + 5
        while b"\n" not in self.buffer:
            self.conn.settimeout(max(deadline - time.monotonic(), 0.01))
            chunk = self.conn.recv(65536)
            assert chunk, "the daemon closed the connection"
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()

    def reply(self) -> None:
        """Reads up to the next reply, recording pushes on the way."""
        while True:
            line = self.read_line()
            if detent.protocol.is_push(detent.parse_reply(line)):
                self.out.append(f"! {line}")
                continue
            self.out.append(f"< {line}")
            return

    def play(self, script: str) -> None:
        for step in script.strip().splitlines():
            if step.startswith("#"):
                self.out.append(step)
            elif step.startswith("@ daemon "):
                if self.daemon is not None:
                    self.daemon.stop()
                self.hang_up()
                self.daemon = self.start(self.folder / step.split()[2], name=step.split()[2].removesuffix(".json"))
                self.out.append(step)
            elif step == "@ connect":
                assert self.daemon is not None
                if self.conn is not None:
                    self.earlier.append(self.conn)
                self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.conn.connect(self.daemon.socket)
                self.buffer = b""
                self.out.append(step)
            elif step.startswith("> "):
                assert self.conn is not None
                self.out.append(step)
                self.conn.sendall(step[2:].encode() + b"\n")
                self.reply()
            elif step == "<":
                self.reply()
            elif step == "!":
                line = self.read_line()
                assert detent.protocol.is_push(detent.parse_reply(line)), line
                self.out.append(f"! {line}")
            else:
                raise AssertionError(f"unknown step {step!r}")


@pytest.mark.time_limit(20)
def test_our_own_corpus(short_tmp: Path, start_daemon: Callable[..., Daemon], fixture_library: Path) -> None:
    configs = {
        "plugins.json": {"plugins": bundled_plugins(), "defaultPlugin": "cards"},
        "limits.json": {"limits": {"maxLineBytes": 80, "maxSessionsPerConnection": 1, "maxConnections": 1},
                        "plugins": bundled_plugins()},
        "forbidden.json": {"allowUsers": [someone_else()], "plugins": bundled_plugins()},
        "library.json": {"plugins": [{"name": "fails", "library": str(fixture_library), "strategy": "fx-fails"}]},
    }
    for name, config in configs.items():
        (short_tmp / name).write_text(json.dumps(config))
    recorder = Recorder(short_tmp, start_daemon)
    try:
        recorder.play(SCRIPT)
    finally:
        recorder.hang_up()
    corpus = short_tmp / "corpus.txt"
    corpus.write_text("\n".join(recorder.out) + "\n")
    seen = check_corpus(corpus)
    # It covers every reply kind in both encodings, and every optional field.
    assert set(seen) == {(verb, text) for verb in KIND_OF for text in (True, False)}
    assert seen[("opened", True)] >= {"pad", "dup", "id"} and seen[("opened", False)] >= {"pad", "dup"}
    for text in (True, False):
        assert seen[("snap", text)] >= {"page", "jump", "rate", "omega"}
        assert seen[("began", text)] >= {"jump"}
        assert seen[("error", text)] >= {"s", "id", "msg", "code"}
    codes = {json.loads(line[2:])["code"] if line[2] == "{" else re.search(r"code=(\S+)", line)[1]  # type: ignore[index]
             for line in recorder.out if line.startswith("< ") and "error" in line.split()[1][:10]}
    assert codes == {code.value for code in detent.ErrorCode}, codes
