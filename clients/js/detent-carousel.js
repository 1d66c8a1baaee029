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
import { CarouselInput } from './carousel/input.js';
import { defaultEndpoint, parseEndpoint, poolFor, releasePool } from './carousel/endpoint.js';
import { geometryOf, indexOf, measureSlides, pageCount, slideOf } from './carousel/layout.js';
import { buildShadow, renderButton, renderPagination, setIcons, STRINGS } from './carousel/markup.js';
import { NativePaging } from './carousel/native.js';
import { CarouselView } from './carousel/view.js';

const ITEM = 'detent-carousel-item';
const LABEL = Symbol('label');

const ITEM_STYLES = `
  :host {
    display: flex;
    align-items: center;
    justify-content: center;
    flex-direction: column;
    width: 100%;
    max-height: 100%;
    aspect-ratio: var(--aspect-ratio);
    box-sizing: border-box;
  }
  ::slotted(img) { width: 100% !important; height: 100% !important; object-fit: cover; }
`;

/** One slide: a group of role description "slide", named "N of M" by its carousel (the page's aria-label wins). */
export class DetentCarouselItem extends HTMLElement {
  #internals;

  constructor() {
    super();
    this.#internals = this.attachInternals();
    this.#internals.role = 'group';
    this.#internals.ariaRoleDescription = 'slide';
    this.attachShadow({ mode: 'open' }).innerHTML = `<style>${ITEM_STYLES}</style><slot></slot>`;
  }

  [LABEL](text) {
    if (this.#internals.ariaLabel !== text) this.#internals.ariaLabel = text;
  }
}

// The attributes, as <sl-carousel> declares them (booleans reflect), and Detent's own.
const BOOLEANS = { loop: 'loop', navigation: 'navigation', pagination: 'pagination', autoplay: 'autoplay', mouseDragging: 'mouse-dragging' };
const NUMBERS = { autoplayInterval: ['autoplay-interval', 3000], slidesPerPage: ['slides-per-page', 1], slidesPerMove: ['slides-per-move', 1] };
const STRINGS_ATTR = { orientation: ['orientation', 'horizontal'], plugin: ['plugin', null], endpoint: ['endpoint', null], motion: ['motion', null] };

let serial = 0;

export class DetentCarousel extends HTMLElement {
  static observedAttributes = [...Object.values(BOOLEANS), ...Object.values(NUMBERS).map(([a]) => a),
    ...Object.values(STRINGS_ATTR).map(([a]) => a), 'dir', 'aria-label'];

  #values = {};
  #parts;
  #internals;
  #strip;
  #view;
  #input;
  #pool = null;
  #native = null;
  #endpointToken = 0;
  #plan = null;
  #slides = [];
  #active = 0;
  #opened = false;
  #link = 'offline';
  #busy = false;
  #notesWaiting = false;
  #said = new Set();
  #loopRefused = null;
  #wanted = true;
  #hover = false;
  #focus = false;
  #asked = null;
  #resize;
  #reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  #reduceChanged = false;
  #onReduce = () => { this.#reduceChanged = true; this.#applyMotion(); };

