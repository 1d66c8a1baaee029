/*
 * A strip and its connection (detent-strip(3)): opened where it rests (or
 * is heading) whenever a connection is ready (moved=1 once it has moved), closed and opened again for
 * a new plugin or name, its requests dropped when the connection goes.
 * A refused plugin (unknown-plugin, unsupported-layout; of an open or a
 * layout) is replaced by the config's default, said once per set_plugin;
 * one refused for a geometry is tried again with the next geometry (in
 * strip_settings.c). Each open or offline starts
 * an epoch: replies to requests of an earlier one are ignored.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"
#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/** What an open and a layout say of the session: its geometry at its index, its motion and swipes. */
static void line_layout(detent_strip *s, detent__line *l)
{
    detent_geometry g = s->g;
    g.has_index = true;
    g.index = s->index;
    detent__line_geometry(l, &g);
    detent__line_enum(l, "motion", &detent__motion_values, s->motion, 0);
    detent__line_enum(l, "swipes", &detent__swipes_values, s->swipes, 0);
}

/** Closes its session if it may have one (open, or its open sent). */
static void send_close(detent_strip *s)
{
    if (s->link != DETENT_STRIP_OPEN && !s->open_pending) return;
    detent__line l;
    detent__strip_line(s, &l, "close");
    detent__strip_queue(s, &l, DETENT__RQ_CLOSE, 0);
}

/** Opens its session where it rests or is heading; a gesture under way goes on by the local rule. */
void detent__strip_open(detent_strip *s)
{
    s->epoch++;
    s->open_pending = s->relayout = s->barrier_waiting = false;
    detent__strip_set_link(s, DETENT_STRIP_OPENING);
    detent__strip_go_local(s);
    if (!s->has_geometry) return; /* opened once it has one */
    detent__line l;
    detent__strip_line(s, &l, "open");
    if (s->plugin && !s->fallback) detent__line_str(&l, "plugin", s->plugin);
    line_layout(s, &l);
    if (s->moved) detent__line_str(&l, "moved", "1"); /* not put on its page: it has moved (qt-swipeview) */
    s->open_pending = detent__strip_queue(s, &l, DETENT__RQ_OPEN, 0) != 0;
    s->open_index = s->index;
}

/** Closes its session (if it may have one) and opens it again. */
void detent__strip_reopen(detent_strip *s)
{
    if (s->link == DETENT_STRIP_OFFLINE) return;
    send_close(s);
    detent__strip_open(s);
}

/** The open session laid out again (its geometry, motion), keeping its item. */
void detent__strip_layout(detent_strip *s)
{
    if (s->link == DETENT_STRIP_OPENING && s->open_pending) s->relayout = true;
    if (s->link != DETENT_STRIP_OPEN || !s->has_geometry) return;
    detent__line l;
    detent__strip_line(s, &l, "layout");
    line_layout(s, &l);
    s->layout_token = detent__strip_queue(s, &l, DETENT__RQ_LAYOUT, 0);
}

/** No items: its session is closed; the connection stays, and it opens again when items come. */
void detent__strip_close(detent_strip *s)
{
    if (s->link == DETENT_STRIP_OFFLINE) return;
    send_close(s);
    s->epoch++;
    s->open_pending = s->relayout = s->barrier_waiting = false;
    detent__strip_set_link(s, DETENT_STRIP_OPENING);
}

void detent__strip_autoplay(detent_strip *s)
{
    detent__line l;
    detent__strip_line(s, &l, "autoplay");
    detent__line_num(&l, "every", s->autoplay);
    detent__strip_queue(s, &l, DETENT__RQ_AUTOPLAY, 0);
}

void detent_strip_online(detent_strip *s, const detent_hello_reply *hello)
{
    (void)hello; /* a new connection: nothing of an earlier one stands */
    if (!s) return;
    detent__strip_drop_requests(s);
    s->fallback = false; /* the plugin asked for is tried again (its refusal said once) */
    detent__strip_open(s);
    detent__strip_done(s);
}

void detent_strip_offline(detent_strip *s)
{
    if (!s) return;
    detent__strip_drop_requests(s);
    s->epoch++;
    s->open_pending = s->relayout = false;
    detent__strip_set_link(s, DETENT_STRIP_OFFLINE);
    detent__strip_go_local(s);
    detent__strip_done(s);
}

