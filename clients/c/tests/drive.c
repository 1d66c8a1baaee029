/*
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <poll.h>
#include <string.h>

detent_reply R;
int pushes_seen;
long loop_turns;

const char *mode_name(run_mode m)
{
    return m == BLOCKING ? "blocking" : "non-blocking";
}

static void take_error(outcome *o, const detent_error *e)
{
    o->ok = 0;
    o->kind = e->kind;
    o->code = e->code;
    o->sys_errno = e->sys_errno;
    snprintf(o->code_name, sizeof o->code_name, "%s", e->code_name ? e->code_name : "");
    snprintf(o->message, sizeof o->message, "%s", e->message ? e->message : "");
    o->has_s = e->has_s;
    snprintf(o->s, sizeof o->s, "%s", e->has_s ? e->s : "");
}

detent_connection *connect_checked(run_mode m, const char *path, int timeout_ms, const char *file, int line)
{
    outcome o;
    detent_connection *c = connect_mode(m, path, timeout_ms, &o);
    h_check(o.ok, file, line, "connect to %s: %s", path, o.message);
    outcome_clear(&o);
    return c;
}

void outcome_clear(outcome *o)
{
    detent_reply_clear(&o->reply);
    memset(o, 0, sizeof *o);
}

outcome from_blocking(detent_connection *c, int rc)
{
    outcome o;
    memset(&o, 0, sizeof o);
    if (rc == 0) {
        o.ok = 1;
        o.reply = R;
        memset(&R, 0, sizeof R);
    } else {
        take_error(&o, detent_get_error(c));
        CHECK(R.kind == DETENT_REPLY_NONE && R.storage_ == NULL, "a failed call leaves its reply empty");
    }
    return o;
}

/** One turn of a UI's loop: poll what the connection wants, at most until its deadline. */
static void turn(detent_connection *c)
{
    struct pollfd p = { detent_fd(c), (short)detent_events(c), 0 };
    int n = poll(&p, 1, detent_timeout_ms(c));
    detent_io(c, n > 0 ? p.revents : 0);
    loop_turns++;
}

outcome async_wait(detent_connection *c, uint64_t id)
{
    outcome o;
    memset(&o, 0, sizeof o);
    if (id == 0) {
        take_error(&o, detent_get_error(c));
        return o;
    }
    for (;;) {
        detent_event ev;
        while (detent_next_event(c, &ev)) {
            if (ev.type == DETENT_EVENT_PUSH) {
                CHECK(ev.reply.kind == DETENT_REPLY_SNAP && ev.reply.snap.cause == DETENT_CAUSE_AUTOPLAY &&
                          !ev.reply.has_id,
                      "a push is an autoplay snap without id");
                pushes_seen++;
            } else if (ev.request == id && (ev.type == DETENT_EVENT_REPLY || ev.type == DETENT_EVENT_READY)) {
                o.ok = 1;
                o.reply = ev.reply;
                memset(&ev.reply, 0, sizeof ev.reply);
                CHECK(o.reply.has_id, "a reply to request %llu carries its id", (unsigned long long)id);
                detent_event_clear(&ev);
                return o;
            } else if (ev.request == id && ev.type == DETENT_EVENT_ERROR) {
                take_error(&o, &ev.error);
                detent_event_clear(&ev);
                return o;
            } else if (!(ev.type == DETENT_EVENT_ERROR && ev.request == 0)) {
                CHECK(0, "an event for another request: type %d request %llu (waiting for %llu)", ev.type,
                      (unsigned long long)ev.request, (unsigned long long)id);
            }
            detent_event_clear(&ev);
        }
        if (detent_fd(c) < 0) {
            CHECK(0, "the connection ended without an event for request %llu", (unsigned long long)id);
            take_error(&o, detent_get_error(c));
            return o;
        }
        turn(c);
    }
}

detent_connection *connect_mode(run_mode m, const char *path, int timeout_ms, outcome *o)
{
    detent_connection *c = detent_connection_new();
    memset(o, 0, sizeof *o);
    if (timeout_ms > 0) detent_set_timeout(c, timeout_ms);
    if (m == BLOCKING) {
        *o = from_blocking(c, detent_connect(c, path, "libdetent test"));
        return c;
    }
    if (detent_connect_start(c, path, "libdetent test") < 0) {
        take_error(o, detent_get_error(c));
        return c;
    }
    CHECK(detent_get_state(c) == DETENT_STATE_CONNECTING, "connecting until the greeting's reply");
    for (;;) {
        detent_event ev;
        while (detent_next_event(c, &ev)) {
            int type = ev.type;
            if (type == DETENT_EVENT_READY) {
                o->ok = 1;
                o->reply = ev.reply;
                memset(&ev.reply, 0, sizeof ev.reply);
            } else if (type == DETENT_EVENT_ERROR) {
                take_error(o, &ev.error);
            }
            detent_event_clear(&ev);
            if (type == DETENT_EVENT_READY || type == DETENT_EVENT_ERROR) return c;
        }
        if (detent_fd(c) < 0) {
            take_error(o, detent_get_error(c));
            return c;
        }
        turn(c);
    }
}
