// <detent-carousel>'s geometry: the slides as CSS laid them out (their
// sizes, the gap, the scroll hint) told to the strip in detent-protocol(7)'s
// terms, and the strip's indices read back as slides.
//
// slides-per-move has no expression in the protocol (a drag's decision
// knows items, not "move by k"), so the element reads it as <sl-carousel>
// does with CSS scroll snap: only every slides-per-move-th slide is a snap.
//   - slides-per-move 1: the slides are the items (a snap each; with
//     slides-per-page > 1 the last ones share the end's snap, contain=trim);
//   - slides-per-move k > 1: the snaps are given as `points`, at slides 0,
//     k, 2k, ... and the end (as Shoelace's last page, which rests on slide
//     count - slides-per-page); strip index i is slide min(i * k, count -
//     slides-per-page);
//   - a loop with k > 1: the items are groups of k slides (uniform, as the
//     carousel strategy needs; the count must be a multiple of k).
// SPDX-License-Identifier: Apache-2.0

/** Each slide's start and length along the axis, in the track's content coordinates, its own shift removed. */
export function measureSlides(track, slides, vertical, rtl, shiftOf) {
  const box = track.getBoundingClientRect();
  return slides.map((el) => {
    const r = el.getBoundingClientRect();
    let start;
    if (vertical) start = r.top - box.top;
    else start = rtl ? box.right - r.right : r.left - box.left;
    return { start: start - shiftOf(el), length: vertical ? r.height : r.width };
  });
}

/**
 * The strip's geometry for slides measured as `boxes`, or {error} when it
 * cannot be: viewport the container's inner length, lead and trail its
 * scroll hint, spacing the gap. `mode` says how strip indices map to slides.
 */
export function geometryOf({ boxes, viewport, trail, perPage, perMove, loop, vertical, contain }) {
  const n = boxes.length;
  const axis = vertical ? 'y' : 'x';
  if (n === 0) return { mode: 'items', perMove, perPage, n, geometry: { viewport, item: viewport, count: 0, axis } };
  const lead = Math.max(0, boxes[0].start);
  const spacing = n > 1 ? Math.max(0, boxes[1].start - boxes[0].start - boxes[0].length) : 0;
  const plan = { perMove, perPage, n, lead, loop: false };
  if (perMove > 1 && !loop) {
    // The snaps themselves: every perMove-th slide's start, then the end.
    const end = Math.max(0, boxes[n - 1].start + boxes[n - 1].length + trail - viewport);
    const points = [];
    for (let i = 0; i < n; i += perMove) {
      const at = Math.min(boxes[i].start - lead, end);
      if (points.length && at <= points[points.length - 1] + 1e-6) break;
      points.push(at);
      if (at >= end) break;
    }
    if (points[points.length - 1] < end - 1e-6 && n - perPage > (points.length - 1) * perMove) points.push(end);
    return { ...plan, mode: 'points', geometry: { viewport, points, axis } };
  }
  const k = loop ? perMove : 1;
  if (loop && n % k !== 0) {
    return { ...plan, error: `slides-per-move ${k} does not divide the ${n} slides` };
  }
  const sizes = [];
  for (let g = 0; g < n / k; g += 1) {
    const first = boxes[g * k];
    const last = boxes[g * k + k - 1];
    sizes.push(last.start + last.length - first.start);
  }
  const uniform = sizes.every((s) => Math.abs(s - sizes[0]) < 0.01);
  const geometry = { viewport, lead, trail, spacing, axis };
  if (uniform) Object.assign(geometry, { item: sizes[0], count: sizes.length });
  else geometry.sizes = sizes;
  // A slide's start is its snap (Shoelace's scroll-snap-align: start); a
  // loop's strategy centres its items, the same offsets when the item and
  // the hints fill the viewport, which is a loop's usual shape.
  // When the slide and the hints fill the viewport (lead = trail), start,
  // center and end are the same offsets: align is left to the plugin (the
  // android ones take center only).
  const fills = uniform && Math.abs(sizes[0] + lead + trail - viewport) < 0.5 && Math.abs(lead - trail) < 0.5;
  if (!fills || loop) geometry.align = 'start';
  if (contain === 'pad' && !loop) geometry.contain = 'pad'; // the last slide may rest aligned: the view draws past the end
  if (loop) {
    geometry.loop = true;
    if (uniform && Math.abs(sizes[0] + lead + trail - viewport) < 0.5) geometry.align = 'center';
  }
  return { ...plan, loop, mode: k > 1 ? 'groups' : 'items', geometry };
}

/** The slide a strip index shows. */
export function slideOf(plan, index) {
  if (!plan || plan.n === 0) return 0;
  if (plan.mode === 'points') return Math.min(index * plan.perMove, Math.max(0, plan.n - plan.perPage));
  if (plan.mode === 'groups') return Math.min(index * plan.perMove, plan.n - 1);
  return Math.min(index, plan.n - 1);
}

/** The strip index that shows slide (as goToSlide takes it: wrapped in a loop, else clamped as Shoelace's). */
export function indexOf(plan, slide) {
  const { n, perMove, perPage } = plan;
  if (plan.loop) {
    const s = ((slide % n) + n) % n;
    return plan.mode === 'groups' ? Math.floor(s / perMove) : s;
  }
  const s = Math.min(Math.max(slide, 0), Math.max(0, n - perPage));
  if (plan.mode === 'points') {
    const last = plan.geometry.points.length - 1;
    return s >= n - perPage ? last : Math.min(Math.floor(s / perMove), last);
  }
  return s;
}

/** Pages as <sl-carousel> counts them (its pagination's dots). */
export function pageCount(plan) {
  const { n, perMove, perPage } = plan;
  if (n === 0) return 0;
  const pages = plan.loop ? n / perMove : (n - perPage) / perMove + 1;
  return Math.max(1, Math.ceil(pages));
}

/** The container's inner length along the axis, unrounded (clientWidth is whole pixels; the slides are not). */
export function viewportLength(container, vertical) {
  const box = container.getBoundingClientRect();
  const cs = getComputedStyle(container);
  const border = (a, b) => (parseFloat(cs[a]) || 0) + (parseFloat(cs[b]) || 0);
  return vertical ? box.height - border('borderTopWidth', 'borderBottomWidth')
    : box.width - border('borderLeftWidth', 'borderRightWidth');
}

/** The track's padding at the content's end (the scroll hint after the last slide). */
export function trailOf(track, vertical, rtl) {
  const s = getComputedStyle(track);
  return parseFloat(vertical ? s.paddingBottom : rtl ? s.paddingLeft : s.paddingRight) || 0;
}

/** Whether a page lies before slide `active` (any, in a loop that wraps). */
export function canPrevious(plan, active, looping) {
  if (!plan || plan.n === 0) return false;
  return looping || Math.ceil(active / plan.perMove) > 0;
}

/** Whether a page lies after slide `active` (any, in a loop that wraps). */
export function canNext(plan, active, looping) {
  if (!plan || plan.n === 0) return false;
  return looping || Math.ceil(active / plan.perMove) < pageCount(plan) - 1;
}
