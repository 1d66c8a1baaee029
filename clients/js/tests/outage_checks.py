"""<detent-carousel> with no relay, and misused. The relay stopped: every
carousel says it is offline (its link property and detent-link-change),
still pages by the strip controller's local rule with its events, writes
nothing to the console while it retries, and is back on Detent within 2 s
of the relay's return, reopened on the slide it rested on. Bad use: no
slides, slides added and removed while it moves, a malformed endpoint (one
clear console error, then the browser's own scroll snap pages it), and
goToSlide out of range."""

import json
import os
import socket
import subprocess
import time

from carousel_page import ROOT, free_port

SLIDES = "".join(f'<detent-carousel-item style="background: hsl({i * 60} 70% 80%)">Slide {i + 1}</detent-carousel-item>'
                 for i in range(5))


def console_lines(page, since):
    """What the page wrote to its console since event number since: (type, text)."""
    out = []
    for e in page.b.events[since:]:
        if e["method"] == "Runtime.consoleAPICalled":
            out.append((e["params"]["type"], " ".join(str(a.get("value", a.get("description"))) for a in e["params"]["args"])))
        elif e["method"] == "Runtime.exceptionThrown":
            out.append(("exception", e["params"]["exceptionDetails"].get("exception", {}).get("description", "")))
        elif e["method"] == "Log.entryAdded":
            out.append((f"browser-{e['params']['entry']['level']}", e["params"]["entry"]["text"]))
    return out


def check_outage(check, page, backend):
    ids = page.b.js("[...document.querySelectorAll('detent-carousel')].map((c) => c.id)")
    page.b.call("Log.enable")
    page.settled("navigation")
    page.js("navigation", "c.goToSlide(2)")
    page.settled("navigation")
    mark = page.mark()
    since = len(page.b.events)
    backend.stop_relay()
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'offline')", 10, "every carousel offline")
    offline = page.events(mark, type="detent-link-change")
    check("relay stopped: every carousel says so (link offline, one detent-link-change each)",
          sorted(e["id"] for e in offline if e["link"] == "offline") == sorted(ids), json.dumps(offline))
    # The local rule pages it: a method, a drag, a key.
    for script, want in [("c.next()", 3), ("c.previous()", 2), ("c.goToSlide(4)", 4)]:
        m = page.mark()
        page.js("navigation", script)
        info = page.settled("navigation")
        changes = page.events(m, "navigation", "detent-slide-change")
        settles = page.events(m, "navigation", "detent-settle")
        check(f"offline: {script} pages by the local rule to slide {want}, one slide change, one settle",
              info["active"] == want and [e["index"] for e in changes] == [want] and len(settles) == 1, f"{info} {changes} {settles}")
    m = page.mark()
    page.drag("basic", 300, 200)
    info = page.settled("basic")
    check("offline: a mouse drag pages by the local rule (one settle)", len(page.events(m, "basic", "detent-settle")) == 1, str(info))
    time.sleep(1.5)  # retrying meanwhile
    lines = page.lines()[mark[0]:]
    check("offline: nothing goes out while the relay is down", not [x for d, x in lines if d == "sent"], str(lines[:3]))
    mine = [line for line in console_lines(page, since) if not line[0].startswith("browser-")]
    browser = [line for line in console_lines(page, since) if line[0].startswith("browser-")]
    check("offline: the page's console gets nothing while it retries (no flood)", not mine, str(mine[:3]))
    print(f"     (the browser itself logged {len(browser)} line(s) meanwhile: {browser[:1]})")
    # Back within 2 s of the relay's return, where it rested.
    rested = page.info("navigation")["active"]
    mark = page.mark()
    back = backend.start_relay()
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'open')", 10, "every carousel open again")
    took = time.monotonic() - back
    check(f"relay back: every carousel is on Detent again within 2 s ({took:.2f} s)", took <= 2.0, f"{took:.2f} s")
    opens = page.sent(mark, page.info("navigation")["session"], "open")
    check("relay back: the session reopens on the slide it rested on",
          len(opens) == 1 and opens[0].get("index", 0) == rested and page.info("navigation")["active"] == rested, json.dumps(opens))
    m = page.mark()
    page.js("navigation", "c.previous()")
    requests = []
    while not requests:
        requests = page.sent(m, page.info("navigation")["session"], "step")
    reply = page.wait_reply(requests[0])
    info = page.settled("navigation")
    check("relay back: the daemon decides again (previous() is a step it answers)",
          reply["op"] == "snap" and info["active"] == reply["index"], f"{reply} {info}")


