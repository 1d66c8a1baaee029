"""What detent.js checks by the generated protocol.js, against the real
daemon: its checkRequest and detentd refuse the same requests with the same
codes (every verb of the description with its needed keys, without each of
them, with a key it does not take, with each key it takes of a good type,
of a wrong type and breaking its rule; each sent on a connection of its
own), decodeReply refuses a real decision made wrong, and request() sends
wheel, scroll, step and motion and resolves with their replies (snap,
kept, moved; curve none drawn at x from t=0)."""

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
    local = browser.js("import('/clients/js/detent.js').then((m) => %s.map(([verb, fields]) => {"
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
    refused = browser.js("import('/clients/js/detent.js').then((m) => %s.map((r) => { try { m.decodeReply(r); return null; }"
                         " catch (error) { return error.code; } }))" % json.dumps(wrong))
    check("replies: detent.js refuses a field of the wrong type or value, a decay without its rate, a missing field",
          refused == ["bad-reply"] * len(wrong), str(refused))


# On a connection of its own through the page's websockify: the daemon's
# generic rule (paging), each reply or refusal as {op, ...} or {refused}; a
# snap with at0, where position() draws its motion at t=0.
WHEEL_SCRIPT = """import('/clients/js/detent.js').then(async (m) => {
  const c = new m.DetentConnection(detentDemo.connection.url, { client: 'wheel check', retryMs: 60000 });
  await new Promise((ready) => { c.addEventListener('ready', ready, { once: true }); c.start(); });
  const ask = (op, fields) => c.request(op, fields).then(
    (r) => (r.op === 'snap' ? { ...r, at0: m.position(m.motionOf(r), 0) } : r), (e) => ({ refused: e.code }));
  const out = [await ask('open', { s: 'w', plugin: 'paging', viewport: 400, item: 400, count: 6, ...OPEN })];
  for (const [op, fields] of STEPS) out.push(await ask(op, { s: 'w', ...fields }));
  c.stop();
  return out;
})"""
WHEEL_STEPS = [
    ("wheel", {"dx": 0, "dy": 1, "t": 1000}),                    # 1: snap, cause wheel
    ("wheel", {"dx": 0, "dy": 1, "t": 1100, "source": "mouse"}),  # 2: kept (within 150 ms)
    ("scroll", {"dx": 0, "dy": 0, "t": 3000, "phase": "begin"}),  # 3: moved 400
    ("scroll", {"dx": 0, "dy": 0, "t": 3000, "phase": "begin"}),  # 4: doubled: moved 400
    ("scroll", {"dx": 10, "dy": 0, "t": 3016}),                  # 5: moved 410
    ("scroll", {"dx": 30, "dy": 0, "t": 3032}),                  # 6: moved 440
    ("scroll", {"dx": 0, "dy": 0, "t": 3048, "phase": "end"}),    # 7: snap, cause scroll
    ("scroll", {"dx": 5, "dy": 0, "t": 3100}),                   # 8: the daemon: no gesture under way
    ("wheel", {"dx": 0, "dy": 1, "t": 10}),                      # 9: the daemon: t before 3048
    ("wheel", {"dy": 1, "t": 4000}),                             # 10: detent.js: missing dx
    ("wheel", {"dx": 0, "dy": 1, "t": 4000, "source": "pen"}),    # 11: detent.js: not mouse or other
    ("scroll", {"dx": 0, "dy": 0, "t": 4000, "phase": "middle"}),  # 12: detent.js: not begin or end
]


def check_wheel_and_scroll(check, browser):
    out = browser.js(WHEEL_SCRIPT.replace("OPEN", "{}").replace("STEPS", json.dumps([[op, f] for op, f in WHEEL_STEPS])),
                     timeout=30)
    got = [(r.get("op"), r.get("cause"), r.get("index"), r.get("x")) if "op" in r else r["refused"] for r in out]
    want = [("opened", None, 0, 0), ("snap", "wheel", 1, 400), ("kept", None, 1, None), ("moved", None, None, 400),
            ("moved", None, None, 400), ("moved", None, None, 410), ("moved", None, None, 440),
            ("snap", "scroll", 2, 800), "bad-value", "bad-value", "missing-key", "bad-value", "bad-value"]
    check("wheel and scroll: request() sends them and resolves with snap, kept and moved; refusals by code",
          got == want, f"{got}")
    kept = out[2]
    check("wheel and scroll: kept holds exactly s, id and index", sorted(kept) == ["id", "index", "op", "s"], str(kept))


PAGES = {"viewport": 400, "item": 400, "count": 6}
STEP_STEPS = [
    ("step", {"to": "prev"}),                              # 1: kept at the first page
    ("step", {"to": "next"}),                              # 2: snap, cause step, curve none: at x from t=0
    ("layout", {**PAGES, "index": 1, "motion": "full"}),   # 3: opened, animating again
    ("step", {"to": "last"}),                              # 4: snap, a spring from 400
    ("step", {"to": "next"}),                              # 5: kept at the last page
    ("step", {"to": "up"}),                                # 6: detent.js: not next, prev, first or last
    ("step", {}),                                          # 7: detent.js: missing to
    ("layout", {**PAGES, "motion": "slow"}),               # 8: detent.js: not full or reduced
]


def check_step_and_motion(check, browser):
    script = WHEEL_SCRIPT.replace("OPEN", json.dumps({"motion": "reduced"}))
    out = browser.js(script.replace("STEPS", json.dumps([[op, f] for op, f in STEP_STEPS])), timeout=30)
    got = [tuple(r.get(k) for k in ("op", "cause", "index", "x", "curve", "at0")) if "op" in r else r["refused"]
           for r in out]
    want = [("opened", None, 0, 0, None, None), ("kept", None, 0, None, None, None),
            ("snap", "step", 1, 400, "none", 400), ("opened", None, 1, 400, None, None),
            ("snap", "step", 5, 2000, "spring", 400), ("kept", None, 5, None, None, None),
            "bad-value", "missing-key", "bad-value"]
    check("step and motion: request() sends them; motion=reduced's curve none is drawn at x from t=0, "
          "layout motion=full animates again; refusals by code", got == want, f"{got}")


def check_protocol(check, browser, demo):
    check_request_agreement(check, browser, demo)
    check_wrong_replies(check, browser)
    check_wheel_and_scroll(check, browser)
    check_step_and_motion(check, browser)
