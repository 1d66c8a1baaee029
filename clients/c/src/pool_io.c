/*
 * The pool's side of the loop: the fds to poll and the wait, one pass of
 * I/O, and each connection's events routed to strips: replies and errors
 * by request id to the strip that sent it, pushes by session name, the
 * greeting and the end to the strips of that connection.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- events */

static detent__member *by_name(detent_pool *p, const detent__link *l, const char *name)
{
    for (size_t i = 0; name && i < p->nmembers; i++) {
        detent__member *m = p->members[i];
        if (m->link == l && strcmp(detent_strip_get_name(m->strip), name) == 0) return m;
    }
    return NULL;
}

static void handle(detent_pool *p, detent__link *l, detent_event *ev)
{
    if (ev->type == DETENT_EVENT_READY) {
        detent__link_ready(p, l);
        return;
    }
    if (ev->type == DETENT_EVENT_PUSH) {
        detent__member *m = ev->reply.kind == DETENT_REPLY_SNAP ? by_name(p, l, ev->reply.snap.s) : NULL;
        if (m) detent_strip_push(m->strip, &ev->reply.snap);
        return;
    }
    int closed = detent_get_state(l->c) == DETENT_STATE_CLOSED;
    if (ev->type == DETENT_EVENT_ERROR && ev->request == 0) {
        if (closed) detent__link_down(p, l); /* else a stray line: the connection goes on */
        return;
    }
    detent__pool_route r;
    if (!detent__route_take(l, ev->request, &r) || !r.m) return; /* the greeting's, a close's, a strip's that left */
    if (ev->type == DETENT_EVENT_ERROR) {
        if (ev->error.kind != DETENT_ERROR_SERVER && closed) return; /* the end: the strip hears it as offline */
        if (ev->error.kind == DETENT_ERROR_SERVER && ev->error.code == DETENT_CODE_TOO_MANY_SESSIONS && r.open &&
            r.m->link == l) {
            detent__link_refused(p, l, r.m);
            return;
        }
        detent_strip_reply(r.m->strip, r.token, NULL, &ev->error);
        return;
    }
    detent_strip_reply(r.m->strip, r.token, &ev->reply, NULL);
}

/** Hands every queued event to its strips until none is left (a strip's hook may queue more). */
static void drain(detent_pool *p)
{
    for (int more = 1; more && !p->dying;) {
        more = 0;
        for (size_t i = 0; i < p->nlinks && !p->dying; i++) {
            detent__link *l = p->links[i];
            detent_event ev;
            while (!p->dying && !l->dead && l->c && detent_next_event(l->c, &ev)) {
                handle(p, l, &ev);
                detent_event_clear(&ev);
                more = 1;
            }
        }
    }
}

/* -------------------------------------------------------------- the loop */

size_t detent_pool_fds(const detent_pool *p, struct pollfd *fds, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; p && !p->dying && i < p->nlinks; i++) {
        const detent__link *l = p->links[i];
        if (l->dead || !l->c || detent_fd(l->c) < 0) continue;
        if (n < max) {
            fds[n].fd = detent_fd(l->c);
            fds[n].events = (short)detent_events(l->c);
            fds[n].revents = 0;
        }
        n++;
    }
    return n;
}

static int64_t earlier(int64_t a, int64_t b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

int detent_pool_timeout_ms(const detent_pool *p)
{
    if (!p || p->dying) return -1;
    int64_t now = detent__now_ms(), wait = -1;
    for (size_t i = 0; i < p->nlinks; i++) {
        const detent__link *l = p->links[i];
        if (l->dead || !l->c) continue;
        if (detent_event_count(l->c) > 0) return 0;
        wait = earlier(wait, detent_timeout_ms(l->c));
    }
    const detent__link *primary = p->links[0];
    if (!detent__link_usable(primary)) wait = earlier(wait, p->next_attempt > now ? p->next_attempt - now : 0);
    else if (!primary->ready) wait = earlier(wait, p->greet_by > now ? p->greet_by - now : 0);
    if (primary->ready) {
        for (size_t i = 0; i < p->nmembers; i++) {
            if (p->members[i]->link || p->members[i]->parked) continue;
            wait = earlier(wait, p->place_after > now ? p->place_after - now : 0); /* a strip waits for a place */
            break;
        }
    }
    return wait > INT_MAX ? INT_MAX : (int)wait;
}

static short revents_of(const detent__link *l, const struct pollfd *fds, size_t n)
{
    int fd = detent_fd(l->c);
    for (size_t i = 0; fds && i < n; i++) {
        if (fds[i].fd == fd) return fds[i].revents;
    }
    return 0;
}

void detent_pool_io(detent_pool *p, const struct pollfd *fds, size_t n)
{
    if (!p || p->depth > 0 || p->dying) return; /* not from inside its own pass */
    p->depth++;
    for (size_t i = 0; i < p->nlinks; i++) {
        detent__link *l = p->links[i];
        if (l->dead || !l->c || detent_fd(l->c) < 0) continue;
        short got = revents_of(l, fds, n);
        if (got != 0 || detent_timeout_ms(l->c) == 0) detent_io(l->c, got);
    }
    drain(p);
    detent__link *primary = p->links[0];
    if (!p->dying && detent__link_usable(primary) && !primary->ready && detent__now_ms() >= p->greet_by)
        detent__link_unanswered(p);
    if (!p->dying && !detent__link_usable(primary) && detent__now_ms() >= p->next_attempt) {
        detent__link_attempt(p);
        drain(p);
    }
    if (!p->dying) {
        detent__pool_place(p);
        drain(p);
    }
    p->depth--;
    if (p->dying) detent__pool_release(p);
    else detent__pool_reap(p);
}
