// Replies and pushes (clients/c/src/strip_reply.c's twin): each reply goes
// to what its token asked, unless the token is unknown or of an earlier
// epoch (ignored). A decision is followed unless a finger or the touchpad
// holds the content (or it answers a gesture no longer awaited); `kept`
// changes nothing; an error is a LOG note, and after a decision's request
// (as plugin-failed answers an end) a cancel takes it back to its resting
// snap. A reply to a request queued before the latest local decision, and
// a push read before that decision's reply, move nothing: the daemon made
// them before it knew (detent-strip(3), "Local decisions and stale
// replies"). A layout refused for its geometry gives way to the config's
// default plugin, or closes the session. SPDX-License-Identifier: Apache-2.0

import { decodeReply } from '../detent.js';
import { HOLD_NONE, NOTE_KEPT, NOTE_LOG, OPEN, TOL, done, note, queue, setIndex } from './base.js';
import { draw, follow, rest, snapOk, stop } from './path.js';
import { goLocal } from './input.js';
import { began, close, laidOut, moved, open, opened, reopen } from './link.js';

/** Sent before the latest local decision: answered before the daemon read it, its reply moves nothing. */
const stale = (s, rq) => rq.token < s.barrier;

/** Whether the request ends a gesture (its decision is the gesture's). */
const endsGesture = (kind) => kind === 'end' || kind === 'scroll-end' || kind === 'cancel' || kind === 'goto-release';

/** A decision's reply: the gesture it ends is over; a snap is followed unless something holds the content. */
function decision(s, rq, r) {
  const g = s.gesture;
  const own = endsGesture(rq.kind) && rq.serial === g.serial && g.awaiting;
  if (endsGesture(rq.kind) && rq.serial !== 0 && !own) return; // a gesture since, or a goto
  if (stale(s, rq)) return; // a local decision since (none is made while a gesture awaits its own)
  if (own) g.awaiting = g.cancelled = false;
  if (rq.kind === 'goto') s.gotoPending = false;
  if (r.op === 'kept') {
    // a touchpad's end the engine refused rests where it is drawn
    if (own && s.state === 'drag') draw(s, s.drawn, 'rest');
    setIndex(s, r.index);
    note(s, NOTE_KEPT, r.index);
    return;
  }
  if (r.op !== 'snap' || !snapOk(r)) {
    note(s, NOTE_LOG, s.index, `${rq.op}: not a decision (${r.op}); not followed`);
    if (own && s.state === 'drag') draw(s, s.drawn, 'rest');
    return;
  }
  if (g.hold !== HOLD_NONE) return;
  follow(s, r);
}

/**
 * goto(animate false)'s reply: its x drawn at once, its index wins; where
 * the strip already rests (within 1e-9 of the offset's size) it changes
 * nothing and says nothing.
 */
function quiet(s, rq, r) {
  if (r.op !== 'snap' || !snapOk(r) || s.gesture.hold !== HOLD_NONE || stale(s, rq)) return;
  const x = r.jump !== undefined ? r.jump : r.x;
  const movedAway = Math.abs(x - s.drawn) > TOL * Math.max(1, Math.abs(x));
  const change = movedAway || r.index !== s.index || s.state !== 'rest';
  setIndex(s, r.index);
  if (!change) return;
  stop(s);
  rest(s, x);
}

/** The plugin asked for is refused: the config's default pages it, said once per setPlugin. */
function fallBack(s, e, msg) {
  if (!s.fallbackSaid) {
    note(s, NOTE_LOG, s.index,
      `strip ${s.name}: plugin ${s.plugin} refused (${e.code}: ${msg}); the config's default plugin pages it`);
  }
  s.fallback = s.fallbackSaid = true;
  s.fallbackLayout = e.code === 'unsupported-layout';
}

function refusedOpen(s, e, msg) {
  s.openPending = false;
  const refusal = e.code === 'unknown-plugin' || e.code === 'unsupported-layout';
  if (refusal && s.plugin && !s.fallback) {
    // refused for a geometry replaced since: the plugin is tried on the new one
    if (!(s.relayout && e.code === 'unsupported-layout')) fallBack(s, e, msg);
    open(s);
    return;
  }
  note(s, NOTE_LOG, s.index, `strip ${s.name}: open refused (${e.code}: ${msg}); the local rule pages it`);
}

/**
 * The latest layout refused for its geometry: the session must not page
 * the one before. The plugin asked for gives way to the default (reopened
 * on the new geometry where it rests); the default's refusal closes it and
 * the local rule pages the strip until the next geometry opens it again.
 */
