// Where the content is along a decision's motion, the Swift client's
// Motion.position(at:) in JavaScript (detent-protocol(7), "Motion"): one
// function of the curve kinds, apart from reading the lines that carry
// them (lines.js) and the Bézier solver (bezier.js). detent.js exports it.
// SPDX-License-Identifier: Apache-2.0

import { bezierAt, pathAt } from './bezier.js';
import { parseSegment } from './lines.js';

/** Qt's InOutQuad from `from` to `to` over `length` ms, at `t` (`to` from `length` on). */
function eased(from, to, t, length) {
  if (!(length > 0 && t < length)) return to;
  const p = t / length;
  const e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2;
  return from + (to - from) * e;
}

/** A brake's deceleration at `t`: from + v*t - sign(v)*accel*t^2/2. */
function braked(motion, t) {
  const a = motion.v > 0 ? motion.accel : motion.v < 0 ? -motion.accel : 0;
  return motion.from + motion.v * t - a * t * t / 2;
}

/**
 * Where the content is `t` ms into a decision's motion: the same function
 * as the Swift client's `Motion.position(at:)` (detent-protocol(7),
 * "Motion"): `decay` (rate), `spring` (omega), `ease` (Qt's InOutQuad),
 * `brake` (accel, then an ease from `stop` ms; re-aimed at `aim` ms, if
 * given, by a uniform deceleration that stops on `to` at `stop`), `none` (drawn at once:
 * motion=reduced), `bezier` (a CSS cubic-bezier over `ms`, solved as
 * Chromium solves it) and `path` (its segments, as motionOf reads them: the
 * last that has begun draws, the first's `from` before it). A decay or a
 * spring is not snapped to `to` at `ms` (the caller draws `to` from then
 * on); an ease, a brake or a bezier is `to` from `ms` on, a path from its
 * last segment's end.
 */
export function position(motion, t) {
  const time = Math.max(t, 0);
  switch (motion.curve) {
    case 'decay':
      return motion.to - (motion.to - motion.from) * Math.pow(motion.rate, time);
    case 'spring': {
      const a = motion.from - motion.to;
      const b = motion.v + motion.omega * a;
      return motion.to + (a + b * time) * Math.exp(-motion.omega * time);
    }
    case 'ease':
      return eased(motion.from, motion.to, time, motion.ms);
    case 'brake': {
      const r = motion.aim ?? 0;
      if (r > 0 && r < motion.stop) {
        if (time <= r) return braked(motion, time);
        const at = braked(motion, r);
        const l = motion.stop - r;
        const u = Math.min(time, motion.stop) - r;
        const w = 2 * (motion.to - at) / l;
        return time <= motion.stop ? at + w * u - w * u * u / (2 * l) : motion.to;
      }
      if (time <= motion.stop) return braked(motion, time);
      return eased(braked(motion, motion.stop), motion.to, time - motion.stop, motion.ms - motion.stop);
    }
    case 'none':
      return motion.to;
    case 'bezier':
      return bezierAt(motion.p1x, motion.p1y, motion.p2x, motion.p2y, motion.from, motion.to, time, motion.ms);
    case 'path': {
      const segments = motion.segments ?? motion.path?.map(parseSegment);
      return segments?.length && segments.every(Boolean) ? pathAt(segments, time) : motion.to;
    }
    default:
      return motion.to;
  }
}
