"""libdetent's generated calls keep what a program built against
libdetent.so.1 calls: a key added to a verb it shipped with gets a second
pair of functions (detent_open2), never a changed signature; and a key's
enumeration never takes the name of a type of detent/client.h.

    python3 -m pytest -q protocol/test_c_abi.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import model  # noqa: E402

GENERATE = [sys.executable, "-B", str(HERE / "generate")]
MESSAGES = (ROOT / "clients/c/include/detent/messages.h").read_text()


def prototype(name: str) -> str:
    found = re.search(rf"DETENT_API \w+ {name}\(([^;]*)\);", MESSAGES)
    assert found, f"messages.h does not declare {name}"
    return " ".join(found.group(1).split())


def test_open_and_layout_keep_every_signature_they_shipped_with() -> None:
    assert prototype("detent_open") == ("detent_connection *c, const char *s, const char *plugin, "
                                        "const detent_geometry *g, detent_reply *out")
    assert prototype("detent_send_layout") == "detent_connection *c, const char *s, const detent_geometry *g"
    assert prototype("detent_open2").endswith("const detent_geometry *g, detent_motion_setting motion, detent_reply *out")
    assert prototype("detent_send_layout2").endswith("detent_motion_setting motion")
    # open2/layout2 keep what they shipped with; open3/layout3 add swipes.
    assert prototype("detent_open2") == ("detent_connection *c, const char *s, const char *plugin, "
                                         "const detent_geometry *g, detent_motion_setting motion, detent_reply *out")
    assert prototype("detent_send_layout2") == ("detent_connection *c, const char *s, const detent_geometry *g, "
                                                "detent_motion_setting motion")
    assert prototype("detent_open3").endswith("detent_motion_setting motion, detent_swipes swipes, detent_reply *out")
    assert prototype("detent_send_layout3").endswith("detent_motion_setting motion, detent_swipes swipes")
    # open3 keeps what it shipped with; open4 adds moved.
    assert prototype("detent_open3") == ("detent_connection *c, const char *s, const char *plugin, "
                                         "const detent_geometry *g, detent_motion_setting motion, detent_swipes swipes, "
                                         "detent_reply *out")
    assert prototype("detent_open4").endswith("detent_swipes swipes, bool moved, detent_reply *out")
    assert prototype("detent_send_open4").endswith("detent_swipes swipes, bool moved")
    assert "typedef enum detent_motion_setting" in (ROOT / "clients/c/include/detent/protocol.h").read_text()


def generate(tmp_path: Path, old: str, new: str) -> subprocess.CompletedProcess[str]:
    text = model.DESCRIPTION.read_text()
    assert old in text
    changed = tmp_path / "changed.json"
    changed.write_text(text.replace(old, new, 1))
    return subprocess.run(GENERATE + ["--check", "--description", str(changed)], capture_output=True, text=True)


def test_a_shipped_verb_that_loses_a_key_it_shipped_with_is_refused(tmp_path: Path) -> None:
    result = generate(tmp_path, '"takes": ["s", "plugin", "geometry", "motion", "swipes", "moved"]',
                      '"takes": ["s", "geometry", "motion", "swipes", "moved"]')
    assert result.returncode == 2 and "SHIPPED[open]" in result.stderr, result.stderr
    # open2 shipped with motion: taking it away breaks open2 as it shipped.
    result = generate(tmp_path, '"takes": ["s", "plugin", "geometry", "motion", "swipes", "moved"]',
                      '"takes": ["s", "plugin", "geometry", "swipes", "moved"]')
    assert result.returncode == 2 and "SHIPPED[open]" in result.stderr, result.stderr


def test_a_key_enumeration_named_as_a_client_h_type_is_refused(tmp_path: Path) -> None:
    key = '{"name": "state", "type": "enum", "values": ["on"], "doc": "a key named as detent_state"}, '
    result = generate(tmp_path, '{"name": "to", "type": "enum"', key + '{"name": "to", "type": "enum"')
    assert result.returncode == 2 and "detent_state, a type of detent/client.h" in result.stderr, result.stderr
