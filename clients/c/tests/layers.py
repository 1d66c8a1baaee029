#!/usr/bin/python3
"""libdetent's layers, checked on the objects: which file calls which is
read with nm (a defined symbol names its file, an undefined one the file
that defines it), and the file graph must have no cycle of any length and
no call against the layer table of clients/c/README.md ("Layers"); a file
of a layer without I/O must not make a socket call (close, send, poll...).

    layers.py [--obj DIR] [--readme FILE] [--graph] [--inject FROM.c:TO.c ...]

--obj: the objects of a build (BUILD/obj, one NAME.o a src/NAME.c); without
it each source is compiled into a temporary folder. --graph prints the
file graph. --inject adds a call that is not there (run-tests' canary:
the check must fail on it). Exit 0 when the layers hold, 1 with every
fault named.
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIB = HERE.parent
# Calls that do I/O: a layer whose I/O column says "no" makes none of them.
IO_CALLS = {
    "socket", "connect", "accept", "accept4", "bind", "listen", "shutdown", "close", "read", "write",
    "readv", "writev", "send", "sendto", "sendmsg", "recv", "recvfrom", "recvmsg", "poll", "ppoll",
    "select", "pselect", "epoll_wait", "epoll_ctl", "epoll_create", "epoll_create1", "setsockopt",
    "getsockopt", "fcntl", "open", "openat", "pipe", "pipe2", "dup", "dup2", "ioctl",
}


def io_call(symbol: str) -> bool:
    """read, __read_chk, fcntl64, __poll_chk, open64 ... all count."""
    base = re.sub(r"^_+", "", symbol.split("@")[0])
    base = re.sub(r"(_chk)$", "", base)
    base = re.sub(r"(64)$", "", base)
    return base in IO_CALLS


def io_value(cell: str) -> bool | None:
    return {"yes": True, "no": False}.get(cell.strip().lower())


class Table:
    def __init__(self, rows: list[tuple[str, list[str], list[str], bool]]):
        self.order = [name for name, _, _, _ in rows]
        self.globs = {name: globs for name, globs, _, _ in rows}
        self.calls = {name: calls for name, _, calls, _ in rows}
        self.io = {name: io for name, _, _, io in rows}

    def layer_of(self, file: str) -> list[str]:
        return [n for n in self.order if any(fnmatch.fnmatchcase(file, g) for g in self.globs[n])]

    def below(self, layer: str) -> set[str]:
        """Every layer that layer may call: those it names, and theirs."""
        seen: set[str] = set()
        todo = list(self.calls[layer])
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += self.calls.get(n, [])
        return seen


def read_table(readme: Path) -> tuple[Table, list[str]]:
    """The first Markdown table after the heading "Layers": | layer | files | calls | I/O |."""
    faults = []
    rows = []
    text = readme.read_text().splitlines()
    start = next((i for i, l in enumerate(text) if re.match(r"^#+ .*\bLayers\b", l)), None)
    if start is None:
        return Table([]), [f"{readme}: no heading \"Layers\""]
    in_table = False
    for line in text[start + 1:]:
        if not line.startswith("|"):
            if in_table:
                break
            continue
        in_table = True
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if cells[0] == "layer" or set("".join(cells)) <= set("-: "):
            continue
        if len(cells) != 4 or io_value(cells[3]) is None:
            faults.append(f"{readme}: a Layers row not | layer | files | calls | yes or no |: {line}")
            continue
        name, files, calls, io = cells
        if any(name == r[0] for r in rows):
            faults.append(f"{readme}: layer {name} has two rows")
        rows.append((name, files.replace("`", "").split(), calls.replace("`", "").replace(",", " ").split(),
                     bool(io_value(io))))
    if not rows:
        faults.append(f"{readme}: the Layers table has no rows")
    table = Table(rows)
    for name in table.order:
        for n in table.calls[name]:
            if n not in table.globs:
                faults.append(f"table: layer {name} calls {n}, which is no layer")
        if name in table.below(name):
            faults.append(f"table: layer {name} reaches itself through its calls")
    return table, faults


def objects(obj: Path | None, tmp: Path) -> dict[str, Path]:
    """src/NAME.c -> its object."""
    sources = sorted((LIB / "src").glob("*.c"))
    out = {}
    if obj is None:
        cc = os.environ.get("CC", "cc")
        for s in sources:
            o = tmp / (s.stem + ".o")
            subprocess.run([cc, "-std=c11", "-O0", "-fPIC", "-fvisibility=hidden", f"-I{LIB / 'include'}",
                            "-c", "-o", str(o), str(s)], check=True)
            out[s.name] = o
        return out
    for s in sources:
        o = obj / (s.stem + ".o")
        if not o.exists():
            raise SystemExit(f"layers.py: no object {o} for {s.name} (build first, or leave out --obj)")
        out[s.name] = o
    return out


def symbols(o: Path) -> tuple[set[str], set[str]]:
    defined, undefined = set(), set()
    for line in subprocess.run(["nm", str(o)], check=True, capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDRBCVWGS":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] in "Uw":
            undefined.add(parts[1])
    return defined, undefined


def cycles(graph: dict[str, dict[str, list[str]]]) -> list[tuple[list[str], set[str]]]:
    """The strongly connected components of more than one file (Tarjan): one cycle through each, and its files."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[tuple[list[str], set[str]]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append((cycle_through(graph, set(comp)), set(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def cycle_through(graph: dict[str, dict[str, list[str]]], comp: set[str]) -> list[str]:
    """A shortest cycle from the component's first file back to it (breadth first)."""
    start = min(comp)
    prev = {start: ""}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph.get(v, {})):
            if w not in comp:
                continue
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                todo.append(w)
    return sorted(comp)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--obj", type=Path)
    ap.add_argument("--readme", type=Path, default=LIB / "README.md")
    ap.add_argument("--graph", action="store_true")
    ap.add_argument("--inject", action="append", default=[])
    a = ap.parse_args()

    table, faults = read_table(a.readme)
    with tempfile.TemporaryDirectory() as tmp:
        objs = objects(a.obj, Path(tmp))
        defined: dict[str, str] = {}
        needs: dict[str, set[str]] = {}
        for name, o in objs.items():
            d, u = symbols(o)
            for s in d:
                defined[s] = name
            needs[name] = u

    graph: dict[str, dict[str, list[str]]] = {f: {} for f in objs}
    for f, und in needs.items():
        for s in sorted(und):
            g = defined.get(s)
            if g and g != f:
                graph[f].setdefault(g, []).append(s)
    for pair in a.inject:
        f, _, g = pair.partition(":")
        if f not in graph or g not in graph:
            print(f"layers.py: --inject {pair}: no such file", file=sys.stderr)
            return 2
        graph[f].setdefault(g, []).append("(injected)")

    layer: dict[str, str] = {}
    for f in sorted(objs):
        ls = table.layer_of(f)
        if not ls:
            faults.append(f"{f}: in no layer of {a.readme.name}'s table (add it to one)")
        elif len(ls) > 1:
            faults.append(f"{f}: in more than one layer ({', '.join(ls)})")
        else:
            layer[f] = ls[0]
    for n in table.order:
        for g in table.globs[n]:
            if not any(ch in g for ch in "*?[") and g not in objs:
                faults.append(f"table: layer {n} names {g}, which src/ does not hold")

    for f in sorted(graph):
        for g in sorted(graph[f]):
            if f in layer and g in layer and layer[g] != layer[f] and layer[g] not in table.below(layer[f]):
                faults.append(f"{f} ({layer[f]}) calls {g} ({layer[g]}): against the layer order "
                              f"({', '.join(sorted(graph[f][g]))})")
    for c, knot in cycles(graph):
        more = sorted(knot - set(c))
        faults.append("a cycle: " + " -> ".join(c) + (f" (with {', '.join(more)} in the same knot)" if more else ""))
    for f in sorted(needs):
        if f in layer and not table.io[layer[f]]:
            bad = sorted(s for s in needs[f] if io_call(s))
            if bad:
                faults.append(f"{f} ({layer[f]}, no I/O) calls {', '.join(bad)}")

    if a.graph:
        for f in sorted(graph):
            for g in sorted(graph[f]):
                print(f"{f} ({layer.get(f, '?')}) -> {g} ({layer.get(g, '?')}): {' '.join(sorted(graph[f][g]))}")
    if faults:
        for msg in faults:
            print(f"layers: {msg}", file=sys.stderr)
        return 1
    edges = sum(len(v) for v in graph.values())
    print(f"layers: {len(objs)} files in {len(set(layer.values()))} layers, {edges} calls between files, "
          "no cycle, none against the order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