def check_daemon_restart(check, page, backend):
    """The relay up, the daemon gone (the relay accepts and closes each WebSocket): offline, the local
    rule, and back on Detent once a daemon answers on the same socket again."""
    page.settled("navigation")
    mark = page.mark()
    backend.stop_daemon()
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'offline')", 10, "every carousel offline")
    page.js("navigation", "c.next()")
    info = page.settled("navigation")
    check("daemon stopped (relay up): offline, and next() pages by the local rule",
          len(page.events(mark, "navigation", "detent-settle")) == 1 and info["link"] == "offline", str(info))
    rested = info["active"]
    mark = page.mark()
    backend.start_daemon()
    page.b.wait("[...document.querySelectorAll('detent-carousel')].every((c) => c.link === 'open')", 10, "every carousel open again")
    opens = page.sent(mark, info["session"], "open")
    check("daemon back: every carousel open again, navigation reopened on the slide it rests on",
          len(opens) == 1 and opens[0].get("index", 0) == rested and page.info("navigation")["active"] == rested, json.dumps(opens))


def check_bad_use(check, page):
    b = page.b
    since = len(b.events)
    # No slides.
    b.js("""(() => { const c = document.createElement('detent-carousel'); c.id = 'empty'; c.setAttribute('aria-label', 'Empty');
      c.navigation = true; c.pagination = true; document.body.append(c); return true; })()""")
    mark = page.mark()
    page.js("empty", "(c.next(), c.previous(), c.goToSlide(2), c.goToSlide(0, 'instant'), true)")
    time.sleep(0.4)
    info = page.info("empty")
    state = page.js("empty", """[c.activeSlide, c.shadowRoot.querySelectorAll('[part~=pagination-item]').length,
      [...c.shadowRoot.querySelectorAll('[part~=navigation-button]')].map((b) => b.getAttribute('aria-disabled'))]""")
    check("no slides: the methods do nothing, no event, no dot, both buttons disabled",
          state == [0, 0, ["true", "true"]] and not page.events(mark, "empty"), f"{state} {page.events(mark, 'empty')}")
    page.js("empty", "c.replaceChildren(...[0, 1, 2].map((i) => { const s = document.createElement('detent-carousel-item'); "
            "s.textContent = 'Slide ' + (i + 1); return s; }))")
    b.wait("document.getElementById('empty').link === 'open'", 5, "the empty carousel open once it has slides")
    m = page.mark()
    page.js("empty", "c.next()")
    info = page.settled("empty")
    check("no slides, then three: it opens and pages (next() to slide 1)",
          info["active"] == 1 and [e["index"] for e in page.events(m, "empty", "detent-slide-change")] == [1], str(info))
    m = page.mark()
    page.js("empty", "c.replaceChildren()")
    time.sleep(0.3)
    check("all slides removed: no error, no event", not page.events(m, "empty", "detent-slide-change") and page.info("empty")["slides"] == 0)
    # Slides added and removed while it moves.
    b.js("(() => { const c = document.createElement('detent-carousel'); c.id = 'dynamic'; c.setAttribute('aria-label', 'Dynamic');"
         f" c.navigation = true; c.innerHTML = {json.dumps(SLIDES)}; document.body.append(c); return true; }})()")
    b.wait("document.getElementById('dynamic').link === 'open'", 5, "the dynamic carousel open")
    page.settled("dynamic")
    m = page.mark()
    page.js("dynamic", "c.goToSlide(3)")
    moving = page.b.becomes("document.getElementById('dynamic').shadowRoot.querySelector('[part=scroll-container]')"
                            ".getAttribute('aria-busy') === 'true'", 3)
    page.js("dynamic", """(() => { const s = document.createElement('detent-carousel-item'); s.textContent = 'Slide 6';
      c.append(s); c.firstElementChild.remove(); })()""")
    info = page.settled("dynamic")
    settles = page.events(m, "dynamic", "detent-settle")
    edges = {s: round(a, 1) for s, a, _, _ in page.shown("dynamic")}
    check("slides added and removed while moving: it comes to rest once, on a slide it has, drawn there",
          moving and len(settles) == 1 and 0 <= info["active"] < info["slides"] and abs(edges.get(info["active"], 99)) <= 0.5,
          f"busy {moving}, {info}, {settles}, {edges}")
    m = page.mark()
    page.js("dynamic", "(c.goToSlide(4), setTimeout(() => { c.lastElementChild.remove(); c.lastElementChild.remove(); }, 120))")
    time.sleep(0.2)
    info = page.settled("dynamic")
    edges = {s: round(a, 1) for s, a, _, _ in page.shown("dynamic")}
    check("the slide it moves to removed under it: it rests on the new last one, drawn there, settled once",
          info["slides"] == 3 and info["active"] == 2 and abs(edges.get(2, 99)) <= 0.5
          and len(page.events(m, "dynamic", "detent-settle")) == 1, f"{info} {edges} {page.events(m, 'dynamic')}")
    # A malformed endpoint: one clear error, native paging.
    for cid, endpoint in [("bad-endpoint", "ws://[::1"), ("bad-scheme", "ftp://127.0.0.1/")]:
        before = len(b.events)
        b.js(f"(() => {{ const c = document.createElement('detent-carousel'); c.id = {json.dumps(cid)}; c.navigation = true;"
             f" c.setAttribute('endpoint', {json.dumps(endpoint)}); c.innerHTML = {json.dumps(SLIDES)}; document.body.append(c); return true; }})()")
        time.sleep(0.3)
        errors = [t for k, t in console_lines(page, before) if k == "error"]
        check(f"endpoint {endpoint!r}: one console error naming the carousel and the endpoint",
              len(errors) == 1 and f'id="{cid}"' in errors[0] and endpoint in errors[0], str(errors))
        m = page.mark()
        page.js(cid, "c.next()")
        b.wait(f"document.getElementById({json.dumps(cid)}).shadowRoot.querySelector('[part=scroll-container]').scrollLeft > 100", 5,
               f"{cid} scrolled natively")
        b.wait(f"window.carouselEvents.slice({m[1]}).some((e) => e.id === {json.dumps(cid)} && e.type === 'detent-settle')", 5)
        scroll = page.js(cid, "[c.shadowRoot.querySelector('[part=scroll-container]').scrollLeft, c.children[1].getBoundingClientRect().left"
                              " - c.shadowRoot.querySelector('[part=scroll-container]').getBoundingClientRect().left]")
        events = page.events(m, cid)
        check(f"endpoint {endpoint!r}: it pages natively: next() scrolls to slide 1 (CSS scroll snap), its events once",
              page.info(cid)["active"] == 1 and abs(scroll[1]) <= 1 and [e["type"] for e in events] == ["detent-slide-change", "detent-settle"],
              f"{scroll} {events}")
        m = page.mark()
        page.focus(cid)
        page.b.key("ArrowRight")
        b.wait(f"window.carouselEvents.slice({m[1]}).some((e) => e.id === {json.dumps(cid)} && e.type === 'detent-settle')", 5)
        check(f"endpoint {endpoint!r}: a key pages it natively too (ArrowRight to slide 2)", page.info(cid)["active"] == 2,
              str(page.events(m, cid)))
        page.js(cid, "document.activeElement.blur()")
        check(f"endpoint {endpoint!r}: no WebSocket is opened for it", page.info(cid)["link"] == "offline"
              and not [line for d, line in page.lines()[m[0]:] if d == "sent" and line.get("s") == page.info(cid)["session"]])
    # goToSlide out of range.
    for cid, index, want in [("navigation", 99, 4), ("navigation", -3, 0), ("loop", 7, 2), ("loop", -1, 4), ("multiple", 9, 4)]:
        page.settled(cid)
        page.js(cid, f"c.goToSlide({index})")
        info = page.settled(cid)
        check(f"{cid}: goToSlide({index}) goes to slide {want} (Shoelace's clamp, or around the loop)", info["active"] == want, str(info))
    thrown = page.js("navigation", "(() => { try { c.goToSlide(NaN); return null; } catch (e) { return e.name + ': ' + e.message; } })()")
    check("goToSlide(NaN) throws a TypeError saying so, and changes nothing",
          thrown and thrown.startswith("TypeError") and "NaN" in thrown and page.info("navigation")["active"] == 0, str(thrown))
    exceptions = [t for k, t in console_lines(page, since) if k == "exception"]
    check("bad use threw nothing into the page", not exceptions, str(exceptions[:2]))


