// A pointer on a strip (a mouse, a finger, a pen): begin, move and end
// with t the event's own timeStamp (when the input happened, on
// performance.now()'s clock; a busy page handles it later) and no v (the
// daemon estimates it from the timed samples); the strip is drawn at each `moved` and follows the
// decision. strip.drag is the drag under way (null when none).

export class PointerInput {
  constructor(strip) {
    this.strip = strip;
  }

  attach(viewport) {
    viewport.addEventListener('pointerdown', (e) => this.down(e));
    viewport.addEventListener('pointermove', (e) => this.moved(e));
    viewport.addEventListener('pointerup', (e) => this.up(e));
    viewport.addEventListener('pointercancel', (e) => this.cancelled(e));
    viewport.addEventListener('dragstart', (e) => e.preventDefault());
  }

  down(e) {
    const s = this.strip;
    if (!s.ready || s.drag || s.wheel.gesture || e.button !== 0) return;
    s.viewport.setPointerCapture(e.pointerId);
    s.motion = null; // grabbed: the content stays where it is drawn
    s.drag = { pointer: e.pointerId, x0: e.clientX, grab: s.offset, began: false, queued: null };
    s.show('drag', s.offset);
    const drag = s.drag;
    s.send('begin', { s: s.name, x: s.offset, t: e.timeStamp }).then((began) => {
      if (s.drag !== drag) return;
      // A loop re-grabbed on a duplicate: move to the real item at once,
      // invisibly, and drag on from there.
      if (began.jump !== undefined) {
        drag.grab += began.jump - began.x;
        s.show('drag', s.offset + began.jump - began.x);
      }
      s.index = began.index;
      drag.began = true;
      const queued = drag.queued;
      drag.queued = null;
      if (queued) queued();
    }, () => {});
  }

  /** The raw offset for a pointer at clientX: the content follows the finger. */
  raw(clientX) {
    const { drag } = this.strip;
    return drag.grab - (clientX - drag.x0);
  }

  moved(e) {
    const s = this.strip;
    const drag = s.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    const x = this.raw(e.clientX);
    const t = e.timeStamp;
    const send = () => s.send('move', { s: s.name, x, t }).then((moved) => {
      if (s.drag === drag) s.show('drag', moved.x);
    }, () => {});
    if (drag.began) send(); else drag.queued = send;
  }

  up(e) {
    const s = this.strip;
    const drag = s.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    const x = this.raw(e.clientX);
    const t = e.timeStamp;
    const send = () => {
      const released = performance.now();
      s.drag = null;
      s.send('end', { s: s.name, x, t }).then((snap) => {
        s.hooks.latency(performance.now() - released);
        s.follow(snap);
      }, () => {});
    };
    if (drag.began) send(); else { drag.queued = send; drag.ending = true; }
  }

  cancelled(e) {
    const s = this.strip;
    const drag = s.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    s.drag = null;
    s.send('cancel', { s: s.name }).then((snap) => s.follow(snap), () => {});
  }
}
