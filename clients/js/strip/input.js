// A strip's finger, keys and goto (clients/c/src/strip_input.c's twin).
// With an open session: a finger's begin, then its moves and end held
// until `began` and sent in order; keys as `step`; goto. Otherwise the
// local rule pages it ("OFFLINE PAGING"): a drag draws grab - delta
// clamped into the snaps, a release goes to the nearest snap in the
// gesture's direction, a step one snap from the current target.
// Non-finite values are refused. SPDX-License-Identifier: Apache-2.0

import {
  HOLD_FINGER, HOLD_NONE, OPEN, TOL, decidedHere, done, num, queue, setIndex,
} from './base.js';
import { count, gotoSnap, nearest } from './layout.js';
import { draw, glide, rest, stop, target } from './path.js';

const TOS = ['next', 'prev', 'first', 'last'];

export function clamp(s, x) {
  if (!s.snapX.length) return x;
  const lo = s.snapX[0], hi = s.snapX[s.snapX.length - 1];
  return x < lo ? lo : x > hi ? hi : x;
}

/** A gesture takes the content where it is drawn: a motion stops there. */
export function take(s, hold) {
  const g = s.gesture;
  g.queued = [];
  stop(s);
  g.hold = hold;
  g.serial = g.serial >= 0xffffffff ? 1 : g.serial + 1;
  g.local = s.link !== OPEN;
  g.began = g.awaiting = g.cancelled = false;
  g.grab = g.start = s.drawn;
  g.finger = hold === HOLD_FINGER;
  g.delta = g.sum = 0;
  s.gotoPending = false;
  draw(s, s.drawn, 'drag');
}

export function press(s, t) {
  if (!num(t) || !s.hasGeometry || s.gesture.hold !== HOLD_NONE) return false;
  take(s, HOLD_FINGER);
  if (!s.gesture.local) queue(s, 'begin', { x: s.drawn, t }, 'begin', s.gesture.serial);
  done(s);
  return true;
}

export function sendMove(s, delta, t, end) {
  const op = end ? 'end' : 'move';
  queue(s, op, { x: s.gesture.grab - delta, t }, op, s.gesture.serial);
}

/** A finger's move or end: drawn by the local rule, sent, or held until `began`. */
function finger(s, delta, t, end) {
  const g = s.gesture;
  g.delta = delta;
  if (g.local) {
    draw(s, clamp(s, g.grab - delta), 'drag');
    if (end) localRelease(s);
  } else if (g.began) {
    sendMove(s, delta, t, end);
  } else {
    g.queued.push({ delta, t, end });
  }
}

export function drag(s, delta, t) {
  if (s.gesture.hold !== HOLD_FINGER || !num(delta) || !num(t)) return;
  finger(s, delta, t, false);
  done(s);
}

export function release(s, delta, t) {
  if (s.gesture.hold !== HOLD_FINGER) return;
  if (!num(delta) || !num(t)) { // a release that cannot be sent must not leave the strip held
    cancel(s);
    return;
  }
  s.gesture.hold = HOLD_NONE;
  s.gesture.awaiting = true;
  finger(s, delta, t, true);
  done(s);
}

export function cancel(s) {
  const g = s.gesture;
  if (g.hold === HOLD_NONE) return;
  g.queued = [];
  g.hold = HOLD_NONE;
  g.awaiting = g.cancelled = true;
  if (g.local) localRelease(s);
  else queue(s, 'cancel', {}, 'cancel', g.serial);
  done(s);
}

/* ------------------------------------------------------------ the local rule */

