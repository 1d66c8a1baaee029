// Autoplay a person can stop (WCAG 2.2.2; the APG Carousel pattern's
// rotation control): a real button, first in the carousel's tab order,
// turns it off and on, and it pauses while keyboard focus or the pointer is
// anywhere in the carousel, resuming when both have left (unless the button
// turned it off). The daemon does the rotating: `autoplay every=0` stops
// it, `every=MS` (the plugin's autoplayMs) starts it again. While it
// rotates the strip's live region is aria-live=off, as the APG says: a
// screen reader is not told of every turn.
// Test hooks: the section's data-rotation (on or off, what the page asked
// the daemon) and data-rotation-said (what the daemon last acknowledged).

export class Rotation {
  constructor(strip, every) {
    this.strip = strip;
    this.every = every;
    this.wanted = true;   // the button's choice
    this.focus = false;   // keyboard focus inside the carousel
    this.pointer = false; // the pointer over it
    this.asked = every;   // a session opens rotating (the plugin's autoplayMs)
  }

  attach(section, button, live) {
    this.section = section;
    this.button = button;
    this.live = live;
    section.addEventListener('focusin', () => this.set('focus', true));
    section.addEventListener('focusout', (e) => this.set('focus', section.contains(e.relatedTarget)));
    section.addEventListener('pointerenter', () => this.set('pointer', true));
    section.addEventListener('pointerleave', () => this.set('pointer', false));
    button.addEventListener('click', () => this.want(!this.wanted));
    this.update();
  }

  get rotating() {
    return this.wanted && !this.focus && !this.pointer;
  }

  /** The button: on or off until pressed again. */
  want(on) {
    this.wanted = on;
    this.update();
  }

  set(what, inside) {
    if (this[what] === inside) return;
    this[what] = inside;
    this.update();
  }

  /** The session (re)opened: its plugin started autoplay again. */
  opened() {
    this.asked = this.every;
    this.section.dataset.rotationSaid = String(this.every);
    this.update();
  }

  update() {
    const on = this.rotating;
    // The name says what pressing it does (the APG's "Stop/Start automatic slide show").
    const label = this.wanted ? 'Pause autoplay' : 'Play autoplay';
    if (this.button.textContent !== label) this.button.textContent = label;
    this.button.classList.toggle('paused', !this.wanted);
    this.live.setAttribute('aria-live', on ? 'off' : 'polite');
    this.section.dataset.rotation = on ? 'on' : 'off';
    const every = on ? this.every : 0;
    if (!this.strip.ready || every === this.asked) return;
    this.asked = every;
    this.strip.send('autoplay', { s: this.strip.name, every }).then((ok) => {
      this.section.dataset.rotationSaid = String(ok.every);
    }, () => {});
  }
}
