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

import { DetentStrip } from './strip.js';
import { defaults, defineProperties, OBSERVED, readAttribute, upgradeProperties } from './carousel/attributes.js';
import { EndpointLink } from './carousel/endpoint.js';
import { CarouselInput } from './carousel/input.js';
import { DetentCarouselItem, ITEM, LABEL } from './carousel/item.js';
import {
  canNext, canPrevious, geometryOf, indexOf, measureSlides, pageCount, slideOf, trailOf, viewportLength,
} from './carousel/layout.js';
import { buildShadow, renderControls, setIcons, STRINGS } from './carousel/markup.js';
import { MotionPreference, Rotation } from './carousel/motion.js';
import { NativePaging } from './carousel/native.js';
import { CarouselView } from './carousel/view.js';

export { DetentCarouselItem };

let serial = 0;

export class DetentCarousel extends HTMLElement {
  static observedAttributes = OBSERVED;

  #values = defaults();
  #parts;
  #internals;
  #strip;
  #view;
  #input;
  #endpoint;
  #native = null;
  #plan = null;
  #slides = [];
  #active = 0;
  #opened = false;
  #link = 'offline';
  #busy = false;
  #notesWaiting = false;
  #said = new Set();
  #loopRefused = null;
  #rotation;
  #motion;
  #resize;

