// What <detent-carousel> tells the page: its events (detent-slide-change,
// detent-settle, detent-link-change; bubbling and composed, as
// <sl-carousel>'s) and its console lines, each said once per carousel and
// naming it (a refused loop, a refused geometry, the strip's log).
// SPDX-License-Identifier: Apache-2.0

export class CarouselReport {
  #host;
  #said = new Set();
  /** Why the loop was refused (it then pages without), or null. */
  loopRefused = null;

  constructor(host) {
    this.#host = host;
  }

  /** The carousel as a console line names it. */
  name() { return this.#host.id ? `<detent-carousel id="${this.#host.id}">` : '<detent-carousel>'; }

  /** A warning for the page's console, once per carousel. */
  sayOnce(line) {
    if (this.#said.has(line)) return;
    this.#said.add(line);
    console.warn(`${this.name()}: ${line}`);
  }

  /** A console error naming the carousel (a malformed endpoint). */
  error(line) { console.error(`${this.name()}: ${line}`); }

  refuseLoop(why) {
    this.loopRefused = why;
    this.sayOnce(`it cannot loop (${why}); it pages without looping`);
  }

  /** An event of the element's: `detail` its detail. */
  emit(type, detail) {
    this.#host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
