// The wheel and the touchpad on a strip: its DOM wheel events, sent as
// the daemon's `wheel` and `scroll` (detent-protocol(7)) with the event's
// own timeStamp (performance.now()'s clock, as the drags' t).
//
// - A wheel: deltaMode LINE or PAGE (deltaX/deltaY as notches: Firefox's
//   lines), or pixel deltas that are whole multiples of a notch: 100 px
//   (Chromium's notch on Windows, and what a DevTools test dispatches) or
//   53 px (Chromium's on X11: kWheelScrollAmount in its ui/events code).
//   Sent as `wheel` with source=mouse; a snap is followed as a drag's
//   decision, `kept` changes nothing.
// - A touchpad: any other pixel deltas, as one gesture of `scroll` in
//   points: phase=begin with the first event's deltas (from where the
//   strip is drawn), then every event as an update (the first one too:
//   the daemon moves by the updates), and phase=end once no wheel event
//   has come for SCROLL_PAUSE_MS. While it lasts every pixel event is an
//   update. A gesture that starts mostly vertical is left to the page.
// Each event taken is preventDefault()ed, so the page does not scroll.
// Test hook: strip.wheelLog, [{op, fields, reply}] of every one sent.

/** The pixel sizes of a notch, in the order tried. */
export const NOTCH_PX = [100, 53];
/** A touchpad gesture ends after this long without a wheel event (DOM has no phase). */
export const SCROLL_PAUSE_MS = 100;

const whole = (delta, notch) => Number.isInteger(delta / notch);

/** A wheel event as the daemon takes it: {op: 'wheel', dx, dy} in notches, or {op: 'scroll', dx, dy} in points. */
export function classify(e) {
  if (e.deltaMode === 1 || e.deltaMode === 2) return { op: 'wheel', dx: e.deltaX, dy: e.deltaY };
  if (e.deltaX !== 0 || e.deltaY !== 0) {
    const notch = NOTCH_PX.find((n) => whole(e.deltaX, n) && whole(e.deltaY, n));
    if (notch) return { op: 'wheel', dx: e.deltaX / notch, dy: e.deltaY / notch };
  }
  return { op: 'scroll', dx: e.deltaX, dy: e.deltaY };
}

export class WheelInput {
  constructor(strip) {
    this.strip = strip;
    this.gesture = null;
    this.lastT = 0;
    strip.wheelLog = [];
  }

  attach(viewport) {
    viewport.addEventListener('wheel', (e) => this.event(e), { passive: false });
  }

  /** Forgets a gesture (the session reopened, the daemon went away). */
  reset() {
    if (this.gesture) clearTimeout(this.gesture.timer);
    this.gesture = null;
  }

  /** t never runs backwards across the wheel and touchpad events (the daemon refuses it). */
  time(t) {
    this.lastT = Math.max(this.lastT, t);
    return this.lastT;
  }

  send(op, fields) {
    const entry = { op, fields, reply: null };
    this.strip.wheelLog.push(entry);
    return this.strip.send(op, fields).then((reply) => {
      entry.reply = reply.op;
      return reply;
    }, (error) => {
      entry.reply = 'error';
      throw error;
    });
  }

  event(e) {
    const s = this.strip;
    if (!s.ready) return;
    const kind = this.gesture && e.deltaMode === 0 ? { op: 'scroll', dx: e.deltaX, dy: e.deltaY } : classify(e);
    if (kind.op === 'wheel') {
      e.preventDefault();
      const fields = { s: s.name, dx: kind.dx, dy: kind.dy, t: this.time(e.timeStamp), source: 'mouse', x: s.offset };
      this.send('wheel', fields).then((reply) => {
        if (reply.op === 'snap' && !s.drag) s.follow(reply);
      }, () => {});
      return;
    }
    if (!this.gesture) {
      if (s.drag || Math.abs(kind.dx) <= Math.abs(kind.dy)) return; // a finger holds it, or the page's scroll
      this.begin(kind, this.time(e.timeStamp));
    }
    e.preventDefault();
    this.update(kind, this.time(e.timeStamp));
  }

  begin(kind, t) {
    const s = this.strip;
    s.motion = null; // held: the content stays where it is drawn
    this.gesture = { timer: null };
    s.show('drag', s.offset);
    this.moved(this.send('scroll', { s: s.name, dx: kind.dx, dy: kind.dy, t, phase: 'begin', x: s.offset }));
  }

  update(kind, t) {
    const gesture = this.gesture;
    clearTimeout(gesture.timer);
    gesture.timer = setTimeout(() => this.end(gesture), SCROLL_PAUSE_MS);
    this.moved(this.send('scroll', { s: this.strip.name, dx: kind.dx, dy: kind.dy, t }));
  }

  moved(request) {
    const gesture = this.gesture;
    request.then((moved) => {
      if (this.gesture === gesture) this.strip.show('drag', moved.x);
    }, () => {});
  }

  end(gesture) {
    if (this.gesture !== gesture) return;
    this.gesture = null;
    const s = this.strip;
    const t = this.time(performance.now());
    this.send('scroll', { s: s.name, dx: 0, dy: 0, t, phase: 'end' }).then((reply) => {
      if (this.gesture || s.drag) return;
      // kept: the gesture changed nothing (one adwaita refused at an end page is a decision of no length).
      if (reply.op === 'kept') { if (s.state === 'drag') s.show('rest', s.offset); return; }
      s.follow(reply);
    }, () => {
      if (!this.gesture && !s.drag && s.state === 'drag') s.show('rest', s.offset);
    });
  }
}