  constructor() {
    super();
    this.#internals = this.attachInternals();
    this.#internals.role = 'region';
    this.#internals.ariaRoleDescription = 'carousel';
    this.#internals.ariaLabel = STRINGS.carousel;
    this.#parts = buildShadow(this.attachShadow({ mode: 'open' }));
    serial += 1;
    this.#strip = new DetentStrip(`detent-carousel-${serial}`);
    this.#view = new CarouselView(this.#parts, this.#strip);
    this.#endpoint = new EndpointLink(this.#strip);
    this.#motion = new MotionPreference(this, this.#strip);
    this.#input = new CarouselInput({
      strip: this.#strip,
      container: this.#parts.container,
      vertical: () => this.orientation === 'vertical',
      rtl: () => this.#view.rtl,
      mouseDragging: () => this.mouseDragging,
      active: () => !this.#native && this.#slides.length > 0,
      hasSlides: () => this.#slides.length > 0,
      step: (to, t) => this.#step(to, t),
      holding: (held) => this.#view.setDragging(held),
    });
    this.#strip.onChange(() => this.#changed());
    this.#view.onFrame = () => this.#frame();
    this.#resize = new ResizeObserver(() => this.#relayout());
    const p = this.#parts;
    p.slot.addEventListener('slotchange', () => this.#relayout());
    p.previous.addEventListener('click', () => { if (this.#canPrevious()) this.previous(); });
    p.next.addEventListener('click', () => { if (this.#canNext()) this.next(); });
    p.container.addEventListener('keydown', (e) => { if (e.target === p.container) this.#key(e); });
    p.pagination.addEventListener('keydown', (e) => this.#key(e));
    this.#rotation = new Rotation(this, p, this.#strip);
  }

  /** A number or string property's value (its attribute read, else its default). */
  static valueOf(carousel, prop) { return carousel.#values[prop]; }

  // MARK: - <sl-carousel>'s API

  /** The index of the active slide (read-only): the slide the last decision shows. */
  get activeSlide() { return this.#active; }

  /** Whether Detent pages it: 'open' (the daemon decides), 'opening' or 'offline' (the local rule). */
  get link() { return this.#link; }

  /** The name of its Detent session (detent-protocol(7)'s s), unique on the page. */
  get session() { return this.#strip.getName(); }

  /** The plugin that pages it (the daemon's word), null until a session opened. */
  get pluginInUse() { return this.#strip.getPlugin(); }

  /** Moves back by slides-per-move slides: `smooth` follows the daemon's motion, `instant` draws at once. */
  previous(behavior = 'smooth') { this.#move('prev', behavior); }

  /** Moves on by slides-per-move slides; at the last without `loop` it stays. */
  next(behavior = 'smooth') { this.#move('next', behavior); }

  /** To slide index (wrapped around a loop, else clamped), `smooth` or `instant`. */
  goToSlide(index, behavior = 'smooth') {
    const i = Number(index);
    if (!Number.isFinite(i)) throw new TypeError(`<detent-carousel>.goToSlide: index ${String(index)} is not a number`);
    const plan = this.#plan;
    if (!plan || plan.n === 0) return;
    if (this.#native) {
      const slide = Math.min(Math.max(Math.trunc(i), 0), Math.max(0, plan.n - plan.perPage)); // no loop natively
      this.#slideTo(slide);
      this.#native.goTo(slide, behavior);
      return;
    }
    if (this.#input.holding) return; // a finger holds it: the strip takes no goto
    const target = indexOf(plan, Math.trunc(i));
    this.#slideTo(slideOf(plan, target)); // known now: said now, and not again by its decision
    this.#strip.goto(target, behavior !== 'instant');
    this.#busyNow();
  }

  // MARK: - attributes and properties

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    readAttribute(this.#values, name, value);
    if (name === 'aria-label') return;
    if (name === 'endpoint') this.#connect();
    else if (name === 'plugin') this.#strip.setPlugin(value || null);
    else if (name === 'motion') this.#motion.apply();
    else if (name === 'autoplay' || name === 'autoplay-interval') this.#rotation.update();
    else if (name === 'loop') { this.#loopRefused = null; this.#relayout(); }
    else this.#relayout();
  }

  connectedCallback() {
    upgradeProperties(this);
    this.#motion.watch(true);
    this.#resize.observe(this.#parts.container);
    for (const el of this.#slides) this.#resize.observe(el); // observed again after a move in the page
    this.#motion.apply();
    this.#rotation.update();
    this.#connect();
    this.#relayout();
  }

  disconnectedCallback() {
    this.#motion.watch(false);
    this.#resize.disconnect();
    this.#input.reset();
    this.#endpoint.leave();
    this.#view.stop();
  }

  // MARK: - the connection

  /** Joins the pool of its endpoint (attribute, else the default), or pages natively when it is malformed. */
  #connect() {
    if (!this.isConnected) return;
    this.#endpoint.join(this.getAttribute('endpoint'), {
      before: () => this.#goNative(false),
      malformed: (error) => {
        console.error(`${this.#name()}: ${error.message}; it pages natively (CSS scroll snap), without Detent`);
        this.#goNative(true);
      },
    });
  }

  #goNative(on) {
    if (on === !!this.#native) return;
    this.#input.reset();
    if (on) {
      this.#native = new NativePaging(this.#parts, (slide) => { this.#slideTo(slide); this.#settled(); });
      this.#view.native(true);
    } else {
      this.#native.stop();
      this.#native = null;
      this.#view.native(false);
    }
    this.#relayout();
  }

  // MARK: - layout and drawing

  /** Measures the slides and tells the strip their geometry; labels the slides; redraws. */
  #relayout() {
    if (!this.isConnected) return;
    const vertical = this.orientation === 'vertical';
    const rtl = getComputedStyle(this).direction === 'rtl';
    const slides = [...this.children].filter((el) => el.localName === ITEM);
    for (const el of slides) if (!this.#slides.includes(el)) this.#resize.observe(el);
    for (const el of this.#slides) if (!slides.includes(el)) { this.#resize.unobserve(el); this.#view.unshift(el); }
    this.#slides = slides;
    slides.forEach((el, i) => el[LABEL]?.(STRINGS.slideOf(i + 1, slides.length)));
    const perPage = Math.max(1, Math.floor(this.slidesPerPage) || 1);
    const perMove = Math.min(perPage, Math.max(1, Math.floor(this.slidesPerMove) || 1));
    this.#view.orient(vertical, rtl, perPage);
    setIcons(this.#parts, rtl);
    const viewport = viewportLength(this.#parts.container, vertical);
    if (viewport <= 0) return; // not laid out (display: none): a resize brings it
    const boxes = measureSlides(this.#parts.track, slides, vertical, rtl, (el) => this.#view.shiftOf(el));
    const trail = trailOf(this.#parts.track, vertical, rtl);
    const loop = this.loop && !this.#native && this.#loopRefused === null;
    let plan = geometryOf({ boxes, viewport, trail, perPage, perMove, loop, vertical });
    if (plan.error) {
      this.#refuseLoop(plan.error);
      plan = geometryOf({ boxes, viewport, trail, perPage, perMove, loop: false, vertical });
    }
    plan.boxes = boxes;
    this.#plan = plan;
    const index = this.#strip.getIndex();
    if (this.#native) {
      this.#native.layout(slides, perMove, vertical);
    } else if (!this.#strip.setGeometry(plan.geometry)) {
      this.#sayOnce(`its geometry was refused (${this.#strip.getError()})`);
    }
    this.#view.layout(plan, slides);
    // Slides removed under it: the strip's index clamped into them is another slide.
    if (!this.#native && !this.#input.holding && this.#strip.getIndex() !== index) {
      this.#slideTo(slideOf(plan, this.#strip.getIndex()));
    }
    this.#render();
    this.#view.schedule();
  }

  /** The strip said something: its notes become the element's events; a change is drawn. */
  #changed() {
    if (this.#view.framing) {
      this.#notesWaiting = true; // read once the frame is drawn
      return;
    }
    this.#notesWaiting = false;
    for (let note = this.#strip.nextNote(); note; note = this.#strip.nextNote()) {
      switch (note.kind) {
        case 'index':
          if (!this.#input.holding) this.#slideTo(slideOf(this.#plan, note.index));
          break;
        case 'rest':
          this.#slideTo(slideOf(this.#plan, note.index));
          this.#view.drawRest(); // a settle comes with the rest drawn (curve=none, goto not animated)
          this.#settled();
          break;
        case 'opened':
          if (this.#opened) this.#slideTo(slideOf(this.#plan, note.index));
          else this.#active = slideOf(this.#plan, note.index); // first render: no event
          this.#opened = true;
          break;
        case 'link':
          this.#setLink(note.link ?? ['offline', 'opening', 'open'][note.index]);
          break;
        case 'log':
          this.#log(note.text ?? '');
          break;
        default:
          break;
      }
    }
    this.#busyNow();
    this.#view.schedule();
  }

  /** After each drawn frame: the notes it left, aria-busy while it moves. */
  #frame() {
    if (this.#notesWaiting) this.#changed();
    this.#busyNow();
  }

  /** aria-busy: true while the strip moves, is held or awaits a decision. */
  #busyNow() {
    const busy = this.#strip.animating();
    if (busy !== this.#busy) {
      this.#busy = busy;
      this.#parts.container.setAttribute('aria-busy', String(busy));
    }
  }

  #setLink(link) {
    if (link === this.#link) return;
    this.#link = link;
    this.dispatchEvent(new CustomEvent('detent-link-change', { detail: { link }, bubbles: true, composed: true }));
  }

  /** A LOG note: a refused loop makes the element page without it; every line is said once. */
  #log(text) {
    if (this.loop && this.#loopRefused === null && /unsupported-layout/.test(text) && this.#plan?.loop) {
      const why = /unsupported-layout: (.*?)\);/.exec(text)?.[1] ?? text;
      this.#refuseLoop(`${this.#strip.getPlugin() ?? this.plugin ?? 'the config\'s default plugin'} refused it: ${why}`);
      this.#relayout();
      return;
    }
    this.#sayOnce(text);
  }

  #refuseLoop(why) {
    this.#loopRefused = why;
    this.#sayOnce(`it cannot loop (${why}); it pages without looping`);
  }

  /** A line for the page's console, once per carousel, naming it. */
  #sayOnce(line) {
    if (this.#said.has(line)) return;
    this.#said.add(line);
    console.warn(`${this.#name()}: ${line}`);
  }

  #name() { return this.id ? `<detent-carousel id="${this.id}">` : '<detent-carousel>'; }

  // MARK: - slides and events

  /** The active slide becomes slide: detent-slide-change once, the pagination and buttons updated. */
  #slideTo(slide) {
    if (!this.#plan || this.#plan.n === 0 || slide === this.#active) return;
    this.#active = slide;
    this.#render();
    // Keys on the pagination: focus follows its active dot (as Shoelace's).
    if (this.shadowRoot.activeElement?.matches('[part~="pagination-item"]')) this.#focusActiveDot();
    this.dispatchEvent(new CustomEvent('detent-slide-change', {
      detail: { index: slide, slide: this.#slides[slide] }, bubbles: true, composed: true,
    }));
  }

  /** It came to rest: detent-settle, and the live region says where (not while it rotates). */
  #settled() {
    const n = this.#slides.length;
    if (n > 0) {
      const words = STRINGS.restsOn(this.#active + 1, n);
      if (this.#parts.live.textContent !== words) this.#parts.live.textContent = words;
    }
    this.dispatchEvent(new CustomEvent('detent-settle', {
      detail: { index: this.#active, slide: this.#slides[this.#active] }, bubbles: true, composed: true,
    }));
  }

  #render() {
    const p = this.#parts;
    const plan = this.#plan;
    const pages = plan ? pageCount(plan) : 0;
    const page = plan ? Math.ceil(this.#active / plan.perMove) : 0;
    renderControls(p, {
      pages, page, navigation: this.navigation, pagination: this.pagination,
      previous: this.#canPrevious(), next: this.#canNext(), dragging: this.mouseDragging && !this.#native,
      pick: (n) => this.goToSlide(n * (plan?.perMove ?? 1)),
    });
  }

  #looping() { return !!this.#plan?.loop && this.#strip.dup() > 0; }

  #canPrevious() { return canPrevious(this.#plan, this.#active, this.#looping()); }

  #canNext() { return canNext(this.#plan, this.#active, this.#looping()); }

  // MARK: - paging

  /** A key on the slides or the pagination; true when it paged. */
  #key(e) { return this.#input.key(e); }

  #step(to, t) {
    const plan = this.#plan;
    if (!plan || plan.n === 0) return;
    if (this.#native) {
      const last = plan.n - 1;
      const target = { next: this.#active + plan.perMove, prev: this.#active - plan.perMove, first: 0, last }[to];
      this.goToSlide(target);
      return;
    }
    if (this.#input.holding) return;
    this.#strip.step(to, t);
    this.#busyNow();
  }

  #move(to, behavior) {
    const plan = this.#plan;
    if (!plan || plan.n === 0) return;
    if (behavior === 'instant' && !this.#native) {
      if (this.#input.holding) return;
      const count = plan.mode === 'points' ? plan.geometry.points.length : plan.geometry.count ?? plan.geometry.sizes.length;
      let index = this.#strip.getIndex() + (to === 'next' ? 1 : -1);
      index = this.#looping() ? (index + count) % count : Math.min(Math.max(index, 0), count - 1);
      this.#slideTo(slideOf(plan, index));
      this.#strip.goto(index, false);
      this.#busyNow();
      return;
    }
    this.#step(to, performance.now());
  }

  #focusActiveDot() {
    this.#parts.pagination.querySelector('[part~="pagination-item--active"]')?.focus();
  }
}

defineProperties(DetentCarousel, (el, prop) => DetentCarousel.valueOf(el, prop));

if (!customElements.get(ITEM)) customElements.define(ITEM, DetentCarouselItem);
if (!customElements.get('detent-carousel')) customElements.define('detent-carousel', DetentCarousel);
