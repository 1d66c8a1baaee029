"""The Swift files generated from the protocol description: DetentCore's
tables (keys with their types and rules, verb rows, reply kinds and
fields, error codes, curves) and the Swift client's typed replies and verb
methods (swift_client.py)."""

from __future__ import annotations

import model
from generators import swift_client

CORE = "Sources/DetentCore/Protocol/Generated"
GENERATOR = "protocol/generators/swift.py"

KEY_TYPES = {"number": ".number", "whole": ".whole", "token": ".token", "text": ".text", "id": ".id",
             "numbers": ".numbers", "boolean": ".boolean"}
RULES = {"> 0": ".positive", ">= 0": ".nonNegative", "0 or >= 1": ".zeroOrAtLeastOne",
         "<= limits.maxItems": ".atMostMaxItems", "each > 0": ".eachPositive"}
FIELD_VALUES = {"whole": ".integer", "number": ".number", "token": ".word", "enum": ".word", "code": ".word",
                "curve": ".word", "tokens": ".words", "text": ".string", "id": ".string"}
# Swift keywords a name may collide with, written in backticks.
KEYWORDS = {"default", "in", "is", "as", "do", "for", "if", "let", "var", "case", "func", "return", "self", "Self",
            "true", "false", "nil", "open", "end", "throws", "where", "while", "import", "class", "struct",
            "enum", "protocol", "static", "break", "continue", "switch", "repeat", "defer", "guard", "else",
            "init", "operator", "subscript", "try", "catch", "throw", "super", "Type"}


def ident(name: str) -> str:
    name = model.camel(name)
    return f"`{name}`" if name in KEYWORDS else name


def string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def doc(text: str, indent: str = "    ") -> str:
    return f"{indent}/// {text}\n" if text else ""


def keys_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("/// The keys of requests (detent-protocol(7), \"Requests\" and \"Geometry\"), in\n"
               "/// the description's order: `specs` says each one's type and rule.\n")
    out.append("public enum Key: String, Sendable, CaseIterable {\n")
    for k in m.keys:
        out.append(doc(k.doc))
        out.append(f"    case {ident(k.name)}\n")
    out.append("}\n\nextension Key {\n")
    out.append("    /// Each key's type and rule, in `allCases` order.\n")
    out.append("    static let specs: [KeySpec] = [\n")
    for k in m.keys:
        kind = f".choice([{', '.join(string(v) for v in k.values)}])" if k.type == "enum" else KEY_TYPES[k.type]
        args = [kind]
        if k.rule:
            args.append(f"rule: {RULES[k.rule]}")
        if k.refusal:
            args.append(f"problem: {string(k.refusal)}")
        out.append(f"        KeySpec({', '.join(args)}),  // {k.name}\n")
    out.append("    ]\n\n    /// Its place in `allCases` and `specs`.\n    var ordinal: Int {\n        switch self {\n")
    for i, k in enumerate(m.keys):
        out.append(f"        case .{ident(k.name)}: {i}\n")
    out.append("        }\n    }\n\n")
    out.append("    /// Where a request keeps it when a verb takes it as its own (not in a\n"
               "    /// group): a scalar's slot of `RequestFields`.\n")
    out.append("    var slot: Int? {\n        switch self {\n")
    for i, k in enumerate(slot_keys(m)):
        out.append(f"        case .{ident(k.name)}: {i}\n")
    out.append("        default: nil\n        }\n    }\n")
    for g in m.groups:
        out.append(f"\n{doc(f'The keys of the `{g.name}` group, in order: {g.doc}.')}")
        out.append(f"    public static let {ident(g.name)}: [Key] = [{', '.join('.' + ident(k.name) for k in g.keys)}]\n")
    out.append("}\n\n/// The groups of keys a verb may take whole.\n")
    out.append("public enum KeyGroup: String, Sendable, CaseIterable {\n")
    for g in m.groups:
        out.append(doc(g.doc))
        out.append(f"    case {ident(g.name)}\n")
    out.append("\n    /// Its keys, in order.\n    public var keys: [Key] {\n        switch self {\n")
    for g in m.groups:
        out.append(f"        case .{ident(g.name)}: Key.{ident(g.name)}\n")
    out.append("        }\n    }\n\n    /// Pairs of its keys given both or neither.\n")
    out.append("    public var together: [(Key, Key)] {\n        switch self {\n")
    for g in m.groups:
        pairs = ", ".join(f"(.{ident(a.name)}, .{ident(b.name)})" for a, b in g.together)
        out.append(f"        case .{ident(g.name)}: [{pairs}]\n")
    out.append("        }\n    }\n}\n")
    return "".join(out)


def slot_keys(m: model.Model) -> list[model.Key]:
    """The keys some verb takes as its own that are one scalar: numbers,
    choices and booleans, each kept in a slot of `RequestFields`."""
    own = {k.name for v in m.verbs for k in v.own_keys}
    return [k for k in m.keys if k.name in own and k.type in ("number", "whole", "enum", "boolean")]


SLOT_ACCESSORS = {"number": ("Double", "number"), "whole": ("Double", "number"), "enum": ("String", "choice"),
                  "boolean": ("Bool", "boolean")}


