/*
 * The pool's routes: each request a strip hands over is sent on the
 * strip's connection and remembered by its id, for its reply.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_internal.h"

#include <stdlib.h>
#include <string.h>

int detent__route_add(detent__link *l, uint64_t id, detent__member *m, uint64_t token, int open)
{
    if (l->nroutes == l->caproutes) {
        size_t cap = l->caproutes ? l->caproutes * 2 : 16;
        detent__pool_route *grown = realloc(l->routes, cap * sizeof *grown);
        if (!grown) return -1;
        l->routes = grown;
        l->caproutes = cap;
    }
    l->routes[l->nroutes++] = (detent__pool_route){ id, m, token, open };
    return 0;
}

/** Replies to m's requests on l will find nobody. */
void detent__route_forget(detent__link *l, const detent__member *m)
{
    for (size_t i = 0; i < l->nroutes; i++) {
        if (l->routes[i].m == m) l->routes[i].m = NULL;
    }
}

/** Takes the route of request id off l; 0 when none waits for it. */
int detent__route_take(detent__link *l, uint64_t id, detent__pool_route *out)
{
    for (size_t i = 0; i < l->nroutes; i++) {
        if (l->routes[i].id != id) continue;
        *out = l->routes[i];
        l->routes[i] = l->routes[--l->nroutes]; /* replies come in order, but the order here does not matter */
        return 1;
    }
    return 0;
}

/** The strip's hook: every request it holds goes out on its connection, or is dropped while it has none. */
void detent__pool_on_request(detent_strip *s, void *data)
{
    detent__member *m = data;
    detent_strip_request rq;
    while (detent_strip_next_request(s, &rq)) {
        detent__link *l = m->link;
        if (!l || !l->ready) continue; /* offline: the strip does not wait for it */
        uint64_t id = detent_send_line(l->c, rq.line);
        if (id == 0) continue; /* the connection is ending: its end reaches the strip as offline */
        if (detent__route_add(l, id, m, rq.token, strncmp(rq.line, "open ", 5) == 0) < 0) {
            detent_error err = { .kind = DETENT_ERROR_MEMORY, .code_name = "", .message = "out of memory (a route)" };
            detent_strip_reply(s, rq.token, NULL, &err);
        }
    }
}

