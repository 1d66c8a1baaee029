// How <detent-carousel> moves of itself, and how much: its autoplay (the
// daemon's `autoplay`, paused as the WAI-ARIA APG carousel pattern and
// Shoelace pause it) and its motion (the motion attribute, else the
// reader's prefers-reduced-motion). SPDX-License-Identifier: Apache-2.0

import { STRINGS } from './markup.js';

/** Autoplay is the daemon's: on while wanted and neither the pointer nor focus is in it (APG, Shoelace). */
export class Rotation {
  #host;
  #parts;
  #strip;
  #wanted = true;
  #hover = false;
  #focus = false;
  #asked = null;

  constructor(host, parts, strip) {
    this.#host = host;
    this.#parts = parts;
    this.#strip = strip;
    parts.rotation.addEventListener('click', () => { this.#wanted = !this.#wanted; this.update(); });
    host.addEventListener('focusin', () => { this.#focus = true; this.update(); });
    host.addEventListener('focusout', (e) => {
      this.#focus = host.contains(e.relatedTarget) || host.shadowRoot.contains(e.relatedTarget);
      this.update();
    });
    host.addEventListener('pointerenter', () => { this.#hover = true; this.update(); });
    host.addEventListener('pointerleave', () => { this.#hover = false; this.update(); });
  }

  /** The rotation control, the live region's politeness and the strip's autoplay, as the state asks. */
  update() {
    const p = this.#parts, host = this.#host;
    p.rotation.hidden = !host.autoplay;
    const label = this.#wanted ? STRINGS.stopRotation : STRINGS.startRotation;
    if (p.rotation.textContent !== label) p.rotation.textContent = label;
    const rotating = host.autoplay && this.#wanted && !this.#hover && !this.#focus;
    p.live.setAttribute('aria-live', rotating ? 'off' : 'polite');
    const every = rotating ? Math.max(1, host.autoplayInterval) : 0;
    if (every !== this.#asked) {
      this.#asked = every;
      this.#strip.setAutoplay(every);
    }
  }
}

/**
 * motion="full" or "reduced", else the reader's prefers-reduced-motion:
 * reduced, or the config's until the preference changes (then full: a
 * layout without motion keeps the session's).
 */
export class MotionPreference {
  #host;
  #strip;
  #reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  #reduceChanged = false;
  #onReduce = () => { this.#reduceChanged = true; this.apply(); };

  constructor(host, strip) {
    this.#host = host;
    this.#strip = strip;
  }

  /** Follows the reader's preference while on (the element in a document). */
  watch(on) {
    if (on) this.#reduce.addEventListener('change', this.#onReduce);
    else this.#reduce.removeEventListener('change', this.#onReduce);
  }

  apply() {
    const asked = this.#host.getAttribute('motion');
    const fallback = this.#reduceChanged ? 'full' : 'default';
    const motion = asked === 'full' || asked === 'reduced' ? asked : this.#reduce.matches ? 'reduced' : fallback;
    if (this.#strip.getMotion() !== motion) this.#strip.setMotion(motion);
  }
}
