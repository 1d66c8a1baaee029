/*
 * Replies and pushes (detent-strip(3)): each reply goes to what its token
 * asked, unless the token is unknown or of an earlier epoch (ignored). A
 * decision is followed unless a finger or the touchpad holds the content
 * (or it answers a gesture no longer awaited); `kept` changes nothing; an
 * error is a LOG note, and after a decision's request (as plugin-failed
 * answers an end) a cancel takes it back to its resting snap, as the GTK
 * window did. A reply to a request queued before the latest local
 * decision, and a push read before that decision's reply, move nothing:
 * the daemon made them before it knew (detent-strip(3), "Local decisions
 * and stale replies"). A layout refused for its geometry gives way to the
 * config's default plugin, or closes the session.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"

#include <math.h>
#include <string.h>

static const char *verb_of(int kind)
{
    static const char *const verbs[] = {
        [DETENT__RQ_OPEN] = "open",          [DETENT__RQ_LAYOUT] = "layout",
        [DETENT__RQ_CLOSE] = "close",        [DETENT__RQ_AUTOPLAY] = "autoplay",
        [DETENT__RQ_BEGIN] = "begin",        [DETENT__RQ_MOVE] = "move",
        [DETENT__RQ_END] = "end",            [DETENT__RQ_CANCEL] = "cancel",
        [DETENT__RQ_GOTO] = "goto",          [DETENT__RQ_GOTO_QUIET] = "goto",
        [DETENT__RQ_GOTO_RELEASE] = "goto",  [DETENT__RQ_WHEEL] = "wheel",
        [DETENT__RQ_SCROLL_BEGIN] = "scroll", [DETENT__RQ_SCROLL] = "scroll",
        [DETENT__RQ_SCROLL_END] = "scroll",  [DETENT__RQ_STEP] = "step",
    };
    return verbs[kind];
}

/** Sent before the latest local decision: answered before the daemon read it, its reply moves nothing. */
static bool stale(const detent_strip *s, const detent__strip_rq *rq)
{
    return rq->token < s->barrier;
}

/** Whether the request ends a gesture (its decision is the gesture's). */
static bool ends_gesture(int kind)
{
    return kind == DETENT__RQ_END || kind == DETENT__RQ_SCROLL_END || kind == DETENT__RQ_CANCEL ||
           kind == DETENT__RQ_GOTO_RELEASE;
}

/** A decision's reply: the gesture it ends is over; a snap is followed unless something holds the content. */
static void decision(detent_strip *s, const detent__strip_rq *rq, const detent_reply *r)
{
    detent__strip_gesture *g = &s->gesture;
    bool own = ends_gesture(rq->kind) && rq->serial == g->serial && g->awaiting;
    if (ends_gesture(rq->kind) && rq->serial != 0 && !own) return; /* a gesture since, or a goto */
    if (stale(s, rq)) return; /* a local decision since (none is made while a gesture awaits its own) */
    if (own) g->awaiting = g->cancelled = false;
    if (rq->kind == DETENT__RQ_GOTO) s->goto_pending = false;
    if (r->kind == DETENT_REPLY_KEPT) {
        /* a touchpad's end the engine refused rests where it is drawn */
        if (own && s->state == DETENT_STRIP_DRAG) detent__strip_draw(s, s->drawn, DETENT_STRIP_REST);
        detent__strip_set_index(s, r->kept.index);
        detent__strip_note(s, DETENT_STRIP_NOTE_KEPT, r->kept.index, NULL);
        return;
    }
    if (r->kind != DETENT_REPLY_SNAP || !detent__strip_snap_ok(&r->snap)) {
        detent__strip_note(s, DETENT_STRIP_NOTE_LOG, s->index, "%s: not a decision (%s); not followed",
                           verb_of(rq->kind), detent_reply_kind_name(r->kind));
        if (own && s->state == DETENT_STRIP_DRAG) detent__strip_draw(s, s->drawn, DETENT_STRIP_REST);
        return;
    }
    if (g->hold != DETENT__HOLD_NONE) return;
    detent__strip_follow(s, &r->snap);
}

/**
 * goto(animate false)'s reply: its x drawn at once, its index wins; where
 * the strip already rests (within 1e-9 of the offset's size) it changes
 * nothing and says nothing.
 */
