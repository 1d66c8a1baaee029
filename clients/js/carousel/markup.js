// <detent-carousel>'s shadow tree and styles. The parts, slots and custom
// properties are <sl-carousel>'s (Shoelace 2.18), so a page's CSS for it
// needs only the tag renamed; the accessibility is the WAI-ARIA APG
// carousel pattern's where the two differ (Shoelace is not APG): the host
// is a region of role description "carousel" (ElementInternals, so the
// page's light DOM gets no attribute), a rotation control comes first when
// it autoplays, the slides' container is focusable and keys page it, and a
// polite live region says where it rests (off while it rotates).
// SPDX-License-Identifier: Apache-2.0

/** The words a screen reader hears; a page may replace them (the element's `strings`). */
export const STRINGS = {
  carousel: 'Carousel',
  slides: 'Slides',
  picker: 'Slide picker',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  goToSlide: (slide, count) => `Go to slide ${slide} of ${count}`,
  slideOf: (slide, count) => `${slide} of ${count}`,
  restsOn: (slide, count) => `Slide ${slide} of ${count}`,
  stopRotation: 'Stop automatic slide show',
  startRotation: 'Start automatic slide show',
};

const STYLES = `
  :host {
    --slide-gap: var(--sl-spacing-medium, 1rem);
    --aspect-ratio: 16 / 9;
    --scroll-hint: 0px;
    display: flex;
    box-sizing: border-box;
  }
  :host *, :host *::before, :host *::after { box-sizing: inherit; }
  [hidden] { display: none !important; }

  .carousel {
    display: grid;
    grid-template-columns: min-content 1fr min-content;
    grid-template-rows: 1fr min-content;
    grid-template-areas: '. slides .' '. pagination .';
    gap: var(--sl-spacing-medium, 1rem);
    align-items: center;
    min-height: 100%;
    min-width: 100%;
    position: relative;
  }

  /* The viewport: Detent draws the slides in it by moving the track (and,
     for a loop, the slides that wrap); in native mode it scrolls itself. */
  .carousel__slides {
    grid-area: slides;
    position: relative;
    overflow: hidden;
    width: 100%;
    height: 100%;
    aspect-ratio: calc(var(--aspect-ratio) * var(--slides-per-page));
    border-radius: var(--sl-border-radius-small, 3px);
    touch-action: pan-y pinch-zoom;
    scrollbar-width: none;
  }
  .carousel__slides--vertical { touch-action: pan-x pinch-zoom; }
  .carousel__slides::-webkit-scrollbar { display: none; }
  .carousel__slides--mouse-dragging { cursor: grab; }
  .carousel__slides--dragging { cursor: grabbing; user-select: none; }

  /* --slide-size: the page's (a length, or max-content for slides of their
     own widths), else slides-per-page's share of the track. */
  .carousel__track {
    --slide-share: calc((100% - (var(--slides-per-page) - 1) * var(--slide-gap)) / var(--slides-per-page));
    display: grid;
    width: 100%;
    height: 100%;
    align-items: center;
    justify-items: center;
    will-change: transform;
  }
  .carousel__slides--horizontal .carousel__track {
    grid-auto-flow: column;
    grid-auto-columns: var(--slide-size, var(--slide-share));
    grid-auto-rows: 100%;
    column-gap: var(--slide-gap);
    padding-inline: var(--scroll-hint);
  }
  .carousel__slides--vertical .carousel__track {
    grid-auto-flow: row;
    grid-auto-columns: 100%;
    grid-auto-rows: var(--slide-size, var(--slide-share));
    row-gap: var(--slide-gap);
    padding-block: var(--scroll-hint);
  }

  /* Native paging (no Detent: a malformed endpoint): CSS scroll snap. */
  .carousel__slides--native { overflow: auto; touch-action: auto; }
  .carousel__slides--native .carousel__track { will-change: auto; }
  .carousel__slides--native.carousel__slides--horizontal {
    overflow-y: hidden; overscroll-behavior-x: contain; scroll-snap-type: x mandatory; scroll-padding-inline: var(--scroll-hint);
  }
  .carousel__slides--native.carousel__slides--vertical {
    overflow-x: hidden; overscroll-behavior-y: contain; scroll-snap-type: y mandatory; scroll-padding-block: var(--scroll-hint);
  }

  .carousel__slides:focus-visible,
  .carousel__navigation-button:focus-visible,
  .carousel__pagination-item:focus-visible,
  .carousel__rotation:focus-visible {
    outline: var(--sl-focus-ring, solid 3px rgb(14 165 233 / 40%));
    outline-offset: var(--sl-focus-ring-offset, 1px);
  }

  .carousel__navigation { grid-area: navigation; display: contents; font-size: var(--sl-font-size-x-large, 1.25rem); }
  .carousel__navigation-button {
    flex: 0 0 auto;
    display: flex;
    align-items: center;
    background: none;
    border: none;
    border-radius: var(--sl-border-radius-small, 3px);
    font-size: inherit;
    color: var(--sl-color-neutral-600, #52525b);
    padding: var(--sl-spacing-x-small, 0.5rem);
    cursor: pointer;
    appearance: none;
  }
  .carousel__navigation-button svg { width: 1em; height: 1em; display: block; }
  .carousel__navigation-button--disabled { opacity: 0.5; cursor: not-allowed; }
  .carousel__navigation-button--previous { grid-column: 1; grid-row: 1; }
  .carousel__navigation-button--next { grid-column: 3; grid-row: 1; }

  .carousel__pagination {
    grid-area: pagination;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--sl-spacing-small, 0.75rem);
  }
  .carousel__pagination-item {
    display: block;
    cursor: pointer;
    border: 0;
    border-radius: 50%;
    width: var(--sl-spacing-small, 0.75rem);
    height: var(--sl-spacing-small, 0.75rem);
    background-color: var(--sl-color-neutral-300, #d4d4d8);
    padding: 0;
    margin: 0;
  }
  .carousel__pagination-item--active { background-color: var(--sl-color-neutral-700, #3f3f46); transform: scale(1.2); }

  .carousel__rotation { grid-column: 1; grid-row: 2; font: inherit; cursor: pointer; }

  .carousel__live {
    position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
`;

