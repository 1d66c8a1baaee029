/*
 * The wheel and the touchpad (detent-strip(3)), as the GTK window routed
 * them: with an open session a wheel event goes out as `wheel` in notches
 * with where the content is drawn, a touchpad gesture as `scroll` phases
 * (begin from where it is drawn, each update, an end); their t never runs
 * backwards. Otherwise the local rule: the touchpad drags as a finger
 * does, the wheel steps as the generic rule of detent-protocol(7) does.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"
#include "tables.h"

#include <math.h>

static bool finite3(double a, double b, double c)
{
    return detent__strip_num(a) && detent__strip_num(b) && detent__strip_num(c);
}

/** The generic rule of detent-protocol(7) without a daemon: notches add up, one snap a step, then a lock. */
static void local_wheel(detent_strip *s, double dx, double dy, double t, detent_source source)
{
    bool y = s->g.axis == DETENT_AXIS_Y;
    double n = y ? dy : dx;
    if (n == 0 && source != DETENT_SOURCE_OTHER) n = y ? dx : dy;
    if (n == 0 || (s->has_lock && t - s->lock_t < DETENT__STRIP_LOCK_MS)) return;
    if (s->wheel_sum != 0 && (n > 0) != (s->wheel_sum > 0)) s->wheel_sum = 0;
    s->wheel_sum += n;
    if (fabs(s->wheel_sum) < 1 - 1e-9) return;
    int dir = s->wheel_sum > 0 ? 1 : -1;
    s->wheel_sum = 0;
    if (detent__strip_one_snap(s, dir)) {
        s->has_lock = true;
        s->lock_t = t;
    }
}

/** The wheel and the touchpad share one clock: t never runs backwards (the daemon refuses it). */
static double scroll_time(detent_strip *s, double t)
{
    if (s->has_scroll_t && t < s->scroll_t) t = s->scroll_t;
    s->has_scroll_t = true;
    s->scroll_t = t;
    return t;
}

void detent_strip_wheel(detent_strip *s, double dx, double dy, double t, detent_source source)
{
    if (!s || !finite3(dx, dy, t) || source < DETENT_SOURCE_DEFAULT || source > DETENT_SOURCE_OTHER ||
        !s->has_geometry)
        return;
    t = scroll_time(s, t);
    if (s->link == DETENT_STRIP_OPEN) {
        detent__line l;
        detent__strip_line(s, &l, "wheel");
        detent__line_num(&l, "dx", dx);
        detent__line_num(&l, "dy", dy);
        detent__line_num(&l, "t", t);
        detent__line_enum(&l, "source", &detent__source_values, source, 0);
        detent__line_num(&l, "x", s->drawn);
        detent__strip_queue(s, &l, DETENT__RQ_WHEEL, 0);
    } else if (s->gesture.hold == DETENT__HOLD_NONE) {
        local_wheel(s, dx, dy, t, source);
    }
    detent__strip_done(s);
}

/** A touchpad gesture begins where the content is drawn (its deltas sent, not applied). */
static void pad_begin(detent_strip *s, double dx, double dy, double t)
{
    detent__strip_take(s, DETENT__HOLD_PAD);
    if (s->gesture.local) return;
    detent__line l;
    detent__strip_line(s, &l, "scroll");
    detent__line_num(&l, "dx", dx);
    detent__line_num(&l, "dy", dy);
    detent__line_num(&l, "t", t);
    detent__line_str(&l, "phase", "begin");
    detent__line_num(&l, "x", s->drawn);
    detent__strip_queue(s, &l, DETENT__RQ_SCROLL_BEGIN, s->gesture.serial);
}

static void pad_update(detent_strip *s, double dx, double dy, double t)
{
    detent__strip_gesture *g = &s->gesture;
    g->sum += s->g.axis == DETENT_AXIS_Y ? dy : dx;
    if (g->local) {
        detent__strip_draw(s, detent__strip_clamp(s, g->grab + g->sum), DETENT_STRIP_DRAG);
        return;
    }
    detent__line l;
    detent__strip_line(s, &l, "scroll");
    detent__line_num(&l, "dx", dx);
    detent__line_num(&l, "dy", dy);
    detent__line_num(&l, "t", t);
    detent__strip_queue(s, &l, DETENT__RQ_SCROLL, g->serial);
}

/** The end: its deltas are not applied (GDK may merge the last update into it), so it says 0. */
static void pad_end(detent_strip *s, double t)
{
    detent__strip_gesture *g = &s->gesture;
    g->hold = DETENT__HOLD_NONE;
    g->awaiting = true;
    if (g->local) {
        detent__strip_local_release(s);
        return;
    }
    detent__line l;
    detent__strip_line(s, &l, "scroll");
    detent__line_num(&l, "dx", 0);
    detent__line_num(&l, "dy", 0);
    detent__line_num(&l, "t", t);
    detent__line_str(&l, "phase", "end");
    detent__strip_queue(s, &l, DETENT__RQ_SCROLL_END, g->serial);
}

bool detent_strip_scroll(detent_strip *s, double dx, double dy, double t, detent_phase phase)
{
    if (s && phase == DETENT_PHASE_END && s->gesture.hold == DETENT__HOLD_PAD && !finite3(dx, dy, t)) {
        dx = dy = 0; /* an end's deltas are not applied; it must not leave the strip held */
        if (!detent__strip_num(t)) t = s->has_scroll_t ? s->scroll_t : 0;
    }
    if (!s || !finite3(dx, dy, t) || phase < DETENT_PHASE_DEFAULT || phase > DETENT_PHASE_END || !s->has_geometry)
        return false;
    detent__hold hold = s->gesture.hold;
    if (phase == DETENT_PHASE_BEGIN ? hold != DETENT__HOLD_NONE
        : phase == DETENT_PHASE_END ? hold != DETENT__HOLD_PAD
                                    : hold == DETENT__HOLD_FINGER)
        return false;
    t = scroll_time(s, t);
    if (phase == DETENT_PHASE_END) {
        pad_end(s, t);
    } else {
        /* an update with no gesture begins one (GTK's may begin on a wheel's smooth event) */
        if (phase == DETENT_PHASE_BEGIN || hold == DETENT__HOLD_NONE) pad_begin(s, dx, dy, t);
        if (phase == DETENT_PHASE_DEFAULT) pad_update(s, dx, dy, t);
    }
    detent__strip_done(s);
    return true;
}
