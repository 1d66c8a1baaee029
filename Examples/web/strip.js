// One paged strip on the page: a real Detent session. Pointer events
// drive begin/move/end (no v: the daemon estimates it from the timed
// samples), wheel events wheel and scroll (wheel.js), keys step
// (keyboard.js); the strip is drawn where the daemon says while dragging or
// scrolling, and along the decision's own curve afterwards
// (detent-protocol(7), "Motion"), or at once for curve=none (motion=reduced).
// A carousel of the WAI-ARIA APG's pattern (markup.js); its live region
// says where it rests after anything but autoplay.
//
// Test hooks, kept stable: the viewport element has data-detent-session,
// data-plugin (the plugin it pages under) and data-plugins (those it may
// switch to), and, updated whenever they change, data-state (rest, drag or
// moving), data-index, data-offset (the offset it is drawn at) and
// data-motion (the motion its session was last given: full, reduced, or
// config when the config's default).

import { motionOf, position } from '../../clients/js/detent.js';
import { KeyboardInput } from './keyboard.js';
import { itemStarts, slide, stripMarkup } from './markup.js';
import { PointerInput } from './pointer.js';
import { Rotation } from './rotation.js';
import { WheelInput } from './wheel.js';

export class Strip {
  constructor(spec, detent, hooks) {
    this.spec = spec;
    this.detent = detent;
    this.hooks = hooks;
    this.name = spec.name;
    this.index = spec.geometry.index ?? 0;
    this.offset = 0;
    this.state = 'rest';
    this.ready = false;
    this.drag = null;
    this.motion = null;
    this.lastDecision = null;
    this.decisions = 0;
    this.pushes = [];
  }

  get count() {
    const g = this.spec.geometry;
    return g.sizes ? g.sizes.length : g.count;
  }

  /** The strip's section of the page. */
  build(container) {
    const { spec } = this;
    const section = document.createElement('section');
    stripMarkup(section, spec, this.index, this.words());
    container.append(section);
    this.section = section;
    this.said = section.querySelector('.said');
    this.viewport = section.querySelector('.viewport');
    this.track = section.querySelector('.track');
    this.status = section.querySelector('.status');
    this.lastReply = section.querySelector('.last-reply');
    this.choice = section.querySelector('.choice');
    this.choice.addEventListener('change', () => this.choose(this.choice.value));
    this.viewport.style.width = `${spec.geometry.viewport}px`;
    this.viewport.style.height = `${spec.height}px`;
    section.querySelector('.prev').addEventListener('click', () => this.go(-1));
    section.querySelector('.next').addEventListener('click', () => this.go(1));
    this.pointer = new PointerInput(this);
    this.pointer.attach(this.viewport);
    this.wheel = new WheelInput(this);
    this.wheel.attach(this.viewport);
    this.keyboard = new KeyboardInput(this);
    this.keyboard.attach(this.viewport);
    if (spec.autoplay) {
      this.rotation = new Rotation(this, spec.autoplay);
      this.rotation.attach(section, section.querySelector('.rotation'), this.said);
    }
  }

  /** Where it rests, in words: "Account cards: item 2 of 5". */
  words() {
    return `${this.spec.title}: item ${this.index + 1} of ${this.count}`;
  }

  /** Tells a screen reader (the polite live region); the same words again say nothing. */
  say(words) {
    if (this.said.textContent !== words) this.said.textContent = words;
  }

  /** Lays out the items the client draws: for a loop, the last two, all, the first two. */
  layItems(dup) {
    const g = this.spec.geometry;
    const count = this.count;
    let logical = [...Array(count).keys()];
    if (dup) logical = [...logical.slice(count - dup), ...logical, ...logical.slice(0, dup)];
    const sizes = logical.map((i) => (g.sizes ? g.sizes[i] : g.item));
    const starts = itemStarts(sizes, g.spacing ?? 0, g.lead ?? 0);
    this.items = logical.map((item, p) => {
      const real = !dup || (p >= dup && p < dup + count);
      const el = slide(item, count, real, this.spec.render(item, count));
      el.dataset.start = String(starts[p]);
      el.style.width = `${sizes[p]}px`;
      return { el, start: starts[p] };
    });
    this.track.replaceChildren(...this.items.map((i) => i.el));
  }

  /** Opens (or, after a reconnection, reopens) the session where it rested. */
  async open() {
    this.ready = false;
    this.drag = null;
    this.motion = null;
    this.wheel?.reset();
    const motion = this.hooks.motion();
    const opened = await this.detent.request('open', {
      s: this.name, plugin: this.spec.plugin, ...this.spec.geometry, index: this.index, motion,
    });
    this.layItems(opened.dup ?? 0);
    this.pad = opened.pad ?? 0;
    this.index = opened.index;
    this.ready = true;
    this.viewport.dataset.motion = motion ?? 'config';
    this.show('rest', opened.x);
    this.reply(opened);
    this.say(this.words());
    this.rotation?.opened();
    if (this.hooks.motion() !== motion) await this.setMotion(this.hooks.motion()); // it changed meanwhile
  }

  /**
   * The reduced-motion setting changed: the open session takes it
   * (`layout` with its geometry; the daemon keeps its index). A layout ends
   * a gesture, so one under way ends here too.
   */
  async setMotion(motion) {
    if (!this.ready) return; // it opens with it
    const { index, ...shape } = this.spec.geometry;
    this.drag = null;
    this.wheel.reset();
    const opened = await this.send('layout', { s: this.name, ...shape, motion });
    this.viewport.dataset.motion = motion;
    if (!this.motion) this.show('rest', opened.x);
  }

