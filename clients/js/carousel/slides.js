// <detent-carousel>'s slides as the page sees them: the active one, its
// events (detent-slide-change once per change, detent-settle per rest),
// the live region's words, and the navigation and pagination drawn for it.
// SPDX-License-Identifier: Apache-2.0

import { canNext, canPrevious, pageCount } from './layout.js';
import { renderControls, STRINGS } from './markup.js';

export class CarouselSlides {
  #host;
  #parts;
  #strip;
  #report;
  #core;
  /** The layout's plan (layout.js), null until measured. */
  plan = null;
  /** The <detent-carousel-item> children. */
  slides = [];
  /** The active slide's index. */
  active = 0;

  /** core gives goToSlide(i) (a pagination dot) and native() (whether the browser pages it). */
  constructor(host, parts, strip, report, core) {
    this.#host = host;
    this.#parts = parts;
    this.#strip = strip;
    this.#report = report;
    this.#core = core;
  }

  /** The active slide becomes slide: detent-slide-change once, the pagination and buttons updated. */
  slideTo(slide) {
    if (!this.plan || this.plan.n === 0 || slide === this.active) return;
    this.active = slide;
    this.render();
    // Keys on the pagination: focus follows its active dot (as Shoelace's).
    if (this.#host.shadowRoot.activeElement?.matches('[part~="pagination-item"]')) {
      this.#parts.pagination.querySelector('[part~="pagination-item--active"]')?.focus();
    }
    this.#report.emit('detent-slide-change', { index: slide, slide: this.slides[slide] });
  }

  /** It came to rest: detent-settle, and the live region says where (not while it rotates). */
  settled() {
    const n = this.slides.length;
    if (n > 0) {
      const words = STRINGS.restsOn(this.active + 1, n);
      if (this.#parts.live.textContent !== words) this.#parts.live.textContent = words;
    }
    this.#report.emit('detent-settle', { index: this.active, slide: this.slides[this.active] });
  }

  render() {
    const { plan } = this;
    const host = this.#host;
    renderControls(this.#parts, {
      pages: plan ? pageCount(plan) : 0,
      page: plan ? Math.ceil(this.active / plan.perMove) : 0,
      navigation: host.navigation,
      pagination: host.pagination,
      previous: this.canPrevious(),
      next: this.canNext(),
      dragging: host.mouseDragging && !this.#core.native(),
      pick: (n) => this.#core.goToSlide(n * (plan?.perMove ?? 1)),
    });
  }

  /** Whether it pages around (a loop the daemon laid out). */
  looping() { return !!this.plan?.loop && this.#strip.dup() > 0; }

  canPrevious() { return canPrevious(this.plan, this.active, this.looping()); }

  canNext() { return canNext(this.plan, this.active, this.looping()); }
}
