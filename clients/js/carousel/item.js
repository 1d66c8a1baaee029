// <detent-carousel-item>: one slide of a <detent-carousel>, a group of role
// description "slide" that its carousel names "N of M" (a page's
// aria-label wins). SPDX-License-Identifier: Apache-2.0

export const ITEM = 'detent-carousel-item';

/** The carousel's call that names a slide (a symbol: no page calls it). */
export const LABEL = Symbol('label');

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
