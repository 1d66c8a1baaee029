"""libdetent's tables, generated from the protocol description: the
enumerations and their names, the reply structs and the field tables the
reply parser reads (clients/c/src/reply.c), and a queued and a blocking
request function per verb, in two files of two layers (clients/c/README.md,
"Layers"): send.c over the socket, calls.c over the blocking calls. The
hand-written library keeps the I/O, the parser's mechanics, the geometry
writer and the motion math."""

from __future__ import annotations

import model

from .c_names import Enum, comment, enums, head, ident, key_enum, quoted, suffix, wrap

PUBLIC = "clients/c/include/detent"
SOURCES = "clients/c/src"


def enum_of(f: model.Field) -> str:
    return "code" if f.type == "code" else "curve" if f.type == "curve" else f.name


def reply_kind(reply: model.Reply) -> str:
    return f"DETENT_REPLY_{model.upper(reply.name)}"


def protocol_h(m: model.Model) -> str:
    kinds = Enum("reply_kind", tuple(r.name for r in m.replies), "none", prefix="DETENT_REPLY")
    out = [head("detent/protocol.h: the enumerations of detent-protocol(7) (included by detent/client.h)."),
           "#ifndef DETENT_PROTOCOL_H\n#define DETENT_PROTOCOL_H\n\n#ifndef DETENT_API\n"
           "#error \"include <detent/client.h>, not <detent/protocol.h>\"\n#endif\n\n",
           "/** The codes of detent-protocol(7), \"Errors\". */\n", enums(m)[0].declaration(), "\n",
           "/** The replies of detent-protocol(7), by their verb. */\n", kinds.declaration()]
    for e in enums(m)[1:]:
        out += ["\n", e.declaration()]
    out.append("\n")
    for e in enums(m):
        if e.public_name:
            out.append(f"DETENT_API const char *detent_{suffix(e.name)}_name({e.type} {ident(e.name)});\n")
    out.append("\n#endif\n")
    return "".join(out)


# ------------------------------------------------------------------ replies

def members(f: model.Field) -> list[tuple[str, str, str]]:
    """The (type, member, doc) of a reply field in its struct."""
    name = ident(f.name)
    doc = " ".join(part for part in (f.doc, f"({f.name}: a C keyword)" if name != f.name else "") if part)
    if f.type == "tokens":
        return [("const char *const *", name, doc), ("size_t ", f"{name}_len", "")]
    if f.type == "code":
        return [(f"detent_{enum_of(f)} ", name, doc), ("const char *", f"{name}_name", "as the daemon wrote it")]
    c_type = {"whole": "int64_t ", "number": "double ", "token": "const char *", "text": "const char *",
              "enum": f"detent_{suffix(f.name)} ", "curve": "detent_curve "}[f.type]
    return [(c_type, name, doc)]


def has_flag(f: model.Field) -> bool:
    return not f.always and not f.curve


def own_fields(reply: model.Reply) -> list[model.Field]:
    return [f for f in reply.fields if f.type != "id"]


def reply_struct(reply: model.Reply) -> str:
    lines, group_done = [], set()
    for f in own_fields(reply):
        if f.group:
            if f.group not in group_done:
                lines.append(f"    detent_{suffix(f.group)} {ident(f.group)};")
                group_done.add(f.group)
            continue
        if has_flag(f):
            lines.append(f"    bool has_{suffix(f.name)};")
        for c_type, name, doc in members(f):
            lines.append(f"    {c_type}{name};{comment(doc)}")
    name = f"detent_{suffix(reply.name)}_reply"
    return f"/** {reply.doc} */\ntypedef struct {name} {{\n" + "\n".join(lines) + f"\n}} {name};\n"


def typed(m: model.Model) -> list[model.Reply]:
    """The replies that carry more than an id: those with a struct."""
    return [r for r in m.replies if own_fields(r)]


# ----------------------------------------------------------------- requests

def group_param(g: model.Group) -> str:
    return ident(g.name[0])


def key_c(k: model.Key, needed: bool) -> tuple[list[str], str]:
    """A key a verb takes: its C parameters and the statement that puts it on the line.
    An optional text or list is left out when NULL, an optional number when NaN."""
    name, key = ident(k.name), quoted(k.name)
    optional = (lambda write: write) if needed else (lambda write: f"if ({name}) {write}")
    if k.type in ("token", "text", "id"):
        return [f"const char *{name}"], optional(f"detent__line_str(&l, {key}, {name});")
    if k.type == "number" or (k.type == "whole" and not needed):
        return [f"double {name}"], f"detent__line_{'num' if needed else 'opt'}(&l, {key}, {name});"
    if k.type == "whole":
        return [f"int64_t {name}"], f"detent__line_int(&l, {key}, {name});"
    if k.type == "numbers":
        return ([f"const double *{name}", f"size_t {name}_len"],
                optional(f"detent__line_list(&l, {key}, {name}, {name}_len);"))
    if k.type == "boolean":
        value = f"{name} ? \"1\" : \"0\"" if needed else "\"1\""
        return [f"bool {name}"], optional(f"detent__line_str(&l, {key}, {value});")
    e = key_enum(k)
    return [f"{e.type} {name}"], f"detent__line_enum(&l, {key}, &{e.table}, {name}, {int(needed)});"


