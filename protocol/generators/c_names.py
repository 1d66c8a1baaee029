"""The C names and text of protocol/generators/c.py: identifiers, the
enumerations (their C declarations and name tables), comments and lines
cut to width."""

from __future__ import annotations

import model

BANNER = model.banner("//", "protocol/generators/c.py")
# C's keywords and C++'s that a header may meet: a protocol name among them gets a `_`.
C_KEYWORDS = set("""auto bool break case char const continue default do double else enum extern float for goto if
inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void
volatile while class new delete this operator template private public""".split())


def ident(name: str) -> str:
    """A protocol name as a C identifier: `-` is `_`, a keyword gets `_` after it."""
    c = name.replace("-", "_")
    return c + "_" if c in C_KEYWORDS else c


def suffix(name: str) -> str:
    """A protocol name after a prefix (`detent_send_<verb>`): no keyword to avoid."""
    return name.replace("-", "_")


def wrap(line: str, width: int = 110) -> str:
    """A declaration cut after a comma, its parameters lined up after the parenthesis."""
    if len(line) <= width or "(" not in line:
        return line
    indent = " " * (line.index("(") + 1)
    out, current = [], ""
    for part in line.split(", "):
        candidate = part if not current else current + ", " + part
        if out and len(indent + candidate) > width or not out and len(candidate) > width and current:
            out.append(current + ",")
            current = part
        else:
            current = candidate
    out.append(current)
    return ("\n" + indent).join(out)


def listed(items: list[str], indent: str = "    ", width: int = 110) -> str:
    """Comma-separated items on as few lines of at most width as they fit."""
    lines, current = [], indent
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if current.strip() and len(current) + 1 + len(piece) > width:
            lines.append(current.rstrip())
            current = indent
        current += ("" if not current.strip() else " ") + piece
    lines.append(current.rstrip())
    return "\n".join(lines)


def head(what: str) -> str:
    return f"{BANNER}/*\n * {what}\n * SPDX-License-Identifier: Apache-2.0\n */\n"


def words(values: tuple[str, ...]) -> str:
    """`a, b or c`."""
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def comment(text: str) -> str:
    return f" /**< {text} */" if text else ""


# A key's enumeration whose type name is taken: detent_motion is a decision's
# motion (detent/client.h). Its constants keep the key's name (DETENT_MOTION_REDUCED).
KEY_TYPES = {"motion": "motion_setting"}
TAKEN = {"detent_connection", "detent_reader", "detent_error_kind", "detent_error", "detent_motion", "detent_geometry",
         "detent_event_type", "detent_event", "detent_state"}


def key_enum(k: model.Key) -> Enum:
    return Enum(k.name, k.values, "default", "left out: the daemon's default", type_name=KEY_TYPES.get(k.name, ""))


class Enum:
    """A C enumeration of protocol names: a reply field's values (from 1),
    a key's values (0: left out), the error codes (0: none, and one past
    the last: a code this library does not know)."""

    def __init__(self, name: str, values: tuple[str, ...], zero: str | None = None, zero_doc: str = "",
                 last: str | None = None, last_doc: str = "", public_name: bool = False, prefix: str = "",
                 expected: str = "", type_name: str = ""):
        self.name, self.values, self.zero, self.zero_doc = name, values, zero, zero_doc
        self.type_name = type_name or name
        self.expected = expected or (words(values) if values else "")
        self.prefix = prefix or f"DETENT_{model.upper(name)}"
        self.last, self.last_doc, self.public_name = last, last_doc, public_name

    @property
    def type(self) -> str:
        return f"detent_{suffix(self.type_name)}"

    def constant(self, value: str) -> str:
        return f"{self.prefix}_{model.upper(value).replace('.', '_')}"

    @property
    def table(self) -> str:
        return f"detent__{suffix(self.name)}_values"

    def declaration(self) -> str:
        lines = []
        if self.zero:
            lines.append(f"    {self.constant(self.zero)} = 0,{comment(self.zero_doc)}")
        for i, value in enumerate(self.values):
            start = " = 1" if i == 0 and not self.zero else ""
            end = "," if i < len(self.values) - 1 or self.last else ""
            lines.append(f"    {self.constant(value)}{start}{end}")
        if self.last:
            lines.append(f"    {self.constant(self.last)}{comment(self.last_doc)}")
        return f"typedef enum {self.type} {{\n" + "\n".join(lines) + f"\n}} {self.type};\n"

    def definition(self) -> str:
        zero = '""' if self.zero is not None and self.last else "NULL"  # the codes: none is ""
        names = listed([zero] + [quoted(v) for v in self.values])
        text = (f"_Static_assert(sizeof({self.type}) == sizeof(int), \"the parser stores enumerations as int\");\n"
                f"static const char *const {suffix(self.name)}_names[] = {{\n{names}\n}};\n"
                f"const detent__enum {self.table} = {{ {suffix(self.name)}_names, {len(self.values) + 1},\n"
                f"{listed([quoted(self.expected)])} }};\n")
        if self.public_name:
            arg = ident(self.name)
            text += (f"const char *detent_{suffix(self.name)}_name({self.type} {arg}) "
                     f"{{ return detent__enum_name(&{self.table}, (unsigned){arg}); }}\n")
        return text


def enums(m: model.Model) -> list[Enum]:
    out = [Enum("code", tuple(e.code for e in m.errors), "none", "", "unknown",
                "a code this library does not know: code_name", expected="a code"),
           Enum("curve", tuple(c.name for c in m.curves), public_name=True)]
    for f in m.reply_fields:
        if f.type == "enum":
            out.append(Enum(f.name, f.values, public_name=True))
    for k in m.keys:
        if k.type == "enum":
            out.append(key_enum(k))
    out.append(Enum("verb", tuple(v.name for v in m.verbs), "none", "no verb", public_name=True))
    names = [e.name for e in out]
    for name in names:
        if names.count(name) > 1:
            raise model.DescriptionError(f"c.py: two enumerations named {name} (a key's and a reply field's)")
    for e in out:
        if e.type in TAKEN:
            raise model.DescriptionError(f"c.py: the enumeration {e.name} would be {e.type}, a type of "
                                         "detent/client.h: name it in c_names.KEY_TYPES")
    return out
