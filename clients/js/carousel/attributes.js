// <detent-carousel>'s attributes and their properties: <sl-carousel>'s
// (2.18: booleans reflect; numbers and strings read their attribute, else
// their default) and Detent's own (plugin, endpoint, motion, contain).
// SPDX-License-Identifier: Apache-2.0

export const BOOLEANS = { loop: 'loop', navigation: 'navigation', pagination: 'pagination', autoplay: 'autoplay', mouseDragging: 'mouse-dragging' };
const NUMBERS = { autoplayInterval: ['autoplay-interval', 3000], slidesPerPage: ['slides-per-page', 1], slidesPerMove: ['slides-per-move', 1] };
const STRINGS_ATTR = {
  orientation: ['orientation', 'horizontal'], plugin: ['plugin', null], endpoint: ['endpoint', null], motion: ['motion', null],
  contain: ['contain', 'trim'],
};

/** The attributes the element observes: its own, and dir and aria-label. */
export const OBSERVED = [...Object.values(BOOLEANS), ...Object.values(NUMBERS).map(([a]) => a),
  ...Object.values(STRINGS_ATTR).map(([a]) => a), 'dir', 'aria-label'];

/** Each number or string property at its default. */
export function defaults() {
  const values = {};
  for (const [prop, [, value]] of Object.entries({ ...NUMBERS, ...STRINGS_ATTR })) values[prop] = value;
  return values;
}

/** An attribute's new value into values: a number parsed (its default when absent or not one), a string or its default. */
export function readAttribute(values, name, value) {
  const number = Object.entries(NUMBERS).find(([, [a]]) => a === name);
  if (number) {
    const n = Number(value);
    values[number[0]] = value === null || !Number.isFinite(n) ? number[1][1] : n;
  }
  const string = Object.entries(STRINGS_ATTR).find(([, [a]]) => a === name);
  if (string) values[string[0]] = value ?? string[1][1];
}

/** Properties a page set on el before the element was defined go through their setters. */
export function upgradeProperties(el) {
  for (const prop of [...Object.keys(BOOLEANS), ...Object.keys(NUMBERS), ...Object.keys(STRINGS_ATTR)]) {
    if (Object.hasOwn(el, prop)) {
      const value = el[prop];
      delete el[prop];
      el[prop] = value;
    }
  }
}

/** The properties on cls.prototype; valueOf(el, prop) reads a number's or string's value. */
export function defineProperties(cls, valueOf) {
  for (const [prop, attr] of Object.entries(BOOLEANS)) {
    Object.defineProperty(cls.prototype, prop, {
      get() { return this.hasAttribute(attr); },
      set(value) { this.toggleAttribute(attr, Boolean(value)); },
      configurable: true,
    });
  }
  for (const [prop, [attr]] of Object.entries({ ...NUMBERS, ...STRINGS_ATTR })) {
    Object.defineProperty(cls.prototype, prop, {
      get() { return valueOf(this, prop); },
      set(value) {
        if (value === null || value === undefined) this.removeAttribute(attr); else this.setAttribute(attr, String(value));
      },
      configurable: true,
    });
  }
}