/** The first snap at or past x (within the tolerance), or the last. */
function atOrAbove(s, x) {
  let low = 0, high = s.snapX.length - 1;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (s.snapX[mid] < x - TOL) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The last snap at or before x (within the tolerance), or the first. */
function atOrBelow(s, x) {
  let low = 0, high = s.snapX.length - 1;
  while (low < high) {
    const mid = high - Math.floor((high - low) / 2);
    if (s.snapX[mid] > x + TOL) high = mid - 1;
    else low = mid;
  }
  return low;
}

/**
 * A gesture's end by the local rule: a cancel goes back to the snap of its
 * item; a release to the nearest snap in its direction (the sign of where
 * it was let go, grab - delta or grab + the touchpad's deltas, clamped into
 * the snaps, minus the offset drawn at its start), or with no movement to
 * the nearest snap; from where it is drawn. With a session open since, the
 * daemon is asked for that item (goto) and decides the motion.
 */
export function localRelease(s) {
  const g = s.gesture;
  g.local = true;
  if (!s.snapX.length) { // no local snaps: at rest where it is drawn
    g.awaiting = g.cancelled = false;
    draw(s, s.drawn, 'rest');
    return;
  }
  let k;
  if (g.cancelled) {
    k = gotoSnap(s, s.index);
  } else {
    const x = clamp(s, g.finger ? g.grab - g.delta : g.grab + g.sum);
    k = x > g.start + TOL ? atOrAbove(s, x) : x < g.start - TOL ? atOrBelow(s, x) : nearest(s, x);
  }
  if (s.link === OPEN) {
    queue(s, 'goto', { index: s.snapIndex[k], x: s.drawn }, 'goto-release', g.serial);
    return;
  }
  g.awaiting = g.cancelled = false;
  glide(s, k);
}

/**
 * The link went (or the session is opened again): a gesture under way goes
 * on by the local rule; one awaiting its decision, or an animated goto, is
 * decided by it now.
 */
export function goLocal(s) {
  const g = s.gesture;
  if (g.hold !== HOLD_NONE) {
    g.queued = [];
    g.local = true;
  } else if (g.awaiting) {
    localRelease(s);
  } else if (s.gotoPending) {
    s.gotoPending = false;
    if (s.snapX.length && s.gotoIndex < count(s)) glide(s, gotoSnap(s, s.gotoIndex));
  }
}

/** One snap from the current target (a motion's end, else where it is drawn); false at an end. */
export function oneSnap(s, dir) {
  if (!s.snapX.length) return false;
  const k = nearest(s, target(s));
  if ((dir < 0 && k === 0) || (dir > 0 && k + 1 >= s.snapX.length)) return false;
  glide(s, dir < 0 ? k - 1 : k + 1);
  return true;
}

export function step(s, to, t) {
  if (!TOS.includes(to) || !num(t) || !s.hasGeometry) return;
  s.moved = true; // a step, as a goto, makes it a view that moved (an open says moved=1)
  if (s.link === OPEN) {
    queue(s, 'step', { to, x: s.drawn, t }, 'step');
  } else if (s.gesture.hold === HOLD_NONE) {
    if (to === 'next' || to === 'prev') {
      oneSnap(s, to === 'next' ? 1 : -1);
    } else if (s.snapX.length) {
      const k = to === 'first' ? 0 : s.snapX.length - 1;
      if (k !== nearest(s, target(s))) glide(s, k);
    }
  }
  done(s);
}

export function goTo(s, index, animate) {
  if (!s.hasGeometry || !Number.isInteger(index) || index < 0 || index >= count(s) || s.gesture.hold !== HOLD_NONE) {
    return;
  }
  const k = gotoSnap(s, index);
  s.moved = true;
  s.gesture.awaiting = false; // a goto overrides a gesture's decision still to come
  s.gotoPending = false;
  if (!animate) {
    stop(s);
    setIndex(s, s.snapIndex[k]);
    rest(s, s.snapX[k]);
    if (s.link === OPEN) {
      decidedHere(s);
      queue(s, 'goto', { index, x: s.drawn }, 'goto-quiet');
    }
  } else if (s.link === OPEN) {
    queue(s, 'goto', { index, x: s.drawn }, 'goto');
    s.gotoPending = true;
    s.gotoIndex = index;
  } else {
    glide(s, k);
  }
  done(s);
}