// Chevrons drawn here (Shoelace's default icons are sl-icon's): left, right.
const CHEVRON = {
  left: '<svg viewBox="0 0 16 16" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" d="M10.5 2.5 5 8l5.5 5.5"/></svg>',
  right: '<svg viewBox="0 0 16 16" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" d="M5.5 2.5 11 8l-5.5 5.5"/></svg>',
};

/** Fills a new shadow root; returns its elements by role. */
export function buildShadow(root) {
  root.innerHTML = `
    <style>${STYLES}</style>
    <style class="native-snaps"></style>
    <div part="base" class="carousel">
      <button part="rotation-control" class="carousel__rotation" type="button" hidden></button>
      <div id="scroll-container" part="scroll-container" class="carousel__slides carousel__slides--horizontal"
        tabindex="0" role="group" aria-atomic="true" aria-busy="false">
        <div class="carousel__track"><slot></slot></div>
      </div>
      <div part="navigation" class="carousel__navigation" hidden>
        <button part="navigation-button navigation-button--previous" type="button"
          class="carousel__navigation-button carousel__navigation-button--previous" aria-controls="scroll-container">
          <slot name="previous-icon">${CHEVRON.left}</slot>
        </button>
        <button part="navigation-button navigation-button--next" type="button"
          class="carousel__navigation-button carousel__navigation-button--next" aria-controls="scroll-container">
          <slot name="next-icon">${CHEVRON.right}</slot>
        </button>
      </div>
      <div part="pagination" class="carousel__pagination" role="group" hidden></div>
      <div class="carousel__live" aria-live="polite" aria-atomic="true"></div>
    </div>`;
  const $ = (selector) => root.querySelector(selector);
  return {
    base: $('.carousel'),
    rotation: $('.carousel__rotation'),
    container: $('.carousel__slides'),
    track: $('.carousel__track'),
    slot: $('slot:not([name])'),
    navigation: $('.carousel__navigation'),
    previous: $('.carousel__navigation-button--previous'),
    next: $('.carousel__navigation-button--next'),
    previousIcon: $('slot[name=previous-icon]'),
    nextIcon: $('slot[name=next-icon]'),
    pagination: $('.carousel__pagination'),
    live: $('.carousel__live'),
    nativeSnaps: $('style.native-snaps'),
  };
}

/** The default chevrons point the way the slides go under the writing direction. */
export function setIcons(parts, rtl) {
  const [prev, next] = rtl ? [CHEVRON.right, CHEVRON.left] : [CHEVRON.left, CHEVRON.right];
  if (parts.previousIcon.dataset.dir !== String(rtl)) {
    parts.previousIcon.innerHTML = prev;
    parts.nextIcon.innerHTML = next;
    parts.previousIcon.dataset.dir = parts.nextIcon.dataset.dir = String(rtl);
  }
}

/** One pagination dot per page, the active one marked; each says "Go to slide N of M". */
export function renderPagination(parts, strings, pages, current, onPick) {
  const box = parts.pagination;
  while (box.children.length > pages) box.lastElementChild.remove();
  while (box.children.length < pages) {
    const n = box.children.length;
    const dot = document.createElement('button');
    dot.type = 'button';
    dot.className = 'carousel__pagination-item';
    dot.setAttribute('aria-controls', 'scroll-container');
    dot.addEventListener('click', () => onPick(n));
    box.append(dot);
  }
  [...box.children].forEach((dot, n) => {
    const active = n === current;
    const part = `pagination-item${active ? ' pagination-item--active' : ''}`;
    if (dot.getAttribute('part') !== part) dot.setAttribute('part', part);
    dot.classList.toggle('carousel__pagination-item--active', active);
    const label = strings.goToSlide(n + 1, pages);
    if (dot.getAttribute('aria-label') !== label) dot.setAttribute('aria-label', label);
    // The APG's picker: the current slide's button is marked current (and
    // not disabled: it keeps its place in the tab order).
    if (active) dot.setAttribute('aria-current', 'true'); else dot.removeAttribute('aria-current');
    dot.tabIndex = active || (current < 0 && n === 0) ? 0 : -1;
  });
}

/** A navigation button's state: Shoelace's aria-disabled and class, its label. */
export function renderButton(button, label, enabled) {
  if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
  button.setAttribute('aria-disabled', enabled ? 'false' : 'true');
  button.classList.toggle('carousel__navigation-button--disabled', !enabled);
}

/** The navigation, the pagination and the slides' names as the element's state says. */
export function renderControls(p, { pages, page, navigation, pagination, previous, next, dragging, pick }) {
  p.navigation.hidden = !navigation;
  p.pagination.hidden = !pagination;
  renderButton(p.previous, STRINGS.previousSlide, previous);
  renderButton(p.next, STRINGS.nextSlide, next);
  if (pagination) renderPagination(p, STRINGS, pages, page, pick);
  p.pagination.setAttribute('aria-label', STRINGS.picker);
  p.container.setAttribute('aria-label', STRINGS.slides);
  p.container.classList.toggle('carousel__slides--mouse-dragging', dragging);
}
