// One carousel of the demo page with what its tests read (Tests/Browser),
// all taken from the element's own `detent-trace` events (its `trace`
// property) and its public API: no hook inside the element. Its plugin
// menu, offered the plugins the daemon says page its geometry, sets its
// `plugin` attribute; its status line says where it is drawn.

const STOP = 'Stop automatic slide show'; // the rotation control's name while it rotates

export class Hooks {
  constructor(spec, section, connection, demo, opened) {
    this.spec = spec;
    this.section = section;
    this.el = section.querySelector('detent-carousel');
    this.viewport = this.el; // its data-* hooks
    this.choice = section.querySelector('.choice');
    this.status = section.querySelector('.status');
    this.lastReply = section.querySelector('.last-reply');
    this.connection = connection;
    this.demo = demo;
    this.opened = opened;
    this.ready = false;
    this.wheelLog = []; // [{op, fields, reply: its op}] of every wheel and scroll sent
    this.stepLog = []; // [{fields, reply}] of every step sent
    this.pushes = []; // [{at, index}] of every autoplay push
    this.decisions = 0;
    this.lastDecision = null;
    this.frames = []; // [t, offset] of every frame of the last decision's motion
    this.rects = []; // with demo.recordRects: [{state, offset, lefts}] of a motion's last frame and the next one drawn
    this.pad = 0;
    this.dup = 0;
    this.sent = new Map();
    this.released = null;
    this.el.trace = true;
    this.el.addEventListener('detent-trace', (e) => this.traced(e.detail));
    this.el.addEventListener('detent-link-change', ({ detail }) => { if (detail.link !== 'open') this.offline(); });
    this.el.addEventListener('pointerup', () => { this.released = performance.now(); }, true);
    this.choice.addEventListener('change', () => this.choose(this.choice.value));
    this.rotation = {
      /** Presses the carousel's rotation control unless it already does what on asks. */
      want: (on) => {
        const control = this.part('rotation-control');
        if ((control.textContent === STOP) !== on) control.click();
      },
    };
  }

  get count() { return this.slides().length; }
  get index() { return this.el.activeSlide; }
  get state() { return this.el.dataset.state; }
  /** The geometry the element told the daemon, without its index. */
  get geometry() {
    const { index, ...g } = this.el.geometry ?? {};
    if (g.sizes) { delete g.item; delete g.count; } // sizes instead
    return g;
  }

  /** The live region (inside the element's shadow tree). */
  get said() { return this.el.shadowRoot.querySelector('[aria-live]'); }
  part(name) { return this.el.shadowRoot.querySelector(`[part~="${name}"]`); }
  slides() { return [...this.el.querySelectorAll('detent-carousel-item')]; }
  focus() { this.part('scroll-container').focus(); }
  button(which) { return this.part(which === 'prev' ? 'navigation-button--previous' : 'navigation-button--next'); }

  /** Each slide's start in the session's content (a loop's laid out dup items in), and a loop's length (else 0). */
  layout() {
    const g = this.el.geometry;
    const n = this.count;
    const sizes = g.sizes ?? Array(g.count).fill(g.item);
    const laid = this.dup ? [...sizes.slice(-this.dup), ...sizes, ...sizes.slice(0, this.dup)] : sizes;
    const starts = [];
    let e = g.lead ?? 0;
    for (const size of laid) {
      starts.push(e);
      e += size + (g.spacing ?? 0);
    }
    const length = this.dup ? sizes.reduce((a, b) => a + b, 0) + n * (g.spacing ?? 0) : 0;
    return { starts: starts.slice(this.dup, this.dup + n), length };
  }

  traced(d) {
    if (d.kind === 'frame') this.show(d);
    else if (d.kind === 'push') {
      this.pushes.push({ at: performance.now(), index: d.snap.index });
      this.decided(d.snap);
    } else if (d.kind === 'request') this.request(d);
    else if (d.kind === 'reply') this.replied(d);
  }

  request({ op, fields }) {
    const entry = {};
    if (op === 'wheel' || op === 'scroll') this.wheelLog.push(entry.wheel = { op, fields, reply: null });
    if (op === 'step') this.stepLog.push(entry.step = { fields, reply: null });
    if (op === 'autoplay') this.section.dataset.rotation = fields.every > 0 ? 'on' : 'off';
    this.sent.set(fields, entry);
  }

