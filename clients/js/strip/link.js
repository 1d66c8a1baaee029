// A strip and its connection (clients/c/src/strip_link.c's twin): opened
// where it rests (or is heading) whenever a connection is ready (moved=1
// once it has moved), closed
// and opened again for a new plugin or name, its requests dropped when the
// connection goes. Each open or offline starts an epoch: replies to
// requests of an earlier one are ignored. SPDX-License-Identifier: Apache-2.0

import {
  HOLD_NONE, NOTE_OPENED, OFFLINE, OPEN, OPENING, TOL, done, dropRequests, num, queue, setIndex, setLink, note,
} from './base.js';
import { learnAlign, laidItem, relayout } from './layout.js';
import { draw, glideTo, shift, stop, target } from './path.js';
import { goLocal } from './input.js';

/** The geometry's keys as open and layout send them (detent-protocol(7), "Geometry"). */
export function geometryFields(g) {
  const f = { viewport: g.viewport };
  if (g.sizes) f.sizes = g.sizes.slice();
  else if (g.points) f.points = g.points.slice();
  else {
    f.item = g.item;
    f.count = g.count;
  }
  if (g.spacing !== 0) f.spacing = g.spacing;
  if (g.lead !== 0) f.lead = g.lead;
  if (g.trail !== 0) f.trail = g.trail;
  if (g.align) f.align = g.align;
  if (g.contain) f.contain = g.contain;
  if (g.hasIndex) f.index = g.index;
  if (g.loop) f.loop = true;
  if (g.axis) f.axis = g.axis;
  return f;
}

/** What an open and a layout say of the session: its geometry at its index, its motion and swipes. */
function layoutFields(s) {
  const f = geometryFields({ ...s.g, hasIndex: true, index: s.index });
  if (s.motion !== 'default') f.motion = s.motion;
  if (s.swipes !== 'default') f.swipes = s.swipes;
  return f;
}

/** Closes its session if it may have one (open, or its open sent). */
function sendClose(s) {
  if (s.link !== OPEN && !s.openPending) return;
  queue(s, 'close', {}, 'close');
}

/** Opens its session where it rests or is heading; a gesture under way goes on by the local rule. */
export function open(s) {
  s.epoch += 1;
  s.openPending = s.relayout = s.barrierWaiting = false;
  setLink(s, OPENING);
  goLocal(s);
  if (!s.hasGeometry) return; // opened once it has one
  const plugin = s.plugin && !s.fallback ? { plugin: s.plugin } : {};
  const moved = s.moved ? { moved: true } : {}; // not put on its page: it has moved (qt-swipeview)
  queue(s, 'open', { ...plugin, ...layoutFields(s), ...moved }, 'open');
  s.openPending = true;
  s.openIndex = s.index;
}

/** Closes its session (if it may have one) and opens it again. */
export function reopen(s) {
  if (s.link === OFFLINE) return;
  sendClose(s);
  open(s);
}

/** The open session laid out again (its geometry, motion), keeping its item. */
export function layout(s) {
  if (s.link === OPENING && s.openPending) s.relayout = true;
  if (s.link !== OPEN || !s.hasGeometry) return;
  s.layoutToken = queue(s, 'layout', layoutFields(s), 'layout');
}

/** No items: its session is closed; the connection stays, and it opens again when items come. */
export function close(s) {
  if (s.link === OFFLINE) return;
  sendClose(s);
  s.epoch += 1;
  s.openPending = s.relayout = s.barrierWaiting = false;
  setLink(s, OPENING);
}

export function autoplay(s) {
  queue(s, 'autoplay', { every: s.autoplay }, 'autoplay');
}

export function online(s) { // a new connection: nothing of an earlier one stands
  dropRequests(s);
  s.fallback = false; // the plugin asked for is tried again (its refusal said once)
  open(s);
  done(s);
}

export function offline(s) {
  dropRequests(s);
  s.epoch += 1;
  s.openPending = s.relayout = false;
  setLink(s, OFFLINE);
  goLocal(s);
  done(s);
}

/** dup, pad and the local rule's align from an opened reply; what is drawn moves with a change of dup. */
function takeLayout(s, o) {
  const dup = Number.isInteger(o.dup) && o.dup > 0 && o.dup <= 16 && !s.g.points ? o.dup : 0;
  if (dup !== s.dup) {
    const before = laidItem(s, s.dup).start;
    s.dup = dup;
    relayout(s);
    const after = laidItem(s, s.dup).start;
    shift(s, after - before);
  }
  s.pad = num(o.pad) && o.pad >= 0 ? o.pad : 0;
  const align = s.align;
  learnAlign(s, o);
  if (align !== s.align) relayout(s);
}

const freeToDraw = (s) => s.gesture.hold === HOLD_NONE && !s.gesture.awaiting;

/** The daemon's resting x for its index: a motion toward it goes on, one elsewhere eases there, else drawn at once. */
function settle(s, x) {
  if (s.state === 'moving' && s.path.seg.length) {
    if (Math.abs(target(s) - x) > TOL) glideTo(s, x);
    return;
  }
  stop(s);
  draw(s, x, 'rest');
}

export function opened(s, o) {
  s.openPending = false;
  s.running = typeof o.plugin === 'string' ? o.plugin : '';
  takeLayout(s, o);
  s.openedOnce = true;
  setLink(s, OPEN);
  note(s, NOTE_OPENED, o.index, s.running);
  if (s.relayout) {
    s.relayout = false;
    layout(s);
  }
  if (s.index === s.openIndex) {
    setIndex(s, o.index);
    if (freeToDraw(s) && num(o.x)) settle(s, o.x);
  } else if (freeToDraw(s)) { // paged by the local rule since: the daemon takes it there
    queue(s, 'goto', { index: s.index, x: s.drawn }, 'goto');
    s.gotoPending = true;
    s.gotoIndex = s.index;
  }
  if (s.autoplaySet) autoplay(s);
}

export function laidOut(s, o, stale) {
  takeLayout(s, o);
  if (stale) return; // its index and x are from before a local decision
  setIndex(s, o.index);
  if (freeToDraw(s) && num(o.x)) settle(s, o.x);
}

export function began(s, rq, b) {
  const g = s.gesture;
  if (rq.serial !== g.serial || g.local) return;
  if (b.jump !== undefined && num(b.jump) && num(b.x)) { // a loop's re-grab: to the real item, invisibly
    const d = b.jump - b.x;
    g.grab += d;
    g.start += d;
    if (s.state === 'drag') draw(s, s.drawn + d, 'drag');
  }
  setIndex(s, b.index);
  g.began = true;
  const queued = g.queued;
  g.queued = [];
  for (const q of queued) {
    const op = q.end ? 'end' : 'move';
    queue(s, op, { x: g.grab - q.delta, t: q.t }, op, g.serial);
  }
}

export function moved(s, rq, m) {
  const g = s.gesture;
  const hold = rq.kind === 'move' ? 1 : 2;
  if (rq.serial === g.serial && g.hold === hold && !g.local && num(m.x)) draw(s, m.x, 'drag');
}
