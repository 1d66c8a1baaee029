/*
 * Where a decision's content is drawn t ms into its motion: exactly
 * detent-protocol(7), "Motion", so every client moves the same way; and
 * the motions the parser takes.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <math.h>

/** Qt's InOutQuad from `from` to `to` over `length` ms, at t (to from length on). */
static double eased(double from, double to, double t, double length)
{
    if (!(length > 0) || !(t < length)) return to;
    double p = t / length;
    double e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2;
    return from + (to - from) * e;
}

/** brake's deceleration at t: x0 + v*t - sign(v)*A*t^2/2. */
static double braked(const detent_motion *m, double t)
{
    double a = m->v > 0 ? m->accel : m->v < 0 ? -m->accel : 0;
    return m->from + m->v * t - a * t * t / 2;
}

double detent_motion_position(const detent_motion *m, double t_ms)
{
    double t = t_ms > 0 ? t_ms : 0; /* also NaN */
    switch (m->curve) {
    case DETENT_CURVE_DECAY: return m->x - (m->x - m->from) * pow(m->rate, t);
    case DETENT_CURVE_SPRING: {
        double a = m->from - m->x;
        double b = m->v + m->omega * a;
        return m->x + (a + b * t) * exp(-m->omega * t);
    }
    case DETENT_CURVE_EASE: return eased(m->from, m->x, t, (double)m->ms);
    case DETENT_CURVE_BRAKE: {
        double s = (double)m->stop, r = m->aim;
        if (r > 0 && r < s) { /* re-aimed at r: a uniform deceleration from pos(r) that stops on x at s */
            if (t <= r) return braked(m, t);
            double at = braked(m, r), l = s - r, u = (t < s ? t : s) - r;
            double w = 2 * (m->x - at) / l;
            if (t <= s) return at + w * u - w * u * u / (2 * l);
            return m->x;
        }
        if (t <= s) return braked(m, t);
        return eased(braked(m, s), m->x, t - s, (double)m->ms - s);
    }
    case DETENT_CURVE_NONE: return m->x; /* motion=reduced: drawn at once */
    case DETENT_CURVE_BEZIER: return detent__bezier_at(m->p1x, m->p1y, m->p2x, m->p2y, m->from, m->x, t, (double)m->ms);
    case DETENT_CURVE_PATH: return detent__path_at(m, t);
    }
    return m->x;
}

/** A path's segments: each well formed, in time order, the last ending at x within ms. */
static int path_check(const detent_motion *m, const char *reply, detent_error *err)
{
    double at = -INFINITY;
    detent_segment s = { 0 };
    for (size_t i = 0; i < m->path_len; i++) {
        if (detent__segment_parse(m->path[i], &s) < 0) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0,
                              "%s: path: \"%.40s\" is not at/span/from/to/p1x/p1y/p2x/p2y (span >= 0, p1x and p2x in [0, 1])",
                              reply, m->path[i]);
            return -1;
        }
        if (s.at < at) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: path: segment %zu starts before the one before it", reply, i);
            return -1;
        }
        at = s.at;
    }
    if (m->path_len == 0 || s.to != m->x || s.at + s.span > (double)m->ms) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: path: %s", reply,
                          m->path_len == 0 ? "no segment" : s.to != m->x ? "the last segment does not end at x"
                                                                          : "the last segment ends after ms");
        return -1;
    }
    return 0;
}

/** What the fields' types cannot say: a duration, brake's stop within it and its aim before its stop. */
int detent__motion_check(const detent_motion *m, const char *reply, detent_error *err)
{
    if (m->ms < 0) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: ms: negative", reply);
        return -1;
    }
    if (m->curve == DETENT_CURVE_BRAKE && (m->stop < 0 || m->stop > m->ms)) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: stop: %lld is not within 0 and ms (%lld)", reply,
                          (long long)m->stop, (long long)m->ms);
        return -1;
    }
    if (m->curve == DETENT_CURVE_BRAKE && !(m->aim >= 0 && m->aim < (double)m->stop) && m->aim != 0) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: aim: %g is not from 0 to below stop (%lld)", reply,
                          m->aim, (long long)m->stop);
        return -1;
    }
    if (m->curve == DETENT_CURVE_BEZIER && !(m->p1x >= 0 && m->p1x <= 1 && m->p2x >= 0 && m->p2x <= 1)) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: %g is not within 0 and 1", reply,
                          m->p1x >= 0 && m->p1x <= 1 ? "p2x" : "p1x", m->p1x >= 0 && m->p1x <= 1 ? m->p2x : m->p1x);
        return -1;
    }
    if (m->curve == DETENT_CURVE_PATH) return path_check(m, reply, err);
    return 0;
}
