"""The protocol description (detent-protocol.json) read and checked: every
name it refers to exists, every type is known. Each generator reads this
model, never the JSON itself, so a mistake in the file is caught once,
with the path of the entry that holds it."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

DESCRIPTION = Path(__file__).with_name("detent-protocol.json")
KEY_TYPES = {"number", "whole", "token", "text", "id", "numbers", "boolean", "enum"}
FIELD_TYPES = {"whole", "number", "token", "tokens", "text", "id", "enum", "code", "curve"}
# Rules a key may state, by type; each generator knows what each means.
RULES = {
    "number": {"> 0", ">= 0", "0 or >= 1"},
    "whole": {"<= limits.maxItems"},
    "numbers": {"each > 0"},
}
SCOPES = {"connection", "session"}
SESSION_KEY = "s"
"""The key (and reply field) that names a session: bindings may call it
`session`."""
NAME = re.compile(r"[a-z][a-z0-9_-]*$")


class DescriptionError(Exception):
    """A mistake in the description, with where it is."""


@dataclass(frozen=True)
class Key:
    name: str
    type: str
    doc: str
    values: tuple[str, ...] = ()
    rule: str | None = None
    refusal: str | None = None
    group: str | None = None

    @property
    def problem(self) -> str | None:
        """The words of a refusal by its rule (`must be > 0`, ...)."""
        if self.refusal:
            return self.refusal
        return f"must be {self.rule}" if self.rule else None


@dataclass(frozen=True)
class Group:
    name: str
    keys: tuple[Key, ...]
    doc: str
    together: tuple[tuple[Key, Key], ...] = ()
    """Pairs of its keys given both or neither (`missing-key` names the
    one absent)."""


@dataclass(frozen=True)
class Verb:
    name: str
    scope: str
    doc: str
    items: tuple[Key | Group, ...]
    """What it takes, as the description lists it: keys and groups."""
    needs: tuple[Key, ...]
    replies: tuple["Reply", ...]

    @property
    def keys(self) -> tuple[Key, ...]:
        """Every key it takes but `id`, groups expanded, in order."""
        out: list[Key] = []
        for item in self.items:
            out += item.keys if isinstance(item, Group) else [item]
        return tuple(out)

    @property
    def groups(self) -> tuple[Group, ...]:
        return tuple(item for item in self.items if isinstance(item, Group))

    @property
    def own_keys(self) -> tuple[Key, ...]:
        """The keys it takes that are in no group."""
        return tuple(item for item in self.items if isinstance(item, Key))

    def needs_key(self, key: Key) -> bool:
        return key in self.needs

    @property
    def names_session(self) -> bool:
        return bool(self.items) and isinstance(self.items[0], Key) and self.items[0].name == SESSION_KEY


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    doc: str
    always: bool = False
    values: tuple[str, ...] = ()
    curve: str | None = None
    """The curve whose parameter it is (`rate` of `decay`)."""
    group: str | None = None
    """`motion` for the fields of a decision's motion (detent-protocol(7),
    "Motion"): clients gather them in their motion type."""


@dataclass(frozen=True)
class Reply:
    name: str
    doc: str
    fields: tuple[Field, ...]

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class Curve:
    name: str
    fields: tuple[str, ...]
    doc: str
    optional: tuple[str, ...] = ()
    """Its fields a decision may leave out (`aim` of `brake`)."""


@dataclass(frozen=True)
class ErrorCode:
    code: str
    doc: str


@dataclass(frozen=True)
class Push:
    reply: Reply
    doc: str


@dataclass
class Model:
    version: int
    doc: str
    keys: list[Key] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    verbs: list[Verb] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)
    pushes: list[Push] = field(default_factory=list)
    curves: list[Curve] = field(default_factory=list)
    errors: list[ErrorCode] = field(default_factory=list)

    def key(self, name: str) -> Key:
        return next(k for k in self.keys if k.name == name)

    def reply(self, name: str) -> Reply:
        return next(r for r in self.replies if r.name == name)

    def verb(self, name: str) -> Verb:
        return next(v for v in self.verbs if v.name == name)

    @property
    def reply_fields(self) -> list[Field]:
        """Every reply field once, by name, in order of first appearance
        (a name has one type wherever it appears)."""
        seen: dict[str, Field] = {}
        for reply in self.replies:
            for f in reply.fields:
                seen.setdefault(f.name, f)
        return list(seen.values())

    def optional_with_curve(self, f: Field) -> bool:
        """A curve's field its decisions may leave out (its curve's `optional`)."""
        return any(c.name == f.curve and f.name in c.optional for c in self.curves)

    def enum_values(self, f: Field) -> tuple[str, ...]:
        """The values of an enumerated reply field."""
        if f.type == "code":
            return tuple(e.code for e in self.errors)
        if f.type == "curve":
            return tuple(c.name for c in self.curves)
        return f.values


def _require(condition: bool, where: str, problem: str) -> None:
    if not condition:
        raise DescriptionError(f"{DESCRIPTION.name}: {where}: {problem}")


def _unique(names: list[str], where: str) -> None:
    for name in names:
        _require(names.count(name) == 1, where, f'"{name}" is listed twice')


def load(path: Path = DESCRIPTION) -> Model:
    """The model of the description at `path`, checked."""
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise DescriptionError(f"{path}: {error}") from None
    model = Model(version=raw["version"], doc=raw["doc"])
    for key_types in ("keyTypes", "fieldTypes"):
        _require(set(raw[key_types]) == (KEY_TYPES if key_types == "keyTypes" else FIELD_TYPES - {"code", "curve"}),
                 key_types, "must describe exactly the types the generators know")

    group_of: dict[str, str] = {}
    for i, g in enumerate(raw["groups"]):
        for name in g["keys"]:
            group_of[name] = g["name"]
    for i, k in enumerate(raw["keys"]):
        where = f"keys[{i}] ({k.get('name')})"
        _require(NAME.match(k["name"]) is not None, where, "a key is [a-z][a-z0-9_-]*")
        _require(k["type"] in KEY_TYPES, where, f"unknown type {k['type']!r}; one of {sorted(KEY_TYPES)}")
        _require((k["type"] == "enum") == bool(k.get("values")), where, "values exactly for an enum")
        rule = k.get("rule")
        _require(rule is None or rule in RULES.get(k["type"], set()), where,
                 f"unknown rule {rule!r} for a {k['type']}; known: {sorted(RULES.get(k['type'], set()))}")
        _require("refusal" not in k or rule is not None, where, "a refusal needs a rule")
        model.keys.append(Key(k["name"], k["type"], k["doc"], tuple(k.get("values", ())), rule, k.get("refusal"),
                              group_of.get(k["name"])))
    _unique([k.name for k in model.keys], "keys")
    names = {k.name: k for k in model.keys}
    for i, g in enumerate(raw["groups"]):
        where = f"groups[{i}] ({g['name']})"
        _require(g["name"] not in names, where, "a group may not share a key's name")
        for name in g["keys"]:
            _require(name in names, where, f'no key "{name}"')
        pairs = []
        for pair in g.get("together", []):
            _require(len(pair) == 2 and all(n in g["keys"] for n in pair), where, f"together: {pair} is not two of its keys")
            pairs.append((names[pair[0]], names[pair[1]]))
        model.groups.append(Group(g["name"], tuple(names[n] for n in g["keys"]), g["doc"], tuple(pairs)))
    groups = {g.name: g for g in model.groups}

    for i, r in enumerate(raw["replies"]):
        where = f"replies[{i}] ({r['name']})"
        fields = []
        for j, f in enumerate(r["fields"]):
            fw = f"{where}.fields[{j}] ({f['name']})"
            _require(f["type"] in FIELD_TYPES, fw, f"unknown type {f['type']!r}; one of {sorted(FIELD_TYPES)}")
            _require((f["type"] == "enum") == bool(f.get("values")), fw, "values exactly for an enum")
            _require(not (f.get("always") and f.get("curve")), fw, "a curve's field is there with its curve only")
            _require(f.get("group") in (None, "motion"), fw, "the only field group is motion")
            fields.append(Field(f["name"], f["type"], f.get("doc", ""), bool(f.get("always")),
                                tuple(f.get("values", ())), f.get("curve"), f.get("group")))
        _unique([f.name for f in fields], where)
        _require(any(f.name == "id" and f.type == "id" and not f.always for f in fields), where,
                 "every reply may carry the request's id")
        model.replies.append(Reply(r["name"], r["doc"], tuple(fields)))
    _unique([r.name for r in model.replies], "replies")
    replies = {r.name: r for r in model.replies}
    _require("error" in replies, "replies", "an error reply is required")
    by_name: dict[str, Field] = {}
    for reply in model.replies:
        for f in reply.fields:
            other = by_name.setdefault(f.name, f)
            _require((other.type, other.values) == (f.type, f.values), f"replies ({reply.name}.{f.name})",
                     f"a field has one type wherever it appears ({other.type} elsewhere)")

    for i, c in enumerate(raw["curves"]):
        where = f"curves[{i}] ({c['name']})"
        model.curves.append(Curve(c["name"], tuple(c["fields"]), c["doc"], tuple(c.get("optional", ()))))
        _unique(list(c["fields"]) + list(c.get("optional", ())), where)
        for name in list(c["fields"]) + list(c.get("optional", ())):
            f = by_name.get(name)
            _require(f is not None and f.curve == c["name"], where, f'"{name}" must be a reply field with curve "{c["name"]}"')
    _unique([c.name for c in model.curves], "curves")
    for f in by_name.values():
        _require(f.curve is None or any(c.name == f.curve and f.name in c.fields + c.optional for c in model.curves),
                 f"field {f.name}", f"no curve {f.curve} lists it")

    for i, e in enumerate(raw["errors"]):
        _require(NAME.match(e["code"]) is not None, f"errors[{i}]", "a code is [a-z][a-z0-9-]*")
        model.errors.append(ErrorCode(e["code"], e["doc"]))
    _unique([e.code for e in model.errors], "errors")

    for i, v in enumerate(raw["verbs"]):
        where = f"verbs[{i}] ({v['name']})"
        _require(NAME.match(v["name"]) is not None, where, "a verb is [a-z][a-z0-9_-]*")
        _require(v["scope"] in SCOPES, where, f"scope is one of {sorted(SCOPES)}")
        items: list[Key | Group] = []
        for name in v["takes"]:
            _require(name in names or name in groups, where, f'takes "{name}": no such key or group')
            _require(name != "id", where, "every verb takes id: do not list it")
            items.append(names[name] if name in names else groups[name])
        verb_replies = []
        for name in v["replies"]:
            _require(name in replies and name != "error", where, f'replies "{name}": no such reply (error is implied)')
            verb_replies.append(replies[name])
        needs = []
        for name in v.get("needs", []):
            _require(name in names, where, f'needs "{name}": no such key')
            needs.append(names[name])
        verb = Verb(v["name"], v["scope"], v["doc"], tuple(items), tuple(needs), tuple(verb_replies))
        for key in needs:
            _require(key in verb.keys, where, f'needs "{key.name}", which it does not take')
        _unique([k.name for k in verb.keys], where)
        _require(v["scope"] != "session" or verb.names_session, where, "a session verb takes s first")
        _require(not verb.names_session or names["s"] in needs, where, "a verb that takes s needs it")
        model.verbs.append(verb)
    _unique([v.name for v in model.verbs], "verbs")

    for i, p in enumerate(raw["pushes"]):
        _require(p["reply"] in replies, f"pushes[{i}]", f'no reply "{p["reply"]}"')
        model.pushes.append(Push(replies[p["reply"]], p["doc"]))
    return model


# Helpers the generators share.

def camel(name: str) -> str:
    """`bad-line` -> `badLine`, `too_many` -> `tooMany`."""
    head, *rest = re.split(r"[-_]", name)
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def pascal(name: str) -> str:
    c = camel(name)
    return c[:1].upper() + c[1:]


def upper(name: str) -> str:
    """`bad-line` -> `BAD_LINE`."""
    return re.sub(r"[-]", "_", name).upper()


def banner(comment: str, generator: str) -> str:
    """The first lines of a generated file, in the language's comment."""
    return (f"{comment} Generated from protocol/detent-protocol.json by protocol/generate\n"
            f"{comment} ({generator}); do not edit: change the description and run protocol/generate.\n")