# What each verb took in each release of libdetent.so.1 where it takes more
# now, oldest first: the functions of each keep those parameters (a program
# built against them still builds, links and runs, the newer keys left out),
# named detent_<verb>, detent_<verb>2, ..., and the next number takes them
# all (open3 and layout3 added swipes after open2's motion, open4 moved).
SHIPPED = {
    "open": [("s", "plugin", "geometry"), ("s", "plugin", "geometry", "motion"),
             ("s", "plugin", "geometry", "motion", "swipes")],
    "layout": [("s", "geometry"), ("s", "geometry", "motion")],
}


class Function:
    """A request function pair: a verb with the items it takes in C."""

    def __init__(self, verb: model.Verb, name: str, items: tuple[model.Key | model.Group, ...]):
        self.verb, self.name, self.items = verb, name, items


def functions(m: model.Model) -> list[Function]:
    out = []
    for v in m.verbs:
        versions = SHIPPED.get(v.name, [])
        for n, shipped in enumerate(versions):
            items = tuple(i for i in v.items if i.name in shipped)
            if tuple(i.name for i in items) != shipped or len(items) == len(v.items):
                raise model.DescriptionError(
                    f"c.py: SHIPPED[{v.name}] is not a part (less than all) of what {v.name} takes")
            out.append(Function(v, v.name + (str(n + 1) if n else ""), items))
        out.append(Function(v, v.name + (str(len(versions) + 1) if versions else ""), v.items))
    return out


def items_c(fn: Function) -> list[tuple[list[str], str]]:
    """What the function takes (keys and groups, in order) as C parameters and statements."""
    verb, out = fn.verb, []
    for item in fn.items:
        if isinstance(item, model.Group):
            p = group_param(item)
            out.append(([f"const detent_{suffix(item.name)} *{p}"], f"detent__line_{suffix(item.name)}(&l, {p});"))
        else:
            out.append(key_c(item, verb.needs_key(item)))
    return out


def params(fn: Function) -> list[str]:
    return [p for ps, _ in items_c(fn) for p in ps]


def args(fn: Function) -> list[str]:
    return [p.rsplit("*", 1)[-1].rsplit(" ", 1)[-1] for p in params(fn)]


def writes(fn: Function) -> list[str]:
    return [write for _, write in items_c(fn)]


def prototypes(fn: Function) -> tuple[str, str]:
    p = ", ".join(["detent_connection *c"] + params(fn))
    return (f"uint64_t detent_send_{suffix(fn.name)}({p})",
            f"int detent_{suffix(fn.name)}({p}, detent_reply *out)")


def messages_h(m: model.Model) -> str:
    out = [head("detent/messages.h: the replies and requests of detent-protocol(7) (included by detent/client.h)."),
           "#ifndef DETENT_MESSAGES_H\n#define DETENT_MESSAGES_H\n\n#ifndef DETENT_API\n"
           "#error \"include <detent/client.h>, not <detent/messages.h>\"\n#endif\n"]
    for r in typed(m):
        out += ["\n", reply_struct(r)]
    union = "\n".join(f"        detent_{suffix(r.name)}_reply {ident(r.name)};" for r in typed(m))
    out.append("\n/** A typed reply line; strings live until detent_reply_clear(). */\n"
               "typedef struct detent_reply {\n    detent_reply_kind kind;\n    bool has_id;\n    const char *id;\n"
               f"    union {{\n{union}\n    }};\n    void *storage_;\n}} detent_reply;\n")
    out.append("\n/* Queued: each returns the request's id, 0 when it was not sent (detent_get_error()). */\n")
    out += [wrap(f"DETENT_API {prototypes(f)[0]};") + "\n" for f in functions(m)]
    out.append("\n/* Blocking: 0 and the reply in out, or -1 (detent_get_error()). */\n")
    out += [wrap(f"DETENT_API {prototypes(f)[1]};") + "\n" for f in functions(m)]
    out.append("\n#endif\n")
    return "".join(out)