function refusedLayout(s, e, msg) {
  if (e.code === 'unsupported-layout' && s.plugin && !s.fallback) {
    fallBack(s, e, msg);
    reopen(s);
    return;
  }
  note(s, NOTE_LOG, s.index,
    `strip ${s.name}: layout refused (${e.code}: ${msg}); the local rule pages it until the next geometry`);
  close(s);
  goLocal(s);
}

function failed(s, rq, e) {
  const g = s.gesture;
  const msg = e.msg ?? '';
  if (rq.kind === 'open') {
    refusedOpen(s, e, msg);
    return;
  }
  const forGeometry = e.code === 'unsupported-layout' || e.code === 'bad-layout';
  if (rq.kind === 'layout' && forGeometry) {
    if (rq.token === s.layoutToken) refusedLayout(s, e, msg);
    return; // else overtaken: the latest layout's answer decides
  }
  note(s, NOTE_LOG, s.index, `strip ${s.name}: ${rq.op}: ${e.code}: ${msg}`);
  const current = rq.serial === g.serial && !g.local;
  if (rq.kind === 'begin' && current) { // no gesture after all: it rests where it is drawn
    g.queued = [];
    g.hold = HOLD_NONE;
    g.awaiting = g.cancelled = false;
    draw(s, s.drawn, 'rest');
    return;
  }
  const gestureEnd = endsGesture(rq.kind) && current && g.awaiting;
  const decides = gestureEnd || rq.kind === 'goto' || rq.kind === 'step' || (rq.kind === 'cancel' && rq.serial === 0);
  if (!decides || stale(s, rq)) return; // a local decision since: nothing to take back
  if (gestureEnd) g.awaiting = g.cancelled = false;
  if (rq.kind === 'goto') s.gotoPending = false;
  if (s.state === 'drag' && g.hold === HOLD_NONE) draw(s, s.drawn, 'rest');
  if (rq.kind === 'cancel' || s.link !== OPEN || g.hold !== HOLD_NONE) return;
  queue(s, 'cancel', {}, 'cancel'); // back to the resting snap
}

function answered(s, rq, r) {
  switch (rq.kind) {
    case 'open':
      if (r.op === 'opened') opened(s, r);
      break;
    case 'layout':
      if (r.op === 'opened') laidOut(s, r, stale(s, rq));
      break;
    case 'begin':
      if (r.op === 'began') began(s, rq, r);
      break;
    case 'move':
    case 'scroll-begin':
    case 'scroll':
      if (r.op === 'moved') moved(s, rq, r);
      break;
    case 'goto-quiet':
      quiet(s, rq, r);
      break;
    case 'close':
    case 'autoplay':
      break;
    default:
      decision(s, rq, r);
  }
}

/** An error as the strip reads it: {code, msg}, from a DetentError, an `error` reply or {code, msg}. */
function errorOf(r, error) {
  if (error) {
    const code = String(error.code ?? 'error');
    let msg = String(error.msg ?? error.reply?.msg ?? error.message ?? '');
    if (msg.startsWith(`${code}: `)) msg = msg.slice(code.length + 2); // a DetentError's message names its code
    return { code, msg };
  }
  if (!r) return { code: 'state', msg: 'neither a reply nor an error' };
  return { code: String(r.code ?? ''), msg: String(r.msg ?? '') };
}

/** A reply as decodeReply types it (C's parser does it before the strip sees one), or the error it is. */
function typed(r) {
  try {
    return { r: decodeReply(r) };
  } catch (error) {
    return { error: { code: 'bad-reply', msg: error.message } };
  }
}

export function reply(s, token, r, error) {
  const at = s.wait.findIndex((rq) => rq.token === token);
  if (at < 0) return;
  const [rq] = s.wait.splice(at, 1);
  if (rq.epoch !== s.epoch) return;
  if (rq.token >= s.barrier) s.barrierWaiting = false; // replies come in order: the decision's was read
  const t = error || !r || r.op === 'error' ? { error: errorOf(r, error) } : typed(r);
  if (t.error) failed(s, rq, t.error);
  else answered(s, rq, t.r);
  done(s);
}

export function push(s, snap) {
  // one read before a local decision's reply was made before the daemon read it
  if (!snap || s.link !== OPEN || s.state === 'drag' || s.barrierWaiting) return;
  const t = typed(snap);
  if (t.error || t.r.op !== 'snap' || (t.r.s !== s.name) || !snapOk(t.r)) return;
  follow(s, t.r);
  done(s);
}
