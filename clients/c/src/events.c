/*
 * The connection's events, queued for the caller in the order they came:
 * replies, pushes, errors and the greeting.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <string.h>

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

size_t detent_event_count(const detent_connection *c) { return c->events.len; }

int detent_next_event(detent_connection *c, detent_event *ev)
{
    memset(ev, 0, sizeof *ev);
    detent__error_init(&ev->error);
    return detent__ring_take(&c->events, 0, ev);
}
