// One paged strip on the page: a real Detent session. Pointer events
// drive begin/move/end (no v: the daemon estimates it from the timed
// samples), wheel events wheel and scroll (wheel.js); the strip is drawn
// where the daemon says while dragging or scrolling, and
// along the decision's own curve afterwards (detent-protocol(7), "Motion").
//
// Test hooks, kept stable: the viewport element has data-detent-session,
// data-plugin (the plugin it pages under) and data-plugins (those it may
// switch to), and, updated whenever they change, data-state (rest, drag or
// moving), data-index and data-offset (the offset it is drawn at).

import { motionOf, position } from './detent.js';
import { WheelInput } from './wheel.js';

/** Item starts along the track: e(i) = lead + sum(size(j) + spacing, j < i). */
export function itemStarts(sizes, spacing, lead) {
  const starts = [];
  let e = lead;
  for (const size of sizes) {
    starts.push(e);
    e += size + spacing;
  }
  return starts;
}

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

  /** The strip's section of the page. */
  build(container) {
    const { spec } = this;
    const section = document.createElement('section');
    section.className = `strip strip-${spec.kind}`;
    section.innerHTML = `
      <header>
        <h2>${spec.title} <label class="plugin">plugin
          <select class="choice" aria-label="plugin of ${spec.title}"><option>${spec.plugin}</option></select></label></h2>
        <p>${spec.about} <span class="seed">Seed ${spec.seed}.</span></p>
      </header>
      <div class="frame">
        <div class="viewport" data-detent-session="${spec.name}" data-plugin="${spec.plugin}" data-state="rest" data-index="${this.index}" data-offset="0">
          <div class="track"></div>
        </div>
      </div>
      <footer>
        <button type="button" class="prev" aria-label="previous item">&#9664;</button>
        <span class="status">connecting&hellip;</span>
        <button type="button" class="next" aria-label="next item">&#9654;</button>
      </footer>
      <code class="last-reply"></code>`;
    container.append(section);
    this.section = section;
    this.viewport = section.querySelector('.viewport');
    this.track = section.querySelector('.track');
    this.status = section.querySelector('.status');
    this.lastReply = section.querySelector('.last-reply');
    this.choice = section.querySelector('.choice');
    this.choice.addEventListener('change', () => this.choose(this.choice.value));
    this.viewport.style.width = `${spec.geometry.viewport}px`;
    this.viewport.style.height = `${spec.height}px`;
    section.querySelector('.prev').addEventListener('click', () => this.step(-1));
    section.querySelector('.next').addEventListener('click', () => this.step(1));
    this.viewport.addEventListener('pointerdown', (e) => this.down(e));
    this.viewport.addEventListener('pointermove', (e) => this.moved(e));
    this.viewport.addEventListener('pointerup', (e) => this.up(e));
    this.viewport.addEventListener('pointercancel', (e) => this.cancelled(e));
    this.viewport.addEventListener('dragstart', (e) => e.preventDefault());
    this.wheel = new WheelInput(this);
    this.wheel.attach(this.viewport);
  }

  /** Lays out the items the client draws: for a loop, the last two, all, the first two. */
  layItems(dup) {
    const g = this.spec.geometry;
    const count = g.sizes ? g.sizes.length : g.count;
    let logical = [...Array(count).keys()];
    if (dup) logical = [...logical.slice(count - dup), ...logical, ...logical.slice(0, dup)];
    const sizes = logical.map((i) => (g.sizes ? g.sizes[i] : g.item));
    const starts = itemStarts(sizes, g.spacing ?? 0, g.lead ?? 0);
    this.items = logical.map((item, p) => {
      const el = document.createElement('div');
      el.className = 'item';
      el.dataset.item = String(item);
      el.dataset.start = String(starts[p]);
      el.style.width = `${sizes[p]}px`;
      el.innerHTML = this.spec.render(item, count);
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
    const opened = await this.detent.request('open', {
      s: this.name, plugin: this.spec.plugin, ...this.spec.geometry, index: this.index,
    });
    this.layItems(opened.dup ?? 0);
    this.pad = opened.pad ?? 0;
    this.index = opened.index;
    this.ready = true;
    this.show('rest', opened.x);
    this.reply(opened);
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

  // MARK: - Pointer

  down(e) {
    if (!this.ready || this.drag || this.wheel.gesture || e.button !== 0) return;
    this.viewport.setPointerCapture(e.pointerId);
    this.motion = null; // grabbed: the content stays where it is drawn
    this.drag = { pointer: e.pointerId, x0: e.clientX, grab: this.offset, began: false, queued: null };
    this.show('drag', this.offset);
    const drag = this.drag;
    this.send('begin', { s: this.name, x: this.offset, t: performance.now() }).then((began) => {
      if (this.drag !== drag) return;
      // A loop re-grabbed on a duplicate: move to the real item at once,
      // invisibly, and drag on from there.
      if (began.jump !== undefined) {
        drag.grab += began.jump - began.x;
        this.show('drag', this.offset + began.jump - began.x);
      }
      this.index = began.index;
      drag.began = true;
      const queued = drag.queued;
      drag.queued = null;
      if (queued) queued();
    }, () => {});
  }

  /** The raw offset for a pointer at clientX: the content follows the finger. */
  raw(clientX) {
    return this.drag.grab - (clientX - this.drag.x0);
  }

  moved(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    const x = this.raw(e.clientX);
    const t = performance.now();
    const send = () => this.send('move', { s: this.name, x, t }).then((moved) => {
      if (this.drag === drag) this.show('drag', moved.x);
    }, () => {});
    if (drag.began) send(); else drag.queued = send;
  }

  up(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    const x = this.raw(e.clientX);
    const t = performance.now();
    const send = () => {
      const released = performance.now();
      this.drag = null;
      this.send('end', { s: this.name, x, t }).then((snap) => {
        this.hooks.latency(performance.now() - released);
        this.follow(snap);
      }, () => {});
    };
    if (drag.began) send(); else { drag.queued = send; drag.ending = true; }
  }

  cancelled(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    this.drag = null;
    this.send('cancel', { s: this.name }).then((snap) => this.follow(snap), () => {});
  }

  /** The buttons: goto the next or previous item, from where the content is drawn. */
  step(delta) {
    if (!this.ready || this.drag) return;
    const g = this.spec.geometry;
    const count = g.sizes ? g.sizes.length : g.count;
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

  /** Moves along a decision's curve, then rests at its x (and its jump). */
  follow(snap) {
    this.lastDecision = snap;
    this.decisions += 1;
    this.index = snap.index;
    this.motion = { curve: motionOf(snap), jump: snap.jump, start: performance.now(), frames: [] };
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
