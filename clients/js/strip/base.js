// The strip controller's lowest part (clients/c/src/strip.c's twin): a
// strip's state, its queue of requests (each with a token, and the epoch it
// was made in: replies of an older epoch are ignored), its notes and the
// hooks called at the end of a call that left something. The parts call
// down this order, never up: base, layout, path, input, wheel, link,
// reply, settings. SPDX-License-Identifier: Apache-2.0

import { encodeLine } from '../detent.js';

export const OFFLINE = 0;
export const OPENING = 1;
export const OPEN = 2;
export const HOLD_NONE = 0;
export const HOLD_FINGER = 1;
export const HOLD_PAD = 2;
/** Unread notes kept; past it the oldest goes. */
export const NOTES = 64;
/** The local rule's motion: curve=ease over this long (none under motion=reduced). */
export const EASE_MS = 200;
/** The local rule's wheel lock after a step (the generic rule's default wheelLockMs). */
export const LOCK_MS = 150;
/** The most items a strip takes. */
export const MAX_ITEMS = 1048576;
/** Two offsets this close are the same (the daemon's Tolerance.length). */
export const TOL = 1e-9;
/** The largest magnitude taken for an offset, a length, a delta or a time. */
export const MAX = 1e15;

/** A number the strip takes: finite, and at most MAX in magnitude. */
export const num = (v) => typeof v === 'number' && v >= -MAX && v <= MAX;

export function goodName(name) {
  return typeof name === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(name);
}

export function newGesture() {
  return {
    hold: HOLD_NONE, serial: 0, local: false, began: false, awaiting: false, cancelled: false,
    grab: 0, start: 0, finger: false, delta: 0, sum: 0, queued: [],
  };
}

export function newState(self, name) {
  return {
    self, name,
    // settings
    hasGeometry: false, geometrySet: false, g: null, plugin: null, running: null,
    motion: 'default', swipes: 'default', autoplaySet: false, autoplay: 0, error: '',
    // the layout
    dup: 0, pad: 0, align: 'start', starts: null, snapX: [], snapIndex: [],
    // the link
    link: OFFLINE, epoch: 0, nextToken: 1,
    openedOnce: false, fallback: false, fallbackSaid: false, openPending: false, relayout: false,
    fallbackLayout: false, openIndex: 0, layoutToken: 0, gotoPending: false, gotoIndex: 0,
    barrier: 0, barrierWaiting: false,
    // what is drawn
    index: 0, drawn: 0, state: 'rest', moved: false,
    path: { seg: [], started: false, t0: 0, hasJump: false, jump: 0 },
    lastNow: 0, gesture: newGesture(),
    hasScrollT: false, scrollT: 0, wheelSum: 0, hasLock: false, lockT: 0,
    // queues and hooks
    out: [], wait: [], notes: [], notesMade: 0,
    onRequest: null, onChange: null, requestDirty: false, changeDirty: false, hooking: false,
  };
}

export function fail(s, why) {
  s.error = why;
}

/* ---------------------------------------------------------------- notes */

const NOTE_KINDS = ['none', 'index', 'rest', 'kept', 'opened', 'link', 'log'];
const LINK_NAMES = ['offline', 'opening', 'open'];

export function note(s, kind, index, text = null) {
  if (s.notes.length >= NOTES) s.notes.shift();
  s.notes.push({ kind, index, text });
  s.changeDirty = true;
  s.notesMade += 1;
}

export function nextNote(s) {
  const n = s.notes.shift();
  if (!n) return null;
  const out = { kind: NOTE_KINDS[n.kind], index: n.index, text: n.text };
  if (n.kind === NOTE_LINK) out.link = LINK_NAMES[n.index];
  return out;
}

export const NOTE_INDEX = 1;
export const NOTE_REST = 2;
export const NOTE_KEPT = 3;
export const NOTE_OPENED = 4;
export const NOTE_LINK = 5;
export const NOTE_LOG = 6;

export function setIndex(s, index) {
  if (index === s.index || !(Number.isInteger(index) && index >= 0)) return; // none the daemon sends
  s.index = index;
  note(s, NOTE_INDEX, index);
}

export function setLink(s, link) {
  if (link === s.link) return;
  s.link = link;
  note(s, NOTE_LINK, link);
}

export function changed(s) {
  s.changeDirty = true;
}

/* ------------------------------------------------------------- requests */

/**
 * Queues a request of the session (s first, then fields, in order): its
 * token. kind is what it was, for its reply; serial the gesture it belongs to.
 */
export function queue(s, op, fields, kind, serial = 0) {
  const all = { s: s.name, ...fields };
  const rq = { token: s.nextToken, epoch: s.epoch, serial, kind, op, fields: all, line: encodeLine(op, all) };
  s.out.push(rq);
  s.nextToken += 1;
  s.requestDirty = true;
  return rq.token;
}

export function nextRequest(s) {
  const rq = s.out.shift();
  if (!rq) return null;
  s.wait.push(rq);
  return { line: rq.line, op: rq.op, fields: { ...rq.fields }, token: rq.token };
}

/**
 * A local decision (drawn at once, not asked): the next request queued
 * tells the daemon of it, and the replies to every request queued before
 * it, answered before the daemon read it, must not move what is drawn.
 */
export function decidedHere(s) {
  s.barrier = s.nextToken;
  s.barrierWaiting = true;
  s.gotoPending = false;
}

/** A connection's requests, gone with it. */
export function dropRequests(s) {
  s.out.length = 0;
  s.wait.length = 0;
  s.gotoPending = s.barrierWaiting = false;
}

/* ---------------------------------------------------------------- hooks */

/** The end of a call: its hooks, once each per change (a hook's own calls fold into this loop). */
export function done(s) {
  if (s.hooking) return;
  s.hooking = true;
  try {
    for (let round = 0; round < 16; round += 1) {
      const request = s.requestDirty && s.out.length > 0 && s.onRequest;
      const change = s.changeDirty && s.onChange;
      s.requestDirty = s.changeDirty = false;
      if (!request && !change) break;
      if (request) s.onRequest(s.self);
      if (change) s.onChange(s.self);
    }
  } finally {
    s.hooking = false;
  }
}
