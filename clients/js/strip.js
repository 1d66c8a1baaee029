// One paged strip's client-side logic, the JavaScript twin of libdetent's
// strip controller (<detent/strip.h>, detent-strip(3)): no I/O, no timer
// and no clock of its own. A widget feeds it the strip's geometry and its
// pointer, wheel, touchpad and key events with their own times, and asks
// it, for any frame time, what to draw; it hands back the requests to send
// and takes their replies (whatever carries it to the daemon does both: a
// DetentConnection through a relay, or a test by hand). Its methods are the C calls in camelCase
// (detent_strip_press -> strip.press), on the same rules:
//   - moves held until `began`, then sent in order; `moved` drawn in a drag;
//   - a decision's motion held as a path, followed frame by frame whatever
//     its curve; a loop's jump at rest; `kept` changes nothing;
//   - the wheel (notches) and the touchpad (`scroll` phases); keys as `step`;
//   - reopening where it rested after a reconnection; a refused plugin
//     replaced by the config's default, said once;
//   - with no daemon, the local rule (detent-strip(3), "OFFLINE PAGING").
// Times: an event's t is the event's own timestamp in ms (a DOM event's
// timeStamp), sent as it is; a frame's now is any monotonic ms clock (a
// requestAnimationFrame time). The two are never compared.
// Tests/Conformance/strip-cases.txt holds it to the C one
// (clients/js/tests/strip-cases.mjs). SPDX-License-Identifier: Apache-2.0

import { newState, goodName, nextNote, nextRequest } from './strip/base.js';
import * as layout from './strip/layout.js';
import { frameAt } from './strip/path.js';
import * as input from './strip/input.js';
import * as wheel from './strip/wheel.js';
import * as link from './strip/link.js';
import * as reply from './strip/reply.js';
import * as settings from './strip/settings.js';

const LINKS = ['offline', 'opening', 'open'];

export class DetentStrip {
  #s;

  /** A strip whose session is named name ([A-Za-z0-9._-]{1,64}); a RangeError on a bad name. */
  constructor(name) {
    if (!goodName(name)) throw new RangeError(`DetentStrip: not a session name ([A-Za-z0-9._-]{1,64}): ${name}`);
    this.#s = newState(this, name);
  }

  /** Drops its hooks and its requests (detent_strip_free; the strip is garbage collected). */
  free() {
    const s = this.#s;
    s.onRequest = s.onChange = null;
    s.out.length = s.wait.length = 0;
  }

