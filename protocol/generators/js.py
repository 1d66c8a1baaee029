"""The js files generated from the protocol description:
clients/js/protocol.js, the tables detent.js checks requests and reads
replies by. Generic: it spells no verb, key or reply kind; only what each
type and rule of the model means in JavaScript."""

from __future__ import annotations

import json
import re

import model

PATH = "clients/js/protocol.js"
GENERATOR = "protocol/generators/js.py"
WIDTH = 110

# What a JSON value of each type is: (words for a refusal, predicate of the
# value and the key's or field's values).
KEY_TYPES = {
    "number": ("a finite number", "finite"),
    "whole": ("a whole number", "(v) => Number.isInteger(v)"),
    "token": ("a session name (1 to 64 of A-Z a-z 0-9 . _ -)",
              "(v) => typeof v === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(v)"),
    "text": ("a string", "(v) => typeof v === 'string'"),
    "id": ("a string or a number", "(v) => typeof v === 'string' || finite(v)"),
    "numbers": ("an array of finite numbers", "(v) => Array.isArray(v) && v.every(finite)"),
    "boolean": ("true, false, 0 or 1", "(v) => v === true || v === false || v === 0 || v === 1"),
    "enum": ("one of", "oneOf"),
}
FIELD_TYPES = {
    "whole": ("a whole number", "(v) => Number.isInteger(v)"),
    "number": ("a finite number", "finite"),
    "token": ("a string", "(v) => typeof v === 'string'"),
    "tokens": ("an array of strings", "(v) => Array.isArray(v) && v.every((e) => typeof e === 'string')"),
    "text": ("a string", "(v) => typeof v === 'string'"),
    "id": ("a string or a number", "(v) => typeof v === 'string' || finite(v)"),
    "enum": ("one of", "oneOf"),
    "code": ("one of", "oneOf"),
    "curve": ("one of", "oneOf"),
}
# Each rule of model.RULES as a predicate; None: only the daemon can judge
# it (it reads its config).
RULES = {
    "> 0": "(n) => n > 0",
    ">= 0": "(n) => n >= 0",
    "0 or >= 1": "(n) => n === 0 || n >= 1",
    "each > 0": "(list) => list.every((n) => n > 0)",
    "<= limits.maxItems": None,
}


def q(text: str) -> str:
    """A JS string: JSON's, single-quoted unless it holds a quote."""
    quoted = json.dumps(text)
    if "'" in text:
        return quoted
    return "'" + quoted[1:-1].replace('\\"', '"') + "'"


def one_line(doc: str) -> str:
    """A doc as one comment line."""
    return " ".join(doc.split())