def send_c(m: model.Model) -> str:
    out = [head("Each verb of detent-protocol(7) queued: its line, the reply it must get, one try at writing."),
           '#include "connection.h"\n#include "tables.h"\n']
    for f in functions(m):
        v = f.verb
        expect = reply_kind(v.replies[0]) if len(v.replies) == 1 else "DETENT_REPLY_NONE"
        body = "".join(f"    {w}\n" for w in writes(f))
        out.append(f"\n{wrap(prototypes(f)[0])}\n{{\n    detent__line l;\n"
                   f"    if (!detent__request(c, &l, {quoted(v.name)})) return 0;\n{body}"
                   f"    return detent__send(c, &l, {expect});\n}}\n")
    return "".join(out)


def calls_c(m: model.Model) -> str:
    out = [head("Each verb of detent-protocol(7) blocking: queued (send.c), then its reply waited for (blocking.c)."),
           '#include "connection.h"\n']
    for f in functions(m):
        call = ", ".join(["c"] + args(f))
        send = f"detent_send_{suffix(f.name)}({call})"
        out.append(f"\n{wrap(prototypes(f)[1])}\n{{\n    detent__call_begin(c);\n"
                   f"{wrap(f'    return detent__call_finish(c, {send}, out);')}\n}}\n")
    return "".join(out)


# ------------------------------------------------------------ field tables

def field_row(m: model.Model, reply: model.Reply, f: model.Field) -> str:
    at = f"{ident(reply.name)}." + (f"{ident(f.group)}." if f.group else "")
    member = at + ident(f.name)
    kind = {"token": "STR", "text": "STR", "number": "NUM", "whole": "INT", "tokens": "LIST", "enum": "ENUM",
            "curve": "CURVE", "code": "CODE"}[f.type]
    has = f"AT({at}has_{suffix(f.name)})" if has_flag(f) else "DETENT__NO_FLAG"
    more = f"AT({member}_len)" if f.type == "tokens" else f"AT({member}_name)" if f.type == "code" else "0"
    curve = Enum("curve", ()).constant(f.curve) if f.curve else "0"
    values = f"&{Enum(enum_of(f), ()).table}" if f.type in ("enum", "curve", "code") else "NULL"
    optional = int(m.optional_with_curve(f))
    return (f"    {{ {quoted(f.name)}, DETENT__T_{kind}, {int(f.always)}, {curve}, {optional}, AT({member}), {has}, "
            f"{more}, {values} }},\n")


def replies_c(m: model.Model) -> str:
    out = [head("The names of detent-protocol(7)'s enumerations, and each reply's fields: where the parser "
                "(reply.c) puts them."), '#include "tables.h"\n\n#include <stddef.h>\n\n']
    for e in enums(m):
        out += [e.definition(), "\n"]
    out.append("#define AT(member) offsetof(detent_reply, member)\n"
               "#define COUNTED(table) table, sizeof table / sizeof *table\n"
               "#define FITS(table) _Static_assert(sizeof table / sizeof *table <= DETENT__MAX_FIELDS, #table)\n")
    pushed = {p.reply.name for p in m.pushes}
    rows = []
    for r in m.replies:
        fields = own_fields(r)
        groups = sorted({f.group for f in fields if f.group})
        if len(groups) > 1:
            raise model.DescriptionError(f"c.py: reply {r.name}: more than one field group")
        motion = f"AT({ident(r.name)}.{ident(groups[0])})" if groups else "DETENT__NO_FLAG"
        if fields:
            out.append(f"\nstatic const detent__field {ident(r.name)}_fields[] = {{\n")
            out += [field_row(m, r, f) for f in fields]
            out.append("};\n")
            table = f"COUNTED({ident(r.name)}_fields)"
            out.append(f"FITS({ident(r.name)}_fields);\n")
        else:
            table = "NULL, 0"
        rows.append(f"    {{ {quoted(r.name)}, {reply_kind(r)}, {table}, {motion}, {int(r.name in pushed)} }},\n")
    out.append("\nconst detent__reply_spec detent__replies[] = {\n" + "".join(rows) + "};\n")
    out.append("const size_t detent__reply_count = sizeof detent__replies / sizeof *detent__replies;\n")
    return "".join(out)


def tables_h(m: model.Model) -> str:
    decls = "".join(f"extern const detent__enum {e.table};\n" for e in enums(m))
    return (head("The tables of replies.c, for the library's own sources.")
            + "#ifndef DETENT_TABLES_H\n#define DETENT_TABLES_H\n\n#include \"internal.h\"\n\n" + decls
            + "/** Every reply kind, by its value - 1. */\nextern const detent__reply_spec detent__replies[];\n"
            "extern const size_t detent__reply_count;\n\n#endif\n")


def outputs(m: model.Model) -> dict[str, str]:
    return {f"{PUBLIC}/protocol.h": protocol_h(m), f"{PUBLIC}/messages.h": messages_h(m),
            f"{SOURCES}/tables.h": tables_h(m), f"{SOURCES}/send.c": send_c(m), f"{SOURCES}/calls.c": calls_c(m),
            f"{SOURCES}/replies.c": replies_c(m)}
