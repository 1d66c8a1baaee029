/*
 * The pool's connections as places for strips: the links themselves,
 * where each strip goes (the primary first, then a connection with room,
 * else a new one to where the primary is), the links that ended or carry
 * nothing freed, what the pool says, and its memory.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_internal.h"

#include <stdlib.h>
#include <string.h>

detent__link *detent__link_new(void) { return calloc(1, sizeof(detent__link)); }

void detent__link_free(detent__link *l)
{
    if (!l) return;
    detent_connection_free(l->c);
    free(l->routes);
    free(l);
}

/** Connecting or greeted. */
int detent__link_usable(const detent__link *l)
{
    if (!l->c || l->dead) return 0;
    detent_state st = detent_get_state(l->c);
    return st == DETENT_STATE_CONNECTING || st == DETENT_STATE_READY;
}

/** Takes m off its link (the strip is not told). */
void detent__link_unplace(detent__member *m)
{
    detent__link *l = m->link;
    if (!l) return;
    detent__route_forget(l, m);
    l->members--;
    l->full = 0; /* a session may have left it */
    m->link = NULL;
}

/**
 * Says a line. With no log function yet, an outage's line (keep) waits for
 * one: the first attempt fails inside detent_pool_new(), before the app
 * could set it; any other line drops what waits.
 */
void detent__pool_log(detent_pool *p, int keep, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    free(p->unsaid);
    p->unsaid = NULL;
    if (p->log) p->log(p->log_data, line);
    else if (keep) p->unsaid = strdup(line);
}

/** The first member marked for a pass's work, its mark cleared; NULL when none is left. */
detent__member *detent__pool_next_marked(detent_pool *p)
{
    for (size_t i = 0; i < p->nmembers; i++) {
        if (p->members[i]->mark) {
            p->members[i]->mark = 0;
            return p->members[i];
        }
    }
    return NULL;
}

/** Frees the memory (the strips are detached already). */
void detent__pool_release(detent_pool *p)
{
    for (size_t i = 0; p->links && i < p->nlinks; i++) detent__link_free(p->links[i]);
    free(p->links);
    free(p->members);
    free(p->want_path);
    free(p->client);
    free(p->path);
    free(p->unsaid);
    free(p);
}

/** A link with room for one more strip, or NULL. */
static detent__link *room(detent_pool *p)
{
    for (size_t i = 0; i < p->nlinks; i++) {
        detent__link *l = p->links[i];
        if (detent__link_usable(l) && !l->full && (p->cap == 0 || l->members < p->cap)) return l;
    }
    return NULL;
}

/** One more connection to where the primary is; NULL when it cannot start now. */
static detent__link *extra(detent_pool *p)
{
    if (p->nlinks == p->caplinks) {
        detent__link **grown = realloc(p->links, p->caplinks * 2 * sizeof *grown);
        if (!grown) return NULL;
        p->links = grown;
        p->caplinks *= 2;
    }
    detent__link *l = detent__link_new();
    if (!l || !(l->c = detent_connection_new()) || detent_connect_start(l->c, detent_path(p->links[0]->c), p->client) < 0) {
        detent__link_free(l);
        p->place_after = detent__now_ms() + p->place_delay_ms;
        p->place_delay_ms = p->place_delay_ms * 2 > p->max_ms ? p->max_ms : p->place_delay_ms * 2;
        return NULL;
    }
    p->links[p->nlinks++] = l;
    return l;
}

/** Every strip without a link gets one (the primary first), while the daemon answers. */
void detent__pool_place(detent_pool *p)
{
    if (p->dying || !p->links[0]->ready || detent__now_ms() < p->place_after) return;
    for (;;) {
        detent__member *m = NULL;
        for (size_t i = 0; i < p->nmembers && !m; i++) {
            if (!p->members[i]->link && !p->members[i]->parked) m = p->members[i];
        }
        if (!m) return;
        detent__link *l = room(p);
        if (!l && !(l = extra(p))) return;
        m->link = l;
        l->members++;
        if (l->ready) detent_strip_online(m->strip, detent_server_hello(l->c));
        if (p->dying || !p->links[0]->ready) return;
    }
}

/** Frees the extra links that ended or carry no strip (between passes only). */
void detent__pool_reap(detent_pool *p)
{
    size_t kept = 1;
    for (size_t i = 1; i < p->nlinks; i++) {
        detent__link *l = p->links[i];
        if (l->dead || l->members == 0) {
            for (size_t j = 0; j < p->nmembers; j++) {
                if (p->members[j]->link == l) detent__link_unplace(p->members[j]); /* none is expected */
            }
            detent__link_free(l);
        } else {
            p->links[kept++] = l;
        }
    }
    p->nlinks = kept;
}
