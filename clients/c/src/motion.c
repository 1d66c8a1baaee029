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
    }
    return m->x;
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
    return 0;
}
