/*
 * A strip's finger, keys and goto, as the GTK window routed them
 * (detent-strip(3)). With an open session: a finger's begin, then its
 * moves and end held until `began` and sent in order; keys as `step`;
 * goto. Otherwise the local rule pages it ("OFFLINE PAGING"): a drag draws
 * grab - delta clamped into the snaps, a release goes to the nearest snap
 * in the gesture's direction, a step one snap from the current target.
 * Non-finite values are refused.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"
#include "tables.h"

#include <math.h>

static bool finite3(double a, double b, double c)
{
    return detent__strip_num(a) && detent__strip_num(b) && detent__strip_num(c);
}

double detent__strip_clamp(const detent_strip *s, double x)
{
    if (!s->snaps) return x;
    double lo = s->snap_x[0], hi = s->snap_x[s->snaps - 1];
    return x < lo ? lo : x > hi ? hi : x;
}

/** A gesture takes the content where it is drawn: a motion stops there. */
void detent__strip_take(detent_strip *s, detent__hold hold)
{
    detent__strip_gesture *g = &s->gesture;
    detent__strip_queued q;
    while (detent__ring_take(&g->queued, 0, &q)) {
    }
    detent__strip_stop(s);
    g->hold = hold;
    if (++g->serial == 0) g->serial = 1;
    g->local = s->link != DETENT_STRIP_OPEN;
    g->began = g->awaiting = g->cancelled = false;
    g->grab = g->start = s->drawn;
    g->finger = hold == DETENT__HOLD_FINGER;
    g->delta = g->sum = 0;
    s->goto_pending = false;
    detent__strip_draw(s, s->drawn, DETENT_STRIP_DRAG);
}

bool detent_strip_press(detent_strip *s, double t)
{
    if (!s || !detent__strip_num(t) || !s->has_geometry || s->gesture.hold != DETENT__HOLD_NONE) return false;
    detent__strip_take(s, DETENT__HOLD_FINGER);
    if (!s->gesture.local) {
        detent__line l;
        detent__strip_line(s, &l, "begin");
        detent__line_num(&l, "x", s->drawn);
        detent__line_num(&l, "t", t);
        detent__strip_queue(s, &l, DETENT__RQ_BEGIN, s->gesture.serial);
    }
    detent__strip_done(s);
    return true;
}

void detent__strip_send_move(detent_strip *s, double delta, double t, bool end)
{
    detent__line l;
    detent__strip_line(s, &l, end ? "end" : "move");
    detent__line_num(&l, "x", s->gesture.grab - delta);
    detent__line_num(&l, "t", t);
    detent__strip_queue(s, &l, end ? DETENT__RQ_END : DETENT__RQ_MOVE, s->gesture.serial);
}

/** A finger's move or end: drawn by the local rule, sent, or held until `began`. */
static void finger(detent_strip *s, double delta, double t, bool end)
{
    detent__strip_gesture *g = &s->gesture;
    g->delta = delta;
    if (g->local) {
        detent__strip_draw(s, detent__strip_clamp(s, g->grab - delta), DETENT_STRIP_DRAG);
        if (end) detent__strip_local_release(s);
    } else if (g->began) {
        detent__strip_send_move(s, delta, t, end);
    } else {
        detent__strip_queued q = { delta, t, end };
        if (detent__ring_push(&g->queued, &q) < 0) detent__strip_fail(s, "out of memory (a move)");
    }
}

void detent_strip_drag(detent_strip *s, double delta, double t)
{
    if (!s || s->gesture.hold != DETENT__HOLD_FINGER || !finite3(delta, t, 0)) return;
    finger(s, delta, t, false);
    detent__strip_done(s);
}

void detent_strip_release(detent_strip *s, double delta, double t)
{
    if (!s || s->gesture.hold != DETENT__HOLD_FINGER) return;
    if (!finite3(delta, t, 0)) { /* a release that cannot be sent must not leave the strip held */
        detent_strip_cancel(s);
        return;
    }
    s->gesture.hold = DETENT__HOLD_NONE;
    s->gesture.awaiting = true;
    finger(s, delta, t, true);
    detent__strip_done(s);
}

void detent_strip_cancel(detent_strip *s)
{
    if (!s || s->gesture.hold == DETENT__HOLD_NONE) return;
    detent__strip_gesture *g = &s->gesture;
    detent__strip_queued q;
    while (detent__ring_take(&g->queued, 0, &q)) {
    }
    g->hold = DETENT__HOLD_NONE;
    g->awaiting = g->cancelled = true;
    if (g->local) {
        detent__strip_local_release(s);
    } else {
        detent__line l;
        detent__strip_line(s, &l, "cancel");
        detent__strip_queue(s, &l, DETENT__RQ_CANCEL, g->serial);
    }
    detent__strip_done(s);
}

/* ------------------------------------------------------------ the local rule */

/** The first snap at or past x (within the tolerance), or the last. */
static size_t at_or_above(const detent_strip *s, double x)
{
    size_t low = 0, high = s->snaps - 1;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (s->snap_x[mid] < x - DETENT__STRIP_TOL) low = mid + 1;
        else high = mid;
    }
    return low;
}

/** The last snap at or before x (within the tolerance), or the first. */
static size_t at_or_below(const detent_strip *s, double x)
{
    size_t low = 0, high = s->snaps - 1;
    while (low < high) {
        size_t mid = high - (high - low) / 2;
        if (s->snap_x[mid] > x + DETENT__STRIP_TOL) high = mid - 1;
        else low = mid;
    }
    return low;
}

