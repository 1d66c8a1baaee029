"""The wheel and the touchpad on the web demo's carousels, through Chromium's own input pipeline:
Input.dispatchMouseEvent mouseWheel events over a carousel along its axis (pixel deltas: CDP has no
deltaMode, so a notch is clients/js/wheel.js's 100 px), a line-mode event the page dispatches itself, and
a touchpad swipe of small pixel deltas at 60 Hz that ends after the element's pause with no wheel event. What the page sent and what the
daemon answered come from the strip's wheelLog; no fixed sleeps but the swipe's own 60 Hz pacing."""

import json
import time

FRAME = 1000 / 60
PAUSE_MS = 100  # clients/js/wheel.js, SCROLL_PAUSE_MS


def wheel_event(browser, x, y, dx, dy, timestamp=None):
    """timestamp: when the event happened (its DOM timeStamp), as in cdp.Chromium.mouse."""
    event = {"type": "mouseWheel", "x": x, "y": y, "deltaX": dx, "deltaY": dy, "pointerType": "mouse"}
    if timestamp is not None:
        event["timestamp"] = timestamp
    browser.call("Input.dispatchMouseEvent", event)


def log_of(name):
    return f"detentDemo.strips[{json.dumps(name)}].wheelLog"


def sent(g, name, count):
    """The wheelLog once it has `count` entries, each answered."""
    log = log_of(name)
    g.browser.wait(f"{log}.length >= {count} && {log}.slice(0, {count}).every((e) => e.reply)", 5,
                   f"{name}'s {count} wheel requests answered")
    return g.browser.js(log)


