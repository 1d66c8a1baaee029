/*
 * The FIFO behind the connection's waiting requests and its events: items
 * in a circular array that doubles when full, taken almost always from
 * the front (replies come in request order).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void *detent__ring_at(const detent__ring *r, size_t i)
{
    return r->items + ((r->head + i) % r->cap) * r->size;
}

/** Appends a copy of item; -1 (and the ring unchanged) out of memory. */
int detent__ring_push(detent__ring *r, const void *item)
{
    if (r->len == r->cap) {
        size_t next = r->cap ? r->cap * 2 : 16;
        char *fresh = malloc(next * r->size);
        if (!fresh) return -1;
        for (size_t i = 0; i < r->len; i++) memcpy(fresh + i * r->size, detent__ring_at(r, i), r->size);
        free(r->items);
        r->items = fresh;
        r->cap = next;
        r->head = 0;
    }
    memcpy(r->items + ((r->head + r->len++) % r->cap) * r->size, item, r->size);
    return 0;
}

/** Moves item i out into out, keeping the others in order; 0 when there is none. */
int detent__ring_take(detent__ring *r, size_t i, void *out)
{
    if (i >= r->len) return 0;
    memcpy(out, detent__ring_at(r, i), r->size);
    for (size_t k = i; k > 0; k--) memcpy(detent__ring_at(r, k), detent__ring_at(r, k - 1), r->size);
    r->head = (r->head + 1) % r->cap;
    r->len--;
    return 1;
}

void detent__ring_free(detent__ring *r)
{
    free(r->items);
    r->items = NULL;
    r->head = r->len = r->cap = 0;
}
