"""The Swift client's generated part (Sources/DetentClient/Generated): a
struct per reply kind decoded from a `Reply`, `TypedReply.Body` with a
case per kind, and a method of `DetentClient` per verb."""

from __future__ import annotations

import model

CLIENT = "Sources/DetentClient/Generated"
GENERATOR = "protocol/generators/swift_client.py"

PARAM_TYPES = {"number": "Double", "whole": "Int", "token": "String", "text": "String", "id": "String",
               "numbers": "[Double]", "boolean": "Bool", "enum": "String"}
FIELD_TYPES = {"whole": "Int", "number": "Double", "token": "String", "enum": "String", "code": "String",
               "curve": "String", "tokens": "[String]", "text": "String", "id": "String"}
READ = {"whole": "reply.int(.{})", "number": "reply.number(.{})", "tokens": "reply.list(.{})"}


def ident(name: str) -> str:
    from generators.swift import ident as swift_ident
    return swift_ident(name)


def prop(f: model.Field) -> str:
    """A reply field's property: the session's is `session`."""
    return "session" if f.name == model.SESSION_KEY else ident(f.name)


def type_name(reply: model.Reply) -> str:
    return model.pascal(reply.name) + "Reply"


def reply_fields(reply: model.Reply) -> list[model.Field]:
    """A reply's fields but `id` (every reply's, kept on `TypedReply`)."""
    return [f for f in reply.fields if f.name != "id"]


def replies_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\nimport DetentCore\n"]
    for r in m.replies:
        name = type_name(r)
        fields = reply_fields(r)
        conforms = ["Sendable", "Equatable"]
        if any(f.group == "motion" for f in fields):
            conforms.append("MotionReply")
        out.append(f"\n/// `{r.name}`: {r.doc}\npublic struct {name}: {', '.join(conforms)} {{\n")
        for f in fields:
            swift_type = FIELD_TYPES[f.type] + ("" if f.always else "?")
            out.append(f"    /// {f.doc}\n" if f.doc else "")
            out.append(f"    public var {prop(f)}: {swift_type}\n")
        params = ", ".join(f"{prop(f).strip('`')}: {FIELD_TYPES[f.type]}{'' if f.always else '? = nil'}"
                           for f in fields)
        out.append(f"\n    public init({params}) {{\n")
        for f in fields:
            out.append(f"        self.{prop(f)} = {prop(f)}\n")
        out.append("    }\n\n")
        out.append("    /// Reads a reply line of this kind; a field it must have that is\n"
                   "    /// missing or malformed is `unexpectedReply`.\n")
        out.append("    public init(_ reply: Reply) throws(DetentClientError) {\n")
        for f in fields:
            read = READ.get(f.type, "reply[.{}]").format(ident(f.name))
            if f.type == "enum":
                read = f"reply.choice(.{ident(f.name)})"
            if f.always:
                out.append(f"        guard let {prop(f)} = {read} else {{ throw .unexpectedReply(reply.line) }}\n")
            else:
                out.append(f"        let {prop(f)} = {read}\n")
        args = ", ".join(f"{prop(f).strip('`')}: {prop(f)}" for f in fields)
        out.append(f"        self.init({args})\n")
        if "MotionReply" in conforms:
            out.append("        try checkMotion(reply)\n")
        out.append("    }\n}\n")
    return "".join(out)