  constructor() {
    super();
    for (const [prop, [, value]] of Object.entries({ ...NUMBERS, ...STRINGS_ATTR })) this.#values[prop] = value;
    this.#internals = this.attachInternals();
    this.#internals.role = 'region';
    this.#internals.ariaRoleDescription = 'carousel';
    this.#internals.ariaLabel = STRINGS.carousel;
    this.#parts = buildShadow(this.attachShadow({ mode: 'open' }));
    serial += 1;
    this.#strip = new DetentStrip(`detent-carousel-${serial}`);
    this.#view = new CarouselView(this.#parts, this.#strip);
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
    p.rotation.addEventListener('click', () => { this.#wanted = !this.#wanted; this.#rotate(); });
    p.container.addEventListener('keydown', (e) => { if (e.target === p.container) this.#key(e); });
    p.pagination.addEventListener('keydown', (e) => this.#key(e));
    this.addEventListener('focusin', () => { this.#focus = true; this.#rotate(); });
    this.addEventListener('focusout', (e) => { this.#focus = this.contains(e.relatedTarget) || this.shadowRoot.contains(e.relatedTarget); this.#rotate(); });
    this.addEventListener('pointerenter', () => { this.#hover = true; this.#rotate(); });
    this.addEventListener('pointerleave', () => { this.#hover = false; this.#rotate(); });
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
    const number = Object.entries(NUMBERS).find(([, [a]]) => a === name);
    if (number) {
      const n = Number(value);
      this.#values[number[0]] = value === null || !Number.isFinite(n) ? number[1][1] : n;
    }
    const string = Object.entries(STRINGS_ATTR).find(([, [a]]) => a === name);
    if (string) this.#values[string[0]] = value ?? string[1][1];
    if (name === 'aria-label') return;
    if (name === 'endpoint') this.#connect();
    else if (name === 'plugin') this.#strip.setPlugin(value || null);
    else if (name === 'motion') this.#applyMotion();
    else if (name === 'autoplay' || name === 'autoplay-interval') this.#rotate();
    else if (name === 'loop') { this.#loopRefused = null; this.#relayout(); }
    else this.#relayout();
  }

  connectedCallback() {
    // Properties a page set before the element was defined.
    for (const prop of [...Object.keys(BOOLEANS), ...Object.keys(NUMBERS), ...Object.keys(STRINGS_ATTR)]) {
      if (Object.hasOwn(this, prop)) {
        const value = this[prop];
        delete this[prop];
        this[prop] = value;
      }
    }
    this.#reduce.addEventListener('change', this.#onReduce);
    this.#resize.observe(this.#parts.container);
    for (const el of this.#slides) this.#resize.observe(el); // observed again after a move in the page
    this.#applyMotion();
    this.#rotate();
    this.#connect();
    this.#relayout();
  }

  disconnectedCallback() {
    this.#reduce.removeEventListener('change', this.#onReduce);
    this.#resize.disconnect();
    this.#input.reset();
    this.#leavePool();
    this.#endpointToken += 1;
    this.#view.stop();
  }

  // MARK: - the connection

  /** Joins the pool of its endpoint (attribute, else the default), or pages natively when it is malformed. */
  async #connect() {
    if (!this.isConnected) return;
    const token = ++this.#endpointToken;
    let url;
    const asked = this.getAttribute('endpoint');
    if (asked !== null) {
      try {
        url = parseEndpoint(asked);
      } catch (error) {
        this.#leavePool();
        console.error(`${this.#name()}: ${error.message}; it pages natively (CSS scroll snap), without Detent`);
        this.#goNative(true);
        return;
      }
    } else {
      url = await defaultEndpoint();
      if (token !== this.#endpointToken) return;
    }
    if (this.#pool?.url === url) return;
    this.#leavePool();
    this.#goNative(false);
    this.#pool = poolFor(url);
    this.#pool.add(this.#strip);
  }

  #leavePool() {
    if (!this.#pool) return;
    this.#pool.remove(this.#strip);
    releasePool(this.#pool);
    this.#pool = null;
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
    // The viewport's inner length, unrounded (clientWidth is whole pixels; the slides are not).
    const c = this.#parts.container;
    const box = c.getBoundingClientRect();
    const cs = getComputedStyle(c);
    const border = (a, b) => (parseFloat(cs[a]) || 0) + (parseFloat(cs[b]) || 0);
    const viewport = vertical ? box.height - border('borderTopWidth', 'borderBottomWidth')
      : box.width - border('borderLeftWidth', 'borderRightWidth');
    if (viewport <= 0) return; // not laid out (display: none): a resize brings it
    const boxes = measureSlides(this.#parts.track, slides, vertical, rtl, (el) => this.#view.shiftOf(el));
    const trackStyle = getComputedStyle(this.#parts.track);
    const trail = parseFloat(vertical ? trackStyle.paddingBottom : rtl ? trackStyle.paddingLeft : trackStyle.paddingRight) || 0;
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
    p.navigation.hidden = !this.navigation;
    p.pagination.hidden = !this.pagination;
    renderButton(p.previous, STRINGS.previousSlide, this.#canPrevious());
    renderButton(p.next, STRINGS.nextSlide, this.#canNext());
    if (this.pagination) renderPagination(p, STRINGS, pages, page, (n) => this.goToSlide(n * (plan?.perMove ?? 1)));
    p.pagination.setAttribute('aria-label', STRINGS.picker);
    p.container.setAttribute('aria-label', STRINGS.slides);
    p.container.classList.toggle('carousel__slides--mouse-dragging', this.mouseDragging && !this.#native);
  }

  #looping() { return !!this.#plan?.loop && this.#strip.dup() > 0; }

  #canPrevious() {
    if (!this.#plan || this.#plan.n === 0) return false;
    return this.#looping() || Math.ceil(this.#active / this.#plan.perMove) > 0;
  }

  #canNext() {
    if (!this.#plan || this.#plan.n === 0) return false;
    return this.#looping() || Math.ceil(this.#active / this.#plan.perMove) < pageCount(this.#plan) - 1;
  }

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

  // MARK: - autoplay and motion

  /** Autoplay is the daemon's: on while wanted and neither the pointer nor focus is in it (APG, Shoelace). */
  #rotate() {
    const p = this.#parts;
    p.rotation.hidden = !this.autoplay;
    const label = this.#wanted ? STRINGS.stopRotation : STRINGS.startRotation;
    if (p.rotation.textContent !== label) p.rotation.textContent = label;
    const rotating = this.autoplay && this.#wanted && !this.#hover && !this.#focus;
    p.live.setAttribute('aria-live', rotating ? 'off' : 'polite');
    const every = rotating ? Math.max(1, this.autoplayInterval) : 0;
    if (every !== this.#asked) {
      this.#asked = every;
      this.#strip.setAutoplay(every);
    }
  }

  /**
   * motion="full" or "reduced", else the reader's prefers-reduced-motion:
   * reduced, or the config's until the preference changes (then full: a
   * layout without motion keeps the session's).
   */
  #applyMotion() {
    const asked = this.getAttribute('motion');
    const fallback = this.#reduceChanged ? 'full' : 'default';
    const motion = asked === 'full' || asked === 'reduced' ? asked : this.#reduce.matches ? 'reduced' : fallback;
    if (this.#strip.getMotion() !== motion) this.#strip.setMotion(motion);
  }
}

for (const [prop, attr] of Object.entries(BOOLEANS)) {
  Object.defineProperty(DetentCarousel.prototype, prop, {
    get() { return this.hasAttribute(attr); },
    set(value) { this.toggleAttribute(attr, Boolean(value)); },
    configurable: true,
  });
}
for (const [prop, [attr]] of Object.entries({ ...NUMBERS, ...STRINGS_ATTR })) {
  Object.defineProperty(DetentCarousel.prototype, prop, {
    get() { return DetentCarousel.valueOf(this, prop); },
    set(value) {
      if (value === null || value === undefined) this.removeAttribute(attr); else this.setAttribute(attr, String(value));
    },
    configurable: true,
  });
}

if (!customElements.get(ITEM)) customElements.define(ITEM, DetentCarouselItem);
if (!customElements.get('detent-carousel')) customElements.define('detent-carousel', DetentCarousel);