  replied({ op, fields, reply }) {
    const entry = this.sent.get(fields) ?? {};
    this.sent.delete(fields);
    if (entry.wheel) entry.wheel.reply = reply.op;
    if (entry.step) entry.step.reply = reply.op === 'error' ? { op: 'error', code: reply.code } : reply;
    const { id, ...shown } = reply;
    this.lastReply.textContent = `${op}: ${JSON.stringify(shown)}`;
    if (reply.op === 'error') return;
    if (op === 'open') {
      this.pad = reply.pad ?? 0;
      this.dup = reply.dup ?? 0;
      this.el.dataset.plugin = fields.plugin;
      this.el.dataset.motion = fields.motion ?? 'config';
      this.ready = true;
      this.section.classList.remove('offline');
      this.opened();
    }
    if (op === 'layout') this.el.dataset.motion = fields.motion ?? 'config';
    if (op === 'autoplay') this.section.dataset.rotationSaid = String(reply.every);
    if (reply.op === 'snap') {
      if (op === 'end' && this.released !== null) this.demo.latencies.push(performance.now() - this.released);
      this.released = null;
      this.decided(reply);
    }
  }

  /** A decision (the element took it already): its motion's frames are recorded from its first. */
  decided(snap) {
    this.lastDecision = snap;
    this.decisions += 1;
    this.frames = [];
    this.start = undefined;
    // It moves from now (aria-busy), drawn from the next frame: not at rest meanwhile.
    if (this.part('scroll-container').getAttribute('aria-busy') === 'true' && this.el.dataset.state === 'rest') {
      this.el.dataset.state = 'moving';
      this.el.dataset.index = String(snap.index);
    }
  }

  /** A frame drawn: the data-* hooks and the status line; a motion's frame recorded. */
  show({ now, offset, state, index }) {
    const v = this.el.dataset;
    if (v.state !== state) v.state = state;
    if (v.index !== String(index)) v.index = String(index);
    if (v.offset !== String(offset)) v.offset = String(offset);
    if (state === 'moving' && this.lastDecision) {
      this.start ??= now;
      this.frames.push([now - this.start, offset]);
    }
    if (this.demo.recordRects) {
      const at = this.part('scroll-container').getBoundingClientRect().left;
      const drawn = { state, offset, lefts: this.slides().map((s) => s.getBoundingClientRect().left - at) };
      if (state === 'moving') this.rects = [drawn];
      else if (this.rects.length === 1) this.rects.push(drawn);
    }
    const words = { rest: 'at rest', drag: 'dragging', moving: 'moving' };
    this.status.textContent = `item ${index} \u00b7 ${words[state]} \u00b7 ${Math.round(offset * 10) / 10} pt`;
  }

  offline() {
    this.ready = false;
    this.demo.ready = false;
    this.section.classList.add('offline');
    this.status.textContent = 'offline';
  }

  /**
   * Offers every plugin of the daemon that pages this carousel's geometry,
   * asking the daemon itself: each one is opened once under a trial
   * session and closed. data-plugins lists them (tests).
   */
  async offer(plugins) {
    const fits = [];
    const geometry = this.geometry;
    for (const plugin of plugins) {
      if (plugin !== this.spec.plugin) {
        const trial = `${this.spec.name}-try`;
        try {
          await this.connection.request('open', { s: trial, plugin, ...geometry });
          await this.connection.request('close', { s: trial });
        } catch {
          continue; // it does not page this geometry (or the daemon went away)
        }
      }
      fits.push(plugin);
    }
    this.choice.replaceChildren(...fits.map((plugin) => new Option(plugin, plugin)));
    this.choice.value = this.spec.plugin;
    this.el.dataset.plugins = fits.join(',');
  }

  /** Pages it under another plugin: the element reopens its session under it, where it rests. */
  choose(plugin) {
    if (plugin === this.spec.plugin) return;
    this.spec.plugin = plugin;
    this.ready = false;
    this.el.setAttribute('plugin', plugin);
  }
}
