// <detent-carousel>'s logic behind its API (detent-carousel.js): the
// connection, the layout told to its strip, the strip's notes turned into
// the element's events, the controls drawn, and paging.
// SPDX-License-Identifier: Apache-2.0

import { DetentStrip } from '../strip.js';
import { EndpointLink } from './endpoint.js';
import { CarouselInput } from './input.js';
import { ITEM, LABEL } from './item.js';
import { indexOf, slideOf } from './layout.js';
import { setIcons, STRINGS } from './markup.js';
import { MotionPreference, Rotation } from './motion.js';
import { NativePaging } from './native.js';
import { instantIndex, nativeSlide, nativeStep, planSlides } from './paging.js';
import { CarouselReport } from './report.js';
import { CarouselSlides } from './slides.js';
import { traceFrame, traceStrip } from './trace.js';
import { CarouselView } from './view.js';

export class CarouselCore {
  #host;
  #parts;
  #strip;
  #view;
  #input;
  #endpoint;
  #native = null;
  #at;
  #opened = false;
  #link = 'offline';
  #busy = false;
  #notesWaiting = false;
  #report;
  #rotation;
  #motion;
  #resize;

  /** The logic of host (a <detent-carousel>) whose shadow tree's parts are parts, its session named name. */
  constructor(host, parts, name) {
    this.#host = host;
    this.#parts = parts;
    this.#report = new CarouselReport(host);
    this.#strip = new DetentStrip(name);
    this.#at = new CarouselSlides(host, parts, this.#strip, this.#report, {
      goToSlide: (i) => this.goToSlide(i), native: () => !!this.#native,
    });
    this.#view = new CarouselView(this.#parts, this.#strip);
    this.#endpoint = new EndpointLink(this.#strip);
    this.#motion = new MotionPreference(host, this.#strip);
    this.#input = new CarouselInput({
      strip: this.#strip,
      container: this.#parts.container,
      vertical: () => this.#host.orientation === 'vertical',
      rtl: () => this.#view.rtl,
      mouseDragging: () => this.#host.mouseDragging,
      active: () => !this.#native && this.#at.slides.length > 0,
      hasSlides: () => this.#at.slides.length > 0,
      step: (to, t) => this.#step(to, t),
      holding: (held) => this.#view.setDragging(held),
    });
    this.#strip.onChange(() => this.#changed());
    this.#view.onFrame = () => this.#frame();
    const tracing = () => host.trace === true;
    const emit = (detail) => host.dispatchEvent(new CustomEvent('detent-trace', { detail }));
    traceStrip(this.#strip, tracing, emit);
    this.#view.onDrawn = (now, f) => traceFrame(tracing, emit, now, f);
    this.#resize = new ResizeObserver(() => this.#relayout());
    const p = this.#parts;
    p.slot.addEventListener('slotchange', () => this.#relayout());
    p.previous.addEventListener('click', () => { if (this.#at.canPrevious()) this.move('prev', 'smooth'); });
    p.next.addEventListener('click', () => { if (this.#at.canNext()) this.move('next', 'smooth'); });
    p.container.addEventListener('keydown', (e) => { if (e.target === p.container) this.#key(e); });
    p.pagination.addEventListener('keydown', (e) => this.#key(e));
    this.#rotation = new Rotation(host, p, this.#strip);
  }

  /** To slide index (wrapped around a loop, else clamped), `smooth` or `instant`. */
  goToSlide(index, behavior = 'smooth') {
    const i = Number(index);
    if (!Number.isFinite(i)) throw new TypeError(`<detent-carousel>.goToSlide: index ${String(index)} is not a number`);
    const plan = this.#at.plan;
    if (!plan || plan.n === 0) return;
    if (this.#native) {
      const slide = nativeSlide(plan, i);
      this.#at.slideTo(slide);
      this.#native.goTo(slide, behavior);
      return;
    }
    if (this.#input.holding) return; // a finger holds it: the strip takes no goto
    const target = indexOf(plan, Math.trunc(i));
    this.#at.slideTo(slideOf(plan, target)); // known now: said now, and not again by its decision
    this.#strip.goto(target, behavior !== 'instant');
    this.#busyNow();
  }

  // MARK: - the element's

  /** The index of the active slide. */
  get active() { return this.#at.active; }

  get link() { return this.#link; }

  get strip() { return this.#strip; }

  /** An attribute changed (its value read already). */
  attributeChanged(name, value) {
    if (name === 'endpoint') this.#connect();
    else if (name === 'plugin') this.#strip.setPlugin(value || null);
    else if (name === 'motion') this.#motion.apply();
    else if (name === 'autoplay' || name === 'autoplay-interval') this.#rotation.update();
    else if (name === 'loop') { this.#report.loopRefused = null; this.#relayout(); }
    else this.#relayout();
  }

  connected() {
    this.#motion.watch(true);
    this.#resize.observe(this.#parts.container);
    for (const el of this.#at.slides) this.#resize.observe(el); // observed again after a move in the page
    this.#motion.apply();
    this.#rotation.update();
    this.#connect();
    this.#relayout();
  }

  disconnected() {
    this.#motion.watch(false);
    this.#resize.disconnect();
    this.#input.reset();
    this.#endpoint.leave();
    this.#view.stop();
  }

  // MARK: - the connection

  /** Joins the pool of its endpoint (attribute, else the default), or pages natively when it is malformed. */
  #connect() {
    if (!this.#host.isConnected) return;
    this.#endpoint.join(this.#host.getAttribute('endpoint'), {
      before: () => this.#goNative(false),
      malformed: (error) => {
        this.#report.error(`${error.message}; it pages natively (CSS scroll snap), without Detent`);
        this.#goNative(true);
      },
    });
  }

  #goNative(on) {
    if (on === !!this.#native) return;
    this.#input.reset();
    if (on) {
      this.#native = new NativePaging(this.#parts, (slide) => { this.#at.slideTo(slide); this.#at.settled(); });
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
    if (!this.#host.isConnected) return;
    const vertical = this.#host.orientation === 'vertical';
    const rtl = getComputedStyle(this.#host).direction === 'rtl';
    const slides = [...this.#host.children].filter((el) => el.localName === ITEM);
    for (const el of slides) if (!this.#at.slides.includes(el)) this.#resize.observe(el);
    for (const el of this.#at.slides) if (!slides.includes(el)) { this.#resize.unobserve(el); this.#view.unshift(el); }
    this.#at.slides = slides;
    slides.forEach((el, i) => el[LABEL]?.(STRINGS.slideOf(i + 1, slides.length)));
    const perPage = Math.max(1, Math.floor(this.#host.slidesPerPage) || 1);
    const perMove = Math.min(perPage, Math.max(1, Math.floor(this.#host.slidesPerMove) || 1));
    this.#view.orient(vertical, rtl, perPage);
    setIcons(this.#parts, rtl);
    const plan = planSlides({
      parts: this.#parts, slides, vertical, rtl, perPage, perMove,
      loop: this.#host.loop && !this.#native && this.#report.loopRefused === null, contain: this.#host.contain,
      shiftOf: (el) => this.#view.shiftOf(el), refuse: (why) => this.#report.refuseLoop(why),
    });
    if (!plan) return;
    this.#at.plan = plan;
    const index = this.#strip.getIndex();
    if (this.#native) {
      this.#native.layout(slides, perMove, vertical);
    } else if (!this.#strip.setGeometry(plan.geometry)) {
      this.#report.sayOnce(`its geometry was refused (${this.#strip.getError()})`);
    }
    this.#view.layout(plan, slides);
    // Slides removed under it: the strip's index clamped into them is another slide.
    if (!this.#native && !this.#input.holding && this.#strip.getIndex() !== index) {
      this.#at.slideTo(slideOf(plan, this.#strip.getIndex()));
    }
    this.#at.render();
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
          if (!this.#input.holding) this.#at.slideTo(slideOf(this.#at.plan, note.index));
          break;
        case 'rest':
          this.#at.slideTo(slideOf(this.#at.plan, note.index));
          this.#view.drawRest(); // a settle comes with the rest drawn (curve=none, goto not animated)
          this.#at.settled();
          break;
        case 'opened':
          if (this.#opened) this.#at.slideTo(slideOf(this.#at.plan, note.index));
          else this.#at.active = slideOf(this.#at.plan, note.index); // first render: no event
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
    this.#report.emit('detent-link-change', { link });
  }

  /** A LOG note: a refused loop makes the element page without it; every line is said once. */
  #log(text) {
    if (this.#host.loop && this.#report.loopRefused === null && /unsupported-layout/.test(text) && this.#at.plan?.loop) {
      const why = /unsupported-layout: (.*?)\);/.exec(text)?.[1] ?? text;
      this.#report.refuseLoop(`${this.#strip.getPlugin() ?? this.#host.plugin ?? 'the config\'s default plugin'} refused it: ${why}`);
      this.#relayout();
      return;
    }
    this.#report.sayOnce(text);
  }

  // MARK: - paging

  /** A key on the slides or the pagination; true when it paged. */
  #key(e) { return this.#input.key(e); }

  #step(to, t) {
    const plan = this.#at.plan;
    if (!plan || plan.n === 0) return;
    if (this.#native) {
      this.goToSlide(nativeStep(plan, this.#at.active, to));
      return;
    }
    if (this.#input.holding) return;
    this.#strip.step(to, t);
    this.#busyNow();
  }

  /** next() and previous(): a step ('next', 'prev'), or with behavior instant a goto drawn at once. */
  move(to, behavior) {
    const plan = this.#at.plan;
    if (!plan || plan.n === 0) return;
    if (behavior === 'instant' && !this.#native) {
      if (this.#input.holding) return;
      const index = instantIndex(plan, this.#strip.getIndex(), to, this.#at.looping());
      this.#at.slideTo(slideOf(plan, index));
      this.#strip.goto(index, false);
      this.#busyNow();
      return;
    }
    this.#step(to, performance.now());
  }
}
