/*
 * Where a decision's content is drawn t ms into its motion: exactly
 * detent-protocol(7), "Motion", so every client moves the same way.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <math.h>

double detent_motion_position(const detent_motion *m, double t_ms)
{
    double t = t_ms > 0 ? t_ms : 0; /* also NaN */
    if (m->curve == DETENT_CURVE_DECAY) return m->x - (m->x - m->from) * pow(m->rate, t);
    if (m->curve == DETENT_CURVE_SPRING) {
        double a = m->from - m->x;
        double b = m->v + m->omega * a;
        return m->x + (a + b * t) * exp(-m->omega * t);
    }
    return m->x;
}
