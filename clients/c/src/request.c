/*
 * Request lines, written straight into the connection's output queue: a
 * line that turns out bad (a value holding a line break) is taken back, so
 * nothing half-written is ever sent.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "tables.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static void fail(detent__line *l, detent_error_kind kind, const char *fmt, const char *key)
    DETENT__PRINTF(3, 0);

static void fail(detent__line *l, detent_error_kind kind, const char *fmt, const char *key)
{
    if (l->failed) return;
    l->failed = 1;
    detent__error_set(l->err, kind, 0, fmt, key);
}

static void put(detent__line *l, const char *s, size_t n)
{
    if (!l->failed && detent__buf_put(l->b, s, n) < 0) fail(l, DETENT_ERROR_MEMORY, "out of memory (%s)", "a request");
}

void detent__line_begin(detent__line *l, detent__buf *b, detent_error *err, const char *verb)
{
    l->b = b;
    l->rollback = b->len;
    l->err = err;
    l->failed = 0;
    put(l, verb, strlen(verb));
}

static void key(detent__line *l, const char *k)
{
    put(l, " ", 1);
    put(l, k, strlen(k));
    put(l, "=", 1);
}

/** Bare when it can be (as detentd writes its own), else quoted with \" and \\. */
void detent__line_str(detent__line *l, const char *k, const char *value)
{
    if (!value) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: required (NULL given)", k);
        return;
    }
    if (strpbrk(value, "\r\n")) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: a value cannot hold a line break", k);
        return;
    }
    key(l, k);
    if (*value && !strpbrk(value, " \t\"\\")) {
        put(l, value, strlen(value));
        return;
    }
    put(l, "\"", 1);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') put(l, "\\", 1);
        put(l, p, 1);
    }
    put(l, "\"", 1);
}

/** Non-finite numbers go out as written (nan, inf) for detentd to refuse as bad-value. */
void detent__line_num(detent__line *l, const char *k, double value)
{
    char text[DETENT__NUMBER_MAX];
    int n = detent__number_format(value, text);
    key(l, k);
    put(l, text, (size_t)n);
}

/** An optional number: DETENT_NONE (NaN) leaves it out. */
void detent__line_opt(detent__line *l, const char *k, double value)
{
    if (!isnan(value)) detent__line_num(l, k, value);
}

void detent__line_int(detent__line *l, const char *k, int64_t value)
{
    char text[24];
    int n = snprintf(text, sizeof text, "%" PRId64, value);
    key(l, k);
    put(l, text, (size_t)n);
}

void detent__line_list(detent__line *l, const char *k, const double *values, size_t n)
{
    if (!values && n > 0) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: NULL with a length", k);
        return;
    }
    key(l, k);
    for (size_t i = 0; i < n; i++) {
        char text[DETENT__NUMBER_MAX];
        int len = detent__number_format(values[i], text);
        if (i) put(l, ",", 1);
        put(l, text, (size_t)len);
    }
}

/** An enumerated key: 0 leaves it out (an argument error when needed). */
void detent__line_enum(detent__line *l, const char *k, const detent__enum *e, int value, int needed)
{
    if (value < 0 || (unsigned)value >= e->count || (needed && value == 0)) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: not one of its values", k);
        return;
    }
    if (value) detent__line_str(l, k, e->names[value]);
}

void detent__line_geometry(detent__line *l, const detent_geometry *g)
{
    if (!g) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: required (NULL given)", "geometry");
        return;
    }
    if (g->sizes && g->points) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: sizes and points are exclusive", "geometry");
        return;
    }
    detent__line_num(l, "viewport", g->viewport);
    if (g->sizes) {
        detent__line_list(l, "sizes", g->sizes, g->sizes_len);
    } else if (g->points) {
        detent__line_list(l, "points", g->points, g->points_len);
    } else {
        detent__line_num(l, "item", g->item);
        detent__line_int(l, "count", g->count);
    }
    if (g->spacing != 0) detent__line_num(l, "spacing", g->spacing);
    if (g->lead != 0) detent__line_num(l, "lead", g->lead);
    if (g->trail != 0) detent__line_num(l, "trail", g->trail);
    detent__line_enum(l, "align", &detent__align_values, g->align, 0);
    detent__line_enum(l, "contain", &detent__contain_values, g->contain, 0);
    if (g->has_index) detent__line_int(l, "index", g->index);
    if (g->loop) detent__line_str(l, "loop", "1");
    detent__line_enum(l, "axis", &detent__axis_values, g->axis, 0);
}

/** A caller's own text line: one line that gets one reply, text not JSON. */
void detent__line_raw(detent__line *l, const char *text)
{
    if (!text) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: required (NULL given)", "line");
        return;
    }
    size_t n = strlen(text);
    if (n > 0 && text[n - 1] == '\n') n--;
    if (n > 0 && text[n - 1] == '\r') n--;
    if (memchr(text, '\n', n) || memchr(text, '\r', n)) {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: one line only (a line break inside)", "line");
        return;
    }
    size_t i = 0;
    while (i < n && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i == n || text[i] == '#') {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: blank and comment lines get no reply; not sent", "line");
        return;
    }
    if (text[i] == '{') {
        fail(l, DETENT_ERROR_ARGUMENT, "%s: JSON; libdetent speaks the text encoding", "line");
        return;
    }
    put(l, text, n);
}

/** Adds id=N and the newline; on failure takes the whole line back. */
int detent__line_end(detent__line *l, uint64_t id)
{
    if (!l->failed) {
        char text[32];
        int n = snprintf(text, sizeof text, " id=%" PRIu64 "\n", id);
        put(l, text, (size_t)n);
    }
    if (l->failed) {
        l->b->len = l->rollback;
        if (l->b->data) l->b->data[l->b->len] = '\0';
        return -1;
    }
    return 0;
}
