// curve=bezier and curve=path's Bézier (detent-protocol(7), "Motion"): a
// CSS cubic-bezier solved as Chromium's gfx::CubicBezier solves it (an
// initial guess from 11 samples, at most 4 Newton steps, then bisection,
// to 1e-7), so a page draws css-snap's frames as libdetent and the daemon
// do, to the last bits. Rules and constants transcribed from Chromium,
// BSD-3-Clause (NOTICE). motion.js and the strip (strip/path.js) draw
// with it. SPDX-License-Identifier: Apache-2.0

/** kBezierEpsilon: how near x(t) must come to x. */
const EPSILON = 1e-7;
/** kSplineSamples: x(t) sampled at 11 evenly spaced t for the first guess. */
const SAMPLES = 11;
/** kMaxNewtonIterations. */
const NEWTON = 4;
/** Bisection halves at most this often (Chromium has no bound; 2^-200 is far below a double's step). */
const HALVINGS = 200;

/** The polynomial coefficients (Bernstein form expanded: x(t) = ((ax t + bx) t + cx) t). */
function coefficients(p1x, p1y, p2x, p2y) {
  const cx = 3 * p1x, bx = 3 * (p2x - p1x) - cx;
  const cy = 3 * p1y, by = 3 * (p2y - p1y) - cy;
  return { ax: 1 - cx - bx, bx, cx, ay: 1 - cy - by, by, cy };
}

const sampleX = (b, t) => ((b.ax * t + b.bx) * t + b.cx) * t;
const sampleY = (b, t) => ((b.ay * t + b.by) * t + b.cy) * t;
const derivativeX = (b, t) => (3 * b.ax * t + 2 * b.bx) * t + b.cx;

/** The curve's parameter t where x(t) = x, x in [0, 1] (Chromium's SolveCurveX). */
function solveX(b, x) {
  let t0 = 0, t1 = 0, t2 = x, x2 = 0;
  const step = 1 / (SAMPLES - 1);
  for (let i = 1; i < SAMPLES; i += 1) {
    const si = sampleX(b, step * i);
    if (x <= si) {
      const sp = sampleX(b, step * (i - 1));
      t1 = step * i;
      t0 = t1 - step;
      t2 = t0 + (t1 - t0) * (x - sp) / (si - sp);
      break;
    }
  }
  for (let i = 0; i < NEWTON; i += 1) {
    x2 = sampleX(b, t2) - x;
    if (Math.abs(x2) < EPSILON) return t2;
    const d2 = derivativeX(b, t2);
    if (Math.abs(d2) < EPSILON) break;
    t2 -= x2 / d2;
  }
  if (Math.abs(x2) < EPSILON) return t2;
  for (let guard = 0; t0 < t1 && guard < HALVINGS; guard += 1) {
    x2 = sampleX(b, t2);
    if (Math.abs(x2 - x) < EPSILON) return t2;
    if (x > x2) t0 = t2;
    else t1 = t2;
    t2 = (t1 + t0) * 0.5;
  }
  return t2;
}

/**
 * cubic-bezier(p1x, p1y, p2x, p2y) from `from` to `to` over `span` ms, at
 * `t` ms: `from` up to 0, `to` from `span` on (and for a span that is not
 * above 0). p1x and p2x must be within [0, 1] (motionOf checks them).
 */
export function bezierAt(p1x, p1y, p2x, p2y, from, to, t, span) {
  if (!(span > 0) || !(t < span)) return to;
  if (!(t > 0)) return from;
  const b = coefficients(p1x, p1y, p2x, p2y);
  return from + (to - from) * sampleY(b, solveX(b, t / span)); // t / span within [0, 1]: no extrapolation
}

/** A path's segment ({at, span, from, to, p1x, p1y, p2x, p2y}) at `t` ms into the path. */
export function segmentAt(s, t) {
  return bezierAt(s.p1x, s.p1y, s.p2x, s.p2y, s.from, s.to, t - s.at, s.span);
}

/**
 * A path (segments in time order, none empty) at `t`: the last segment
 * whose `at` is not after t draws; the first's `from` before its `at`.
 */
export function pathAt(segments, t) {
  if (!(t >= segments[0].at)) return segments[0].from;
  let i = 0;
  while (i + 1 < segments.length && segments[i + 1].at <= t) i += 1;
  return segmentAt(segments[i], t);
}