/**
 * A gesture's end by the local rule: a cancel goes back to the snap of its
 * item; a release to the nearest snap in its direction (the sign of where
 * it was let go, grab - delta or grab + the touchpad's deltas, clamped into
 * the snaps, minus the offset drawn at its start), or with no movement to
 * the nearest snap; from where it is drawn. With a session open since, the
 * daemon is asked for that item (goto) and decides the motion.
 */
void detent__strip_local_release(detent_strip *s)
{
    detent__strip_gesture *g = &s->gesture;
    g->local = true;
    if (!s->snaps) { /* no local snaps (out of memory): at rest where it is drawn */
        g->awaiting = g->cancelled = false;
        detent__strip_draw(s, s->drawn, DETENT_STRIP_REST);
        return;
    }
    size_t k;
    if (g->cancelled) {
        k = detent__strip_goto_snap(s, s->index);
    } else {
        double x = detent__strip_clamp(s, g->finger ? g->grab - g->delta : g->grab + g->sum);
        k = x > g->start + DETENT__STRIP_TOL   ? at_or_above(s, x)
            : x < g->start - DETENT__STRIP_TOL ? at_or_below(s, x)
                                               : detent__strip_nearest(s, x);
    }
    if (s->link == DETENT_STRIP_OPEN) {
        detent__line l;
        detent__strip_line(s, &l, "goto");
        detent__line_int(&l, "index", s->snap_index[k]);
        detent__line_num(&l, "x", s->drawn);
        if (detent__strip_queue(s, &l, DETENT__RQ_GOTO_RELEASE, g->serial)) return;
    }
    g->awaiting = g->cancelled = false;
    detent__strip_glide(s, k);
}

/**
 * The link went (or the session is opened again): a gesture under way goes
 * on by the local rule; one awaiting its decision, or an animated goto, is
 * decided by it now.
 */
void detent__strip_go_local(detent_strip *s)
{
    detent__strip_gesture *g = &s->gesture;
    if (g->hold != DETENT__HOLD_NONE) {
        detent__strip_queued q;
        while (detent__ring_take(&g->queued, 0, &q)) {
        }
        g->local = true;
    } else if (g->awaiting) {
        detent__strip_local_release(s);
    } else if (s->goto_pending) {
        s->goto_pending = false;
        if (s->snaps && s->goto_index < detent__strip_count(s))
            detent__strip_glide(s, detent__strip_goto_snap(s, s->goto_index));
    }
}

/** One snap from the current target (a motion's end, else where it is drawn); false at an end. */
bool detent__strip_one_snap(detent_strip *s, int dir)
{
    if (!s->snaps) return false;
    size_t k = detent__strip_nearest(s, detent__strip_target(s));
    if ((dir < 0 && k == 0) || (dir > 0 && k + 1 >= s->snaps)) return false;
    detent__strip_glide(s, dir < 0 ? k - 1 : k + 1);
    return true;
}

void detent_strip_step(detent_strip *s, detent_to to, double t)
{
    if (!s || to < DETENT_TO_NEXT || to > DETENT_TO_LAST || !detent__strip_num(t) || !s->has_geometry) return;
    s->moved = true; /* a step, as a goto, makes it a view that moved (an open says moved=1) */
    if (s->link == DETENT_STRIP_OPEN) {
        detent__line l;
        detent__strip_line(s, &l, "step");
        detent__line_enum(&l, "to", &detent__to_values, to, 1);
        detent__line_num(&l, "x", s->drawn);
        detent__line_num(&l, "t", t);
        detent__strip_queue(s, &l, DETENT__RQ_STEP, 0);
    } else if (s->gesture.hold == DETENT__HOLD_NONE) {
        if (to == DETENT_TO_NEXT || to == DETENT_TO_PREV) {
            detent__strip_one_snap(s, to == DETENT_TO_NEXT ? 1 : -1);
        } else if (s->snaps) {
            size_t k = to == DETENT_TO_FIRST ? 0 : s->snaps - 1;
            if (k != detent__strip_nearest(s, detent__strip_target(s))) detent__strip_glide(s, k);
        }
    }
    detent__strip_done(s);
}

void detent_strip_goto(detent_strip *s, int64_t index, bool animate)
{
    if (!s || !s->has_geometry || index < 0 || index >= detent__strip_count(s) ||
        s->gesture.hold != DETENT__HOLD_NONE)
        return;
    size_t k = detent__strip_goto_snap(s, index);
    s->moved = true;
    s->gesture.awaiting = false; /* a goto overrides a gesture's decision still to come */
    s->goto_pending = false;
    detent__line l;
    if (!animate) {
        detent__strip_stop(s);
        detent__strip_set_index(s, s->snap_index[k]);
        detent__strip_rest(s, s->snap_x[k]);
        if (s->link == DETENT_STRIP_OPEN) {
            detent__strip_decided_here(s);
            detent__strip_line(s, &l, "goto");
            detent__line_int(&l, "index", index);
            detent__line_num(&l, "x", s->drawn);
            detent__strip_queue(s, &l, DETENT__RQ_GOTO_QUIET, 0);
        }
    } else if (s->link == DETENT_STRIP_OPEN) {
        detent__strip_line(s, &l, "goto");
        detent__line_int(&l, "index", index);
        detent__line_num(&l, "x", s->drawn);
        s->goto_pending = detent__strip_queue(s, &l, DETENT__RQ_GOTO, 0) != 0;
        s->goto_index = index;
    } else {
        detent__strip_glide(s, k);
    }
    detent__strip_done(s);
}
