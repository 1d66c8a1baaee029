// A person's input on <detent-carousel>, handed to its strip (strip.js)
// with each event's own timeStamp: drags by the pointer (a finger and a pen
// always; the mouse with `mouse-dragging`, as <sl-carousel>), the wheel and
// the touchpad (wheel.js's WheelRouter tells them apart), and keys on the
// focused slides or pagination (the APG's: Left and Right, Up and Down when
// vertical, mirrored right-to-left; Home and End).
// SPDX-License-Identifier: Apache-2.0

import { SCROLL_PAUSE_MS, WheelRouter } from '../wheel.js';

/** A press that moved more than this (px) is a drag: the click it ends in is not the page's. */
const CLICK_SLOP = 6;

/** The `step` of a key on a carousel of orientation and direction, or undefined (left to the page). */
export function stepOfKey(key, vertical, rtl) {
  if (key === 'Home') return 'first';
  if (key === 'End') return 'last';
  if (vertical) return { ArrowDown: 'next', ArrowUp: 'prev' }[key];
  const along = { ArrowRight: 'next', ArrowLeft: 'prev' }[key];
  if (!along || !rtl) return along;
  return along === 'next' ? 'prev' : 'next';
}

/**
 * The input of one carousel. `host` gives: strip, container (the element
 * the pointer and wheel land on), vertical(), rtl(), mouseDragging(),
 * active() (whether Detent pages it: not native, with slides), hasSlides()
 * (keys page a native one too), step(to, t) and holding(bool) (a gesture
 * holds the strip or let it go).
 */
export class CarouselInput {
  #host;
  #drag = null;
  #router = null;
  #timer = 0;
  #swallowClick = false;

  constructor(host) {
    this.#host = host;
    const c = host.container;
    c.addEventListener('pointerdown', (e) => this.#down(e));
    c.addEventListener('pointermove', (e) => this.#move(e));
    c.addEventListener('pointerup', (e) => this.#up(e));
    c.addEventListener('pointercancel', (e) => this.#cancel(e));
    c.addEventListener('lostpointercapture', (e) => this.#cancel(e));
    c.addEventListener('dragstart', (e) => { if (host.active()) e.preventDefault(); });
    c.addEventListener('click', (e) => this.#click(e), true);
    c.addEventListener('wheel', (e) => this.#wheel(e), { passive: false });
    // touch-action: pan-y (pan-x when vertical) leaves the strip's axis to
    // the element, but Chromium 156 pans anyway (and cancels the pointer)
    // when the finger lands on text slotted through a display: contents
    // slot (measured: an item's text, not its images): a finger's move
    // along the axis is not the browser's.
    c.addEventListener('touchmove', (e) => this.#touchMove(e), { passive: false });
  }

  /** Whether a finger, the mouse or the touchpad holds the strip. */
  get holding() { return this.#drag !== null || (this.#router?.pending ?? false); }

  /** The strip changed (a new geometry, or it left Detent): a gesture under way ends. */
  reset() {
    if (this.#drag) {
      try { this.#host.container.releasePointerCapture(this.#drag.pointer); } catch { /* already released */ }
      this.#drag = null;
    }
    clearTimeout(this.#timer);
    this.#router = null;
    this.#host.holding(false);
  }

  /** Keys on the slides or a pagination dot: true when taken (then the page does not get it). */
  key(e) {
    const host = this.#host;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !host.hasSlides()) return false;
    const to = stepOfKey(e.key, host.vertical(), host.rtl());
    if (!to) return false;
    e.preventDefault();
    host.step(to, e.timeStamp);
    return true;
  }

  /** Along the strip's axis, in the content's direction (right-to-left flips x). */
  #along(e) {
    const host = this.#host;
    if (host.vertical()) return e.clientY;
    return host.rtl() ? -e.clientX : e.clientX;
  }

  #down(e) {
    const host = this.#host;
    if (!host.active() || this.#drag || e.button !== 0) return;
    if (e.pointerType === 'mouse' && !host.mouseDragging()) return;
    if (!host.strip.press(e.timeStamp)) return;
    this.#drag = { pointer: e.pointerId, from: this.#along(e), x: e.clientX, y: e.clientY, moved: false };
    host.container.setPointerCapture(e.pointerId);
    host.holding(true);
  }

  #move(e) {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    const delta = this.#along(e) - drag.from;
    if (Math.abs(delta) > CLICK_SLOP) drag.moved = true;
    this.#host.strip.drag(delta, e.timeStamp);
  }

  #touchMove(e) {
    const drag = this.#drag;
    if (!drag || !e.cancelable || e.touches.length !== 1) return;
    const dx = Math.abs(e.touches[0].clientX - drag.x), dy = Math.abs(e.touches[0].clientY - drag.y);
    if (this.#host.vertical() ? dy >= dx : dx >= dy) e.preventDefault();
  }

  #up(e) {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    this.#drag = null;
    this.#swallowClick = drag.moved;
    this.#host.holding(false);
    this.#host.strip.release(this.#along(e) - drag.from, e.timeStamp);
  }

  #cancel(e) {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    this.#drag = null;
    this.#host.holding(false);
    this.#host.strip.cancel();
  }

  /** The click that ends a drag is not a click on a slide's content. */
  #click(e) {
    if (!this.#swallowClick) return;
    this.#swallowClick = false;
    e.preventDefault();
    e.stopPropagation();
  }

  #wheel(e) {
    const host = this.#host;
    if (!host.active() || this.#drag) return;
    const vertical = host.vertical();
    // The strip's axis only: a vertical wheel over a horizontal carousel
    // scrolls the page, as over <sl-carousel> (a touchpad gesture under way
    // takes every event).
    const along = vertical ? e.deltaY : e.deltaX;
    if (along === 0 && !this.#router?.pending) return;
    const flip = !vertical && host.rtl() ? -1 : 1;
    const event = { deltaX: vertical ? 0 : e.deltaX * flip, deltaY: vertical ? e.deltaY : 0, deltaMode: e.deltaMode };
    this.#router ??= new WheelRouter(host.strip);
    const wasPending = this.#router.pending;
    if (!this.#router.event(event, e.timeStamp)) return;
    e.preventDefault();
    if (this.#router.pending) {
      if (!wasPending) host.holding(true);
      this.#pauseLater();
    }
  }

  /** A touchpad gesture ends SCROLL_PAUSE_MS after its last event (the DOM has no phase). */
  #pauseLater() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      const router = this.#router;
      if (!router?.pending) return;
      router.pause(performance.now());
      if (!router.pending) this.#host.holding(false);
      else this.#pauseLater();
    }, SCROLL_PAUSE_MS);
  }
}
