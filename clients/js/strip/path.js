// What a strip draws at a frame time (clients/c/src/strip_path.c's twin).
// A decision's motion (the daemon's, or the local rule's ease) is held as
// a path of segments, each a motion with its start within the path and its
// length (a curve=path's segments become curve=bezier ones, copied, their
// fractional spans kept; else one segment of length ms). t = 0 is the
// first frame asked after the motion began (that frame shows `from`); each
// frame draws position() until t reaches the path's end; that frame draws
// x, or a loop's jump instead (the same place on the screen), and the
// strip rests (a REST note). curve=none is drawn at once.
// SPDX-License-Identifier: Apache-2.0

import { bezierAt } from '../bezier.js';
import { motionOf, position as motionPosition } from '../detent.js';
import { EASE_MS, NOTE_REST, TOL, changed, done, note, num, setIndex } from './base.js';

const CURVES = ['decay', 'spring', 'ease', 'brake', 'none', 'bezier', 'path'];
/** A curve=path's segments a strip follows: libdetent's DETENT__STRIP_SEGS (css-snap's notches make two or three). */
const SEGS = 16;

function pathEnd(p) {
  const last = p.seg[p.seg.length - 1];
  return last.start + last.span;
}

/** Where the path rests: its last x, then the jump. */
function pathRest(p) {
  return p.hasJump ? p.jump : p.seg[p.seg.length - 1].m.to;
}

function pathAt(p, t) {
  let i = p.seg.length - 1;
  while (i > 0 && t < p.seg[i].start) i -= 1;
  const g = p.seg[i], m = g.m;
  const x = m.curve === 'bezier'
    ? bezierAt(m.p1x, m.p1y, m.p2x, m.p2y, m.from, m.to, t - g.start, g.span)
    : motionPosition(m, t - g.start);
  return num(x) ? x : m.to;
}

export function draw(s, x, state) {
  if (x !== s.drawn || state !== s.state) changed(s);
  if (x !== s.drawn && state !== 'rest') s.moved = true; // a drag's, not a placement
  s.drawn = x;
  s.state = state;
}

/** A motion stops where it is drawn (a finger grabbed it, a gesture began). */
export function stop(s) {
  s.path.seg = [];
}

/** The offset a motion under way ends at (after its jump), else where it is drawn. */
export function target(s) {
  return s.state === 'moving' && s.path.seg.length ? pathRest(s.path) : s.drawn;
}

/** Drawn at x at once, at rest: a REST note. */
export function rest(s, x) {
  s.path.seg = [];
  draw(s, x, 'rest');
  note(s, NOTE_REST, s.index);
}

/** A curve=path's segments as curve=bezier ones (snapOk has checked them). */
function pathSegments(m) {
  return motionOf({ ...m, x: m.to }).segments.map((g) => ({
    m: { from: g.from, v: 0, curve: 'bezier', ms: Math.ceil(g.span), to: g.to, p1x: g.p1x, p1y: g.p1y, p2x: g.p2x, p2y: g.p2y },
    start: g.at,
    span: g.span,
  }));
}

function start(s, m, hasJump, jump) {
  const seg = m.curve === 'path' ? pathSegments(m) : [{ m, start: 0, span: m.ms }];
  s.path = { seg, started: false, t0: 0, hasJump, jump };
  if (m.curve === 'none') {
    rest(s, pathRest(s.path));
    return;
  }
  if (m.ms > 0 && m.from !== m.to) s.moved = true;
  draw(s, m.from, 'moving');
}

/** The content's coordinates moved by d (a loop's duplicates came or went): all that is drawn moves with them. */
export function shift(s, d) {
  if (d === 0) return;
  s.drawn += d;
  s.gesture.grab += d;
  s.gesture.start += d;
  for (const seg of s.path.seg) {
    seg.m.from += d;
    seg.m.to += d;
  }
  s.path.jump += d;
  changed(s);
}

/**
 * What a snap must hold to be followed: finite numbers, a duration, brake's
 * stop within it; a bezier's or a path's motion as motionOf reads it, a
 * path of at most SEGS segments.
 */
export function snapOk(snap) {
  const finite = (v) => typeof v === 'number' && Number.isFinite(v);
  if (!snap || !num(snap.x) || (snap.jump !== undefined && !num(snap.jump)) || !num(snap.from) || !finite(snap.v)) {
    return false;
  }
  if (!(Number.isInteger(snap.ms) && snap.ms >= 0) || !CURVES.includes(snap.curve)) return false;
  if (snap.curve === 'decay' && !(finite(snap.rate) && snap.rate >= 0 && snap.rate < 1)) return false;
  if (snap.curve === 'spring' && !(finite(snap.omega) && snap.omega > 0)) return false;
  if (snap.curve === 'brake' && !(finite(snap.accel) && snap.stop >= 0 && snap.stop <= snap.ms)) return false;
  if (snap.curve === 'brake' && snap.aim !== undefined && !(snap.aim === 0 || (snap.aim > 0 && snap.aim < snap.stop))) {
    return false;
  }
  if (snap.curve === 'path' && !(Array.isArray(snap.path) && snap.path.length <= SEGS)) return false;
  if (snap.curve === 'bezier' || snap.curve === 'path') {
    try {
      motionOf(snap);
    } catch {
      return false;
    }
  }
  return true;
}

/** Follows a decision of the daemon's from its start (its index known at once). */
export function follow(s, snap) {
  setIndex(s, snap.index);
  const m = {
    from: snap.from, v: snap.v, curve: snap.curve, ms: snap.ms,
    rate: snap.rate, omega: snap.omega, accel: snap.accel, stop: snap.stop, aim: snap.aim, to: snap.x,
    p1x: snap.p1x, p1y: snap.p1y, p2x: snap.p2x, p2y: snap.p2y, path: snap.path,
  };
  start(s, m, snap.jump !== undefined, snap.jump ?? 0);
}

/**
 * The local rule's motion from where it is drawn to x: an ease; none under
 * motion=reduced; of no length when there (resting at the first frame
 * asked, as the daemon's decisions of no length do, never inside the call).
 */
export function glideTo(s, x) {
  const m = { from: s.drawn, v: 0, curve: 'ease', ms: EASE_MS, to: x };
  if (s.motion === 'reduced') m.curve = 'none';
  else if (Math.abs(x - s.drawn) <= TOL) m.ms = 0;
  start(s, m, false, 0);
}

/** The local rule's decision: to local snap k. */
export function glide(s, k) {
  if (k >= s.snapX.length) return;
  setIndex(s, s.snapIndex[k]);
  glideTo(s, s.snapX[k]);
}

export function frameAt(s, now) {
  const dirty = s.changeDirty;
  const notes = s.notesMade;
  let t0 = now;
  if (!(typeof t0 === 'number' && Number.isFinite(t0))) t0 = s.lastNow;
  s.lastNow = t0;
  if (s.state === 'moving' && s.path.seg.length === 0) s.state = 'rest'; // stopped
  if (s.state === 'moving') {
    if (!s.path.started) {
      s.path.started = true;
      s.path.t0 = t0;
    }
    let t = t0 - s.path.t0;
    if (!(t > 0)) t = 0;
    if (t < pathEnd(s.path)) s.drawn = pathAt(s.path, t);
    else rest(s, pathRest(s.path));
  }
  const out = { offset: s.drawn, state: s.state, index: s.index, rest: s.state === 'rest' };
  s.changeDirty = dirty || notes !== s.notesMade; // a frame's own drawing is no change to report
  done(s);
  return out;
}
