/*
 * The pool's connections coming and going: the primary one, tried again
 * with a backoff while the daemon is away (no fd and no wakeup between
 * attempts, one log line per outage), a greeting told to the strips of its
 * connection and an end to them as offline, and a strip the daemon refused
 * for its session limit moved to another connection.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void set_path(detent_pool *p, const char *path)
{
    if (!path || (p->path && strcmp(p->path, path) == 0)) return;
    char *copy = strdup(path);
    if (!copy) return;
    free(p->path);
    p->path = copy;
}

/** A failed attempt names where the rule looks first (detent-client(3)), or where the daemon last answered. */
static void set_looked(detent_pool *p)
{
    char runtime[512];
    const char *v = getenv("DETENT_SOCKET"), *x = getenv("XDG_RUNTIME_DIR");
    if (p->want_path) set_path(p, p->want_path);
    else if (v && *v) set_path(p, v);
    else if (p->path) return;
    else if (x && *x && snprintf(runtime, sizeof runtime, "%s/detent.sock", x) < (int)sizeof runtime)
        set_path(p, runtime);
    else set_path(p, "/run/detent/detent.sock");
}

/** A failed attempt of the primary: the next one after the backoff; said once per outage. */
static void attempt_failed(detent_pool *p, const char *why)
{
    int64_t now = detent__now_ms();
    p->next_attempt = now + p->delay_ms;
    p->delay_ms = p->delay_ms * 2 > p->max_ms ? p->max_ms : p->delay_ms * 2;
    set_looked(p);
    if (p->outage) return;
    p->outage = 1;
    detent__pool_log(p, 1, "detent: no daemon answers (%s); the strips page by themselves and the pool tries "
                           "again every %d ms at most", why, p->max_ms);
}

/** The primary's next attempt, now: a fresh connection, which connects or fails without blocking. */
void detent__link_attempt(detent_pool *p)
{
    detent__link *l = p->links[0];
    detent_connection_free(l->c);
    l->c = detent_connection_new();
    l->ready = l->full = 0;
    l->nroutes = 0;
    if (!l->c) {
        attempt_failed(p, "out of memory");
        return;
    }
    if (detent_connect_start(l->c, p->want_path, p->client) < 0) {
        detent_event ev;
        while (detent_next_event(l->c, &ev)) detent_event_clear(&ev); /* counted here, not again as an end */
        attempt_failed(p, detent_get_error(l->c)->message);
        return;
    }
    set_path(p, detent_path(l->c));
    p->greet_by = detent__now_ms() + p->max_ms;
}

/**
 * The primary's greeting did not come within the maximum wait: the attempt
 * failed (a daemon that accepts but does not answer, or one still
 * starting), so that no wait while disconnected is longer than the maximum.
 */
void detent__link_unanswered(detent_pool *p)
{
    detent__link *l = p->links[0];
    char why[160];
    snprintf(why, sizeof why, "%s: no greeting within %d ms", p->path ? p->path : "?", p->max_ms);
    detent_connection_free(l->c);
    l->c = NULL;
    attempt_failed(p, why);
}

/** Every strip of l (with all, every strip not offline, one between links too) told it is offline. */
static void offline_all(detent_pool *p, const detent__link *l, int all)
{
    for (size_t i = 0; i < p->nmembers; i++) {
        detent__member *m = p->members[i];
        m->mark = all ? m->link || detent_strip_get_link(m->strip) != DETENT_STRIP_OFFLINE : m->link == l;
        if (all) m->parked = 0;
        if (all || m->link == l) detent__link_unplace(m);
    }
    detent__member *m;
    while (!p->dying && (m = detent__pool_next_marked(p))) detent_strip_offline(m->strip);
}

static void tell_link(detent_pool *p)
{
    if (p->on_link && !p->dying) p->on_link(p, p->on_link_data);
}

/** l ended (its error says why): its strips go offline; the primary's end is an outage. */
void detent__link_down(detent_pool *p, detent__link *l)
{
    detent_event ev;
    while (detent_next_event(l->c, &ev)) detent_event_clear(&ev); /* what is left is about the old connection */
    int was_ready = l->ready;
    l->ready = 0;
    l->nroutes = 0;
    if (l != p->links[0]) {
        l->dead = 1;
        offline_all(p, l, 0);
        if (!was_ready) {
            /* It never answered: the next extra connection waits, as the primary does. */
            p->place_after = detent__now_ms() + p->place_delay_ms;
            p->place_delay_ms = p->place_delay_ms * 2 > p->max_ms ? p->max_ms : p->place_delay_ms * 2;
        }
        return;
    }
    for (size_t i = 1; i < p->nlinks; i++) p->links[i]->dead = 1; /* they end with it: one daemon */
    offline_all(p, NULL, 1);
    if (!was_ready) {
        attempt_failed(p, detent_get_error(l->c)->message);
        return;
    }
    /* Lost: try again at once (a socket-activated daemon's socket may still be there), then back off. */
    p->connected = 0;
    p->outage = 1;
    p->delay_ms = p->first_ms;
    p->next_attempt = detent__now_ms();
    detent__pool_log(p, 1, "detent: lost the daemon (%s); the strips page by themselves until it answers",
                     detent_get_error(l->c)->message);
    tell_link(p);
}

/** l's greeting came: its strips open; the primary's ends an outage and places every strip. */
void detent__link_ready(detent_pool *p, detent__link *l)
{
    l->ready = 1;
    if (l == p->links[0]) {
        p->delay_ms = p->place_delay_ms = p->first_ms;
        p->place_after = 0;
        set_path(p, detent_path(l->c));
        if (p->outage) {
            const detent_hello_reply *h = detent_server_hello(l->c);
            detent__pool_log(p, 0, "detent: the daemon answers again at %s (%s)", p->path,
                             h && h->server ? h->server : "detentd");
        }
        p->outage = 0;
        p->connected = 1;
        detent__pool_place(p);
        tell_link(p);
        return;
    }
    p->place_delay_ms = p->first_ms;
    for (size_t i = 0; i < p->nmembers; i++) p->members[i]->mark = p->members[i]->link == l;
    detent__member *m;
    while (!p->dying && l->ready && (m = detent__pool_next_marked(p))) {
        if (m->link == l) detent_strip_online(m->strip, detent_server_hello(l->c));
    }
}

/** The daemon refused m's session on l for its limit: m goes to another connection. */
void detent__link_refused(detent_pool *p, detent__link *l, detent__member *m)
{
    size_t open = 0;
    for (size_t i = 0; i < p->nmembers; i++) {
        const detent__member *o = p->members[i];
        open += o != m && o->link == l && detent_strip_get_link(o->strip) == DETENT_STRIP_OPEN;
    }
    detent__link_unplace(m);
    l->full = 1;
    if (open == 0) {
        /* Not even one: another connection would be refused too. */
        m->parked = 1;
        if (!p->said_no_session)
            detent__pool_log(p, 0, "detent: the daemon at %s takes no session (limits.maxSessionsPerConnection)",
                             p->path ? p->path : "?");
        p->said_no_session = 1;
    } else if (p->cap == 0 || open < p->cap) {
        p->cap = open;
    }
    /* It stays OPENING (no flap of its link): detent_strip_online() on its next connection drops what it
       held and sends its open there. Parked, it will not open: offline, paged by the local rule. */
    if (m->parked) detent_strip_offline(m->strip);
    detent__pool_place(p);
}
