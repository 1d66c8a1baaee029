// The wheel and the touchpad (clients/c/src/strip_wheel.c's twin): with an
// open session a wheel event goes out as `wheel` in notches with where the
// content is drawn, a touchpad gesture as `scroll` phases (begin from
// where it is drawn, each update, an end); their t never runs backwards.
// Otherwise the local rule: the touchpad drags as a finger does, the wheel
// steps as the generic rule of detent-protocol(7) does.
// SPDX-License-Identifier: Apache-2.0

import { HOLD_FINGER, HOLD_NONE, HOLD_PAD, LOCK_MS, OPEN, done, num, queue } from './base.js';
import { draw } from './path.js';
import { clamp, localRelease, oneSnap, take } from './input.js';

const SOURCES = [undefined, null, 'default', 'mouse', 'other'];
const PHASES = [undefined, null, 'update', 'begin', 'end'];

/** The generic rule of detent-protocol(7) without a daemon: notches add up, one snap a step, then a lock. */
function localWheel(s, dx, dy, t, source) {
  const y = s.g.axis === 'y';
  let n = y ? dy : dx;
  if (n === 0 && source !== 'other') n = y ? dx : dy;
  if (n === 0 || (s.hasLock && t - s.lockT < LOCK_MS)) return;
  if (s.wheelSum !== 0 && (n > 0) !== (s.wheelSum > 0)) s.wheelSum = 0;
  s.wheelSum += n;
  if (Math.abs(s.wheelSum) < 1 - 1e-9) return;
  const dir = s.wheelSum > 0 ? 1 : -1;
  s.wheelSum = 0;
  if (oneSnap(s, dir)) {
    s.hasLock = true;
    s.lockT = t;
  }
}

/** The wheel and the touchpad share one clock: t never runs backwards (the daemon refuses it). */
function scrollTime(s, t) {
  const at = s.hasScrollT && t < s.scrollT ? s.scrollT : t;
  s.hasScrollT = true;
  s.scrollT = at;
  return at;
}

export function wheel(s, dx, dy, t, source) {
  if (!num(dx) || !num(dy) || !num(t) || !SOURCES.includes(source) || !s.hasGeometry) return;
  const at = scrollTime(s, t);
  if (s.link === OPEN) {
    const named = source === 'mouse' || source === 'other' ? source : undefined;
    queue(s, 'wheel', { dx, dy, t: at, source: named, x: s.drawn }, 'wheel');
  } else if (s.gesture.hold === HOLD_NONE) {
    localWheel(s, dx, dy, at, source);
  }
  done(s);
}

/** A touchpad gesture begins where the content is drawn (its deltas sent, not applied). */
function padBegin(s, dx, dy, t) {
  take(s, HOLD_PAD);
  if (s.gesture.local) return;
  queue(s, 'scroll', { dx, dy, t, phase: 'begin', x: s.drawn }, 'scroll-begin', s.gesture.serial);
}

function padUpdate(s, dx, dy, t) {
  const g = s.gesture;
  g.sum += s.g.axis === 'y' ? dy : dx;
  if (g.local) {
    draw(s, clamp(s, g.grab + g.sum), 'drag');
    return;
  }
  queue(s, 'scroll', { dx, dy, t }, 'scroll', g.serial);
}

/** The end: its deltas are not applied (GDK may merge the last update into it), so it says 0. */
function padEnd(s, t) {
  const g = s.gesture;
  g.hold = HOLD_NONE;
  g.awaiting = true;
  if (g.local) {
    localRelease(s);
    return;
  }
  queue(s, 'scroll', { dx: 0, dy: 0, t, phase: 'end' }, 'scroll-end', g.serial);
}

export function scroll(s, dx, dy, t, phase) {
  let [x, y, at] = [dx, dy, t];
  if (phase === 'end' && s.gesture.hold === HOLD_PAD && !(num(x) && num(y) && num(at))) {
    x = y = 0; // an end's deltas are not applied; it must not leave the strip held
    if (!num(at)) at = s.hasScrollT ? s.scrollT : 0;
  }
  if (!num(x) || !num(y) || !num(at) || !PHASES.includes(phase) || !s.hasGeometry) return false;
  const hold = s.gesture.hold;
  if (phase === 'begin' ? hold !== HOLD_NONE : phase === 'end' ? hold !== HOLD_PAD : hold === HOLD_FINGER) {
    return false;
  }
  at = scrollTime(s, at);
  if (phase === 'end') {
    padEnd(s, at);
  } else {
    // an update with no gesture begins one (GTK's may begin on a wheel's smooth event)
    if (phase === 'begin' || hold === HOLD_NONE) padBegin(s, x, y, at);
    if (phase !== 'begin') padUpdate(s, x, y, at);
  }
  done(s);
  return true;
}