def notches(check, g, rests_where_decided):
    name = "peek"
    page = g.browser.js("[scrollX, scrollY]")
    # Along its axis: a horizontal carousel leaves a vertical wheel to the page, as <sl-carousel> does.
    for dx, step in [(100, 1), (-100, -1)]:
        at = g.rest(name)
        x, y = g.centre(name)
        n = len(g.browser.js(log_of(name)))
        wheel_event(g.browser, x, y, dx, 0)
        entry = sent(g, name, n + 1)[n]
        f = entry["fields"]
        check(f"{name}: a {dx} px horizontal wheel event is sent as wheel dx={step} source=mouse from where it rests",
              entry["op"] == "wheel" and f["dx"] == step and f["dy"] == 0 and f["source"] == "mouse"
              and f["x"] == at["offset"] and entry["reply"] == "snap", str(entry))
        g.browser.wait(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.state !== 'drag'", 5)
        info = rests_where_decided(check, g, name)
        check(f"{name}: the notch pages to item {at['index'] + step} (cause wheel)",
              info["index"] == at["index"] + step and info["decision"]["cause"] == "wheel", str(info["decision"]))
    at = g.rest(name)
    x, y = g.centre(name)
    n = len(g.browser.js(log_of(name)))
    # Two notches 16 ms apart by their stamps: under load the page may handle
    # the second far later (171 ms once), but the lock is on the events' time.
    stamp = time.time()
    wheel_event(g.browser, x, y, 100, 0, stamp)
    g.browser.wait(f"{log_of(name)}.length > {n}", 5)      # handled before the next (Chromium coalesces queued ones)
    wheel_event(g.browser, x, y, 100, 0, stamp + FRAME / 1000)
    pair = sent(g, name, n + 2)[n:n + 2]
    gap = pair[1]["fields"]["t"] - pair[0]["fields"]["t"]
    check(f"{name}: two notches {gap:.0f} ms apart answer snap, then kept (the daemon's 150 ms lock)",
          [e["reply"] for e in pair] == ["snap", "kept"] and gap < 150, str(pair))
    info = rests_where_decided(check, g, name)
    check(f"{name}: kept changed nothing: one item on", info["index"] == at["index"] + 1, str(info["index"]))
    n = len(g.browser.js(log_of(name)))
    prevented = g.browser.js(f"""(() => {{
      const e = new WheelEvent('wheel', {{ deltaX: -3, deltaMode: 1, cancelable: true, bubbles: true }});
      detentDemo.strips[{json.dumps(name)}].part('scroll-container').dispatchEvent(e);
      return e.defaultPrevented; }})()""")
    entry = sent(g, name, n + 1)[n]
    check(f"{name}: a line-mode event (3 lines left) is sent as wheel dx=-3 and kept from the page",
          prevented and entry["op"] == "wheel" and entry["fields"]["dx"] == -3 and entry["reply"] == "snap", str(entry))
    info = rests_where_decided(check, g, name)
    check(f"{name}: 3 lines page one item back", info["index"] == at["index"], str(info["index"]))
    check("the page itself did not scroll under the wheel", g.browser.js("[scrollX, scrollY]") == page,
          str(g.browser.js("[scrollX, scrollY]")))


def swipe(g, name, deltas):
    """A touchpad swipe over the carousel at 60 Hz, each event stamped when it is meant to happen. Returns
    the longest time from one event's dispatch to the next one's answer (ms, this process's clock): an
    upper bound on the time between the page's handling of the two (DevTools answers a wheel event once
    the page has handled it), so under it no pause of the element's (SCROLL_PAUSE_MS after the last
    event handled, in real time) can fall inside the swipe."""
    x, y = g.centre(name)
    start, stamp = time.monotonic(), time.time()
    worst, before = 0.0, None
    for i, dx in enumerate(deltas):
        delay = start + i * FRAME / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        sending = time.monotonic()
        wheel_event(g.browser, x, y, dx, 0, stamp + i * FRAME / 1000)
        if before is not None:
            worst = max(worst, time.monotonic() - before)
        before = sending
    return worst * 1000


def touchpad(check, g, rests_where_decided):
    name = "banner"
    page = g.browser.js("[scrollX, scrollY]")
    deltas = [9, 12, 14, 16, 18, 18, 17, 15, 12, 9]        # a swipe to the left, in pixels (no notch's multiple)
    # A swipe this process could not deliver in time (two events further apart than the pause, as a
    # loaded machine's stall makes them) may be ended in two by the pause, as a real touchpad's would
    # be: such a run says nothing of the element and is swiped again (3 tries); a swipe delivered in
    # time must be sent exactly so.
    for attempt in range(3):
        at = g.rest(name)
        n = len(g.browser.js(log_of(name)))
        worst = swipe(g, name, deltas)
        g.rest(name)
        log = sent(g, name, n + 2)[n:]
        phases = [e["fields"].get("phase", "update") for e in log]
        if worst < PAUSE_MS or phases == ["begin"] + ["update"] * len(deltas) + ["end"]:
            break
        print(f"     (the swipe's events went out up to {worst:.0f} ms apart, longer than the pause: swiped again)", flush=True)
    check(f"{name}: a touchpad swipe is sent as scroll: begin, "
          f"{len(deltas)} updates, end", [e["op"] for e in log] == ["scroll"] * len(log)
          and phases == ["begin"] + ["update"] * len(deltas) + ["end"]
          and [e["fields"]["dx"] for e in log[1:-1]] == deltas and log[0]["fields"]["x"] == at["offset"],
          f"{phases}, delivered up to {worst:.0f} ms apart")
    pause = log[-1]["fields"]["t"] - log[-2]["fields"]["t"]
    check(f"{name}: the end went out after the pause with no wheel event ({pause:.0f} ms >= {PAUSE_MS})",
          pause >= PAUSE_MS and [e["reply"] for e in log] == ["moved"] * (len(log) - 1) + ["snap"], str(log[-2:]))
    info = rests_where_decided(check, g, name)
    check(f"{name}: the swipe ends in a decision of cause scroll, one page on ({info['offset']})",
          info["decision"]["cause"] == "scroll" and info["index"] == at["index"] + 1, str(info["decision"]))
    check("the page itself did not scroll under the swipe", g.browser.js("[scrollX, scrollY]") == page)
    x, y = g.centre(name)
    n = len(g.browser.js(log_of(name)))
    wheel_event(g.browser, x, y, 0, 40)                    # mostly vertical: the page's, not the strip's
    scrolled = g.browser.becomes(f"scrollY !== {page[1]}", 5)
    check(f"{name}: a vertical pixel event is left to the page (it scrolls; nothing sent)",
          scrolled and len(g.browser.js(log_of(name))) == n, str(g.browser.js("[scrollX, scrollY]")))
    g.browser.js(f"window.scrollTo({{left: {page[0]}, top: {page[1]}, behavior: 'instant'}})")
    g.browser.wait(f"scrollX === {page[0]} && scrollY === {page[1]}", 5, "the page back where it was")


def check_wheel(check, g, rests_where_decided):
    notches(check, g, rests_where_decided)
    touchpad(check, g, rests_where_decided)