static void quiet(detent_strip *s, const detent__strip_rq *rq, const detent_reply *r)
{
    if (r->kind != DETENT_REPLY_SNAP || !detent__strip_snap_ok(&r->snap) || s->gesture.hold != DETENT__HOLD_NONE ||
        stale(s, rq))
        return;
    double x = r->snap.has_jump ? r->snap.jump : r->snap.x;
    bool moved = fabs(x - s->drawn) > DETENT__STRIP_TOL * fmax(1, fabs(x));
    bool change = moved || r->snap.index != s->index || s->state != DETENT_STRIP_REST;
    detent__strip_set_index(s, r->snap.index);
    if (!change) return;
    detent__strip_stop(s);
    detent__strip_rest(s, x);
}

static bool server_code(const detent_error *e, detent_code code)
{
    return e->kind == DETENT_ERROR_SERVER && e->code == code;
}

/** The plugin asked for is refused: the config's default pages it, said once per set_plugin. */
static void fall_back(detent_strip *s, const detent_error *e, const char *code, const char *msg)
{
    if (!s->fallback_said)
        detent__strip_note(s, DETENT_STRIP_NOTE_LOG, s->index,
                           "strip %s: plugin %s refused (%s: %s); the config's default plugin pages it", s->name,
                           s->plugin, code, msg);
    s->fallback = s->fallback_said = true;
    s->fallback_layout = server_code(e, DETENT_CODE_UNSUPPORTED_LAYOUT);
}

static void refused_open(detent_strip *s, const detent_error *e, const char *code, const char *msg)
{
    s->open_pending = false;
    bool refusal = server_code(e, DETENT_CODE_UNKNOWN_PLUGIN) || server_code(e, DETENT_CODE_UNSUPPORTED_LAYOUT);
    if (refusal && s->plugin && !s->fallback) {
        /* refused for a geometry replaced since: the plugin is tried on the new one */
        if (!(s->relayout && server_code(e, DETENT_CODE_UNSUPPORTED_LAYOUT))) fall_back(s, e, code, msg);
        detent__strip_open(s);
        return;
    }
    detent__strip_note(s, DETENT_STRIP_NOTE_LOG, s->index, "strip %s: open refused (%s: %s); the local rule pages it",
                       s->name, code, msg);
}

/**
 * The latest layout refused for its geometry: the session must not page
 * the one before. The plugin asked for gives way to the default (reopened
 * on the new geometry where it rests); the default's refusal closes it and
 * the local rule pages the strip until the next geometry opens it again.
 */
static void refused_layout(detent_strip *s, const detent_error *e, const char *code, const char *msg)
{
    if (server_code(e, DETENT_CODE_UNSUPPORTED_LAYOUT) && s->plugin && !s->fallback) {
        fall_back(s, e, code, msg);
        detent__strip_reopen(s);
        return;
    }
    detent__strip_note(s, DETENT_STRIP_NOTE_LOG, s->index,
                       "strip %s: layout refused (%s: %s); the local rule pages it until the next geometry", s->name,
                       code, msg);
    detent__strip_close(s);
    detent__strip_go_local(s);
}