  getName() { return this.#s.name; }
  /** Renames its session; reopens it if open. false on a bad name (getError() says why). */
  setName(name) { return settings.setName(this.#s, name); }

  /**
   * The geometry, as open's keys (detent-protocol(7), "Geometry"): viewport,
   * item and count, or sizes, or points; spacing, lead, trail; align
   * ('start' | 'center' | 'end'), contain ('trim' | 'pad'), axis ('x' | 'y'),
   * loop (boolean); index (a number: has_index). Copied. false, with
   * getError(), when it cannot be sent (nothing changes).
   */
  setGeometry(g) { return settings.setGeometry(this.#s, g); }
  /** A copy of the geometry set, or null. */
  getGeometry() { return settings.getGeometry(this.#s); }
  /** The plugin asked for (null: the config's default); an open session is closed and reopened under it. */
  setPlugin(plugin) { return settings.setPlugin(this.#s, plugin); }
  /** The plugin that runs (the daemon's word), null until a session opened. */
  getPlugin() { return this.#s.running; }
  /** 'default' | 'full' | 'reduced': motion= on open and layout. */
  setMotion(motion) { settings.setMotion(this.#s, motion); }
  getMotion() { return this.#s.motion; }
  /** 'default' | 'short' | 'long': swipes= on open and layout (a widget's allow-long-swipes). */
  setSwipes(swipes) { settings.setSwipes(this.#s, swipes); }
  getSwipes() { return this.#s.swipes; }
  /** The autoplay period in ms (0: off); sent while open, and again after a reopen. */
  setAutoplay(everyMs) { settings.setAutoplay(this.#s, everyMs); }
  getError() { return this.#s.error; }

  /** A finger (or the mouse's button) goes down at t; false when it cannot take it. */
  press(t) { return input.press(this.#s, t); }
  /** The pointer moved delta points along the axis since the press (the content follows: offset = grab - delta). */
  drag(delta, t) { input.drag(this.#s, delta, t); }
  release(delta, t) { input.release(this.#s, delta, t); }
  /** The toolkit took the gesture away: back to the resting snap. */
  cancel() { input.cancel(this.#s); }
  /** A wheel event in notches; source undefined, 'mouse' or 'other'. */
  wheel(dx, dy, t, source) { wheel.wheel(this.#s, dx, dy, t, source); }
  /** A touchpad event in points; phase 'begin', undefined (an update) or 'end'. false when not taken. */
  scroll(dx, dy, t, phase) { return wheel.scroll(this.#s, dx, dy, t, phase); }
  /** A key: 'next', 'prev', 'first' or 'last' (`step`). */
  step(to, t) { input.step(this.#s, to, t); }
  /** To an item: animated as the daemon decides, or with animate false drawn at once (a REST note). */
  goto(index, animate = true) { input.goTo(this.#s, index, animate); }

  /**
   * What to draw at frame time now (ms): {offset, state: 'rest' | 'drag' |
   * 'moving', index, rest}; a motion's t = 0 is the first frame asked after it began.
   */
  frameAt(now) { return frameAt(this.#s, now); }
  /** frameAt's other name. */
  frame(now) { return frameAt(this.#s, now); }
  /** Whether frames are wanted (a motion, a drag, a decision awaited). */
  animating() { return this.#s.state !== 'rest'; }
  getIndex() { return this.#s.index; }
  /** 'offline' | 'opening' | 'open'. */
  getLink() { return LINKS[this.#s.link]; }
  /** Items a loop lays out before the first and after the last (0 unless a loop is open). */
  dup() { return this.#s.dup; }
  /** The trailing space to add after the last item (contain=pad), else 0. */
  pad() { return this.#s.pad; }
  /** Items laid out: count + 2 * dup. */
  laidCount() { return layout.laidCount(this.#s); }
  /** Laid-out item p: {item, start, length}; item -1 and NaN out of range. */
  laidItem(p) { return layout.laidItem(this.#s, p); }
  /** Where to draw item (its start) at offset: a loop's copy nearest the viewport. */
  place(item, offset) { return layout.place(this.#s, item, offset); }
  /** The position at offset in items (AdwCarousel's `position`), a loop's wrapped into [0, count). */
  position(offset) { return layout.position(this.#s, offset); }

  /**
   * The oldest unread note, or null: {kind: 'index' | 'rest' | 'kept' |
   * 'opened' | 'link' | 'log', index, text} (a link note's index is the
   * new link's number, its link its name).
   */
  nextNote() { return nextNote(this.#s); }
  /** fn(strip) at the end of a call that left requests to take. */
  onRequest(fn) { this.#s.onRequest = fn ?? null; }
  /** fn(strip) at the end of a call that left notes to read or a change to draw. */
  onChange(fn) { this.#s.onChange = fn ?? null; }

  /** The connection is ready (its greeting, hello's reply): the strip opens (again) where it rests. */
  online(hello) { link.online(this.#s, hello); }
  /** The connection is gone: its requests are dropped, the local rule pages it. */
  offline() { link.offline(this.#s); }
  /**
   * The oldest request not taken, or null: {line (the text encoding, without
   * id and newline), op and fields (the same as DetentConnection.request
   * takes them), token (given back with its reply)}.
   */
  nextRequest() { return nextRequest(this.#s); }
  /**
   * The reply to the request of token (a reply as detent.js decodes it,
   * {op, ...fields}), or its error (reply null; a DetentError, or {code,
   * msg}); an `error` reply given as the reply is taken as the error.
   */
  reply(token, r, error) { reply.reply(this.#s, token, r, error); }
  /** A pushed autoplay decision ({op: 'snap', ...}) for its session. */
  push(snap) { reply.push(this.#s, snap); }
}

export default DetentStrip;
