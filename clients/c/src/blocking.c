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
        detent__hangup(c);
        return;
    }
    detent_io(c, n > 0 ? p.revents : 0);
}

/** Waits for the event of request; -1 and the error on the connection when it is an error. */
int detent__call_finish(detent_connection *c, uint64_t request, detent_reply *out)
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
void detent__call_begin(detent_connection *c)
{
    if (!c->fatal) detent_error_clear(&c->error);
}

int detent_connect(detent_connection *c, const char *path, const char *client)
{
    if (detent__connect_blocking(c, path, client) < 0) return -1;
    return detent__call_finish(c, c->greeting, NULL);
}

int detent_wait_reply(detent_connection *c, uint64_t request, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, request, out);
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

/* The blocking request of each verb is generated (calls.c); a caller's own line: */
int detent_request(detent_connection *c, const char *line, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_line(c, line), out);
}
