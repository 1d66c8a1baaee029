/*
 * What a strip draws at a frame time. A decision's motion (the daemon's,
 * or the local rule's ease) is held as a path of segments, each a
 * detent_motion with its start within the path (a curve=path's segments
 * become curve=bezier ones, copied: the reply goes). t = 0 is the first frame asked
 * after the motion began (that frame shows `from`); each frame draws
 * detent_motion_position() until t reaches the path's end; that frame draws
 * x, or a loop's jump instead (the same place on the screen), and the strip
 * rests (a REST note). curve=none is drawn at once. No frame allocates.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"

#include <math.h>

static double path_end(const detent__strip_path *p)
{
    const detent__strip_seg *last = &p->seg[p->n - 1];
    return last->start + last->span;
}

/** Where the path rests: its last x, then the jump. */
static double path_rest(const detent__strip_path *p)
{
    return p->has_jump ? p->jump : p->seg[p->n - 1].m.x;
}

static double path_at(const detent__strip_path *p, double t)
{
    int i = p->n - 1;
    while (i > 0 && t < p->seg[i].start) i--;
    const detent__strip_seg *g = &p->seg[i];
    const detent_motion *m = &g->m;
    double x = m->curve == DETENT_CURVE_BEZIER
                   ? detent__bezier_at(m->p1x, m->p1y, m->p2x, m->p2y, m->from, m->x, t - g->start, g->span)
                   : detent_motion_position(m, t - g->start);
    return detent__strip_num(x) ? x : m->x;
}

void detent__strip_draw(detent_strip *s, double x, detent_strip_state state)
{
    if (x != s->drawn || state != s->state) detent__strip_changed(s);
    if (x != s->drawn && state != DETENT_STRIP_REST) s->moved = true; /* a drag's, not a placement */
    s->drawn = x;
    s->state = state;
}

/** A motion stops where it is drawn (a finger grabbed it, a gesture began). */
void detent__strip_stop(detent_strip *s)
{
    s->path.n = 0;
}

/** The offset a motion under way ends at (after its jump), else where it is drawn. */
double detent__strip_target(const detent_strip *s)
{
    return s->state == DETENT_STRIP_MOVING && s->path.n ? path_rest(&s->path) : s->drawn;
}

/** Drawn at x at once, at rest: a REST note. */
void detent__strip_rest(detent_strip *s, double x)
{
    s->path.n = 0;
    detent__strip_draw(s, x, DETENT_STRIP_REST);
    detent__strip_note(s, DETENT_STRIP_NOTE_REST, s->index, NULL);
}

/** A curve=path's segments as curve=bezier ones (detent__strip_snap_ok has checked them). */
static void start_path(detent_strip *s, const detent_motion *m)
{
    s->path.n = 0;
    for (size_t i = 0; i < m->path_len && i < DETENT__STRIP_SEGS; i++) {
        detent_segment g;
        if (detent__segment_parse(m->path[i], &g) < 0) continue;
        detent__strip_seg *seg = &s->path.seg[s->path.n++];
        seg->m = (detent_motion){ .from = g.from, .curve = DETENT_CURVE_BEZIER, .ms = (int64_t)ceil(g.span), .x = g.to };
        seg->m.p1x = g.p1x;
        seg->m.p1y = g.p1y;
        seg->m.p2x = g.p2x;
        seg->m.p2y = g.p2y;
        seg->start = g.at;
        seg->span = g.span;
    }
}

static void start(detent_strip *s, const detent_motion *m, bool has_jump, double jump)
{
    s->path.seg[0].m = *m;
    s->path.seg[0].start = 0;
    s->path.seg[0].span = (double)m->ms;
    s->path.n = 1;
    if (m->curve == DETENT_CURVE_PATH) start_path(s, m);
    s->path.started = false;
    s->path.has_jump = has_jump;
    s->path.jump = jump;
    if (m->curve == DETENT_CURVE_NONE) {
        detent__strip_rest(s, path_rest(&s->path));
        return;
    }
    if (m->ms > 0 && m->from != m->x) s->moved = true;
    detent__strip_draw(s, m->from, DETENT_STRIP_MOVING);
}

/** The content's coordinates moved by d (a loop's duplicates came or went): all that is drawn moves with them. */
void detent__strip_shift(detent_strip *s, double d)
{
    if (d == 0) return;
    s->drawn += d;
    s->gesture.grab += d;
    s->gesture.start += d;
    for (int i = 0; i < s->path.n; i++) {
        s->path.seg[i].m.from += d;
        s->path.seg[i].m.x += d;
    }
    s->path.jump += d;
    detent__strip_changed(s);
}

