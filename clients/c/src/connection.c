/*
 * The async core: an output queue flushed as far as the socket takes it,
 * a line reader, the requests waiting for replies (in order, by id) and
 * the events ready for the caller. Nothing here blocks; the blocking calls
 * (blocking.c) poll and call detent_io() until their own event is queued.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* ----------------------------------------------------------------- queues */

static int grow(void **items, size_t size, size_t head, size_t len, size_t *cap)
{
    size_t next = *cap ? *cap * 2 : 16;
    char *fresh = malloc(next * size);
    if (!fresh) return -1;
    for (size_t i = 0; i < len; i++) memcpy(fresh + i * size, (char *)*items + ((head + i) % *cap) * size, size);
    free(*items);
    *items = fresh;
    *cap = next;
    return 0;
}

static int pending_push(detent_connection *c, const detent__pending *p)
{
    if (c->pending_len == c->pending_cap) {
        if (grow((void **)&c->pending, sizeof *c->pending, c->pending_head, c->pending_len, &c->pending_cap) < 0)
            return -1;
        c->pending_head = 0;
    }
    if (c->pending_len == 0) c->progress_ms = detent__now_ms();
    c->pending[(c->pending_head + c->pending_len++) % c->pending_cap] = *p;
    return 0;
}

static detent__pending *pending_at(detent_connection *c, size_t i)
{
    return &c->pending[(c->pending_head + i) % c->pending_cap];
}

/** Removes entry i (almost always the oldest: replies come in request order). */
static detent__pending pending_take(detent_connection *c, size_t i)
{
    detent__pending p = *pending_at(c, i);
    for (size_t k = i; k > 0; k--) *pending_at(c, k) = *pending_at(c, k - 1);
    c->pending_head = (c->pending_head + 1) % c->pending_cap;
    c->pending_len--;
    return p;
}

/** Queues an event; out of memory, the event is dropped and the connection fails. */
static int event_push(detent_connection *c, detent_event *ev)
{
    if (c->events_len == c->events_cap) {
        if (grow((void **)&c->events, sizeof *c->events, c->events_head, c->events_len, &c->events_cap) < 0) {
            detent_event_clear(ev);
            return -1;
        }
        c->events_head = 0;
    }
    c->events[(c->events_head + c->events_len++) % c->events_cap] = *ev;
    return 0;
}

static detent_event *event_at(detent_connection *c, size_t i)
{
    return &c->events[(c->events_head + i) % c->events_cap];
}

int detent__event_take(detent_connection *c, size_t i, detent_event *out)
{
    if (i >= c->events_len) return 0;
    *out = *event_at(c, i);
    for (size_t k = i; k > 0; k--) *event_at(c, k) = *event_at(c, k - 1);
    c->events_head = (c->events_head + 1) % c->events_cap;
    c->events_len--;
    return 1;
}

int detent__event_find(detent_connection *c, uint64_t request, detent_event *out)
{
    for (size_t i = 0; i < c->events_len; i++) {
        const detent_event *ev = event_at(c, i);
        if (ev->request == request && ev->type != DETENT_EVENT_PUSH) return detent__event_take(c, i, out);
    }
    return 0;
}

static void error_event(detent_connection *c, uint64_t request, const detent_error *err)
{
    detent_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = DETENT_EVENT_ERROR;
    ev.request = request;
    detent__error_init(&ev.error);
    detent__error_copy(&ev.error, err);
    event_push(c, &ev);
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
    detent__reader_init(&c->reader, DETENT_DEFAULT_MAX_REPLY);
    detent__error_init(&c->error);
    return c;
}

