/*
 * The pool (detent/pool.h): strips in and out, their unique names, the
 * settings and what the pool says. A strip is in at most one pool: a
 * process-wide table, the only state libdetent shares between threads,
 * says which (one lock, taken on add, remove and free only).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ which pool holds a strip */

typedef struct owner {
    const detent_strip *strip;
    const detent_pool *pool;
} owner;

static pthread_mutex_t owners_lock = PTHREAD_MUTEX_INITIALIZER;
static owner *owners;
static size_t nowners, capowners;

/** Claims s for p: 0 when it is p's now (or was), -1 when another pool has it or no memory. */
static int claim(const detent_strip *s, const detent_pool *p, int *already)
{
    int rc = 0;
    *already = 0;
    pthread_mutex_lock(&owners_lock);
    for (size_t i = 0; i < nowners; i++) {
        if (owners[i].strip != s) continue;
        *already = owners[i].pool == p;
        rc = *already ? 0 : -1;
        goto out;
    }
    if (nowners == capowners) {
        size_t cap = capowners ? capowners * 2 : 16;
        owner *grown = realloc(owners, cap * sizeof *grown);
        if (!grown) {
            rc = -1;
            goto out;
        }
        owners = grown;
        capowners = cap;
    }
    owners[nowners].strip = s;
    owners[nowners++].pool = p;
out:
    pthread_mutex_unlock(&owners_lock);
    return rc;
}

static void unclaim(const detent_strip *s)
{
    pthread_mutex_lock(&owners_lock);
    for (size_t i = 0; i < nowners; i++) {
        if (owners[i].strip == s) {
            owners[i] = owners[--nowners];
            break;
        }
    }
    if (nowners == 0) {
        free(owners);
        owners = NULL;
        capowners = 0;
    }
    pthread_mutex_unlock(&owners_lock);
}

/* ------------------------------------------------------------- the pool */

detent_pool *detent_pool_new(const char *path, const char *client)
{
    detent_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->first_ms = p->delay_ms = p->place_delay_ms = DETENT_POOL_RETRY_FIRST_MS;
    p->max_ms = DETENT_POOL_RETRY_MAX_MS;
    p->want_path = path ? strdup(path) : NULL;
    p->client = strdup(client ? client : "libdetent");
    p->links = calloc(4, sizeof *p->links);
    p->caplinks = 4;
    if ((path && !p->want_path) || !p->client || !p->links || !(p->links[0] = detent__link_new())) {
        detent__pool_release(p);
        return NULL;
    }
    p->nlinks = 1;
    p->next_attempt = detent__now_ms();
    detent__link_attempt(p);
    return p;
}

/** The member of s, or NULL. */
static detent__member *member_of(const detent_pool *p, const detent_strip *s)
{
    for (size_t i = 0; i < p->nmembers; i++) {
        if (p->members[i]->strip == s) return p->members[i];
    }
    return NULL;
}

/** Takes m out of the pool: its routes forgotten, its hook cleared, the strip told it is offline. */
static void detach(detent_pool *p, detent__member *m, int close_session)
{
    detent_strip *s = m->strip;
    detent_strip_on_request(s, NULL, NULL);
    detent__link *l = m->link;
    if (l && close_session && l->ready && detent_strip_get_link(s) != DETENT_STRIP_OFFLINE) {
        char line[96];
        snprintf(line, sizeof line, "close s=%s", detent_strip_get_name(s));
        detent_send_line(l->c, line); /* its reply finds no route and is dropped */
    }
    detent__link_unplace(m);
    for (size_t i = 0; i < p->nmembers; i++) {
        if (p->members[i] == m) {
            p->members[i] = p->members[--p->nmembers];
            break;
        }
    }
    free(m);
    unclaim(s);
    detent_strip_offline(s); /* last: the widget's hook may call back into the pool */
}

void detent_pool_free(detent_pool *p)
{
    if (!p || p->dying) return;
    p->dying = 1;
    while (p->nmembers > 0) detach(p, p->members[p->nmembers - 1], 0);
    /* The connections close with the memory; inside detent_pool_io() that waits for its end. */
    if (p->depth == 0) detent__pool_release(p);
}

