// A strip's settings (clients/c/src/strip_settings.c's twin). Its
// geometry: checked before it is taken (a geometry that cannot be sent is
// refused here, not by the daemon later), copied with its sizes or points,
// laid out again, and given to the session: `layout` when open, the open
// itself when one is due. Its plugin (a new one closes and reopens the
// session), motion and swipes (`layout`), autoplay, and its name (the
// session closed and opened under the new one). SPDX-License-Identifier: Apache-2.0

import {
  HOLD_NONE, MAX_ITEMS, OFFLINE, OPEN, OPENING, TOL, decidedHere, done, fail, goodName, num, queue,
} from './base.js';
import { count, gotoSnap, relayout } from './layout.js';
import { draw, glideTo, stop, target } from './path.js';
import { autoplay, close, layout, open, reopen } from './link.js';

const ALIGNS = ['start', 'center', 'end'];
const CONTAINS = ['trim', 'pad'];
const AXES = ['x', 'y'];
const lengthOk = (v) => num(v) && v >= 0;
const given = (v) => v !== undefined && v !== null;

/** The content's length, C of detent-protocol(7), "Geometry" (points: the last point). */
function content(g) {
  if (g.points) return Math.abs(g.points[g.points.length - 1]) + Math.abs(g.points[0]);
  let c = g.lead + g.trail;
  if (!g.sizes) return c + g.count * (g.item + g.spacing);
  for (const size of g.sizes) c += size + g.spacing;
  return c;
}

/** No items: count 0, or sizes or points of none. */
const noItems = (g) => (g.points ? g.points.length === 0 : g.sizes ? g.sizes.length === 0 : g.count === 0);

/** The geometry as the strip holds it (the keys of open, defaults filled in), or why it is not one. */
function normal(g) {
  if (!g || typeof g !== 'object') return 'geometry: not an object';
  const list = (v) => (given(v) ? (Array.isArray(v) ? v.slice() : 'not a list') : null);
  const out = {
    viewport: g.viewport, item: given(g.item) ? g.item : 0, count: given(g.count) ? g.count : 0,
    sizes: list(g.sizes), points: list(g.points),
    spacing: given(g.spacing) ? g.spacing : 0, lead: given(g.lead) ? g.lead : 0, trail: given(g.trail) ? g.trail : 0,
    align: given(g.align) ? g.align : '', contain: given(g.contain) ? g.contain : '', axis: given(g.axis) ? g.axis : '',
    loop: g.loop === true || g.loop === 1, hasIndex: given(g.index), index: given(g.index) ? g.index : 0,
  };
  if (out.sizes === 'not a list') return 'sizes: not a list';
  if (out.points === 'not a list') return 'points: not a list';
  return out;
}

/** Why g cannot be sent, or null. */
function refusal(g) {
  if (!(num(g.viewport) && g.viewport > 0)) return 'viewport: not a number in (0, 1e15]';
  if (g.sizes && g.points) return 'sizes and points are exclusive';
  if (g.align && !ALIGNS.includes(g.align)) return 'align: not one of its values';
  if (g.contain && !CONTAINS.includes(g.contain)) return 'contain: not one of its values';
  if (g.axis && !AXES.includes(g.axis)) return 'axis: not one of its values';
  if (g.loop !== true && g.loop !== false) return 'loop: not a boolean';
  if (!g.points && !g.sizes && !Number.isInteger(g.count)) return 'count: 0 to 1048576';
  if (noItems(g)) return null;
  let n = g.count;
  if (g.points) {
    if (g.points.length > MAX_ITEMS) return 'points: at most 1048576 of them';
    for (let i = 0; i < g.points.length; i += 1) {
      if (!num(g.points[i])) return 'points: not a number within 1e15';
      if (i > 0 && !(g.points[i] > g.points[i - 1])) return 'points: not strictly ascending';
    }
    n = g.points.length;
  } else if (g.sizes) {
    if (g.sizes.length > MAX_ITEMS) return 'sizes: at most 1048576 of them';
    if (!g.sizes.every((v) => num(v) && v > 0)) return 'sizes: not a number in (0, 1e15]';
    n = g.sizes.length;
  } else {
    if (!(num(g.item) && g.item > 0)) return 'item: not a number in (0, 1e15]';
    if (n < 0 || n > MAX_ITEMS) return 'count: 0 to 1048576';
  }
  if (!lengthOk(g.spacing) || !lengthOk(g.lead) || !lengthOk(g.trail)) {
    return 'spacing, lead and trail: numbers in [0, 1e15]';
  }
  if (g.hasIndex && !(Number.isInteger(g.index) && g.index >= 0 && g.index < n)) return 'index: outside the items';
  if (!(content(g) <= 1e14)) return 'the content is too long to page (more than 1e14)'; // room for a loop's copies
  return null;
}

