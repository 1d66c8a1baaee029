#!/usr/bin/python3
"""The web demo in a real browser (Debian's chromium-headless-shell over the
DevTools protocol): scripts/demo serves Examples/web (six <detent-carousel>s)
through its relay, and real pointer drags at 60 Hz, wheel notches and a
touchpad swipe (wheel_checks.py) and keys (keyboard_checks.py) page every
carousel through detentd; its accessibility tree, reduced motion (reduced_motion_checks.py),
the pause of its autoplay (rotation_checks.py) and the relay's origin check
(origin_checks.py) as a person meets them.

    /usr/bin/python3 Tests/Browser/demo_test.py [--bin .build/debug] [--out .build/browser-test] [--latency N]

Screenshots go to --out. Prints each check, then the latency from pointerup
to the decision (printed, not asserted) over N quick drags one after another
(default 60, each decision awaited; --latency 210 is BENCHMARKS.md's run)
and N/7 from a page at rest; exits 1 if any check failed."""

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from carousel_checks import carousel_autoplay, carousel_loop  # noqa: E402
from cdp import Chromium  # noqa: E402
from demo import Demo  # noqa: E402
from gestures import Gestures  # noqa: E402
from keyboard_checks import check_keyboard  # noqa: E402
from motion_agreement import check_motion_agreement  # noqa: E402
from origin_checks import check_origin  # noqa: E402
from protocol_checks import check_protocol  # noqa: E402
from reduced_motion_checks import check_reduced_motion  # noqa: E402
from rotation_checks import check_rotation  # noqa: E402
from wheel_checks import check_wheel  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Checks:
    def __init__(self):
        self.failed = []
        self.count = 0

    def __call__(self, name, ok, detail=""):
        self.count += 1
        print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail and not ok else ""), flush=True)
        if not ok:
            self.failed.append(f"{name}: {detail}")
        return ok

    def near(self, name, value, expected, tolerance=0.5):
        return self(name, value is not None and abs(value - expected) <= tolerance, f"{value} instead of {expected}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rests_where_decided(check, g, name):
    """At rest, drawn at the offset of the snap the daemon decided (after its jump)."""
    info = g.rest(name)
    decision = info["decision"] or {}
    target = decision.get("jump", decision.get("x"))
    check.near(f"{name}: rests where the daemon decided ({target})", info["offset"], target if target is not None else -1, 1e-9)
    drawn = info["drawn"]
    check(f"{name}: every item is drawn at that offset", drawn and all(abs(d - info["offset"]) <= 0.01 for d in drawn),
          f"{min(drawn)} to {max(drawn)}")
    return info


def follows_the_curve(check, g, name, bin_dir):
    """The frames drawn during the last motion lie on the decision's curve,
    as the Swift client computes it (`detent motion`)."""
    decision, frames = g.browser.js(f"[JSON.stringify(detentDemo.strips[{json.dumps(name)}].lastDecision),"
                                    f" detentDemo.strips[{json.dumps(name)}].frames]")
    times = ",".join(repr(t) for t, _ in frames)
    check(f"{name}: no frame is drawn at a time before its motion's start",
          all(t >= 0 for t, _ in frames), f"first frame times {[t for t, _ in frames[:3]]}")
    # --at=: a list that begins with a minus is no option.
    swift = subprocess.run([os.path.join(bin_dir, "detent"), "motion", "--json", f"--at={times or '0'}"],
                           input=decision + "\n", capture_output=True, text=True, timeout=30)
    expected = json.loads(swift.stdout)["x"] if swift.returncode == 0 else []
    worst = max((abs(x - e) for (_, x), e in zip(frames, expected)), default=None)
    check(f"{name}: the release animates along the decision's curve ({len(frames)} frames)",
          len(frames) >= 10 and len(expected) == len(frames) and worst <= 1e-6, f"{decision}: worst {worst}, {swift.stderr}")


def cards(check, g, bin_dir):
    g.drag("cards", -150, 67)                        # a fast flick (2.2 pt/ms; it takes 1), short of half a card
    info = rests_where_decided(check, g, "cards")
    follows_the_curve(check, g, "cards", bin_dir)
    check("cards: a fast flick moves one card", info["index"] == 1, f"index {info['index']}")
    card = g.item(info, 1)
    left, right = card["left"], info["rect"]["w"] - card["right"]
    check("cards: card 1 rests centred with equal peeks (seed 000's fix)", abs(left - right) <= 0.5 and abs(left - 16) <= 0.5,
          f"peeks {left} and {right}")
    g.drag("cards", -200, 1000)                      # slow, past half a card
    info = rests_where_decided(check, g, "cards")
    check("cards: a slow drag past half moves one card", info["index"] == 2 and info["offset"] == 702, f"{info['index']} at {info['offset']}")
    g.drag("cards", -60, 600)                        # slow and short
    info = rests_where_decided(check, g, "cards")
    check("cards: a short slow drag returns", info["index"] == 2 and info["offset"] == 702, f"{info['index']} at {info['offset']}")


def peek(check, g):
    g.drag("peek", -110, 100, touch=True)            # a finger this time (1.1 pt/ms; it takes 0.5)
    info = rests_where_decided(check, g, "peek")
    check("peek: a touch flick pages one card plus its gap", info["offset"] == 351 and info["index"] == 1, f"{info['index']} at {info['offset']}")


def banner(check, g):
    g.drag("banner", -180, 600)
    info = rests_where_decided(check, g, "banner")
    check("banner: past half a page on the projection moves one page", info["offset"] == 275, f"at {info['offset']}")


def thumbs(check, g):
    for _ in range(10):
        g.drag("thumbs", -300, 100)
        info = rests_where_decided(check, g, "thumbs")
        if info["offset"] == 1087:
            break
    check("thumbs: flicks reach the padded end (snap 1087)", info["offset"] == 1087, f"at {info['offset']}")
    last = g.item(info, 11)
    check.near("thumbs: the last item is aligned with the pad (its edge + trail + pad at the viewport's edge)",
               last["right"] + 8 + info["pad"], info["rect"]["w"])
    check.near("thumbs: the resting item starts at the lead", g.item(info, 9)["left"], 8)


def shelf(check, g):
    g.drag("shelf", -100, 133)                       # 0.75 pt/ms; it takes 0.3
    info = rests_where_decided(check, g, "shelf")
    check("shelf: one page per drag (300 = 3 items of 70 + 30)", info["offset"] == 300, f"at {info['offset']}")
    whole = [i["item"] for i in info["items"] if i["left"] >= -0.5 and i["right"] <= info["rect"]["w"] + 0.5]
    check("shelf: rests on a whole group (items 3, 4, 5 in full, from the lead)",
          whole == [3, 4, 5] and abs(g.item(info, 3)["left"] - 20) <= 0.5, f"whole items {whole}")


def choose(g, name, plugin):
    """Picks `plugin` in the strip's selector, as a person does (a change event)."""
    g.browser.js(f"(() => {{ const s = detentDemo.strips[{json.dumps(name)}].choice; s.value = {json.dumps(plugin)};"
                 " s.dispatchEvent(new Event('change')); return true; })()")
    g.browser.wait(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.plugin === {json.dumps(plugin)}"
                   f" && detentDemo.strips[{json.dumps(name)}].ready", 10, f"{name} under {plugin}")


def plugin_choice(check, g):
    """Each strip's selector offers the plugins the daemon says page it; the
    cards strip pages under Compose's pager, then under its own plugin again."""
    g.browser.wait("detentDemo.offered", 20, "every strip's selector offered")
    offered = {name: g.browser.js(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.plugins").split(",")
               for name in ["cards", "peek", "banner", "thumbs", "shelf", "carousel"]}
    feels = ["flutter-page", "embla", "swiper", "compose-pager", "android-pager", "android-linear", "css-snap"]
    check("cards: its selector offers the platforms' feels", all(f in offered["cards"] for f in feels), ",".join(offered["cards"]))
    # css-snap lays out what a page's CSS can: no contain=pad (plugins.json(5):
    # unsupported-layout), no loop.
    check("the strips css-snap can lay out offer it (the web's own scroll snap); the padded ones do not",
          all("css-snap" in offered[name] for name in ["cards", "peek"])
          and not any("css-snap" in offered[name] for name in ["banner", "thumbs", "shelf"]), str(offered))
    check("carousel: its loop is paged by carousel alone", offered["carousel"] == ["carousel"], ",".join(offered["carousel"]))
    index = g.rest("cards")["index"]
    choose(g, "cards", "compose-pager")
    info = g.rest("cards")
    check("cards under compose-pager: it reopens where it rested", info["index"] == index, f"index {info['index']} instead of {index}")
    g.drag("cards", 200, 1000)                       # slow, back past half a page
    info = rests_where_decided(check, g, "cards")
    decision = info["decision"] or {}
    check("cards under compose-pager: it pages back one, its decisions carrying the page",
          info["index"] == max(index - 1, 0) and decision.get("page") == info["index"], json.dumps(decision))
    choose(g, "cards", "cards")
    g.drag("cards", -200, 1000)
    info = rests_where_decided(check, g, "cards")
    check("cards: back under its own plugin (no page in its decisions)", "page" not in (info["decision"] or {"page": 0}),
          json.dumps(info["decision"]))


def daemon_restart(check, g, demo, out):
    index = g.rest("cards")["index"]
    demo.stop_daemon()
    shown = g.browser.becomes("!document.querySelector('#banner').hidden", 10)
    text = g.browser.js("document.querySelector('#banner').textContent")
    check("offline: the page shows a banner saying where it tried", shown and demo.url.replace("http", "ws") in text and "Retrying" in text, text)
    g.browser.screenshot(os.path.join(out, "offline.png"))
    time.sleep(2.5)  # it keeps retrying, and the page keeps drawing
    check("offline: the page still answers and keeps retrying", g.browser.js("document.body.dataset.connection") in ("connecting", "down"))
    demo.start_daemon()
    back = g.browser.becomes("detentDemo.ready && document.querySelector('#banner').hidden", 15)
    check("offline: it recovers when the daemon returns", back)
    info = g.rest("cards")
    check("offline: the sessions reopen where they rested", info["index"] == index, f"index {info['index']} instead of {index}")
    g.drag("cards", 150, 67)
    info = rests_where_decided(check, g, "cards")
    check("offline: paging works again", info["index"] == max(index - 1, 0), f"index {info['index']}")


def latency(g, drags, settled):
    """Milliseconds from pointerup to the decision in the page's hands, over
    quick drags one after another (strips still moving: the page animates),
    or each from a page at rest (autoplay off)."""
    names = ["cards", "peek", "banner", "thumbs", "shelf"]
    g.browser.js("detentDemo.latencies = []")
    rng = random.Random(9)
    for i in range(drags):
        name = names[i % len(names)]
        if settled:
            g.browser.wait("Object.values(detentDemo.strips).every((s) => s.state === 'rest')", 10, "every strip at rest")
        g.drag(name, rng.choice([-1, 1]) * rng.uniform(30, 160), rng.uniform(60, 200), settle=False)
        g.browser.wait(f"detentDemo.latencies.length >= {i + 1}", 5, "the decision")
    values = sorted(g.browser.js("detentDemo.latencies"))

    def pct(p):
        return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]
    return f"over {len(values)} drags: p50 {pct(50):.1f} ms, p99 {pct(99):.1f} ms, max {values[-1]:.1f} ms"


def corpus_conformance(check, browser):
    """detent.js decodes every JSON reply of the conformance corpus
    (Tests/Conformance/corpus.txt) into exactly the line's fields."""
    with open(os.path.join(ROOT, "Tests/Conformance/corpus.txt"), encoding="utf-8") as corpus:
        lines = [line[2:].rstrip("\n") for line in corpus if line[:2] in ("< ", "! ") and line[2:3] == "{"]
    script = """import('/clients/js/detent.js').then((m) => LINES.map((line) => {
      const written = JSON.parse(line);
      let typed;
      try { typed = m.decodeReply(written); } catch (error) { return `${line}: ${error.message}`; }
      const a = Object.keys(typed).sort().join(','), b = Object.keys(written).sort().join(',');
      if (a !== b) return `${line}: detent.js holds ${a}`;
      const differs = Object.keys(written).find((k) => JSON.stringify(typed[k]) !== JSON.stringify(written[k]));
      return differs ? `${line}: ${differs} differs` : null;
    }).filter((x) => x !== null))""".replace("LINES", json.dumps(lines))
    problems = browser.js(script)
    check(f"detent.js decodes the corpus's {len(lines)} JSON replies to exactly their fields",
          len(lines) >= 15 and problems == [], "; ".join(problems[:3]))
    unknown = browser.js("import('/clients/js/detent.js').then((m) => m.decodeReply({op: 'moved', s: 'a', x: 1, future: 2}))")
    check("detent.js drops a field it does not know", unknown == {"op": "moved", "s": "a", "x": 1}, str(unknown))


# clients/js in the page: a push read after a reply comes after the reply's
# callbacks (a DetentStrip must see them in the daemon's order); DetentStrip
# pages by its local rule; WheelRouter takes a real WheelEvent of 120 px
# (Chromium's X notch, deltaMode 0) as a notch.
JS_CLIENT_SCRIPT = """Promise.all([import('/clients/js/detent.js'), import('/clients/js/strip.js'),
    import('/clients/js/wheel.js')]).then(async ([d, st, w]) => {
  const c = new d.DetentConnection('ws://127.0.0.1:9/', { retryMs: 60000 });
  const order = [];
  c.addEventListener('push', () => order.push('push'));
  let resolve;
  new Promise((r) => { resolve = r; }).then(() => order.push('reply'));
  c.pending.push({ op: 'goto', id: 1, line: 'goto', resolve, reject: () => {} });
  const snap = '"s":"a","mode":"animate","from":0,"v":0,"curve":"none","ms":0';
  c.receive(`{"op":"snap",${snap},"index":1,"x":400,"cause":"goto","id":1}\n`
    + `{"op":"snap",${snap},"index":2,"x":800,"cause":"autoplay"}\n`);
  await new Promise((r) => { setTimeout(r, 0); });
  const s = new st.DetentStrip('b');
  s.setGeometry({ viewport: 400, item: 400, count: 5 });
  s.press(0); s.drag(-30, 16); s.release(-30, 32);
  s.frameAt(1000);
  const f = s.frameAt(1200);
  const router = new w.WheelRouter(s);
  const taken = router.event(new WheelEvent('wheel', { deltaX: 120, deltaMode: 0 }), 5000);
  s.frameAt(2000);
  const g = s.frameAt(2200);
  return { order, drag: [f.offset, f.index, f.rest], notch: [taken, g.offset, g.index] };
})"""


def js_client_in_the_page(check, browser):
    out = browser.js(JS_CLIENT_SCRIPT)
    check("detent.js: a push read after a reply comes after the reply's callbacks", out["order"] == ["reply", "push"],
          str(out["order"]))
    check("DetentStrip (clients/js/strip.js) pages by its local rule in the page", out["drag"] == [400, 1, True],
          str(out["drag"]))
    check("WheelRouter takes a real 120 px WheelEvent as a notch", out["notch"] == [True, 800, 2], str(out["notch"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/debug"))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/browser-test"))
    parser.add_argument("--latency", type=int, default=60, metavar="N",
                        help="drags the latency is measured over (BENCHMARKS.md: 210)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    check = Checks()
    demo = Demo(ROOT, os.path.abspath(args.bin), free_port())
    browser = None
    try:
        browser = Chromium()
        browser.navigate(demo.url)
        browser.wait("window.detentDemo && detentDemo.ready", 20, "every strip's session to open")
        corpus_conformance(check, browser)
        js_client_in_the_page(check, browser)
        check_protocol(check, browser, demo)
        g = Gestures(browser)
        # The carousel's slides, 300 wide, rest centred: its hint (lead) is 37.5 and two items are laid out before it.
        for name, offset in [("cards", 0), ("peek", 0), ("banner", 0), ("thumbs", 0), ("shelf", 0), ("carousel", 620)]:
            info = g.info(name)
            check(f"{name}: opens at rest on its first item", info["state"] == "rest" and info["offset"] == offset, str(info["offset"]))
        browser.screenshot(os.path.join(args.out, "page.png"))
        cards(check, g, os.path.abspath(args.bin))
        peek(check, g)
        banner(check, g)
        thumbs(check, g)
        shelf(check, g)
        check_wheel(check, g, rests_where_decided)
        carousel_autoplay(check, g)
        carousel_loop(check, g, args.out)
        plugin_choice(check, g)
        browser.screenshot(os.path.join(args.out, "page-paged.png"))
        check_keyboard(check, g, demo, rests_where_decided)
        check_rotation(check, g)
        check_reduced_motion(check, g, demo)
        check_origin(check, browser, demo)
        check_motion_agreement(check, browser, demo, os.path.abspath(args.bin))
        animating = latency(g, args.latency, settled=False)
        g.browser.js("detentDemo.strips.carousel.rotation.want(false), true")
        at_rest = latency(g, max(10, args.latency // 7), settled=True)
        daemon_restart(check, g, demo, args.out)
        errors = browser.errors()
        check("the page reported no JavaScript error", not errors, "; ".join(errors[:5]))
        print(f"latency from pointerup to the decision, the page animating, {animating}")
        print(f"latency from pointerup to the decision, the page at rest, {at_rest}")
    except Exception as error:  # a helper failing fails the test
        check("the browser test ran to the end", False, f"{type(error).__name__}: {error}")
    finally:
        if browser:
            browser.close()
        demo.close()
    print(f"screenshots in {args.out}")
    if check.failed:
        print(f"{len(check.failed)} of {check.count} browser checks failed:")
        for failure in check.failed:
            print(f"  {failure}")
        return 1
    print(f"all {check.count} browser checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
