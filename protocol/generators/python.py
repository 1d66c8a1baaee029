"""The Python client's tables (clients/python/detent), generated from the
protocol description: the enumerated values, one dataclass per reply kind,
one request builder per verb and the verbs as methods of both clients.
The hand-written modules keep the I/O, the parser and the motion math."""

from __future__ import annotations

import keyword

import model

DIR = "clients/python/detent"
GENERATOR = "protocol/generators/python.py"
WIDTH = 110

# How each reply field type is held and read (`_base.Kind`).
FIELD_TYPES = {"whole": ("int", "INT"), "number": ("float", "NUM"), "token": ("str", "STR"),
               "text": ("str", "STR"), "tokens": ("list[str]", "STRS"), "id": ("Id", "ID")}
# The enumeration of the field types whose values the model lists elsewhere.
ENUM_OF_TYPE = {"code": "ErrorCode", "curve": "Curve"}
KEY_TYPES = {"number": "Number", "whole": "int", "token": "str", "text": "str", "id": "Id",
             "numbers": "Sequence[Number]", "boolean": "bool", "enum": "str"}


def outputs(m: model.Model) -> dict[str, str]:
    return {f"{DIR}/_values.py": values(m), f"{DIR}/replies.py": replies(m), f"{DIR}/_requests.py": requests(m)}


# -- helpers ----------------------------------------------------------------

def py(name: str) -> str:
    """A protocol name as a Python identifier: `from` -> `from_`, `a-b` -> `a_b`."""
    name = name.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


def fill(head: str, parts: list[str], tail: str, indent: int | None = None) -> list[str]:
    """`head` + parts joined by ", " + `tail`, wrapped at WIDTH; continuation
    lines are indented to `indent` (default: under the first part)."""
    pad = " " * (len(head) if indent is None else indent)
    lines, line = [], head
    for i, part in enumerate(parts):
        piece = part + (", " if i < len(parts) - 1 else tail)
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip() not in ("", head.strip()):
            lines.append(line.rstrip())
            line = pad
        line += piece
    if not parts:
        line += tail
    lines.append(line)
    return lines


def documented(line: str, doc: str, indent: str) -> list[str]:
    """A line and its doc after it, as an attribute docstring."""
    return [line, f'{indent}"""{doc}"""'] if doc else [line]


def strings(names: list[str]) -> str:
    """A Python list or tuple's items, double-quoted."""
    return ", ".join(f'"{n}"' for n in names)


def module(doc: str, body: list[str]) -> str:
    head = model.banner("#", GENERATOR) + f'"""{doc}"""\n\nfrom __future__ import annotations\n'
    return head + "\n".join(body).rstrip() + "\n"


def enum_class(f: model.Field) -> str | None:
    """The enumeration a reply field's values belong to, if any."""
    if f.type == "enum":
        return model.pascal(f.name)
    return ENUM_OF_TYPE.get(f.type)


def reply_class(m: model.Model, r: model.Reply) -> str:
    """The dataclass of a reply kind; a refusal's (the reply with an error
    code) ends in Reply, so that it does not read as an exception."""
    name = model.pascal(r.name)
    return name + "Reply" if any(f.type == "code" for f in r.fields) else name


# -- _values.py ---------------------------------------------------------------

def values(m: model.Model) -> str:
    body = ["", "from ._base import OpenEnum", "", f"__all__ = [{strings(all_of(m))}]"]

    def enum(name: str, doc: str, members: list[tuple[str, str]]) -> None:
        body.extend(["", "", f"class {name}(OpenEnum):", f'    """{doc}"""', ""])
        for value, note in members:
            body.extend(documented(f'    {model.upper(value)} = "{value}"', note, "    "))

    for f in m.reply_fields:
        if f.type == "enum":
            where = next(r.name for r in m.replies if f in r.fields)
            doc = f"The `{f.name}` of a {where} reply" + (f": {f.doc}." if f.doc else ".")
            enum(model.pascal(f.name), doc, [(v, "") for v in f.values])
    curve = ENUM_OF_TYPE["curve"]
    enum(curve, 'The curves of a decision\'s motion (detent-protocol(7), "Motion").',
         [(c.name, c.doc) for c in m.curves])
    enum(ENUM_OF_TYPE["code"], 'Every code of detent-protocol(7), "Errors".', [(e.code, e.doc) for e in m.errors])
    body += ["", "", "CURVE_FIELDS: dict[str, tuple[str, ...]] = {"]
    for c in m.curves:
        fields = strings([py(n) for n in c.fields]) + ("," if len(c.fields) == 1 else "")
        body.append(f"    {curve}.{model.upper(c.name)}: ({fields}),")
    body += ["}", '"""The fields (attribute names) a decision carries with each curve."""']
    return module("The protocol's enumerated values, each an OpenEnum: a value a newer\n"
                  "daemon sends is kept as its text.", body)


def all_of(m: model.Model) -> list[str]:
    return [model.pascal(f.name) for f in m.reply_fields if f.type == "enum"] + list(ENUM_OF_TYPE.values())


# -- replies.py ---------------------------------------------------------------