static void failed(detent_strip *s, const detent__strip_rq *rq, const detent_error *e)
{
    detent__strip_gesture *g = &s->gesture;
    const char *msg = e->message ? e->message : "";
    const char *code = e->kind != DETENT_ERROR_SERVER ? detent_error_kind_name(e->kind)
                       : e->code_name && *e->code_name ? e->code_name
                                                       : detent_code_name(e->code);
    if (rq->kind == DETENT__RQ_OPEN) {
        refused_open(s, e, code, msg);
        return;
    }
    bool for_geometry = server_code(e, DETENT_CODE_UNSUPPORTED_LAYOUT) || server_code(e, DETENT_CODE_BAD_LAYOUT);
    if (rq->kind == DETENT__RQ_LAYOUT && for_geometry) {
        if (rq->token == s->layout_token) refused_layout(s, e, code, msg);
        return; /* else overtaken: the latest layout's answer decides */
    }
    detent__strip_note(s, DETENT_STRIP_NOTE_LOG, s->index, "strip %s: %s: %s: %s", s->name, verb_of(rq->kind), code,
                       msg);
    bool current = rq->serial == g->serial && !g->local;
    if (rq->kind == DETENT__RQ_BEGIN && current) { /* no gesture after all: it rests where it is drawn */
        detent__strip_queued q;
        while (detent__ring_take(&g->queued, 0, &q)) {
        }
        g->hold = DETENT__HOLD_NONE;
        g->awaiting = g->cancelled = false;
        detent__strip_draw(s, s->drawn, DETENT_STRIP_REST);
        return;
    }
    bool gesture_end = ends_gesture(rq->kind) && current && g->awaiting;
    bool decides = gesture_end || rq->kind == DETENT__RQ_GOTO || rq->kind == DETENT__RQ_STEP ||
                   (rq->kind == DETENT__RQ_CANCEL && rq->serial == 0);
    if (!decides || stale(s, rq)) return; /* a local decision since: nothing to take back */
    if (gesture_end) g->awaiting = g->cancelled = false;
    if (rq->kind == DETENT__RQ_GOTO) s->goto_pending = false;
    if (s->state == DETENT_STRIP_DRAG && g->hold == DETENT__HOLD_NONE)
        detent__strip_draw(s, s->drawn, DETENT_STRIP_REST);
    if (rq->kind == DETENT__RQ_CANCEL || s->link != DETENT_STRIP_OPEN || g->hold != DETENT__HOLD_NONE) return;
    detent__line l; /* back to the resting snap */
    detent__strip_line(s, &l, "cancel");
    detent__strip_queue(s, &l, DETENT__RQ_CANCEL, 0);
}

static void answered(detent_strip *s, const detent__strip_rq *rq, const detent_reply *r)
{
    switch (rq->kind) {
    case DETENT__RQ_OPEN:
        if (r->kind == DETENT_REPLY_OPENED) detent__strip_opened(s, &r->opened);
        break;
    case DETENT__RQ_LAYOUT:
        if (r->kind == DETENT_REPLY_OPENED) detent__strip_laid_out(s, &r->opened, stale(s, rq));
        break;
    case DETENT__RQ_BEGIN:
        if (r->kind == DETENT_REPLY_BEGAN) detent__strip_began(s, rq, &r->began);
        break;
    case DETENT__RQ_MOVE:
    case DETENT__RQ_SCROLL_BEGIN:
    case DETENT__RQ_SCROLL:
        if (r->kind == DETENT_REPLY_MOVED) detent__strip_moved(s, rq, &r->moved);
        break;
    case DETENT__RQ_GOTO_QUIET:
        quiet(s, rq, r);
        break;
    case DETENT__RQ_CLOSE:
    case DETENT__RQ_AUTOPLAY:
        break;
    default:
        decision(s, rq, r);
        break;
    }
}

static bool take_request(detent_strip *s, uint64_t token, detent__strip_rq *out)
{
    for (size_t i = 0; i < s->wait.len; i++) {
        const detent__strip_rq *rq = detent__ring_at(&s->wait, i);
        if (rq->token == token) return detent__ring_take(&s->wait, i, out);
    }
    return false;
}

void detent_strip_reply(detent_strip *s, uint64_t token, const detent_reply *reply, const detent_error *error)
{
    detent__strip_rq rq;
    if (!s || !take_request(s, token, &rq) || rq.epoch != s->epoch) return;
    if (rq.token >= s->barrier) s->barrier_waiting = false; /* replies come in order: the decision's was read */
    detent_error view;
    if (!error && (!reply || reply->kind == DETENT_REPLY_ERROR)) {
        detent__error_init(&view);
        view.kind = reply ? DETENT_ERROR_SERVER : DETENT_ERROR_STATE;
        view.code = reply ? reply->error.code : DETENT_CODE_NONE;
        view.code_name = reply && reply->error.code_name ? reply->error.code_name : "";
        view.message = reply ? reply->error.msg : "neither a reply nor an error";
        error = &view;
    }
    if (error) failed(s, &rq, error);
    else answered(s, &rq, reply);
    detent__strip_done(s);
}

void detent_strip_push(detent_strip *s, const detent_snap_reply *snap)
{
    /* one read before a local decision's reply was made before the daemon read it */
    if (!s || !snap || s->link != DETENT_STRIP_OPEN || s->state == DETENT_STRIP_DRAG || s->barrier_waiting) return;
    if ((snap->s && strcmp(snap->s, s->name) != 0) || !detent__strip_snap_ok(snap)) return;
    detent__strip_follow(s, snap);
    detent__strip_done(s);
}
