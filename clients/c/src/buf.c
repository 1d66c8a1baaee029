/*
 * Growable byte strings: the output queue and request lines are built here.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int detent__buf_reserve(detent__buf *b, size_t extra)
{
    if (extra <= b->cap - b->len) return 0;
    if (extra > SIZE_MAX / 2 - b->len) return -1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra) cap *= 2;
    char *data = realloc(b->data, cap);
    if (!data) return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

int detent__buf_put(detent__buf *b, const char *s, size_t n)
{
    if (detent__buf_reserve(b, n + 1) < 0) return -1;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int detent__buf_puts(detent__buf *b, const char *s)
{
    return detent__buf_put(b, s, strlen(s));
}

void detent__buf_free(detent__buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
