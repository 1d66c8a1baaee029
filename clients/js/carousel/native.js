// <detent-carousel> without Detent at all (its endpoint is malformed, so no
// relay will ever answer): the browser pages it with CSS scroll snap, as
// <sl-carousel> does, a snap at every slides-per-move-th slide. The
// buttons, keys and methods scroll to a slide; the active slide is the
// snap it comes to rest on (`scrollend`). No loop.
// SPDX-License-Identifier: Apache-2.0

export class NativePaging {
  #parts;
  #onRest;
  #handler;

  /** onRest(slide): the slide it came to rest on after a scroll. */
  constructor(parts, onRest) {
    this.#parts = parts;
    this.#onRest = onRest;
    this.#handler = () => this.#settled();
    parts.container.classList.add('carousel__slides--native');
    parts.container.addEventListener('scrollend', this.#handler);
    this.slides = [];
    this.perMove = 1;
    this.vertical = false;
  }

  /** Back to Detent's drawing: no scrolling, no snaps. */
  stop() {
    const { container, nativeSnaps } = this.#parts;
    container.removeEventListener('scrollend', this.#handler);
    container.classList.remove('carousel__slides--native');
    container.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    nativeSnaps.textContent = '';
  }

  /** The slides and their snaps (every perMove-th slide snaps). */
  layout(slides, perMove, vertical) {
    this.slides = slides;
    this.perMove = perMove;
    this.vertical = vertical;
    const name = 'detent-carousel-item';
    this.#parts.nativeSnaps.textContent = `
      .carousel__slides--native ::slotted(${name}) { scroll-snap-align: start; scroll-snap-stop: always; }
      .carousel__slides--native ::slotted(${name}:not(:nth-of-type(${perMove}n+1))) { scroll-snap-align: none; }`;
  }

  /** Scrolls slide into place: `smooth` or `instant`. */
  goTo(slide, behavior) {
    const el = this.slides[slide];
    if (!el) return;
    const { container } = this.#parts;
    const box = container.getBoundingClientRect();
    const at = el.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(container)[this.vertical ? 'scrollPaddingTop' : 'scrollPaddingLeft']) || 0;
    const left = this.vertical ? container.scrollLeft : container.scrollLeft + at.left - box.left - pad;
    const top = this.vertical ? container.scrollTop + at.top - box.top - pad : container.scrollTop;
    // Already there, nothing scrolls and nothing settles (as a kept step under Detent).
    container.scrollTo({ left, top, behavior: behavior === 'instant' ? 'instant' : 'smooth' });
  }

  /** The snapped slide nearest the viewport's start. */
  #settled() {
    const { container } = this.#parts;
    const box = container.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(container)[this.vertical ? 'scrollPaddingTop' : 'scrollPaddingLeft']) || 0;
    let best = -1;
    let distance = Infinity;
    this.slides.forEach((el, i) => {
      if (i % this.perMove !== 0) return;
      const at = el.getBoundingClientRect();
      const d = Math.abs(this.vertical ? at.top - box.top - pad : at.left - box.left - pad);
      if (d < distance) { distance = d; best = i; }
    });
    if (best >= 0) this.#onRest(best);
  }
}
