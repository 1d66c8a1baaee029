/*
 * The blocking calls: queue the request, then poll and run the async core
 * until its own event is there or the timeout ends the connection. Other
 * events (pushes, replies to queued requests) stay queued, in order, for
 * detent_next_event().
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <poll.h>
#include <string.h>

/** Runs the core once: waits for the socket at most wait_ms (-1: the connection's deadline). */
static void step(detent_connection *c, int wait_ms)
{
    int deadline = detent_timeout_ms(c);
    int t = deadline < 0 ? wait_ms : wait_ms < 0 || deadline < wait_ms ? deadline : wait_ms;
    struct pollfd p = { c->fd, (short)detent_events(c), 0 };
    int n = poll(&p, 1, t);
    if (n < 0 && errno != EINTR) {
        detent__failf(c, DETENT_ERROR_IO, errno, "%s: poll: %s", c->path, strerror(errno));
        return;
    }
    detent_io(c, n > 0 ? p.revents : 0);
}

/** Waits for the event of request; 0 and the error on the connection when it is an error. */
static int finish(detent_connection *c, uint64_t request, detent_reply *out)
{
    if (out) memset(out, 0, sizeof *out);
    if (request == 0) return -1;
    detent_event ev;
    memset(&ev, 0, sizeof ev);
    while (!detent__event_find(c, request, &ev)) {
        if (c->fd < 0) {
            if (c->error.kind == DETENT_ERROR_NONE)
                detent__error_set(&c->error, DETENT_ERROR_STATE, 0, "request %llu: no such request waits",
                                  (unsigned long long)request);
            return -1;
        }
        step(c, -1);
    }
    if (ev.type == DETENT_EVENT_ERROR) {
        if (!c->fatal) detent__error_copy(&c->error, &ev.error);
        detent_event_clear(&ev);
        return -1;
    }
    if (out) *out = ev.reply;
    else detent_reply_clear(&ev.reply);
    detent_error_clear(&ev.error);
    return 0;
}

/** A call starts clean unless the connection has ended. */
static void begin_call(detent_connection *c)
{
    if (!c->fatal) detent_error_clear(&c->error);
}

int detent_connect(detent_connection *c, const char *path, const char *client)
{
    if (detent__connect_blocking(c, path, client) < 0) return -1;
    return finish(c, c->greeting, NULL);
}

int detent_wait_reply(detent_connection *c, uint64_t request, detent_reply *out)
{
    begin_call(c);
    return finish(c, request, out);
}

int detent_wait_event(detent_connection *c, detent_event *ev, int timeout_ms)
{
    int64_t until = detent__now_ms() + (timeout_ms < 0 ? 0 : timeout_ms);
    for (;;) {
        if (detent_next_event(c, ev)) return 1;
        if (c->fd < 0) return -1;
        int64_t left = until - detent__now_ms();
        if (timeout_ms >= 0 && left <= 0) return 0;
        step(c, timeout_ms < 0 ? -1 : (int)left);
    }
}

#define CALL(c, send, out) \
    begin_call(c);         \
    return finish(c, send, out)

int detent_hello(detent_connection *c, const char *client, detent_reply *out)
{
    CALL(c, detent_send_hello(c, client), out);
}

int detent_ping(detent_connection *c, detent_reply *out) { CALL(c, detent_send_ping(c), out); }
int detent_plugins(detent_connection *c, detent_reply *out) { CALL(c, detent_send_plugins(c), out); }

int detent_open(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g, detent_reply *out)
{
    CALL(c, detent_send_open(c, s, plugin, g), out);
}

int detent_layout(detent_connection *c, const char *s, const detent_geometry *g, detent_reply *out)
{
    CALL(c, detent_send_layout(c, s, g), out);
}

int detent_begin(detent_connection *c, const char *s, double x, double t, detent_reply *out)
{
    CALL(c, detent_send_begin(c, s, x, t), out);
}

int detent_move(detent_connection *c, const char *s, double x, double t, detent_reply *out)
{
    CALL(c, detent_send_move(c, s, x, t), out);
}

int detent_end(detent_connection *c, const char *s, double x, double v, double target, double t, detent_reply *out)
{
    CALL(c, detent_send_end(c, s, x, v, target, t), out);
}

int detent_cancel(detent_connection *c, const char *s, detent_reply *out) { CALL(c, detent_send_cancel(c, s), out); }

int detent_goto(detent_connection *c, const char *s, int64_t index, double x, detent_reply *out)
{
    CALL(c, detent_send_goto(c, s, index, x), out);
}

int detent_autoplay(detent_connection *c, const char *s, double every, detent_reply *out)
{
    CALL(c, detent_send_autoplay(c, s, every), out);
}

int detent_close(detent_connection *c, const char *s, detent_reply *out) { CALL(c, detent_send_close(c, s), out); }
int detent_stats(detent_connection *c, detent_reply *out) { CALL(c, detent_send_stats(c), out); }
int detent_quit(detent_connection *c, detent_reply *out) { CALL(c, detent_send_quit(c), out); }
int detent_request(detent_connection *c, const char *line, detent_reply *out) { CALL(c, detent_send_line(c, line), out); }