/** dup, pad and the local rule's align from an opened reply; what is drawn moves with a change of dup. */
static void take_layout(detent_strip *s, const detent_opened_reply *o)
{
    int64_t dup = o->has_dup && o->dup > 0 && o->dup <= 16 && !s->g.points ? o->dup : 0;
    double before = 0, after = 0, ignored;
    if (dup != s->dup) {
        detent_strip_laid_item(s, s->dup, &before, &ignored);
        s->dup = dup;
        detent__strip_relayout(s);
        detent_strip_laid_item(s, s->dup, &after, &ignored);
        detent__strip_shift(s, after - before);
    }
    s->pad = o->has_pad && detent__strip_num(o->pad) && o->pad >= 0 ? o->pad : 0;
    detent_align align = s->align;
    detent__strip_learn_align(s, o);
    if (align != s->align) detent__strip_relayout(s);
}

static bool free_to_draw(const detent_strip *s)
{
    return s->gesture.hold == DETENT__HOLD_NONE && !s->gesture.awaiting;
}

/** The daemon's resting x for its index: a motion toward it goes on, one elsewhere eases there, else drawn at once. */
static void settle(detent_strip *s, double x)
{
    if (s->state == DETENT_STRIP_MOVING && s->path.n) {
        if (fabs(detent__strip_target(s) - x) > DETENT__STRIP_TOL) detent__strip_glide_to(s, x);
        return;
    }
    detent__strip_stop(s);
    detent__strip_draw(s, x, DETENT_STRIP_REST);
}

void detent__strip_opened(detent_strip *s, const detent_opened_reply *o)
{
    s->open_pending = false;
    char *running = strdup(o->plugin ? o->plugin : "");
    if (running) {
        free(s->running);
        s->running = running;
    }
    take_layout(s, o);
    s->opened_once = true;
    detent__strip_set_link(s, DETENT_STRIP_OPEN);
    detent__strip_note(s, DETENT_STRIP_NOTE_OPENED, o->index, "%s", o->plugin ? o->plugin : "");
    if (s->relayout) {
        s->relayout = false;
        detent__strip_layout(s);
    }
    if (s->index == s->open_index) {
        detent__strip_set_index(s, o->index);
        if (free_to_draw(s) && detent__strip_num(o->x)) settle(s, o->x);
    } else if (free_to_draw(s)) { /* paged by the local rule since: the daemon takes it there */
        detent__line l;
        detent__strip_line(s, &l, "goto");
        detent__line_int(&l, "index", s->index);
        detent__line_num(&l, "x", s->drawn);
        s->goto_pending = detent__strip_queue(s, &l, DETENT__RQ_GOTO, 0) != 0;
        s->goto_index = s->index;
    }
    if (s->autoplay_set) detent__strip_autoplay(s);
}

void detent__strip_laid_out(detent_strip *s, const detent_opened_reply *o, bool stale)
{
    take_layout(s, o);
    if (stale) return; /* its index and x are from before a local decision */
    detent__strip_set_index(s, o->index);
    if (free_to_draw(s) && detent__strip_num(o->x)) settle(s, o->x);
}

void detent__strip_began(detent_strip *s, const detent__strip_rq *rq, const detent_began_reply *b)
{
    detent__strip_gesture *g = &s->gesture;
    if (rq->serial != g->serial || g->local) return;
    if (b->has_jump && detent__strip_num(b->jump) && detent__strip_num(b->x)) { /* a loop's re-grab: to the real item, invisibly */
        double d = b->jump - b->x;
        g->grab += d;
        g->start += d;
        if (s->state == DETENT_STRIP_DRAG) detent__strip_draw(s, s->drawn + d, DETENT_STRIP_DRAG);
    }
    detent__strip_set_index(s, b->index);
    g->began = true;
    detent__strip_queued q;
    while (detent__ring_take(&g->queued, 0, &q)) detent__strip_send_move(s, q.delta, q.t, q.end);
}

void detent__strip_moved(detent_strip *s, const detent__strip_rq *rq, const detent_moved_reply *m)
{
    detent__strip_gesture *g = &s->gesture;
    detent__hold hold = rq->kind == DETENT__RQ_MOVE ? DETENT__HOLD_FINGER : DETENT__HOLD_PAD;
    if (rq->serial == g->serial && g->hold == hold && !g->local && detent__strip_num(m->x))
        detent__strip_draw(s, m->x, DETENT_STRIP_DRAG);
}
