// <detent-carousel>'s drawing: each animation frame asks the strip what
// to draw at the frame's time and moves the track there. The page's slides
// stay where CSS lays them out in the track; a loop wraps by moving the
// real slides a loop's length (their `translate`, as Embla does), never by
// copies: the strip's place() says where each one is drawn.
// SPDX-License-Identifier: Apache-2.0

export class CarouselView {
  #parts;
  #strip;
  #plan = null;
  #slides = [];
  #shifts = new Map();
  #frame = 0;
  #letGo = false;
  #vertical = false;
  #native = false;
  /** Called after each frame drawn. */
  onFrame = null;
  /** Called with (now, the strip's frame) whenever it draws (the trace). */
  onDrawn = null;
  /** Inside a frame: the strip's notes wait until it is drawn (a settle comes with the rest drawn). */
  framing = false;
  rtl = false;
  /** The offset last drawn (tests read it through the element's frames). */
  drawn = 0;

  constructor(parts, strip) {
    this.#parts = parts;
    this.#strip = strip;
  }

  /** The axis and writing direction; slides-per-page sizes the slides (CSS --slides-per-page). */
  orient(vertical, rtl, perPage) {
    const c = this.#parts.container;
    this.#vertical = vertical;
    this.rtl = rtl && !vertical;
    c.classList.toggle('carousel__slides--horizontal', !vertical);
    c.classList.toggle('carousel__slides--vertical', vertical);
    if (c.style.getPropertyValue('--slides-per-page') !== String(perPage)) c.style.setProperty('--slides-per-page', String(perPage));
  }

  layout(plan, slides) {
    this.#plan = plan;
    this.#slides = slides;
  }

  /** The shift a slide is drawn with (content points along the axis). */
  shiftOf(el) { return this.#shifts.get(el) ?? 0; }

  /** A slide that left: drawn where the page puts it again. */
  unshift(el) {
    if (this.#shifts.delete(el)) el.style.removeProperty('translate');
  }

  /**
   * Let go, the dragging class (its cursor) stays until a frame draws
   * something else than the drag (the decision): removed at pointerup it
   * asked Chromium for a style pass and a frame, and after input Chromium
   * hands a WebSocket reply (the decision) to the page only once that
   * frame is done.
   */
  setDragging(held) {
    this.#letGo = !held;
    if (held) this.#parts.container.classList.add('carousel__slides--dragging');
  }

  #drawnAs(state) {
    if (!this.#letGo || state === 'drag') return;
    this.#letGo = false;
    this.#parts.container.classList.remove('carousel__slides--dragging');
  }

  /** Native paging: the browser scrolls, nothing is moved. */
  native(on) {
    this.#native = on;
    this.#drawnAs('native');
    this.#parts.track.style.removeProperty('transform');
    for (const el of [...this.#shifts.keys()]) this.unshift(el);
  }

  /**
   * Draws at the next animation frame, and every frame while a motion runs
   * (state 'moving'). A drag, or a release awaiting its decision, draws
   * only when the strip changes (its onChange schedules it): a frame
   * requested with nothing new to draw costs power, and Chromium hands a
   * WebSocket reply to the page only after a pending frame after input.
   */
  schedule() {
    if (this.#frame || this.#native) return;
    this.#frame = requestAnimationFrame((now) => {
      this.#frame = 0;
      this.framing = true;
      let f;
      try {
        f = this.#strip.frameAt(now);
        this.draw(f.offset);
        this.#drawnAs(f.state);
        this.onDrawn?.(now, f);
      } finally {
        this.framing = false;
      }
      this.onFrame?.();
      if (f.state === 'moving') this.schedule();
    });
  }

  /** At rest: drawn now, not at the next frame. */
  drawRest() {
    if (this.framing || this.#native || this.#strip.animating()) return;
    const now = performance.now();
    const f = this.#strip.frameAt(now);
    this.draw(f.offset);
    this.#drawnAs(f.state);
    this.onDrawn?.(now, f);
  }

  stop() {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /** Moves the track (and a loop's wrapping slides) so the content shows at offset. */
  draw(offset) {
    const plan = this.#plan;
    if (this.#native || !plan) return;
    this.drawn = offset;
    const sign = this.rtl ? -1 : 1;
    let shift = -offset;
    const dup = plan.loop ? this.#strip.dup() : 0;
    if (dup > 0 && plan.n > 0) {
      // The real first item is laid out dup items in; CSS put it at the lead.
      const first = this.#strip.laidItem(dup).start;
      shift = first - plan.boxes[0].start - offset;
      const k = plan.mode === 'groups' ? plan.perMove : 1;
      for (let g = 0; g * k < plan.n; g += 1) {
        const at = this.#strip.place(g, offset);
        const laid = this.#strip.laidItem(g + dup).start;
        const wrap = Number.isFinite(at) && Number.isFinite(laid) ? at - laid : 0;
        for (let s = g * k; s < Math.min(plan.n, g * k + k); s += 1) this.#shift(this.#slides[s], wrap);
      }
    } else if (this.#shifts.size) {
      for (const el of [...this.#shifts.keys()]) this.unshift(el);
    }
    const px = sign * shift;
    const transform = this.#vertical ? `translate3d(0, ${px}px, 0)` : `translate3d(${px}px, 0, 0)`;
    this.#parts.track.style.transform = transform;
  }

  #shift(el, by) {
    if (!el) return;
    if (Math.abs(by) < 1e-9) {
      this.unshift(el);
      return;
    }
    if (this.#shifts.get(el) === by) return;
    this.#shifts.set(el, by);
    const px = (this.rtl ? -1 : 1) * by;
    el.style.translate = this.#vertical ? `0 ${px}px` : `${px}px 0`;
  }
}