/** Whether another member than m has name. */
static int name_taken(const detent_pool *p, const char *name)
{
    for (size_t i = 0; i < p->nmembers; i++) {
        if (strcmp(detent_strip_get_name(p->members[i]->strip), name) == 0) return 1;
    }
    return 0;
}

/** name.2, name.3 ... (the base cut to fit 64 bytes) until one is free. */
static int make_unique(detent_pool *p, detent_strip *s)
{
    const char *name = detent_strip_get_name(s);
    if (!name_taken(p, name)) return 0;
    char base[65], candidate[65];
    snprintf(base, sizeof base, "%s", name);
    for (unsigned n = 2; n != 0; n++) {
        char suffix[16];
        int len = snprintf(suffix, sizeof suffix, ".%u", n);
        int keep = 64 - len;
        snprintf(candidate, sizeof candidate, "%.*s%s", keep, base, suffix);
        if (!name_taken(p, candidate)) return detent_strip_set_name(s, candidate);
    }
    return -1;
}

int detent_pool_add(detent_pool *p, detent_strip *s)
{
    if (!p || !s || p->dying) return -1;
    int already;
    if (claim(s, p, &already) < 0) return -1;
    if (already) return 0;
    detent__member *m = calloc(1, sizeof *m);
    if (!m || make_unique(p, s) < 0) goto fail;
    if (p->nmembers == p->capmembers) {
        size_t cap = p->capmembers ? p->capmembers * 2 : 8;
        detent__member **grown = realloc(p->members, cap * sizeof *grown);
        if (!grown) goto fail;
        p->members = grown;
        p->capmembers = cap;
    }
    m->pool = p;
    m->strip = s;
    p->members[p->nmembers++] = m;
    detent_strip_on_request(s, detent__pool_on_request, m);
    if (p->depth == 0) detent__pool_place(p); /* inside io, the pass places it at its end */
    return 0;
fail:
    free(m);
    unclaim(s);
    return -1;
}

void detent_pool_remove(detent_pool *p, detent_strip *s)
{
    if (!p || !s) return;
    detent__member *m = member_of(p, s);
    if (!m) return;
    detach(p, m, 1);
    if (p->depth == 0 && !p->dying) detent__pool_reap(p);
}

size_t detent_pool_strip_count(const detent_pool *p) { return p ? p->nmembers : 0; }
bool detent_pool_is_connected(const detent_pool *p) { return p && p->connected; }
const char *detent_pool_path(const detent_pool *p) { return p ? p->path : NULL; }

size_t detent_pool_connection_count(const detent_pool *p)
{
    size_t n = 0;
    for (size_t i = 0; p && i < p->nlinks; i++) n += detent__link_usable(p->links[i]);
    return n;
}

void detent_pool_set_retry(detent_pool *p, int first_ms, int max_ms)
{
    if (!p) return;
    p->max_ms = max_ms < 10 ? 10 : max_ms;
    p->first_ms = first_ms < 10 ? 10 : first_ms > p->max_ms ? p->max_ms : first_ms;
    p->delay_ms = p->place_delay_ms = p->first_ms;
    /* A wait already longer than the new maximum is cut to it. */
    int64_t latest = detent__now_ms() + p->max_ms;
    if (p->next_attempt > latest) p->next_attempt = latest;
    if (p->place_after > latest) p->place_after = latest;
    if (p->greet_by > latest) p->greet_by = latest;
}

void detent_pool_set_log(detent_pool *p, detent_pool_log_fn fn, void *data)
{
    if (!p) return;
    p->log = fn;
    p->log_data = data;
    if (fn && p->unsaid) {
        char *line = p->unsaid;
        p->unsaid = NULL;
        fn(data, line);
        free(line);
    }
}

void detent_pool_on_link(detent_pool *p, detent_pool_hook fn, void *data)
{
    if (!p) return;
    p->on_link = fn;
    p->on_link_data = data;
}
