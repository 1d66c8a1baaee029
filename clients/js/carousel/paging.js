// <detent-carousel>'s moves that need no daemon: where `instant` next()
// and previous() go (drawn at once, a goto without motion), and where a
// natively paged one (no Detent: CSS scroll snap) goes for a key or a
// goToSlide. SPDX-License-Identifier: Apache-2.0

import { geometryOf, measureSlides, trailOf, viewportLength } from './layout.js';

/** The strip index an `instant` move to ('next' or 'prev') from strip index draws at once. */
export function instantIndex(plan, index, to, looping) {
  const g = plan.geometry;
  const count = plan.mode === 'points' ? g.points.length : g.count ?? g.sizes.length;
  const next = index + (to === 'next' ? 1 : -1);
  return looping ? (next + count) % count : Math.min(Math.max(next, 0), count - 1);
}

/** The slide a natively paged carousel scrolls to for a step ('next', 'prev', 'first', 'last') from slide active. */
export function nativeStep(plan, active, to) {
  return { next: active + plan.perMove, prev: active - plan.perMove, first: 0, last: plan.n - 1 }[to];
}

/** goToSlide's slide natively: clamped (no loop natively). */
export function nativeSlide(plan, i) {
  return Math.min(Math.max(Math.trunc(i), 0), Math.max(0, plan.n - plan.perPage));
}

/**
 * The slides measured as CSS laid them out and read as the strip's
 * geometry (layout.js's plan); a loop that cannot be is refused through
 * refuse(why) and the plan made without it. null when not laid out.
 */
export function planSlides({ parts, slides, vertical, rtl, perPage, perMove, loop, contain, shiftOf, refuse }) {
  const viewport = viewportLength(parts.container, vertical);
  if (viewport <= 0) return null; // not laid out (display: none): a resize brings it
  const boxes = measureSlides(parts.track, slides, vertical, rtl, shiftOf);
  const trail = trailOf(parts.track, vertical, rtl);
  let plan = geometryOf({ boxes, viewport, trail, perPage, perMove, loop, vertical, contain });
  if (plan.error) {
    refuse(plan.error);
    plan = geometryOf({ boxes, viewport, trail, perPage, perMove, loop: false, vertical, contain });
  }
  plan.boxes = boxes;
  return plan;
}
