"""What detent.js checks by the generated protocol.js, against the real
daemon: its checkRequest and detentd refuse the same requests with the same
codes (every verb of the description with its needed keys, without each of
them, with a key it does not take, with each key it takes of a good type,
of a wrong type and breaking its rule; each sent on a connection of its
own), and decodeReply refuses a real decision made wrong."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "protocol"))
import model  # noqa: E402

# The codes checkRequest may give: the daemon's own, up to bad-value.
LOCAL = {"unknown-verb", "unknown-key", "missing-key", "bad-value"}
GOOD = {"number": 1, "whole": 1, "token": "s1", "text": "cards", "numbers": [100, 120], "boolean": True}
MORE = {"number": [0.5, -2], "token": ["a.B_c-9"], "boolean": [0, 1, False]}
WRONG = {"number": "12", "whole": 1.5, "token": "a b", "text": 5, "numbers": [1, "a"], "boolean": 2, "enum": "nope"}
BROKEN = {"> 0": 0, ">= 0": -1, "0 or >= 1": 0.5, "each > 0": [1, 0]}
# A geometry's keys that go together (item and count), which the
# description does not state: the daemon's refusal names the one to add.
TOGETHER = " required with "


def good(key):
    return key.values[0] if key.type == "enum" else GOOD[key.type]


def cases(m):
    """(verb, fields) pairs, each of every kind."""
    out = [("no-such-verb", {})]
    for verb in m.verbs:
        minimal = {k.name: good(k) for k in verb.needs}
        out.append((verb.name, minimal))
        out.append((verb.name, {**minimal, "no-such-key": 1}))
        out += [(verb.name, {n: v for n, v in minimal.items() if n != k.name}) for k in verb.needs]
        for key in verb.keys:
            out += [(verb.name, {**minimal, key.name: v}) for v in [good(key), *MORE.get(key.type, key.values[1:])]]
            out.append((verb.name, {**minimal, key.name: WRONG[key.type]}))
            if key.rule in BROKEN:
                out.append((verb.name, {**minimal, key.name: BROKEN[key.rule]}))
    return out


def check_request_agreement(check, browser, demo):
    m = model.load()
    asked, daemon = [], []
    for verb, fields in cases(m):
        reply = json.loads(demo.requests([json.dumps({"op": verb, **fields})])[0])
        if reply["op"] == "error" and TOGETHER in reply["msg"]:
            partner = m.key(reply["msg"].split(":")[0])
            fields = {**fields, partner.name: good(partner)}
            reply = json.loads(demo.requests([json.dumps({"op": verb, **fields})])[0])
        asked.append((verb, fields))
        daemon.append(reply["code"] if reply["op"] == "error" and reply["code"] in LOCAL else None)
    local = browser.js("import('/detent.js').then((m) => %s.map(([verb, fields]) => {"
                       " try { m.checkRequest(verb, fields); return null; } catch (error) { return error.code; } }))"
                       % json.dumps(asked), timeout=60)
    differ = [f"{verb} {json.dumps(fields)}: detentd {d}, detent.js {js}"
              for (verb, fields), d, js in zip(asked, daemon, local) if d != js]
    codes = {code for code in local if code}
    check(f"requests: detent.js refuses exactly what detentd refuses up to bad-value, with its code ({len(asked)} requests)",
          len(local) == len(asked) and not differ and codes == LOCAL, "; ".join(differ[:4]) or f"codes seen: {codes}")
    # The page's request() refuses before sending: its next id stays.
    sent = browser.js("(() => { const c = detentDemo.connection, id = c.nextId; return c.request('end', {s: 'cards', x: '1'})"
                      ".then(() => 'answered', (error) => `${error.code} ${c.nextId - id}`); })()")
    check("requests: request() refuses a wrong request without sending it", sent == "bad-value 0", str(sent))


def check_wrong_replies(check, browser):
    with open(os.path.join(ROOT, "Tests/Conformance/corpus.txt"), encoding="utf-8") as corpus:
        snap = json.loads(next(line[2:] for line in corpus if line.startswith("< {") and '"curve":"decay"' in line))
    wrong = [{**snap, "index": 1.5}, {**snap, "mode": "glide"}, {**snap, "curve": "wobble"},
             {k: v for k, v in snap.items() if k != "rate"}, {k: v for k, v in snap.items() if k != "s"}]
    refused = browser.js("import('/detent.js').then((m) => %s.map((r) => { try { m.decodeReply(r); return null; }"
                         " catch (error) { return error.code; } }))" % json.dumps(wrong))
    check("replies: detent.js refuses a field of the wrong type or value, a decay without its rate, a missing field",
          refused == ["bad-reply"] * len(wrong), str(refused))


def check_protocol(check, browser, demo):
    check_request_agreement(check, browser, demo)
    check_wrong_replies(check, browser)
