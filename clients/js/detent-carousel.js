// <detent-carousel> and <detent-carousel-item>: Shoelace's <sl-carousel>
// (2.18) API, paged by detentd. Load it as a module:
//
//   <script type="module" src="/javascript/detent/detent-carousel.js"></script>
//   <detent-carousel navigation pagination mouse-dragging>
//     <detent-carousel-item><img alt="..." src="..."></detent-carousel-item>
//     ...
//   </detent-carousel>
//
// Every drag (mouse, touch, pen), wheel notch, touchpad swipe and key goes
// to the strip controller (strip.js), which asks the daemon through the
// relay (a WebSocket, pool.js) and draws the decision's own motion; with no
// relay or no daemon it pages by the controller's local rule and goes back
// to Detent when the relay answers again. The reference is README.md's
// "<detent-carousel>" (what it takes from <sl-carousel>, what differs).
// SPDX-License-Identifier: Apache-2.0

import { defaults, defineProperties, OBSERVED, readAttribute, upgradeProperties } from './carousel/attributes.js';
import { CarouselCore } from './carousel/core.js';
import { DetentCarouselItem, ITEM } from './carousel/item.js';
import { buildShadow, STRINGS } from './carousel/markup.js';

export { DetentCarouselItem };

let serial = 0;

export class DetentCarousel extends HTMLElement {
  static observedAttributes = OBSERVED;

  #values = defaults();
  #core;
  /** While true, a detent-trace event for each request, reply, push and frame drawn (carousel/trace.js). */
  trace = false;

  constructor() {
    super();
    const internals = this.attachInternals();
    internals.role = 'region';
    internals.ariaRoleDescription = 'carousel';
    internals.ariaLabel = STRINGS.carousel;
    serial += 1;
    this.#core = new CarouselCore(this, buildShadow(this.attachShadow({ mode: 'open' })), `detent-carousel-${serial}`);
  }

  /** A number or string property's value (its attribute read, else its default). */
  static valueOf(carousel, prop) { return carousel.#values[prop]; }

  // MARK: - <sl-carousel>'s API

  /** The index of the active slide (read-only): the slide the last decision shows. */
  get activeSlide() { return this.#core.active; }

  /** Moves back by slides-per-move slides: `smooth` follows the daemon's motion, `instant` draws at once. */
  previous(behavior = 'smooth') { this.#core.move('prev', behavior); }

  /** Moves on by slides-per-move slides; at the last without `loop` it stays. */
  next(behavior = 'smooth') { this.#core.move('next', behavior); }

  /** To slide index (wrapped around a loop, else clamped), `smooth` or `instant`; a TypeError when index is no number. */
  goToSlide(index, behavior = 'smooth') { this.#core.goToSlide(index, behavior); }

  // MARK: - Detent's own (read-only)

  /** Whether Detent pages it: 'open' (the daemon decides), 'opening' or 'offline' (the local rule). */
  get link() { return this.#core.link; }

  /** The name of its Detent session (detent-protocol(7)'s s), unique on the page. */
  get session() { return this.#core.strip.getName(); }

  /** The plugin that pages it (the daemon's word), null until a session opened. */
  get pluginInUse() { return this.#core.strip.getPlugin(); }

  /** The geometry told to the daemon (detent-protocol(7)'s open keys, as measured from CSS), null before measured. */
  get geometry() { return this.#core.strip.getGeometry(); }

  // MARK: - attributes and the document

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    readAttribute(this.#values, name, value);
    if (name !== 'aria-label') this.#core.attributeChanged(name, value);
  }

  connectedCallback() {
    upgradeProperties(this);
    this.#core.connected();
  }

  disconnectedCallback() { this.#core.disconnected(); }
}

defineProperties(DetentCarousel, (el, prop) => DetentCarousel.valueOf(el, prop));

if (!customElements.get(ITEM)) customElements.define(ITEM, DetentCarouselItem);
if (!customElements.get('detent-carousel')) customElements.define('detent-carousel', DetentCarousel);