def typed_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\nimport DetentCore\n\nextension TypedReply {\n"]
    out.append("    /// A reply line by its kind (detent-protocol(7)).\n")
    out.append("    public enum Body: Sendable, Equatable {\n")
    for r in m.replies:
        out.append(f"        case {ident(r.name)}({type_name(r)})\n")
    out.append("    }\n\n    /// Decodes `reply` by its kind; one this client does not know is\n"
               "    /// `unexpectedReply`.\n")
    out.append("    static func body(of reply: Reply) throws(DetentClientError) -> Body {\n")
    out.append("        switch reply.verb {\n")
    for r in m.replies:
        out.append(f"        case ReplyKind.{ident(r.name)}.name: return .{ident(r.name)}(try {type_name(r)}(reply))\n")
    out.append("        default: throw .unexpectedReply(reply.line)\n        }\n    }\n")
    out.append("}\n\nextension TypedReply.Body {\n    /// The kind of reply it is.\n    public var kind: ReplyKind {\n"
               "        switch self {\n")
    for r in m.replies:
        out.append(f"        case .{ident(r.name)}: .{ident(r.name)}\n")
    out.append("        }\n    }\n}\n")
    return "".join(out)


# An enumerated key a verb takes as its own is passed as DetentCore's enum
# of its values (DescriptionTests holds each to the description), so that a
# value outside them cannot be written.
ENUM_TYPES = {"source": "WheelSource", "phase": "ScrollPhase", "to": "StepTarget", "motion": "MotionSetting", "swipes": "SwipeLength", "align": "Align", "contain": "Contain", "axis": "Axis"}


def param(key: model.Key, verb: model.Verb) -> tuple[str, str]:
    """A method's parameter for `key` and the statement that sets it."""
    swift_type = PARAM_TYPES[key.type]
    label = ident(key.name)
    value = label
    if key.type == "enum":
        if key.name not in ENUM_TYPES:
            raise SystemExit(f"swift_client: enum key {key.name} has no Swift enum in ENUM_TYPES")
        swift_type = ENUM_TYPES[key.name]
        value = f"{label}.rawValue" if verb.needs_key(key) else f"{label}?.rawValue"
    if key.name == model.SESSION_KEY and verb.names_session:
        return "_ session: String", "fields.set(.s, session)"
    if verb.needs_key(key):
        return f"{label.strip('`')}: {swift_type}", f"fields.set(.{label}, {value})"
    return f"{label.strip('`')}: {swift_type}? = nil", f"fields.set(.{label}, {value})"


def methods_file(m: model.Model) -> str:
    out = [model.banner("//", GENERATOR), "\nimport DetentCore\n\nextension DetentClient {\n"]
    for v in m.verbs:
        params: list[tuple[str, str]] = []
        for item in v.items:
            if isinstance(item, model.Group):
                group = ident(item.name)
                params.append((f"{group.strip('`')}: {model.pascal(item.name)}Group", f"{group}.apply(to: &fields)"))
            else:
                params.append(param(item, v))
        if len(v.replies) == 1:
            result = type_name(v.replies[0])
        else:
            result = "TypedReply.Body"
        out.append(f"    /// `{v.name}`: {v.doc}\n    @discardableResult\n")
        out.append(f"    public func {ident(v.name)}({', '.join(p for p, _ in params)}) async throws -> {result} {{\n")
        out.append(f"        {'var' if params else 'let'} fields = RequestFields()\n")
        for _, statement in params:
            out.append(f"        {statement}\n")
        out.append(f"        let body = try await call(.{ident(v.name)}, fields)\n")
        if len(v.replies) == 1:
            out.append(f"        guard case .{ident(v.replies[0].name)}(let reply) = body else {{ throw Self.unexpected(body) }}\n"
                       "        return reply\n")
        else:
            kinds = ", ".join(f"ReplyKind.{ident(r.name)}" for r in v.replies)
            out.append(f"        guard [{kinds}].contains(where: {{ body.kind.name == $0.name }}) else {{ throw Self.unexpected(body) }}\n"
                       "        return body\n")
        out.append("    }\n\n")
    out[-1] = out[-1].rstrip("\n") + "\n"
    out.append("}\n")
    return "".join(out)


def outputs(m: model.Model) -> dict[str, str]:
    return {
        f"{CLIENT}/Replies.swift": replies_file(m),
        f"{CLIENT}/TypedReply+Body.swift": typed_file(m),
        f"{CLIENT}/DetentClient+Verbs.swift": methods_file(m),
    }
