/*
 * The strip controller (detent/strip.h, detent-strip(3)), its lowest file:
 * a strip, its queue of request lines (each with a token, and the epoch
 * it was made in: replies of an older epoch are ignored), its notes and
 * the hooks called at the end of a call that left something.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"
#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool detent__strip_good_name(const char *name)
{
    if (!name) return false;
    size_t n = strnlen(name, 65);
    if (n == 0 || n > 64) return false;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                  c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

detent_strip *detent_strip_new(const char *name)
{
    if (!detent__strip_good_name(name)) return NULL;
    detent_strip *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    strcpy(s->name, name);
    s->out.size = s->wait.size = sizeof(detent__strip_rq);
    s->notes.size = sizeof(detent__strip_noted);
    s->gesture.queued.size = sizeof(detent__strip_queued);
    s->next_token = 1;
    s->align = DETENT_ALIGN_START;
    detent__error_init(&s->line_error);
    return s;
}

static void free_geometry(detent_strip *s)
{
    free((void *)s->g.sizes);
    free((void *)s->g.points);
    s->g.sizes = s->g.points = NULL;
}

void detent_strip_free(detent_strip *s)
{
    if (!s) return;
    free_geometry(s);
    free(s->plugin);
    free(s->running);
    free(s->starts);
    free(s->snap_x);
    free(s->snap_index);
    detent__buf_free(&s->lines);
    detent__ring_free(&s->out);
    detent__ring_free(&s->wait);
    detent__ring_free(&s->notes);
    detent__ring_free(&s->gesture.queued);
    detent_error_clear(&s->line_error);
    free(s);
}

const char *detent_strip_get_name(const detent_strip *s)
{
    return s ? s->name : NULL;
}

const char *detent_strip_get_error(const detent_strip *s)
{
    return s ? s->error : NULL;
}

void detent__strip_fail(detent_strip *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof s->error, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- notes */

void detent__strip_note(detent_strip *s, detent_strip_note_kind kind, int64_t index, const char *fmt, ...)
{
    detent__strip_noted n = { .kind = kind, .index = index, .has_text = fmt != NULL };
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(n.text, sizeof n.text, fmt, ap);
        va_end(ap);
    }
    detent__strip_noted old;
    if (s->notes.len >= DETENT__STRIP_NOTES) detent__ring_take(&s->notes, 0, &old);
    if (detent__ring_push(&s->notes, &n) == 0) s->change_dirty = true;
    s->notes_made++;
}

bool detent_strip_next_note(detent_strip *s, detent_strip_note *out)
{
    if (!s || !out || !detent__ring_take(&s->notes, 0, &s->note_now)) return false;
    out->kind = s->note_now.kind;
    out->index = s->note_now.index;
    out->text = s->note_now.has_text ? s->note_now.text : NULL;
    return true;
}

void detent__strip_set_index(detent_strip *s, int64_t index)
{
    if (index == s->index || index < 0) return; /* a reply's below 0 is none the daemon sends */
    s->index = index;
    detent__strip_note(s, DETENT_STRIP_NOTE_INDEX, index, NULL);
}

void detent__strip_set_link(detent_strip *s, detent_strip_link link)
{
    if (link == s->link) return;
    s->link = link;
    detent__strip_note(s, DETENT_STRIP_NOTE_LINK, link, NULL);
}

void detent__strip_changed(detent_strip *s)
{
    s->change_dirty = true;
}

/* ------------------------------------------------------------- requests */

void detent__strip_line(detent_strip *s, detent__line *l, const char *verb)
{
    detent__line_begin(l, &s->lines, &s->line_error, verb);
    detent__line_str(l, "s", s->name);
}

/** Queues the line built in l (without id and newline): its token, or 0 (its error kept). */
uint64_t detent__strip_queue(detent_strip *s, detent__line *l, detent__rq_kind kind, unsigned serial)
{
    detent__strip_rq rq = { .token = s->next_token, .epoch = s->epoch, .serial = serial, .kind = kind };
    rq.at = l->rollback;
    rq.len = s->lines.len - l->rollback;
    if (l->failed || detent__buf_put(&s->lines, "", 1) < 0 || detent__ring_push(&s->out, &rq) < 0) {
        s->lines.len = l->rollback;
        if (s->lines.data) s->lines.data[s->lines.len] = '\0';
        detent__strip_fail(s, "%s", l->failed ? s->line_error.message : "out of memory (a request)");
        return 0;
    }
    s->next_token++;
    s->request_dirty = true;
    return rq.token;
}

bool detent_strip_next_request(detent_strip *s, detent_strip_request *out)
{
    detent__strip_rq rq;
    if (!s || !out || !detent__ring_take(&s->out, 0, &rq)) return false;
    if (detent__ring_push(&s->wait, &rq) < 0) {
        detent__strip_fail(s, "out of memory (a request's reply)");
        return false;
    }
    out->line = s->lines.data + rq.at;
    out->token = rq.token;
    if (s->out.len == 0) s->lines.len = 0; /* the bytes stay until the next call writes */
    return true;
}

/**
 * A local decision (drawn at once, not asked): the next request queued
 * tells the daemon of it, and the replies to every request queued before
 * it, answered before the daemon read it, must not move what is drawn.
 */
void detent__strip_decided_here(detent_strip *s)
{
    s->barrier = s->next_token;
    s->barrier_waiting = true;
    s->goto_pending = false;
}

/** A connection's requests, gone with it. */
void detent__strip_drop_requests(detent_strip *s)
{
    detent__strip_rq rq;
    while (detent__ring_take(&s->out, 0, &rq)) {
    }
    while (detent__ring_take(&s->wait, 0, &rq)) {
    }
    s->lines.len = 0;
    s->goto_pending = s->barrier_waiting = false;
}

/* ---------------------------------------------------------------- hooks */

void detent_strip_on_request(detent_strip *s, detent_strip_hook fn, void *data)
{
    if (!s) return;
    s->on_request = fn;
    s->request_data = data;
}

void detent_strip_on_change(detent_strip *s, detent_strip_hook fn, void *data)
{
    if (!s) return;
    s->on_change = fn;
    s->change_data = data;
}

/** The end of a call: its hooks, once each per change (a hook's own calls fold into this loop). */
void detent__strip_done(detent_strip *s)
{
    if (s->hooking) return;
    s->hooking = true;
    for (int round = 0; round < 16; round++) {
        bool request = s->request_dirty && s->out.len > 0 && s->on_request;
        bool change = s->change_dirty && s->on_change;
        s->request_dirty = s->change_dirty = false;
        if (!request && !change) break;
        if (request) s->on_request(s, s->request_data);
        if (change) s->on_change(s, s->change_data);
    }
    s->hooking = false;
}

/* --------------------------------------------------------------- reading */

bool detent_strip_animating(const detent_strip *s)
{
    return s && s->state != DETENT_STRIP_REST;
}

int64_t detent_strip_get_index(const detent_strip *s)
{
    return s ? s->index : 0;
}

detent_strip_link detent_strip_get_link(const detent_strip *s)
{
    return s ? s->link : DETENT_STRIP_OFFLINE;
}
