// A strip's geometry and what follows from it with no daemon
// (clients/c/src/strip_layout.c's twin): the items laid out (a loop's last
// dup items, all, then the first dup), where a widget draws each, the
// position in items, and the local snaps of detent-strip(3), "OFFLINE
// PAGING": detent-protocol(7) "Geometry" under contain=trim, over the real
// items. SPDX-License-Identifier: Apache-2.0

import { TOL, num } from './base.js';

export function count(s) {
  if (!s.hasGeometry) return 0;
  if (s.g.points) return s.g.points.length;
  if (s.g.sizes) return s.g.sizes.length;
  return s.g.count;
}

const sizeOf = (s, item) => (s.g.sizes ? s.g.sizes[item] : s.g.item);

export function laidCount(s) {
  return count(s) + 2 * s.dup;
}

/** Laid-out item p: [its logical item, its start, its length]. */
function laid(s, p) {
  const n = count(s);
  const item = (((p - s.dup) % n) + n) % n;
  if (s.g.points) return [item, s.g.points[p], 0];
  const start = s.g.sizes ? s.starts[p] : s.g.lead + p * (s.g.item + s.g.spacing);
  return [item, start, sizeOf(s, item)];
}

export function laidItem(s, p) {
  if (!s.hasGeometry || !Number.isInteger(p) || p < 0 || p >= laidCount(s)) return { item: -1, start: NaN, length: NaN };
  const [item, start, length] = laid(s, p);
  return { item, start, length };
}

/** The largest offset the laid-out content scrolls to (contain=trim): max(0, C - viewport). */
export function maxOffset(s) {
  const [, start, length] = laid(s, laidCount(s) - 1);
  const c = start + length + s.g.trail;
  return c > s.g.viewport ? c - s.g.viewport : 0;
}

/** Laid-out item p's aligned offset (detent-protocol(7), "Geometry"). */
function aligned(s, p, align) {
  const [, start, length] = laid(s, p);
  if (s.g.points) return start;
  if (align === 'center') return start + length / 2 - s.g.viewport / 2;
  if (align === 'end') return start + length + s.g.trail - s.g.viewport;
  return start - s.g.lead;
}

/** The real item whose aligned offset is nearest x, the lower on a tie. */
function nearestItem(s, x) {
  const n = count(s);
  let low = 0, high = n;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (aligned(s, mid + s.dup, s.align) < x) low = mid + 1;
    else high = mid;
  }
  if (low === n) return n - 1;
  if (low === 0) return 0;
  const below = x - aligned(s, low - 1 + s.dup, s.align), above = aligned(s, low + s.dup, s.align) - x;
  return above < below - TOL ? low : low - 1;
}

/** The local snaps: points as given, else the real items' aligned offsets clamped into [0, M], equal ones merged. */
export function relayout(s) {
  const n = count(s), laidN = n + 2 * s.dup;
  if (s.g.sizes) { // each laid-out item's start: e(p) of detent-protocol(7), "Geometry"
    const starts = new Array(laidN);
    let e = s.g.lead;
    for (let p = 0; p < laidN; p += 1) {
      starts[p] = e;
      e += sizeOf(s, (((p - s.dup) % n) + n) % n) + s.g.spacing;
    }
    s.starts = starts;
  }
  const x = [], index = [];
  if (s.g.points) {
    for (let i = 0; i < n; i += 1) {
      x.push(s.g.points[i]);
      index.push(i);
    }
  } else {
    const m = maxOffset(s);
    for (let i = 0; i < n; i += 1) {
      let v = Math.max(0, aligned(s, i + s.dup, s.align));
      const last = v >= m - TOL;
      if (last) v = m;
      if (x.length === 0 || Math.abs(x[x.length - 1] - v) > TOL) x.push(v);
      if (last) break;
    }
    for (let i = 0; i < x.length; i += 1) index.push(nearestItem(s, x[i]));
  }
  s.snapX = x;
  s.snapIndex = index;
}

/** The snap nearest x, the lower on a tie. */
export function nearest(s, x) {
  const snaps = s.snapX.length;
  let low = 0, high = snaps;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (s.snapX[mid] < x) low = mid + 1;
    else high = mid;
  }
  if (low === snaps) return snaps - 1;
  if (low === 0) return 0;
  const below = x - s.snapX[low - 1], above = s.snapX[low] - x;
  return above < below - TOL ? low : low - 1;
}

/** goto's snap: nearest the item's aligned offset clamped into [0, M]; for points snap item. */
export function gotoSnap(s, item) {
  const n = count(s); // an index from a reply may be any number
  const i = item < 0 ? 0 : item >= n ? n - 1 : item;
  if (s.g.points) return i;
  const a = aligned(s, i + s.dup, s.align), m = maxOffset(s);
  return nearest(s, a < 0 ? 0 : a > m ? m : a);
}

/** With no align given: the one (start, center, end) under which the opened index's snap is the opened x. */
export function learnAlign(s, o) {
  if (s.g.align || s.g.points || !(o.index >= 0) || o.index >= count(s)) return;
  const m = maxOffset(s);
  for (const a of ['start', 'center', 'end']) {
    const v = Math.min(m, Math.max(0, aligned(s, o.index + s.dup, a)));
    if (Math.abs(v - o.x) <= 1e-6) {
      s.align = a;
      return;
    }
  }
}

/** C's round(): halves away from zero. */
const round = (v) => (v < 0 ? -Math.round(-v) : Math.round(v));

export function place(s, item, offset) {
  if (!Number.isInteger(item) || item < 0 || item >= count(s) || !Number.isFinite(offset)) return NaN;
  const [, start, length] = laid(s, item + s.dup);
  if (!s.dup) return start;
  const [, first] = laid(s, s.dup);
  const [, last] = laid(s, s.dup + count(s));
  const period = last - first;
  if (!(period > 0)) return start;
  const k = round((offset + s.g.viewport / 2 - (start + length / 2)) / period), at = start + k * period;
  return num(at) ? at : start;
}

export function position(s, offset) {
  if (!s.hasGeometry || !Number.isFinite(offset)) return NaN;
  const n = count(s);
  let p;
  if (n === 1 || (!s.g.sizes && !s.g.points)) {
    const step = s.g.points ? 0 : sizeOf(s, 0) + s.g.spacing;
    p = step > 0 ? (offset - aligned(s, s.dup, s.align)) / step : 0;
  } else {
    let low = 0, high = n - 1; // the segment [a(i), a(i+1)] holding offset, or an end one
    while (high - low > 1) {
      const mid = low + Math.floor((high - low) / 2);
      if (aligned(s, mid + s.dup, s.align) <= offset) low = mid;
      else high = mid;
    }
    const a = aligned(s, low + s.dup, s.align), b = aligned(s, high + s.dup, s.align);
    p = b > a ? low + (offset - a) / (b - a) : low; // lengths lost in a sum: no slope
  }
  if (!num(p)) p = p > 0 ? n : -1; // an offset far past the items
  if (s.dup) p = (((p % n) + n) % n);
  return p;
}
