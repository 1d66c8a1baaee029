/*
 * The async core: a connection's life (settings, connecting with the
 * greeting, failing), its requests queued and waiting for replies (in
 * order, by id) and its events for the caller. Nothing here blocks; the
 * I/O is io.c, and the blocking calls (blocking.c) poll and call
 * detent_io() until their own event is queued.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ----------------------------------------------------------------- events */

/** Queues an event; out of memory, the event is dropped (the caller fails the connection). */
int detent__event_push(detent_connection *c, detent_event *ev)
{
    if (detent__ring_push(&c->events, ev) == 0) return 0;
    detent_event_clear(ev);
    return -1;
}

int detent__event_find(detent_connection *c, uint64_t request, detent_event *out)
{
    for (size_t i = 0; i < c->events.len; i++) {
        const detent_event *ev = detent__ring_at(&c->events, i);
        if (ev->request == request && ev->type != DETENT_EVENT_PUSH) return detent__ring_take(&c->events, i, out);
    }
    return 0;
}

void detent__error_event(detent_connection *c, uint64_t request, const detent_error *err)
{
    detent_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = DETENT_EVENT_ERROR;
    ev.request = request;
    detent__error_init(&ev.error);
    detent__error_copy(&ev.error, err);
    detent__event_push(c, &ev);
}

void detent_event_clear(detent_event *ev)
{
    if (!ev) return;
    detent_reply_clear(&ev->reply);
    detent_error_clear(&ev->error);
    ev->type = DETENT_EVENT_NONE;
    ev->request = 0;
}

/* -------------------------------------------------------------- lifecycle */

detent_connection *detent_connection_new(void)
{
    detent_connection *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->fd = -1;
    c->timeout_ms = DETENT_DEFAULT_TIMEOUT_MS;
    c->next_id = 1;
    c->pending.size = sizeof(detent__pending);
    c->events.size = sizeof(detent_event);
    detent__reader_init(&c->reader, DETENT_DEFAULT_MAX_REPLY);
    detent__error_init(&c->error);
    return c;
}

void detent_connection_free(detent_connection *c)
{
    if (!c) return;
    if (c->fd >= 0) close(c->fd);
    detent_event ev;
    while (detent__ring_take(&c->events, 0, &ev)) detent_event_clear(&ev);
    detent__ring_free(&c->events);
    detent__ring_free(&c->pending);
    detent__buf_free(&c->out);
    detent__reader_fini(&c->reader);
    detent_reply_clear(&c->hello);
    detent__buf_free(&c->hello_line);
    detent_error_clear(&c->error);
    free(c->path);
    free(c->system_path);
    free(c->fallback_path);
    free(c);
}

void detent_set_timeout(detent_connection *c, int timeout_ms)
{
    c->timeout_ms = timeout_ms > 0 ? timeout_ms : DETENT_DEFAULT_TIMEOUT_MS;
}

int detent_get_timeout(const detent_connection *c) { return c->timeout_ms; }

int detent_set_max_reply(detent_connection *c, size_t bytes)
{
    if (bytes < DETENT_MIN_MAX_REPLY) {
        detent__error_set(&c->error, DETENT_ERROR_ARGUMENT, 0, "max reply: %zu bytes is below the least, %d", bytes,
                          DETENT_MIN_MAX_REPLY);
        return -1;
    }
    c->reader.max = bytes;
    return 0;
}