def check_default_endpoint(check, page, backend):
    """Without an endpoint attribute: the page's own origin when the relay
    serves the page (as here), else the relay unit's address (a page from
    another server: python3's http.server)."""
    created = [e["params"]["url"] for e in page.b.events if e["method"] == "Network.webSocketCreated"]
    own = f"ws://127.0.0.1:{backend.port}/"
    check(f"served by the relay, the carousels connect to the page's own origin ({own})",
          created and set(created) == {own}, str(created))
    port = free_port()
    server = subprocess.Popen(["/usr/bin/python3", "-m", "http.server", "--bind", "127.0.0.1", str(port),
                               "--directory", os.path.join(ROOT, "clients/js")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.025)
        before = len(page.b.events)
        page.b.navigate(f"http://127.0.0.1:{port}/tests/page/index.html")
        page.b.wait("customElements.get('detent-carousel') && document.querySelectorAll('detent-carousel').length === 7", 10)
        page.b.wait("true", 1)
        deadline = time.monotonic() + 5
        urls = []
        while time.monotonic() < deadline and not urls:
            page.b.js("0")
            urls = [e["params"]["url"] for e in page.b.events[before:] if e["method"] == "Network.webSocketCreated"]
            time.sleep(0.05)
        check("served by another server, they connect to the relay unit's address (ws://127.0.0.1:7468/)",
              urls and set(urls) == {"ws://127.0.0.1:7468/"}, str(urls))
    finally:
        server.terminate()
        server.wait(10)
