"""Adding a verb, counted (issue 32, section 4): its entry in the
description, its handler, its section in detent-protocol(7), its corpus
cases, then protocol/generate. This counts, for every verb, the
hand-written files of the protocol's implementations (the daemon and the
four client libraries) that name it: at most one, its handler. Generated
files, tests, the man page, the corpus and the description are not
counted; nor are programs that use a verb (the example windows, `detent`'s
tools, benchmarks, and libdetent's strip controller and pool, which sit
above its protocol layers: clients/c/README.md): they are what a verb is
for, not what adding one touches.

A file names a verb where its code (comments left out) spells it as a
string literal ("stats", 'stats', and in JS `stats`) or as an identifier
the generators or the handlers make of it (a handler `func stats(_ r:
Request`, `Verb.stats`, `def stats(`, `detent_send_stats`, `detent_stats(`,
`DETENT_VERB_STATS`). A word that is also another thing's name (a value
of a reply field, a member of plugins.json) is listed in HOMONYMS with
what it names there.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import model  # noqa: E402

M = model.load()

# The protocol's implementations: the daemon and the client libraries.
IMPLEMENTATIONS = [
    "Sources/DetentCore", "Sources/DetentServer", "Sources/DetentPOSIX", "Sources/detentd", "Sources/DetentClient",
    "clients/c/src", "clients/c/include", "clients/python/detent", "clients/js/detent.js",
]
CODE = {".swift", ".c", ".h", ".py", ".js"}
# libdetent's layers above the protocol (clients/c/README.md): users of verbs.
USERS = re.compile(r"clients/c/src/(strip|pool)[^/]*$")
# Where a client speaks a verb itself, beside the daemon's handler: the
# greeting each client sends on connect (detent-protocol(7): hello).
OWN_USE: dict[str, set[str]] = {
    "hello": {"clients/js/detent.js", "clients/python/detent/client.py", "clients/python/detent/aio.py",
              "clients/c/src/connect.c"},
}
# The same word naming something else, by file: not the verb.
HOMONYMS: dict[str, dict[str, str]] = {
    "Sources/DetentCore/Sessions/Decision.swift": {
        "cancel": "cause=cancel", "goto": "cause=goto", "autoplay": "cause=autoplay",
        "wheel": "cause=wheel", "scroll": "cause=scroll", "step": "cause=step",
        "scrollby": "cause=scrollby"},
    "Sources/DetentCore/Config/ConfigLoader.swift": {"plugins": "plugins.json's member plugins"},
    "Sources/DetentCore/Config/ConfigReader.swift": {"plugins": "plugins.json's member plugins"},
    "Sources/DetentServer/Server.swift": {"plugins": "the start-up log's field plugins"},
}


def hand_written_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *IMPLEMENTATIONS],
                            cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    out = []
    for name in listed:
        path = ROOT / name
        if path.suffix not in CODE or not path.exists() or USERS.search(name):
            continue
        head = "".join(path.read_text(errors="replace").splitlines(True)[:3])
        if "Generated from protocol/detent-protocol.json" in head:
            continue
        out.append(path)
    return out


def code_of(path: Path) -> str:
    """The file's text without its comments."""
    text = path.read_text(errors="replace")
    if path.suffix == ".py":
        text = re.sub(r'"""[\s\S]*?"""' + r"|'''[\s\S]*?'''", "", text)
        return re.sub(r"(?m)^\s*#.*$|\s#\s.*$", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.sub(r"(?m)(^|[^:\"'])//.*$", r"\1", text)


def names(code: str, verb: str, suffix: str = ".swift") -> bool:
    v = re.escape(verb)
    upper = re.escape(model.upper(verb))
    quotes = "\"'`" if suffix == ".js" else "\"'"
    patterns = {
        ".swift": [rf"\bfunc `?{v}`?\(\s*_ \w+: Request\b", rf"\bVerb\.`?{v}\b"],
        ".py": [rf"\bdef {v}\(", rf"\b(self|client)\.{v}\("],
        ".c": [rf"\bdetent_send_{v}\b", rf"\bdetent_{v}\(", rf"\bDETENT_VERB_{upper}\b"],
    }
    patterns[".h"] = patterns[".c"]
    return any(re.search(p, code) for p in [rf"[{quotes}]{v}[{quotes}]", *patterns.get(suffix, [])])


FILES = [(path, code_of(path)) for path in hand_written_files()]


def test_the_count_reads_the_implementations() -> None:
    suffixes = {path.suffix for path, _ in FILES}
    assert {".swift", ".c", ".h", ".py", ".js"} <= suffixes, suffixes
    assert len(FILES) > 40


@pytest.mark.parametrize("verb", [v.name for v in M.verbs])
def test_a_verb_is_named_by_its_handler_alone(verb: str) -> None:
    naming = sorted(str(path.relative_to(ROOT)) for path, code in FILES if names(code, verb, path.suffix)
                    and verb not in HOMONYMS.get(str(path.relative_to(ROOT)), {}))
    allowed = OWN_USE.get(verb, set())
    counted = [path for path in naming if path not in allowed]
    assert len(counted) <= 1, f"{verb} is named by {counted}: only its handler may name it"
    handler = "Sources/DetentCore/Dispatch/" + ("ConnectionVerbs.swift" if M.verb(verb).scope == "connection"
                                                 else "SessionVerbs.swift")
    assert counted == [handler], f"{verb}'s handler is in {handler}; named by {counted}"


def test_the_count_sees_a_verb_spelled_by_hand() -> None:
    assert names('let verb = "stats"', "stats")
    assert names("static func stats(_ r: Request, _ c: inout ConnectionState)", "stats")
    assert not names("public func stats() -> Int", "stats")
    assert names("uint64_t detent_send_stats(detent_connection *c)", "stats", ".c")
    assert names("    def stats(self):", "stats", ".py")
    assert names("send(`stats`)", "stats", ".js") and not names("`stats` counts", "stats", ".py")
    assert "stats" not in code_of_text("// stats\n/* \"stats\" */\n", ".c")
    assert "stats" not in code_of_text("# stats\nx = 1  # 'stats'\n", ".py")


def code_of_text(text: str, suffix: str) -> str:
    path = HERE / f".probe{suffix}"
    try:
        path.write_text(text)
        return code_of(path)
    finally:
        path.unlink()