def replies(m: model.Model) -> str:
    pushed = {p.reply.name for p in m.pushes}
    classes = [reply_class(m, r) for r in m.replies]
    mixins = [name for name, used in (("Moving", any(f.group == "motion" for f in m.reply_fields)),
                                      ("Pushed", bool(pushed))) if used]
    body = ["", "from dataclasses import dataclass", "from typing import Any, Union", "",
            "from ._base import Id, Kind, reply_field"]
    if mixins:
        body.append(f"from ._mixins import {', '.join(mixins)}")
    body += [f"from ._values import {', '.join(sorted(all_of(m)))}", "",
             *fill("__all__ = [", [f'"{n}"' for n in classes + ["Reply"]], "]")]
    for r, name in zip(m.replies, classes):
        bases = [b for b, used in (("Moving", any(f.group == "motion" for f in r.fields)),
                                   ("Pushed", r.name in pushed)) if used]
        body += ["", "", "@dataclass(frozen=True, kw_only=True, slots=True)",
                 f"class {name}{'(' + ', '.join(bases) + ')' if bases else ''}:", f'    """{r.doc}"""', ""]
        for f in r.fields:
            doc = f.doc or (f"with the {f.curve} curve only" if f.curve else "")
            body.extend(documented("    " + reply_attribute(f), doc, "    "))
    body += ["", ""] + fill("Reply = Union[", classes, "]", 4)
    body += ['"""Any reply of the daemon."""', "", "REPLY_TYPES: dict[str, type[Any]] = {"]
    body += [f'    "{r.name}": {name},' for r, name in zip(m.replies, classes)]
    body += ["}", '"""Reply kind to its dataclass."""', "",
             "VERB_OF: dict[type[Any], str] = {cls: kind for kind, cls in REPLY_TYPES.items()}"]
    return module("The daemon's replies as values, one dataclass per reply kind of\n"
                  "detent-protocol(7). Attribute names are the protocol's field names (`from`\n"
                  "becomes `from_`), the same fields libdetent's structs hold, so a conformance\n"
                  "test can turn any of them back into the line's fields. Each field's metadata\n"
                  "says how the wire spells it and how it is read; `protocol.parse_reply` reads\n"
                  "that and nothing else.", body)


def reply_attribute(f: model.Field) -> str:
    values = enum_class(f)
    kind = "ENUM" if values else FIELD_TYPES[f.type][1]
    held = f"{values} | str" if values else FIELD_TYPES[f.type][0]
    options = [f"Kind.{kind}"]
    if py(f.name) != f.name:
        options.append(f'wire="{f.name}"')
    if values:
        options.append(f"values={values}")
    optional = not f.always
    if optional:
        options.append("optional=True")
        held += " | None"
    return f"{py(f.name)}: {held} = reply_field({', '.join(options)})"


# -- _requests.py -------------------------------------------------------------

def requests(m: model.Model) -> str:
    names = [py(v.name) for v in m.verbs]
    used = sorted({reply_class(m, r) for v in m.verbs for r in v.replies})
    ids = any(k.type == "id" for v in m.verbs for k in v.keys)
    body = ["", "from collections.abc import Callable, Mapping, Sequence", "from typing import Any", "",
            "from . import _methods", *(["from ._base import Id"] if ids else []),
            "from ._lines import Number, Request", *fill("from .replies import ", used, ""), "",
            *fill("__all__ = [", [f'"{n}"' for n in ["COMMANDS", *names]], "]", 11)]
    for v in m.verbs:
        body += ["", ""] + builder(m, v)
    body += ["", "", "COMMANDS: Mapping[str, Callable[..., Request[Any]]] = {"]
    body += fill("    ", [f'"{v.name}": {py(v.name)}' for v in m.verbs], ",", 4)
    body += ["}", '"""Every verb of detent-protocol(7) and the function that builds it."""']
    for cls, wrap, owner in (("BlockingVerbs", "blocking", "the blocking Client"),
                             ("AsyncVerbs", "asynchronous", "the asyncio AsyncClient")):
        body += ["", "", f"class {cls}:",
                 f'    """Every verb as a method of {owner}: the request sent, its reply returned."""', ""]
        body += [f"    {n} = _methods.{wrap}({n})" for n in names]
    body.append("")
    return module("The requests of detent-protocol(7): one builder per verb, the command\n"
                  "table, and the verbs as methods of both clients.", body)


def builder(m: model.Model, v: model.Verb) -> list[str]:
    """A verb's builder: its own keys positional (a needed one after an
    optional one keyword-only), a group's keys keyword-only; None leaves a
    key out."""
    params: list[str] = []
    star = optional = False
    for key in v.own_keys + tuple(k for g in v.groups for k in g.keys):
        needed = v.needs_key(key)
        if not star and (key not in v.own_keys or needed and optional):
            params.append("*")
            star = True
        optional = optional or not needed
        annotation = KEY_TYPES[key.type]
        params.append(f"{py(key.name)}: {annotation}" if needed else f"{py(key.name)}: {annotation} | None = None")
    classes = [reply_class(m, r) for r in v.replies]
    reply = classes[0] if len(classes) == 1 else "(" + ", ".join(classes) + ")"
    fields = [f'("{k.name}", {py(k.name)})' for k in v.keys]
    lines = fill(f"def {py(v.name)}(", params, f") -> Request[{' | '.join(classes)}]:")
    lines.append(f'    """{v.doc}"""')
    if not fields:
        lines.append(f'    return Request("{v.name}", (), {reply})')
    elif len(fields) == 1:
        lines.append(f'    return Request("{v.name}", ({fields[0]},), {reply})')
    else:
        lines += fill(f'    return Request("{v.name}", (', fields, f"), {reply})")
    return lines
