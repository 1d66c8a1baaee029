"""The description against what it drives (issue 32): the generated files
are what it makes (and a stale one is caught), detent-protocol(7) names
all it describes, and a verb is named by no hand-written code of the
protocol's implementations but its handler.

    python3 -m pytest -q protocol/test_description.py
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import model  # noqa: E402

GENERATE = [sys.executable, "-B", str(HERE / "generate")]
M = model.load()


def generated_paths() -> list[str]:
    out = subprocess.run(GENERATE + ["--list"], check=True, capture_output=True, text=True).stdout
    return out.split()


# ------------------------------------------------------------ regeneration

def test_the_generated_files_are_what_the_description_makes() -> None:
    result = subprocess.run(GENERATE + ["--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_a_stale_generated_file_is_caught(tmp_path: Path) -> None:
    paths = generated_paths()
    assert len(paths) >= 12, paths
    for path in paths:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, tmp_path / path)
    ok = subprocess.run(GENERATE + ["--check", "--root", str(tmp_path)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    for path in paths:
        stale = tmp_path / path
        original = stale.read_text()
        stale.write_text(original.replace("\n", "\n\n", 3))
        result = subprocess.run(GENERATE + ["--check", "--root", str(tmp_path)], capture_output=True, text=True)
        assert result.returncode == 1 and f"{path} is stale" in result.stderr, (path, result.stderr)
        stale.write_text(original)


def test_every_generated_file_says_so_in_its_first_lines() -> None:
    for path in generated_paths():
        head = "".join((ROOT / path).read_text().splitlines(True)[:3])
        assert "Generated from protocol/detent-protocol.json by protocol/generate" in head, path
        assert "do not edit" in head, path


def test_a_mistake_in_the_description_names_where_it_is(tmp_path: Path) -> None:
    text = model.DESCRIPTION.read_text().replace('"needs": ["s", "x"], "replies": ["snap"]',
                                                 '"needs": ["s", "xx"], "replies": ["snap"]', 1)
    broken = tmp_path / "broken.json"
    broken.write_text(text)
    result = subprocess.run(GENERATE + ["--check", "--description", str(broken)], capture_output=True, text=True)
    assert result.returncode == 2
    assert 'verbs[7] (end): needs "xx": no such key' in result.stderr


# ------------------------------------------------------------ the man page

MAN = (ROOT / "man/detent-protocol.7").read_text()


def man_names(name: str) -> bool:
    """Whether the man page names `name` as a keyword (`Cm name`) or in a
    line it shows (`Li ... name=...`, `Dl ... name=...`)."""
    pattern = rf"(\bCm {re.escape(name)}\b)|((^|\s){re.escape(name)}=)"
    return re.search(pattern, MAN, re.MULTILINE) is not None


@pytest.mark.parametrize("verb", [v.name for v in M.verbs])
def test_the_man_page_describes_every_verb(verb: str) -> None:
    assert re.search(rf"^\.It Cm {re.escape(verb)}\b", MAN, re.MULTILINE), f"detent-protocol(7) lacks the verb {verb}"


@pytest.mark.parametrize("key", [k.name for k in M.keys])
def test_the_man_page_describes_every_key(key: str) -> None:
    assert man_names(key), f"detent-protocol(7) lacks the key {key}"


@pytest.mark.parametrize("reply", [r.name for r in M.replies])
def test_the_man_page_shows_every_reply(reply: str) -> None:
    assert re.search(rf"^\.(Li|Dl) {re.escape(reply)}\b|\bLi {re.escape(reply)}\b", MAN, re.MULTILINE), \
        f"detent-protocol(7) shows no {reply} line"


@pytest.mark.parametrize("reply,field", [(r.name, f.name) for r in M.replies for f in r.fields])
def test_the_man_page_describes_every_reply_field(reply: str, field: str) -> None:
    assert man_names(field), f"detent-protocol(7) lacks the field {field} of {reply}"


@pytest.mark.parametrize("code", [e.code for e in M.errors])
def test_the_man_page_describes_every_error_code(code: str) -> None:
    pattern = rf"(^\.It Cm .*|\bCm ){re.escape(code)}\b|code={re.escape(code)}\b"
    assert re.search(pattern, MAN, re.MULTILINE), f"detent-protocol(7) lacks {code}"


@pytest.mark.parametrize("curve", [c.name for c in M.curves])
def test_the_man_page_describes_every_curve(curve: str) -> None:
    assert f"curve={curve}" in MAN.replace("Cm curve Ns = Ns ", "curve="), f"detent-protocol(7) lacks curve={curve}"


def test_the_man_page_check_fails_on_a_missing_name() -> None:
    assert not man_names("wheelbarrow")
    assert not re.search(r"^\.It Cm teleport\b", MAN, re.MULTILINE)