def prop(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else q(name)


def names(items) -> list[str]:
    """A list of names, as `value` of `entry` (wrapped when long)."""
    return [q(n) for n in items]


def value(v: str | list[str]) -> str:
    return v if isinstance(v, str) else "[" + ", ".join(v) + "]"


def obj(pairs: list[tuple[str, str | list[str]]]) -> str:
    return "{ " + ", ".join(f"{prop(k)}: {value(v)}" for k, v in pairs) + " }" if pairs else "{}"


def wrapped(indent: str, items: list[str]) -> list[str]:
    """Comma-separated items, as many a line as fit."""
    lines, line = [], indent
    for item in items:
        if line != indent and len(line) + len(item) + 2 > WIDTH:
            lines.append(line.rstrip())
            line = indent
        line += item + ", "
    return lines + [line.rstrip()]


def member(indent: str, name: str, v: str | list[str], tail: str = "") -> list[str]:
    """`name: value,`, a long list one line of items after another."""
    line = f"{indent}{prop(name)}: {value(v)},"
    if len(line) <= WIDTH or isinstance(v, str):
        return [line + tail]
    return [f"{indent}{prop(name)}: [{tail}"] + wrapped(indent + "  ", v) + [f"{indent}],"]


def entry(indent: str, name: str, pairs: list[tuple[str, str | list[str]]], doc: str = "") -> list[str]:
    """`name: { ... },` on one line when it fits (its doc after it, else
    above), else one member a line."""
    line, doc = f"{indent}{prop(name)}: {obj(pairs)},", one_line(doc)
    if doc and len(line) + len(doc) + 4 <= WIDTH:
        return [f"{line} // {doc}"]
    above = [f"{indent}// {doc}"] if doc else []
    if len(line) <= WIDTH:
        return above + [line]
    members = [x for k, v in pairs for x in member(indent + "  ", k, v)]
    return above + [f"{indent}{prop(name)}: {{", *members, f"{indent}}},"]


def comment(doc: str) -> list[str]:
    """A JSDoc comment, wrapped."""
    if len(doc) + 7 <= WIDTH:
        return [f"/** {doc} */"]
    words, lines, line = doc.split(), [], " *"
    for word in words:
        if len(line) + len(word) + 1 > WIDTH - 30:
            lines.append(line)
            line = " *"
        line += " " + word
    return ["/**", *lines, line, " */"]


def table(name: str, doc: str, body: list[str]) -> list[str]:
    return ["", *comment(doc), f"export const {name} = {{", *body, "};"]


def types(name: str, doc: str, known: dict[str, tuple[str, str]], described: set[str]) -> list[str]:
    if set(known) != described:
        raise SystemExit(f"{GENERATOR}: types {sorted(described ^ set(known))}: say what they are in JS")
    return table(name, doc, [line for t, (words, test) in known.items()
                             for line in entry("  ", t, [("words", q(words)), ("is", test)])])


def key_entry(key: model.Key) -> list[str]:
    pairs: list[tuple[str, str | list[str]]] = [("type", q(key.type))]
    if key.values:
        pairs.append(("values", names(key.values)))
    doc = key.doc
    if key.rule is not None:
        if key.rule not in RULES:
            raise SystemExit(f"{GENERATOR}: rule {key.rule!r} of {key.name}: say what it means in JavaScript")
        if RULES[key.rule] is None:
            doc += f" ({key.rule}: the daemon's to check)"
        else:
            pairs += [("rule", RULES[key.rule]), ("problem", q(key.problem))]
    return entry("  ", key.name, pairs, doc)


def field_entry(m: model.Model, indent: str, f: model.Field) -> list[str]:
    pairs: list[tuple[str, str | list[str]]] = [("type", q(f.type))]
    if f.always:
        pairs.append(("always", "true"))
    if m.enum_values(f):
        pairs.append(("values", names(m.enum_values(f))))
    if f.curve:
        pairs.append(("curve", q(f.curve)))
    if m.optional_with_curve(f):
        pairs.append(("optional", "true"))
    if f.group:
        pairs.append(("group", q(f.group)))
    return entry(indent, f.name, pairs, f.doc)


def verb_entry(verb: model.Verb) -> list[str]:
    pairs = [("scope", q(verb.scope)), ("takes", names(k.name for k in verb.keys)),
             ("needs", names(k.name for k in verb.needs)), ("replies", names(r.name for r in verb.replies))]
    return entry("  ", verb.name, pairs, verb.doc)


def module(m: model.Model) -> str:
    out = model.banner("//", GENERATOR).splitlines() + [
        "//",
        "// detent-protocol(7) as tables: what each verb takes and needs, each",
        "// key's type and rule, each reply kind's fields. detent.js checks a",
        "// request and reads a reply by them; a page may read them too.",
        "",
        "const finite = (v) => typeof v === 'number' && Number.isFinite(v);",
        "const oneOf = (v, values) => values.includes(v);",
    ]
    out += types("KEY_TYPES", "What a request key's JSON value is, by the key's type: `is(value, values)`.",
                 KEY_TYPES, model.KEY_TYPES)
    out += types("FIELD_TYPES", "What a reply field's JSON value is, by the field's type: `is(value, values)`.",
                 FIELD_TYPES, model.FIELD_TYPES)
    out += table("KEYS", "Each request key: its type, an enumeration's values, and a rule the client can check "
                 "with the words of its refusal.", [line for k in m.keys for line in key_entry(k)])
    out += table("GROUPS", "Keys a verb takes together.", [
        line for g in m.groups for line in member("  ", g.name, names(k.name for k in g.keys), f" // {one_line(g.doc)}")])
    out += table("TOGETHER", "Pairs of a group's keys given both or neither (missing-key names the absent one).", [
        f"  {prop(g.name)}: [{', '.join(value(names((a.name, b.name))) for a, b in g.together)}],"
        for g in m.groups])
    out += table("VERBS", "Each verb: its scope, the keys it takes (groups expanded; every verb takes id "
                 "too) and needs, and its reply kinds (error aside).", [x for v in m.verbs for x in verb_entry(v)])
    out += table("REPLIES", "Each reply kind's fields: type, `always` (else optional), an enumeration's "
                 "values, the curve a parameter is of, `group`.", [
                     line for r in m.replies for line in [f"  // {one_line(r.doc)}", f"  {prop(r.name)}: {{"]
                     + [x for f in r.fields for x in field_entry(m, "    ", f)] + ["  },"]])
    out += table("MOTION", "The fields of a decision's motion (group motion), as in the reply kinds "
                 "that hold them.",
                 [line for f in m.reply_fields if f.group == "motion" for line in field_entry(m, "  ", f)])
    out += table("CURVES", 'Each motion curve: the fields it adds (detent-protocol(7), "Motion").', [
        line for c in m.curves for line in [f"  // {one_line(c.doc)}", *member("  ", c.name, names(c.fields))]])
    out += table("PUSHES", "The reply kinds the daemon sends unasked (without id), with what they are.", [
        f"  {prop(p.reply.name)}: {q(p.doc)}," for p in m.pushes])
    out += table("ERRORS", "Each error code, with what it means.", [
        f"  {prop(e.code)}: {q(e.doc)}," for e in m.errors])
    return "\n".join(out) + "\n"


def outputs(m: model.Model) -> dict[str, str]:
    return {PATH: module(m)}