/** What a snap must hold to be followed: finite numbers, a duration, brake's stop within it, its aim before it. */
bool detent__strip_snap_ok(const detent_snap_reply *snap)
{
    const detent_motion *m = &snap->motion;
    if (!detent__strip_num(snap->x) || (snap->has_jump && !detent__strip_num(snap->jump)) ||
        !detent__strip_num(m->from) || !isfinite(m->v))
        return false;
    if (m->ms < 0 || m->curve < DETENT_CURVE_DECAY || m->curve > DETENT_CURVE_PATH) return false;
    if (m->curve == DETENT_CURVE_DECAY && !(isfinite(m->rate) && m->rate >= 0 && m->rate < 1)) return false;
    if (m->curve == DETENT_CURVE_SPRING && !(isfinite(m->omega) && m->omega > 0)) return false;
    if (m->curve == DETENT_CURVE_BRAKE && !(isfinite(m->accel) && m->stop >= 0 && m->stop <= m->ms)) return false;
    if (m->curve == DETENT_CURVE_BRAKE && !(m->aim == 0 || (m->aim > 0 && m->aim < (double)m->stop))) return false;
    if (m->curve == DETENT_CURVE_BEZIER && !(m->p1x >= 0 && m->p1x <= 1 && m->p2x >= 0 && m->p2x <= 1 &&
                                             isfinite(m->p1y) && isfinite(m->p2y)))
        return false;
    if (m->curve == DETENT_CURVE_PATH) {
        if (m->path_len == 0 || m->path_len > DETENT__STRIP_SEGS || !m->path) return false;
        for (size_t i = 0; i < m->path_len; i++) {
            detent_segment g;
            if (detent__segment_parse(m->path[i], &g) < 0) return false;
        }
    }
    return true;
}

/** Follows a decision of the daemon's from its start (its index known at once). */
void detent__strip_follow(detent_strip *s, const detent_snap_reply *snap)
{
    detent__strip_set_index(s, snap->index);
    detent_motion m = snap->motion;
    m.x = snap->x;
    start(s, &m, snap->has_jump, snap->jump);
}

/**
 * The local rule's motion from where it is drawn to x: an ease; none under
 * motion=reduced; of no length when there (resting at the first frame
 * asked, as the daemon's decisions of no length do, never inside the call).
 */
void detent__strip_glide_to(detent_strip *s, double x)
{
    detent_motion m = { .from = s->drawn, .v = 0, .curve = DETENT_CURVE_EASE, .ms = DETENT__STRIP_EASE_MS, .x = x };
    if (s->motion == DETENT_MOTION_REDUCED) m.curve = DETENT_CURVE_NONE;
    else if (fabs(x - s->drawn) <= DETENT__STRIP_TOL) m.ms = 0;
    start(s, &m, false, 0);
}

/** The local rule's decision: to local snap k. */
void detent__strip_glide(detent_strip *s, size_t k)
{
    if (k >= s->snaps) return;
    detent__strip_set_index(s, s->snap_index[k]);
    detent__strip_glide_to(s, s->snap_x[k]);
}

void detent_strip_frame_at(detent_strip *s, double now, detent_strip_frame *out)
{
    if (!s) return;
    bool dirty = s->change_dirty;
    unsigned notes = s->notes_made;
    if (!isfinite(now)) now = s->last_now;
    s->last_now = now;
    if (s->state == DETENT_STRIP_MOVING && s->path.n == 0) s->state = DETENT_STRIP_REST; /* stopped */
    if (s->state == DETENT_STRIP_MOVING) {
        if (!s->path.started) {
            s->path.started = true;
            s->path.t0 = now;
        }
        double t = now - s->path.t0;
        if (!(t > 0)) t = 0;
        if (t < path_end(&s->path)) s->drawn = path_at(&s->path, t);
        else detent__strip_rest(s, path_rest(&s->path));
    }
    if (out) {
        out->offset = s->drawn;
        out->state = s->state;
        out->index = s->index;
        out->rest = s->state == DETENT_STRIP_REST;
    }
    s->change_dirty = dirty || notes != s->notes_made; /* a frame's own drawing is no change to report */
    detent__strip_done(s);
}
