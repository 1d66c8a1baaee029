/*
 * The core's requests: queued in order, each waiting for its reply; a
 * reply line (read by io.c) routed to its request by id, or taken as a
 * push; the deadline. No I/O here (clients/c/README.md, "Layers").
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

/* --------------------------------------------------------------- queueing */

/** Starts a request line for verb; 0 (and the error set) when the connection takes none. */
int detent__request(detent_connection *c, detent__line *l, const char *verb)
{
    if (!detent__usable(c)) return 0;
    detent__line_begin(l, &c->out, &c->error, verb);
    return 1;
}

/** Builds a request into the output queue and records it as waiting; the socket layer writes it (detent__send). */
uint64_t detent__queue(detent_connection *c, detent__line *l, detent_reply_kind expect)
{
    if (l->failed) {
        detent__line_end(l, 0);
        return 0;
    }
    uint64_t id = c->next_id;
    if (detent__line_end(l, id) < 0) return 0;
    detent__pending p = { id, expect };
    if (c->pending.len == 0) c->progress_ms = detent__now_ms();
    if (detent__ring_push(&c->pending, &p) < 0) {
        c->out.len = l->rollback;
        detent__error_set(&c->error, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (queueing a request)");
        return 0;
    }
    c->next_id++;
    return id;
}

/* ---------------------------------------------------------------- replies */

static void deliver_reply(detent_connection *c, const detent__pending *p, detent_reply *reply)
{
    int greeting = p->id == c->greeting;
    detent_event ev;
    memset(&ev, 0, sizeof ev);
    detent__error_init(&ev.error);
    ev.request = p->id;
    if (reply->kind == DETENT_REPLY_ERROR) {
        ev.type = DETENT_EVENT_ERROR;
        detent__error_server(&ev.error, &reply->error);
        detent_reply_clear(reply);
    } else if (p->expect != DETENT_REPLY_NONE && reply->kind != p->expect) {
        ev.type = DETENT_EVENT_ERROR;
        detent__error_set(&ev.error, DETENT_ERROR_PARSE, 0, "request %llu: expected a %s reply, got %s",
                          (unsigned long long)p->id, detent_reply_kind_name(p->expect),
                          detent_reply_kind_name(reply->kind));
        detent_reply_clear(reply);
    } else {
        ev.type = greeting ? DETENT_EVENT_READY : DETENT_EVENT_REPLY;
        ev.reply = *reply;
        memset(reply, 0, sizeof *reply);
        if (ev.reply.kind == DETENT_REPLY_BYE) c->bye = 1;
    }
    if (greeting && ev.type == DETENT_EVENT_ERROR) {
        /* A refused greeting (busy, forbidden) ends the connection, its own error first. */
        detent_error err;
        detent__error_init(&err);
        detent__error_copy(&err, &ev.error);
        detent__event_push(c, &ev);
        detent__fail(c, &err);
        detent_error_clear(&err);
        return;
    }
    if (greeting) {
        /* The connection keeps its own copy of the greeting. */
        detent_error scratch;
        detent__route route;
        detent__error_init(&scratch);
        c->state = DETENT_STATE_READY;
        detent_reply_clear(&c->hello);
        if (detent__parse(c->hello_line.data, c->hello_line.len, &c->hello, &scratch, &route) < 0)
            detent_reply_clear(&c->hello);
        detent_error_clear(&scratch);
    }
    int bye = ev.type == DETENT_EVENT_REPLY && ev.reply.kind == DETENT_REPLY_BYE;
    if (detent__event_push(c, &ev) < 0) detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (an event)");
    /* After bye detentd reads nothing more: end here, cleanly unless requests followed quit. */
    if (bye) detent__failf(c, DETENT_ERROR_CLOSED, 0, "%s: closed by quit; requests sent after it get no reply", c->path);
}

static void unexpected(detent_connection *c, detent_error *err, const char *what)
{
    detent_error e;
    detent__error_init(&e);
    detent__error_set(&e, err->kind == DETENT_ERROR_NONE ? DETENT_ERROR_PARSE : err->kind, 0, "%s%s%s", what,
                      err->kind == DETENT_ERROR_NONE ? "" : ": ", err->message);
    detent__error_event(c, 0, &e);
    detent_error_clear(&e);
}

/** One line from the daemon: a reply to a waiting request, or a push. */
void detent__handle_line(detent_connection *c, const char *line, size_t len, int too_long)
{
    detent_reply reply;
    detent_error err;
    detent__route route;
    detent__error_init(&err);
    memset(&route, 0, sizeof route);
    memset(&reply, 0, sizeof reply);
    int ok = 0;
    if (too_long) {
        detent__error_set(&err, DETENT_ERROR_TOO_LONG, 0, "%s: a reply line is longer than %zu bytes (discarded)",
                          c->path, c->reader.max);
    } else {
        ok = detent__parse(line, len, &reply, &err, &route) == 0;
    }
    if (route.push) {
        if (ok) {
            detent_event ev;
            memset(&ev, 0, sizeof ev);
            detent__error_init(&ev.error);
            ev.type = DETENT_EVENT_PUSH;
            ev.reply = reply;
            if (detent__event_push(c, &ev) < 0) detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (an event)");
        } else {
            unexpected(c, &err, "a pushed line");
        }
        detent_error_clear(&err);
        return;
    }
    size_t at = 0;
    int found = c->pending.len > 0;
    if (route.has_id) {
        found = 0;
        for (size_t i = 0; route.id_is_ours && i < c->pending.len; i++) {
            if (((const detent__pending *)detent__ring_at(&c->pending, i))->id == route.id) {
                at = i;
                found = 1;
                break;
            }
        }
    }
    if (!found) {
        unexpected(c, &err, route.has_id ? "a reply whose id no waiting request has" : "a line no request waits for");
        detent_reply_clear(&reply);
        detent_error_clear(&err);
        return;
    }
    detent__pending p;
    detent__ring_take(&c->pending, at, &p);
    c->progress_ms = detent__now_ms();
    if (p.id == c->greeting && ok) {
        c->hello_line.len = 0;
        detent__buf_put(&c->hello_line, line, len);
    }
    if (ok) {
        deliver_reply(c, &p, &reply);
    } else if (p.id == c->greeting) {
        detent_error e;
        detent__error_init(&e);
        detent__error_set(&e, err.kind, 0, "%s: the greeting: %s", c->path, err.message);
        detent__error_event(c, p.id, &e);
        detent__fail(c, &e);
        detent_error_clear(&e);
    } else {
        detent__error_event(c, p.id, &err);
    }
    detent_error_clear(&err);
}

/* --------------------------------------------------------------- deadline */

/** A reply overdue ends the connection. */
void detent__check_deadline(detent_connection *c)
{
    if (c->state == DETENT_STATE_CLOSED || c->pending.len == 0) return;
    if (detent__now_ms() - c->progress_ms < c->timeout_ms) return;
    detent__failf(c, DETENT_ERROR_TIMEOUT, ETIMEDOUT,
                  "%s: no reply within %d ms (%zu request%s waiting; is detentd stopped or overloaded?)", c->path,
                  c->timeout_ms, c->pending.len, c->pending.len == 1 ? "" : "s");
}

int detent_timeout_ms(const detent_connection *c)
{
    if (c->fd < 0 || c->pending.len == 0) return -1;
    int64_t left = c->progress_ms + c->timeout_ms - detent__now_ms();
    if (left <= 0) return 0;
    return left > INT_MAX ? INT_MAX : (int)left;
}

size_t detent_pending(const detent_connection *c) { return c->pending.len; }
