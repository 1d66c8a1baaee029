/*
 * The core: a connection's state, its settings and its end. No I/O here
 * (clients/c/README.md, "Layers"): the end marks the connection closed
 * and the socket layer (io.c) closes the descriptor; the events are
 * events.c, the requests waiting pending.c.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/** Frees all but the descriptor, which the socket layer closes first (detent_connection_free, io.c). */
void detent__connection_release(detent_connection *c)
{
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
 * Its descriptor stays for the socket layer to close (detent__hangup).
 */
void detent__fail(detent_connection *c, const detent_error *err)
{
    if (c->state == DETENT_STATE_CLOSED || c->state == DETENT_STATE_IDLE) return;
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

/** Before connecting (connect.c): refused while connected, else the last connection forgotten. */
int detent__connect_reset(detent_connection *c)
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
    return 0;
}

/** Connected (connect.c): the socket is the connection's now, and the greeting is next. */
void detent__connect_opened(detent_connection *c, int fd, char *path)
{
    c->fd = fd;
    c->path = path;
    c->state = DETENT_STATE_CONNECTING;
}

/* -------------------------------------------------------------- requests */

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
