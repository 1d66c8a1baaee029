/*
 * The pool's state, shared by its files, which call one another down this
 * order only: pool.c (strips in and out, the settings) and pool_io.c (the
 * loop's side, the daemon's lines routed to strips) over pool_link.c
 * (connecting, outages, refusals), over pool_place.c (where each strip
 * goes, the links, the log), over pool_route.c (requests sent, by id).
 * The pool uses only the public calls of detent/client.h and
 * detent/strip.h, and the leaves of internal.h.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_POOL_INTERNAL_H
#define DETENT_POOL_INTERNAL_H

#include "internal.h"

#include "detent/pool.h"

typedef struct detent__member detent__member;

/** A request sent for a strip, waiting for its reply. */
typedef struct detent__pool_route {
    uint64_t id;
    detent__member *m; /**< NULL: nobody waits any more (a removed or moved strip) */
    uint64_t token;
    int open;          /**< an `open`: a too-many-sessions answer moves the strip */
} detent__pool_route;

/** One connection and the strips it carries; links[0] is the primary. */
typedef struct detent__link {
    detent_connection *c; /**< NULL before the first attempt */
    int ready;            /**< its greeting came */
    int full;             /**< refused a session: takes no strip until one leaves */
    int dead;             /**< an extra link that ended: freed at the end of the io pass */
    size_t members;       /**< strips placed on it */
    detent__pool_route *routes;
    size_t nroutes, caproutes;
} detent__link;

struct detent__member {
    detent_pool *pool;
    detent_strip *strip;
    detent__link *link; /**< NULL: offline, waiting for a place */
    int mark;           /**< work left for it in a pass that rescans */
    int parked;         /**< the daemon takes no session at all: not placed again until a reconnection */
};

struct detent_pool {
    char *want_path;      /**< NULL: the discovery rule */
    char *client;
    char *path;           /**< detent_pool_path() */
    detent__link **links; /**< [0]: the primary, reconnected with the backoff */
    size_t nlinks, caplinks;
    detent__member **members;
    size_t nmembers, capmembers;
    int first_ms, max_ms;
    int delay_ms;          /**< the wait after the next failed attempt */
    int64_t next_attempt;  /**< the primary is down: when it tries again */
    int64_t greet_by;      /**< the primary is connecting: its greeting's deadline (the maximum wait) */
    int place_delay_ms;    /**< an extra link failed to connect: the wait before the next */
    int64_t place_after;
    size_t cap;            /**< sessions a connection takes, learned from a refusal; 0: unknown */
    int connected;
    int outage;            /**< an outage was logged and has not ended */
    int said_no_session;   /**< the daemon took no session at all: said once */
    int depth;             /**< inside detent_pool_io() */
    int dying;             /**< freed during detent_pool_io(): the memory goes at its end */
    char *unsaid;          /**< an outage's line said before a log function was set */
    detent_pool_log_fn log;
    void *log_data;
    detent_pool_hook on_link;
    void *on_link_data;
};

/* pool_route.c */
int detent__route_add(detent__link *l, uint64_t id, detent__member *m, uint64_t token, int open);
int detent__route_take(detent__link *l, uint64_t id, detent__pool_route *out);
void detent__route_forget(detent__link *l, const detent__member *m);
void detent__pool_on_request(detent_strip *s, void *data);

/* pool_place.c */
detent__link *detent__link_new(void);
void detent__link_free(detent__link *l);
int detent__link_usable(const detent__link *l);
void detent__link_unplace(detent__member *m);
void detent__pool_log(detent_pool *p, int keep, const char *fmt, ...) DETENT__PRINTF(3, 4);
detent__member *detent__pool_next_marked(detent_pool *p);
void detent__pool_release(detent_pool *p);
void detent__pool_place(detent_pool *p);
void detent__pool_reap(detent_pool *p);

/* pool_link.c */
void detent__link_attempt(detent_pool *p);
void detent__link_unanswered(detent_pool *p);
void detent__link_down(detent_pool *p, detent__link *l);
void detent__link_ready(detent_pool *p, detent__link *l);
void detent__link_refused(detent_pool *p, detent__link *l, detent__member *m);

#endif