def fields_file(m: model.Model) -> str:
    keys = slot_keys(m)
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("extension RequestFields {\n    /// One slot a scalar key (`Key.slot`).\n")
    out.append(f"    typealias Slots = InlineArray<{max(1, len(keys))}, Double>\n")
    for i, k in enumerate(keys):
        swift_type, access = SLOT_ACCESSORS[k.type]
        out.append(f"\n{doc(f'`{k.name}`: {k.doc}.')}")
        out.append(f"    public var {ident(k.name)}: {swift_type}? {{\n")
        out.append(f"        get {{ {access}(at: {i}, .{ident(k.name)}) }}\n")
        out.append(f"        set {{ set{access[:1].upper() + access[1:]}(newValue, at: {i}, .{ident(k.name)}) }}\n    }}\n")
    out.append("}\n")
    return "".join(out)


def handlers_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("extension VerbHandler {\n")
    out.append("    /// Each verb's handler, in `Verb.all` order: `ConnectionVerbs` or\n"
               "    /// `SessionVerbs` by its scope, named as the verb.\n")
    out.append("    static let table: [VerbHandler] = [\n")
    for v in m.verbs:
        owner = "ConnectionVerbs" if v.scope == "connection" else "SessionVerbs"
        out.append(f"        .{v.scope}({owner}.{ident(v.name)}),\n")
    out.append("    ]\n}\n")
    return "".join(out)


def verbs_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("extension Verb {\n")
    out.append("    /// The verbs of detent-protocol(7), \"Requests\": each one's name, the keys\n"
               "    /// it takes and needs, its groups of keys, its replies and its scope.\n")
    out.append("    static let table: [Row] = [\n")
    for v in m.verbs:
        takes = ", ".join("." + ident(k.name) for k in v.own_keys)
        groups = ", ".join("." + ident(g.name) for g in v.groups)
        needs = ", ".join("." + ident(k.name) for k in v.needs)
        replies = ", ".join("." + ident(r.name) for r in v.replies)
        out.append(f"        row({string(v.name)}, takes: [{takes}], groups: [{groups}], needs: [{needs}],\n"
                   f"            replies: [{replies}], scope: .{v.scope}),\n")
    out.append("    ]\n")
    for i, v in enumerate(m.verbs):
        out.append(f"\n{doc(f'`{v.name}`: {v.doc}')}")
        out.append(f"    public static let {ident(v.name)} = Verb(row: {i})\n")
    out.append("}\n")
    return "".join(out)


def replies_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("extension ReplyField {\n")
    for f in m.reply_fields:
        out.append(doc(f.doc))
        out.append(f"    public static let {ident(f.name)} = ReplyField({string(f.name)}, {FIELD_VALUES[f.type]})\n")
    out.append("}\n\nextension ReplyKind {\n")
    for r in m.replies:
        always = ", ".join("." + ident(f.name) for f in r.fields if f.always)
        optional = ", ".join("." + ident(f.name) for f in r.fields if not f.always and f.name != "id")
        out.append(doc(r.doc))
        out.append(f"    public static let {ident(r.name)} = ReplyKind({string(r.name)}, [{always}], optional: [{optional}])\n")
    out.append(f"\n    /// Every reply kind, in the description's order.\n")
    out.append(f"    public static let all: [ReplyKind] = [{', '.join(ident(r.name) for r in m.replies)}]\n")
    out.append("\n    /// The kinds pushed without a request (detent-protocol(7), \"Autoplay\").\n")
    out.append(f"    public static let pushed: [ReplyKind] = [{', '.join(ident(p.reply.name) for p in m.pushes)}]\n")
    out.append("}\n\nextension ReplyField {\n")
    out.append("    /// The values an enumerated field takes, by the field's name.\n")
    out.append("    public static let enumerations: [String: [String]] = [\n")
    for f in m.reply_fields:
        values = m.enum_values(f)
        if values:
            out.append(f"        {string(f.name)}: [{', '.join(string(v) for v in values)}],\n")
    out.append("    ]\n\n    /// The fields of a decision's motion (detent-protocol(7), \"Motion\").\n")
    motion = [f for f in m.reply_fields if f.group == "motion"]
    out.append(f"    public static let motion: [ReplyField] = [{', '.join('.' + ident(f.name) for f in motion)}]\n")
    out.append("}\n\n/// The curves of a decision's motion and the fields each adds.\n")
    out.append("public struct CurveDescription: Sendable {\n    public let name: String\n"
               "    public let fields: [ReplyField]\n\n    /// Every curve, in the description's order.\n"
               "    public static let all: [CurveDescription] = [\n")
    for c in m.curves:
        out.append(f"        CurveDescription(name: {string(c.name)}, fields: [{', '.join('.' + ident(n) for n in c.fields)}]),\n")
    out.append("    ]\n}\n")
    return "".join(out)


def errors_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\n"]
    out.append("/// The error codes of detent-protocol(7), \"Errors\", in the order of its\n/// error precedence.\n")
    out.append("public enum ErrorCode: String, Sendable, CaseIterable {\n")
    for e in m.errors:
        out.append(doc(e.doc))
        out.append(f"    case {ident(e.code)} = {string(e.code)}\n")
    out.append("}\n")
    return "".join(out)


def outputs(m: model.Model) -> dict[str, str]:
    files = {
        f"{CORE}/Key+Table.swift": keys_file(m),
        f"{CORE}/Verb+Table.swift": verbs_file(m),
        f"{CORE}/ReplyKind+Table.swift": replies_file(m),
        f"{CORE}/ErrorCode.swift": errors_file(m),
        f"{CORE}/RequestFields+Slots.swift": fields_file(m),
        "Sources/DetentCore/Dispatch/Generated/VerbHandler+Table.swift": handlers_file(m),
    }
    files.update(swift_client.outputs(m))
    return files