void detent_connection_free(detent_connection *c)
{
    if (!c) return;
    if (c->fd >= 0) close(c->fd);
    detent_event ev;
    while (detent__event_take(c, 0, &ev)) detent_event_clear(&ev);
    free(c->events);
    free(c->pending);
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
    int clean = c->bye && c->pending_len == 0 && err->kind == DETENT_ERROR_CLOSED;
    if (!clean) {
        detent__error_copy(&c->error, err);
        c->fatal = 1;
    }
    while (c->pending_len > 0) {
        detent__pending p = pending_take(c, 0);
        error_event(c, p.id, err);
    }
    if (!clean) error_event(c, 0, err);
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
    uint64_t id = detent__queue_hello(c, client ? client : "libdetent", 1);
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

/** Builds a request into the output queue, records it as waiting and flushes what it can. */
uint64_t detent__queue(detent_connection *c, detent__line *l, detent_reply_kind expect, int greeting)
{
    if (l->failed) {
        detent__line_end(l, 0);
        return 0;
    }
    uint64_t id = c->next_id;
    if (detent__line_end(l, id) < 0) return 0;
    detent__pending p = { id, expect, greeting };
    if (pending_push(c, &p) < 0) {
        c->out.len = l->rollback;
        detent__error_set(&c->error, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (queueing a request)");
        return 0;
    }
    c->next_id++;
    detent__flush(c);
    return id;
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

/* -------------------------------------------------------------------- I/O */

void detent__flush(detent_connection *c)
{
    while (c->fd >= 0 && c->out_off < c->out.len) {
        ssize_t n = send(c->fd, c->out.data + c->out_off, c->out.len - c->out_off, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c->out_off += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        int e = errno;
        if (e == EPIPE || e == ECONNRESET)
            detent__failf(c, DETENT_ERROR_CLOSED, e, "%s: the daemon closed the connection (%s)", c->path, strerror(e));
        else
            detent__failf(c, DETENT_ERROR_IO, e, "%s: writing: %s", c->path, strerror(e));
        return;
    }
    if (c->out_off == c->out.len) {
        c->out.len = c->out_off = 0;
    } else if (c->out_off > 65536 && c->out_off > c->out.len / 2) {
        memmove(c->out.data, c->out.data + c->out_off, c->out.len - c->out_off);
        c->out.len -= c->out_off;
        c->out_off = 0;
    }
}

static void deliver_reply(detent_connection *c, const detent__pending *p, detent_reply *reply)
{
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
        ev.type = p->greeting ? DETENT_EVENT_READY : DETENT_EVENT_REPLY;
        ev.reply = *reply;
        memset(reply, 0, sizeof *reply);
        if (ev.reply.kind == DETENT_REPLY_BYE) c->bye = 1;
    }
    if (p->greeting && ev.type == DETENT_EVENT_ERROR) {
        /* A refused greeting (busy, forbidden) ends the connection, its own error first. */
        detent_error err;
        detent__error_init(&err);
        detent__error_copy(&err, &ev.error);
        event_push(c, &ev);
        detent__fail(c, &err);
        detent_error_clear(&err);
        return;
    }
    if (p->greeting) {
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
    if (event_push(c, &ev) < 0) detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (an event)");
    /* After bye detentd reads nothing more: end here, cleanly unless requests followed quit. */
    if (bye) detent__failf(c, DETENT_ERROR_CLOSED, 0, "%s: closed by quit; requests sent after it get no reply", c->path);
}

static void unexpected(detent_connection *c, detent_error *err, const char *what)
{
    detent_error e;
    detent__error_init(&e);
    detent__error_set(&e, err->kind == DETENT_ERROR_NONE ? DETENT_ERROR_PARSE : err->kind, 0, "%s%s%s", what,
                      err->kind == DETENT_ERROR_NONE ? "" : ": ", err->message);
    error_event(c, 0, &e);
    detent_error_clear(&e);
}

/** One line from the daemon: a reply to a waiting request, or a push. */
static void handle_line(detent_connection *c, const char *line, size_t len, int too_long)
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
            if (event_push(c, &ev) < 0) detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (an event)");
        } else {
            unexpected(c, &err, "a pushed line");
        }
        detent_error_clear(&err);
        return;
    }
    size_t at = 0;
    int found = c->pending_len > 0;
    if (route.has_id) {
        found = 0;
        for (size_t i = 0; route.id_is_ours && i < c->pending_len; i++) {
            if (pending_at(c, i)->id == route.id) {
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
    detent__pending p = pending_take(c, at);
    c->progress_ms = detent__now_ms();
    if (p.greeting && ok) {
        c->hello_line.len = 0;
        detent__buf_put(&c->hello_line, line, len);
    }
    if (ok) {
        deliver_reply(c, &p, &reply);
    } else if (p.greeting) {
        detent_error e;
        detent__error_init(&e);
        detent__error_set(&e, err.kind, 0, "%s: the greeting: %s", c->path, err.message);
        error_event(c, p.id, &e);
        detent__fail(c, &e);
        detent_error_clear(&e);
    } else {
        error_event(c, p.id, &err);
    }
    detent_error_clear(&err);
}

static void read_all(detent_connection *c)
{
    char chunk[65536];
    while (c->fd >= 0) {
        ssize_t n = recv(c->fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n < 0) {
            int e = errno;
            if (e == ECONNRESET)
                detent__failf(c, DETENT_ERROR_CLOSED, e, "%s: the daemon closed the connection (%s)", c->path,
                              strerror(e));
            else
                detent__failf(c, DETENT_ERROR_IO, e, "%s: reading: %s", c->path, strerror(e));
            return;
        }
        if (n == 0) {
            detent__failf(c, DETENT_ERROR_CLOSED, 0, "%s: the daemon closed the connection", c->path);
            return;
        }
        if (detent__reader_feed(&c->reader, chunk, (size_t)n) < 0) {
            detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (reading replies)");
            return;
        }
        const char *line;
        size_t len;
        int kind;
        while (c->state != DETENT_STATE_CLOSED && (kind = detent__reader_line(&c->reader, &line, &len)) != 0)
            handle_line(c, line, len, kind == DETENT__LINE_TOO_LONG);
        if ((size_t)n < sizeof chunk) return; /* drained: spare a recv that would say EAGAIN */
    }
}

static void check_deadline(detent_connection *c)
{
    if (c->state == DETENT_STATE_CLOSED || c->pending_len == 0) return;
    if (detent__now_ms() - c->progress_ms < c->timeout_ms) return;
    detent__failf(c, DETENT_ERROR_TIMEOUT, ETIMEDOUT,
                  "%s: no reply within %d ms (%zu request%s waiting; is detentd stopped or overloaded?)", c->path,
                  c->timeout_ms, c->pending_len, c->pending_len == 1 ? "" : "s");
}

int detent_fd(const detent_connection *c) { return c->fd; }

int detent_events(const detent_connection *c)
{
    if (c->fd < 0) return 0;
    return POLLIN | (c->out_off < c->out.len ? POLLOUT : 0);
}

int detent_io(detent_connection *c, int revents)
{
    (void)revents; /* both directions are tried: each attempt is non-blocking */
    if (c->fd < 0) return -1;
    detent__flush(c);
    read_all(c);
    check_deadline(c);
    return c->state == DETENT_STATE_CLOSED ? -1 : 0;
}

int detent_timeout_ms(const detent_connection *c)
{
    if (c->fd < 0 || c->pending_len == 0) return -1;
    int64_t left = c->progress_ms + c->timeout_ms - detent__now_ms();
    if (left <= 0) return 0;
    return left > INT_MAX ? INT_MAX : (int)left;
}

size_t detent_pending(const detent_connection *c) { return c->pending_len; }
size_t detent_event_count(const detent_connection *c) { return c->events_len; }

int detent_next_event(detent_connection *c, detent_event *ev)
{
    memset(ev, 0, sizeof *ev);
    detent__error_init(&ev->error);
    return detent__event_take(c, 0, ev);
}