  /**
   * Offers every plugin of the daemon that pages this strip's geometry,
   * asking the daemon itself: each one is opened once under a trial
   * session and closed. The viewport's data-plugins lists them (tests).
   */
  async offer(plugins) {
    const fits = [];
    for (const plugin of plugins) {
      if (plugin !== this.spec.plugin) {
        const trial = `${this.name}-try`;
        try {
          await this.detent.request('open', { s: trial, plugin, ...this.spec.geometry });
          await this.detent.request('close', { s: trial });
        } catch (error) {
          continue; // it does not page this geometry (or the daemon went away)
        }
      }
      fits.push(plugin);
    }
    this.choice.replaceChildren(...fits.map((plugin) => new Option(plugin, plugin)));
    this.choice.value = this.spec.plugin;
    this.viewport.dataset.plugins = fits.join(',');
  }

  /** Pages the strip under another plugin: its session closes and opens again under it, where it rested. */
  async choose(plugin) {
    if (plugin === this.spec.plugin || !this.ready) return;
    this.ready = false;
    await this.detent.request('close', { s: this.name }).catch(() => {});
    const previous = this.spec.plugin;
    this.spec.plugin = plugin;
    try {
      await this.open();
    } catch (error) {
      this.spec.plugin = previous;
      this.choice.value = previous;
      this.lastReply.textContent = `open: ${error.message}`;
      await this.open();
    }
    this.viewport.dataset.plugin = this.spec.plugin;
  }

  offline() {
    this.ready = false;
    this.drag = null;
    this.wheel?.reset();
    this.motion = null;
    this.section.classList.add('offline');
    this.status.textContent = 'offline';
  }

  /** The buttons: goto the next or previous item, from where the content is drawn. */
  go(delta) {
    if (!this.ready || this.drag) return;
    const g = this.spec.geometry, count = this.count;
    let index = this.index + delta;
    index = g.loop ? (index + count) % count : Math.min(Math.max(index, 0), count - 1);
    this.send('goto', { s: this.name, index, x: this.offset }).then((snap) => this.follow(snap), () => {});
  }

  /** A pushed autoplay step. */
  pushed(snap) {
    this.pushes.push({ at: performance.now(), index: snap.index });
    if (!this.ready || this.drag || this.wheel.gesture) return;
    this.reply(snap);
    this.follow(snap);
  }

  send(op, fields) {
    return this.detent.request(op, fields).then((reply) => {
      this.reply(reply);
      return reply;
    }, (error) => {
      this.lastReply.textContent = `${op}: ${error.message}`;
      throw error;
    });
  }

  reply(reply) {
    const { id, ...shown } = reply;
    this.lastReply.textContent = JSON.stringify(shown);
  }

  // MARK: - Motion

  /** A step the daemon kept (a bound): at rest, said again with the end it is at. */
  kept(to) {
    if (this.state !== 'rest') return;
    this.say(`${this.words()}, the ${to === 'next' || to === 'last' ? 'last' : 'first'}`);
  }

  /** Moves along a decision's curve, then rests at its x (and its jump). */
  follow(snap) {
    this.lastDecision = snap;
    this.decisions += 1;
    this.index = snap.index;
    const curve = motionOf(snap);
    if (curve.curve === 'none') {
      // motion=reduced: drawn where it rests at once, no frame between.
      this.motion = null;
      this.frames = [];
      this.offset = snap.jump ?? snap.x;
      this.rest();
      return;
    }
    this.motion = { curve, jump: snap.jump, start: performance.now(), frames: [] };
    this.frames = this.motion.frames; // [t, offset] of every frame drawn, for tests
    this.show('moving', snap.from);
    const motion = this.motion;
    const frame = (now) => {
      if (this.motion !== motion) return;
      const t = now - motion.start;
      if (t < motion.curve.ms) {
        this.show('moving', position(motion.curve, t));
        motion.frames.push([t, this.offset]);
        requestAnimationFrame(frame);
        return;
      }
      this.show('moving', motion.curve.to);
      if (motion.jump === undefined) {
        this.rest();
      } else if (this.hooks.holdJumps()) {
        // For tests: the last frame before the jump stays on screen.
        this.viewport.dataset.jumpPending = String(motion.jump);
        this.releaseJump = () => {
          delete this.viewport.dataset.jumpPending;
          this.releaseJump = null;
          if (this.motion === motion) { this.offset = motion.jump; this.rest(); }
        };
      } else {
        this.offset = motion.jump;
        this.rest();
      }
    };
    requestAnimationFrame(frame);
  }

  rest() {
    this.motion = null;
    this.show('rest', this.offset);
    if (this.lastDecision?.cause !== 'autoplay') this.say(this.words());
  }

  /** Draws the track at `offset` and updates the test hooks and the status. */
  show(state, offset) {
    this.offset = offset;
    this.state = state;
    this.section.classList.remove('offline');
    // Each item is placed in the viewport on its own, not by moving one
    // long track: an item is then drawn alike wherever it is in the
    // content, so a loop's duplicate and its real item are the same
    // picture and the jump between them cannot be seen.
    for (const item of this.items ?? []) item.el.style.transform = `translateX(${item.start - offset}px)`;
    const v = this.viewport.dataset;
    if (v.state !== state) v.state = state;
    if (v.index !== String(this.index)) v.index = String(this.index);
    v.offset = String(offset);
    const words = { rest: 'at rest', drag: 'dragging', moving: 'moving' };
    this.status.textContent = `item ${this.index} \u00b7 ${words[state]} \u00b7 ${Math.round(offset * 10) / 10} pt`;
  }
}
