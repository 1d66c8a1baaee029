"""Real pointer input for the demo's carousels, as a hand makes it: presses,
moves at 60 Hz, releases; and what the page shows for a carousel."""

import json
import time

FRAME = 1000 / 60

# A carousel as the page draws it: the test hooks (data-state, data-index,
# data-offset: the frame the element last drew), its slides' edges on the
# screen relative to its viewport (the scroll-container part), the last decision.
INFO = """(() => {
  const s = detentDemo.strips[%s];
  const v = s.viewport, r = s.part('scroll-container').getBoundingClientRect();
  const { starts, length } = s.layout();
  const offset = Number(v.dataset.offset);
  const items = s.slides().map((el, i) => {
    const q = el.getBoundingClientRect();
    return { item: i, start: starts[i], left: q.left - r.left, right: q.right - r.left };
  });
  // Where each slide is really drawn: its start in the session's content
  // minus its left edge on the screen (a loop's slide, wrapped, a loop's
  // length away).
  const drawn = items.map((i) => {
    const d = i.start - i.left;
    return length ? d - length * Math.round((d - offset) / length) : d;
  });
  return {
    state: v.dataset.state, index: Number(v.dataset.index), offset, drawn,
    rect: { x: r.x, y: r.y, w: r.width, h: r.height }, items, pad: s.pad, loopLength: length,
    decision: s.lastDecision, pushes: s.pushes,
  };
})()"""


class Gestures:
    def __init__(self, browser):
        self.browser = browser
        self.held = None

    def info(self, name):
        return self.browser.js(INFO % json.dumps(name))

    def rest(self, name, timeout=8):
        """The strip once at rest (data-state=rest)."""
        self.browser.wait(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.state === 'rest'", timeout, f"{name} at rest")
        return self.info(name)

    @staticmethod
    def item(info, index):
        """The drawn item showing `index` nearest the middle of the viewport."""
        middle = info["rect"]["w"] / 2
        shown = [i for i in info["items"] if i["item"] == index]
        return min(shown, key=lambda i: abs((i["left"] + i["right"]) / 2 - middle))

    def centre(self, name):
        rect = self.info(name)["rect"]
        return rect["x"] + rect["w"] / 2, rect["y"] + rect["h"] / 2

    def drag(self, name, dx, ms, touch=False, settle=True):
        """Presses, moves by dx px over ms at 60 Hz, releases where it got to.
        dx < 0 moves the content towards its end, as a finger to the left."""
        cx, y = self.centre(name)
        x0 = cx - dx / 2
        frames = max(1, round(ms / FRAME))
        press, move, release = self.actions(touch)
        # Each event carries the time the gesture means it to happen (its DOM
        # timeStamp), as a device stamps its input: under load this process
        # or the page may get to it late, and a flick stamped on arrival
        # looked slower than it was (peek's touch flick decided a return).
        stamp = time.time()
        press(x0, y, stamp)
        start = time.monotonic()
        for i in range(1, frames + 1):
            delay = start + i * FRAME / 1000 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            move(x0 + dx * i / frames, y, stamp + i * FRAME / 1000)
        release(x0 + dx, y, stamp + frames * FRAME / 1000 + 0.001)
        if settle:
            self.browser.wait(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.state !== 'drag'", 5, f"{name}'s decision")

    def actions(self, touch):
        b = self.browser
        if touch:
            return (lambda x, y, t: b.touch("touchStart", x, y, t), lambda x, y, t: b.touch("touchMove", x, y, t),
                    lambda x, y, t: b.touch("touchEnd", timestamp=t))
        return (lambda x, y, t: b.mouse("mousePressed", x, y, timestamp=t), lambda x, y, t: b.mouse("mouseMoved", x, y, timestamp=t),
                lambda x, y, t: b.mouse("mouseReleased", x, y, buttons=0, timestamp=t))

    def hold(self, name, seconds):
        """Presses and keeps the button down, without moving."""
        self.held = self.centre(name)
        self.browser.mouse("mousePressed", *self.held)
        time.sleep(seconds)

    def release(self, name):
        self.browser.mouse("mouseReleased", *self.held, buttons=0)
        self.held = None
        self.browser.wait(f"detentDemo.strips[{json.dumps(name)}].viewport.dataset.state !== 'drag'", 5, f"{name}'s decision")

    def click(self, name, button):
        """Clicks the carousel's prev or next button (its navigation); returns once it is decided."""
        decisions = self.browser.js(f"detentDemo.strips[{json.dumps(name)}].decisions")
        rect = self.browser.js(f"(() => {{ const r = detentDemo.strips[{json.dumps(name)}]"
                               f".button('{button}').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()")
        self.browser.mouse("mousePressed", *rect)
        self.browser.mouse("mouseReleased", *rect, buttons=0)
        self.browser.wait(f"detentDemo.strips[{json.dumps(name)}].decisions > {decisions}", 5, f"{name}'s goto")

    def shot(self, name, path):
        """A screenshot of the strip's viewport alone."""
        rect = self.info(name)["rect"]
        return self.browser.screenshot(path, clip={"x": rect["x"], "y": rect["y"], "width": rect["w"], "height": rect["h"]})