static int replace(char **slot, const char *value)
{
    char *copy = NULL;
    if (value && !(copy = strdup(value))) return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

int detent_set_discovery_paths(detent_connection *c, const char *system_path, const char *fallback_path)
{
    if (replace(&c->system_path, system_path) < 0 || replace(&c->fallback_path, fallback_path) < 0) {
        detent__error_set(&c->error, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (discovery paths)");
        return -1;
    }
    return 0;
}

detent_state detent_get_state(const detent_connection *c) { return c->state; }
const char *detent_path(const detent_connection *c) { return c->path; }

const detent_hello_reply *detent_server_hello(const detent_connection *c)
{
    return c->hello.kind == DETENT_REPLY_HELLO ? &c->hello.hello : NULL;
}

const detent_error *detent_get_error(const detent_connection *c) { return &c->error; }

bool detent_clear_error(detent_connection *c)
{
    if (c->fatal) return false;
    detent_error_clear(&c->error);
    return true;
}

/* ---------------------------------------------------------------- failing */

/**
 * Ends the connection: each waiting request gets an error event, then one
 * with request 0 says the connection is gone (none after a clean bye).
 */
void detent__fail(detent_connection *c, const detent_error *err)
{
    if (c->state == DETENT_STATE_CLOSED || c->state == DETENT_STATE_IDLE) return;
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->state = DETENT_STATE_CLOSED;
    int clean = c->bye && c->pending.len == 0 && err->kind == DETENT_ERROR_CLOSED;
    if (!clean) {
        detent__error_copy(&c->error, err);
        c->fatal = 1;
    }
    detent__pending p;
    while (detent__ring_take(&c->pending, 0, &p)) detent__error_event(c, p.id, err);
    if (!clean) detent__error_event(c, 0, err);
    c->out.len = c->out_off = 0;
}

void detent__failf(detent_connection *c, detent_error_kind kind, int sys_errno, const char *fmt, ...)
{
    detent_error err;
    detent__error_init(&err);
    va_list ap;
    va_start(ap, fmt);
    detent__error_vset(&err, kind, sys_errno, fmt, ap);
    va_end(ap);
    detent__fail(c, &err);
    detent_error_clear(&err);
}

/* ------------------------------------------------------------ connecting */

static int start(detent_connection *c, const char *path, const char *client, int blocking)
{
    if (c->state == DETENT_STATE_CONNECTING || c->state == DETENT_STATE_READY) {
        detent__error_set(&c->error, DETENT_ERROR_STATE, 0, "already connected to %s", c->path);
        return -1;
    }
    detent_error_clear(&c->error);
    c->fatal = 0;
    detent_reply_clear(&c->hello);
    free(c->path);
    c->path = NULL;
    c->bye = 0;
    c->out.len = c->out_off = 0;
    detent__reader_reset(&c->reader);
    detent__found found;
    if (detent__discover(path, c->system_path, c->fallback_path, blocking, c->timeout_ms, &found, &c->error) < 0)
        return -1;
    c->fd = found.fd;
    c->path = found.path;
    c->state = DETENT_STATE_CONNECTING;
    /* The greeting: the one verb the connection names itself. */
    uint64_t id = detent_send_hello(c, client ? client : "libdetent");
    if (id == 0) {
        detent_error err;
        detent__error_init(&err);
        detent__error_copy(&err, &c->error);
        detent__fail(c, &err);
        detent_error_clear(&err);
        return -1;
    }
    c->greeting = id;
    return 0;
}

int detent_connect_start(detent_connection *c, const char *path, const char *client)
{
    return start(c, path, client, 0);
}

int detent__connect_blocking(detent_connection *c, const char *path, const char *client)
{
    return start(c, path, client, 1);
}

/* -------------------------------------------------------------- requests */

/** Starts a request line for verb; 0 (and the error set) when the connection takes none. */
int detent__request(detent_connection *c, detent__line *l, const char *verb)
{
    if (!detent__usable(c)) return 0;
    detent__line_begin(l, &c->out, &c->error, verb);
    return 1;
}

/** Builds a request into the output queue, records it as waiting and flushes what it can. */
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
    detent__flush(c);
    return id;
}

uint64_t detent_send_line(detent_connection *c, const char *line)
{
    detent__line l;
    if (!detent__request(c, &l, "")) return 0;
    detent__line_raw(&l, line);
    return detent__queue(c, &l, DETENT_REPLY_NONE);
}

/** Whether requests may be queued now; sets the error when not. */
int detent__usable(detent_connection *c)
{
    if (c->state == DETENT_STATE_CONNECTING || c->state == DETENT_STATE_READY) return 1;
    if (c->state == DETENT_STATE_IDLE) {
        detent__error_set(&c->error, DETENT_ERROR_STATE, 0, "not connected (detent_connect first)");
    } else if (!c->fatal) {
        detent__error_set(&c->error, DETENT_ERROR_CLOSED, 0, "the connection to %s is closed (quit)",
                          c->path ? c->path : "detentd");
    }
    return 0;
}
