// The keyboard on a strip's focused viewport (WAI-ARIA APG's Carousel
// pattern; WCAG 2.1.1): each key is one `step` (detent-protocol(7),
// "Steps") with x, where the strip is drawn, and t, the key's own
// timeStamp (performance.now()'s clock, as the drags' t). The strip follows
// a snap as a goto's; `kept` (a bound, a finger down) changes nothing.
//
// Left and Right page a horizontal strip, Up and Down a vertical one (the
// other pair is left to the page, which scrolls); Home and End go to the
// ends. Page Up and Page Down are prev and next: a step is already a page
// for the page strategies (paging, shelf), and for an item strategy a page
// of items would be the client's guess of the strategy's rule, which the
// daemon owns. A key with Alt, Ctrl or Meta is left to the browser.
// Test hook: strip.stepLog, [{fields, reply}] of every step sent.

const ALONG = {
  x: { ArrowRight: 'next', ArrowLeft: 'prev' },
  y: { ArrowDown: 'next', ArrowUp: 'prev' },
};
const EITHER = { Home: 'first', End: 'last', PageDown: 'next', PageUp: 'prev' };

/** The `to` of a key on a strip of `axis` (x or y), or undefined when the key is not the strip's. */
export function stepOf(key, axis) {
  return ALONG[axis === 'y' ? 'y' : 'x'][key] ?? EITHER[key];
}

export class KeyboardInput {
  constructor(strip) {
    this.strip = strip;
    strip.stepLog = [];
  }

  attach(viewport) {
    viewport.addEventListener('keydown', (e) => this.key(e));
  }

  key(e) {
    if (e.target !== this.strip.viewport || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = stepOf(e.key, this.strip.spec.geometry.axis);
    if (!to) return;
    e.preventDefault(); // the page does not scroll under Page Down, Home, End
    this.step(to, e.timeStamp);
  }

  step(to, t) {
    const s = this.strip;
    if (!s.ready || s.drag || s.wheel.gesture) return;
    const entry = { fields: { s: s.name, to, x: s.offset, t }, reply: null };
    s.stepLog.push(entry);
    s.send('step', entry.fields).then((reply) => {
      entry.reply = reply;
      if (s.drag || s.wheel.gesture) return;
      if (reply.op === 'snap') s.follow(reply); else s.kept(to);
    }, (error) => { entry.reply = { op: 'error', code: error.code }; });
  }
}
