/*
 * Splits the byte stream into lines, however it is chunked. A line longer
 * than the maximum is reported once, as soon as the limit is passed, and
 * its bytes are dropped up to its newline, so memory stays bounded and the
 * stream stays in step (as detentd does with over-long requests).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void detent__reader_init(detent_reader *r, size_t max)
{
    memset(r, 0, sizeof *r);
    r->max = max;
}

void detent__reader_fini(detent_reader *r)
{
    free(r->buf);
    memset(r, 0, sizeof *r);
}

void detent__reader_reset(detent_reader *r)
{
    r->start = r->end = r->scanned = 0;
    r->discarding = 0;
}

int detent__reader_feed(detent_reader *r, const void *data, size_t len)
{
    if (len == 0) return 0;
    if (r->start > 0 && (r->start == r->end || r->cap - r->end < len)) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->cap - r->end < len) {
        if (len > SIZE_MAX / 2 - r->end) return -1;
        size_t cap = r->cap ? r->cap : 4096;
        while (cap - r->end < len) cap *= 2;
        char *buf = realloc(r->buf, cap);
        if (!buf) return -1;
        r->buf = buf;
        r->cap = cap;
    }
    memcpy(r->buf + r->end, data, len);
    r->end += len;
    return 0;
}

/** The next line (a carriage return before the newline dropped), an over-long one, or none yet. */
int detent__reader_line(detent_reader *r, const char **line, size_t *len)
{
    for (;;) {
        size_t avail = r->end - r->start;
        const char *from = r->buf + r->start + r->scanned;
        const char *nl = avail > r->scanned ? memchr(from, '\n', avail - r->scanned) : NULL;
        if (r->discarding) {
            if (!nl) {
                r->start = r->end;
                r->scanned = 0;
                return DETENT__NO_LINE;
            }
            r->start = (size_t)(nl - r->buf) + 1;
            r->scanned = 0;
            r->discarding = 0;
            continue;
        }
        if (!nl) {
            if (avail > r->max) {
                r->discarding = 1;
                r->start = r->end;
                r->scanned = 0;
                return DETENT__LINE_TOO_LONG;
            }
            r->scanned = avail;
            return DETENT__NO_LINE;
        }
        size_t n = (size_t)(nl - (r->buf + r->start));
        const char *text = r->buf + r->start;
        r->start += n + 1;
        r->scanned = 0;
        if (n > r->max) return DETENT__LINE_TOO_LONG;
        if (n > 0 && text[n - 1] == '\r') n--;
        *line = text;
        *len = n;
        return DETENT__LINE;
    }
}

detent_reader *detent_reader_new(size_t max_line)
{
    if (max_line < DETENT_MIN_MAX_REPLY) max_line = DETENT_MIN_MAX_REPLY;
    detent_reader *r = malloc(sizeof *r);
    if (r) detent__reader_init(r, max_line);
    return r;
}

void detent_reader_free(detent_reader *r)
{
    if (!r) return;
    detent__reader_fini(r);
    free(r);
}

int detent_reader_feed(detent_reader *r, const void *data, size_t len)
{
    return detent__reader_feed(r, data, len);
}

/** 1: a reply; 0: more bytes needed; -1: a line that cannot be used (err says why), consumed. */
int detent_reader_next(detent_reader *r, detent_reply *out, detent_error *err)
{
    const char *line = NULL;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    switch (detent__reader_line(r, &line, &len)) {
    case DETENT__NO_LINE:
        return 0;
    case DETENT__LINE_TOO_LONG:
        detent__error_set(err, DETENT_ERROR_TOO_LONG, 0, "a reply line is longer than %zu bytes (discarded)", r->max);
        return -1;
    default: {
        detent__route route;
        return detent__parse(line, len, out, err, &route) < 0 ? -1 : 1;
    }
    }
}