/** No items: no gesture, no session, nothing drawn until items come. */
function empty(s) {
  const g = s.gesture;
  g.queued = [];
  g.hold = HOLD_NONE;
  g.awaiting = g.cancelled = s.gotoPending = false;
  close(s);
  s.dup = s.index = 0;
  s.pad = 0;
  s.snapX = [];
  s.snapIndex = [];
  stop(s);
  draw(s, 0, 'rest');
}

export function setGeometry(s, given) {
  const g = normal(given);
  const why = typeof g === 'string' ? g : refusal(g);
  if (why) {
    fail(s, `set_geometry: ${why}`);
    return false;
  }
  s.g = g;
  s.geometrySet = true;
  s.hasGeometry = !noItems(g);
  if (!s.hasGeometry) {
    if (!g.sizes && !g.points) g.count = 0;
    empty(s);
    done(s);
    return true;
  }
  if (g.points) s.dup = 0;
  s.align = g.align || 'start';
  const n = count(s);
  // the app's own move: no note (a widget keeps its page as pages come and go before it)
  if (g.hasIndex) s.index = g.index;
  else if (s.index >= n) s.index = n - 1;
  else if (s.index < 0) s.index = 0;
  relayout(s);
  const freeToDraw = s.gesture.hold === HOLD_NONE && !s.gesture.awaiting;
  // the plugin asked for, refused for an earlier geometry, is tried on this one
  const retry = s.fallback && s.fallbackLayout && s.link !== OFFLINE;
  if (!retry && freeToDraw && g.hasIndex && s.link === OPEN) decidedHere(s); // told by the layout below
  if (retry) {
    s.fallback = false;
    reopen(s);
  } else if (s.link === OPEN) {
    layout(s);
  } else if (s.link === OPENING && s.openPending) {
    s.relayout = true; // laid out again once open
  } else if (s.link === OPENING) {
    open(s);
  }
  if (freeToDraw && (s.link !== OPEN || g.hasIndex)) {
    const k = gotoSnap(s, s.index);
    s.index = s.snapIndex[k];
    if (!g.hasIndex && s.state === 'moving') {
      // a motion goes on to its item's new place, its REST note at the end (as after a layout's reply)
      if (Math.abs(target(s) - s.snapX[k]) > TOL) glideTo(s, s.snapX[k]);
    } else { // at the local snap of its item at once
      stop(s);
      draw(s, s.snapX[k], 'rest');
    }
  }
  done(s);
  return true;
}

/** A copy of the geometry set (the keys of open; index only when given), or null. */
export function getGeometry(s) {
  if (!s.geometrySet) return null;
  const g = s.g;
  const out = {
    viewport: g.viewport, item: g.item, count: g.count, spacing: g.spacing, lead: g.lead, trail: g.trail, loop: g.loop,
  };
  if (g.sizes) out.sizes = g.sizes.slice();
  if (g.points) out.points = g.points.slice();
  if (g.align) out.align = g.align;
  if (g.contain) out.contain = g.contain;
  if (g.axis) out.axis = g.axis;
  if (g.hasIndex) out.index = g.index;
  return out;
}

export function setPlugin(s, plugin) {
  const name = plugin ?? null;
  if (name !== null && (typeof name !== 'string' || name === '' || new TextEncoder().encode(name).length > 255
    || /[\r\n]/.test(name))) {
    fail(s, 'set_plugin: not a plugin name');
    return false;
  }
  if (name === s.plugin && !s.fallback) return true;
  s.plugin = name;
  s.fallback = s.fallbackSaid = s.fallbackLayout = false;
  reopen(s);
  done(s);
  return true;
}

export function setMotion(s, motion) {
  const m = motion ?? 'default';
  if (!['default', 'full', 'reduced'].includes(m) || m === s.motion) return;
  s.motion = m;
  layout(s);
  done(s);
}

export function setSwipes(s, swipes) {
  const w = swipes ?? 'default';
  if (!['default', 'short', 'long'].includes(w) || w === s.swipes) return;
  s.swipes = w;
  layout(s);
  done(s);
}

export function setAutoplay(s, everyMs) {
  if (!(typeof everyMs === 'number' && Number.isFinite(everyMs)) || everyMs < 0) {
    fail(s, 'set_autoplay: every must be a finite number >= 0');
    return;
  }
  s.autoplaySet = true;
  s.autoplay = everyMs;
  if (s.link === OPEN) autoplay(s);
  done(s);
}

export function setName(s, name) {
  if (!goodName(name)) {
    fail(s, 'set_name: not a session name ([A-Za-z0-9._-]{1,64})');
    return false;
  }
  if (name === s.name) return true;
  if (s.link !== OFFLINE) queue(s, 'close', {}, 'close');
  s.name = name;
  if (s.link !== OFFLINE) open(s);
  done(s);
  return true;
}
