/*
 * What the sources of libdetent share. Every global here is hidden
 * (-fvisibility=hidden) and named detent__ so that libdetent.a does not
 * claim names outside detent_ either.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_INTERNAL_H
#define DETENT_INTERNAL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "detent/client.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#define DETENT__PRINTF(f, a) __attribute__((format(printf, f, a)))

/* ---------------------------------------------------------- byte strings */

typedef struct detent__buf {
    char *data;
    size_t len, cap;
} detent__buf;

int detent__buf_reserve(detent__buf *b, size_t extra);
int detent__buf_put(detent__buf *b, const char *s, size_t n);
int detent__buf_puts(detent__buf *b, const char *s);
void detent__buf_free(detent__buf *b);

/* --------------------------------------------------------------- numbers */

/** Longest text detent__number_format writes, NUL included. */
#define DETENT__NUMBER_MAX 40

int detent__number_parse(const char *s, size_t n, double *out);
int detent__number_format(double v, char out[DETENT__NUMBER_MAX]);

/* ---------------------------------------------------------------- errors */

void detent__error_set(detent_error *e, detent_error_kind kind, int sys_errno, const char *fmt, ...)
    DETENT__PRINTF(4, 5);
void detent__error_vset(detent_error *e, detent_error_kind kind, int sys_errno, const char *fmt, va_list ap)
    DETENT__PRINTF(4, 0);
void detent__error_server(detent_error *e, const detent_error_reply *r);
void detent__error_copy(detent_error *dst, const detent_error *src);
void detent__error_init(detent_error *e);

/* --------------------------------------------------------- reading lines */

struct detent_reader {
    char *buf;
    size_t start, end, cap;
    size_t scanned;  /**< bytes after start known to hold no newline */
    size_t max;
    int discarding;  /**< inside an over-long line, until its newline */
};

enum { DETENT__NO_LINE = 0, DETENT__LINE = 1, DETENT__LINE_TOO_LONG = 2 };

void detent__reader_init(detent_reader *r, size_t max);
void detent__reader_fini(detent_reader *r);
void detent__reader_reset(detent_reader *r);
int detent__reader_feed(detent_reader *r, const void *data, size_t len);
int detent__reader_line(detent_reader *r, const char **line, size_t *len);

/* ------------------------------------------------------------------ rings */

/** A FIFO of fixed-size items that grows; item i counts from the oldest. */
typedef struct detent__ring {
    char *items;
    size_t size; /**< bytes per item */
    size_t head, len, cap;
} detent__ring;

void *detent__ring_at(const detent__ring *r, size_t i);
int detent__ring_push(detent__ring *r, const void *item);
int detent__ring_take(detent__ring *r, size_t i, void *out);
void detent__ring_free(detent__ring *r);

/* --------------------------------------------------------- parsing lines */

/** What routes a reply line to its request, known even when typing fails. */
typedef struct detent__route {
    int tokenized;
    int has_id;
    int id_is_ours;  /**< the id is digits: one this library may have sent */
    uint64_t id;
    int push;        /**< snap cause=autoplay without id */
} detent__route;

int detent__parse(const char *line, size_t len, detent_reply *out, detent_error *err, detent__route *route);

/* -------------------------------------------------------- request lines */

typedef struct detent__line {
    detent__buf *b;
    size_t rollback;
    detent_error *err;
    int failed;
} detent__line;

void detent__line_begin(detent__line *l, detent__buf *b, detent_error *err, const char *verb);
void detent__line_str(detent__line *l, const char *key, const char *value);
void detent__line_num(detent__line *l, const char *key, double value);
void detent__line_opt(detent__line *l, const char *key, double value);
void detent__line_int(detent__line *l, const char *key, int64_t value);
void detent__line_list(detent__line *l, const char *key, const double *values, size_t n);
void detent__line_geometry(detent__line *l, const detent_geometry *g);
void detent__line_raw(detent__line *l, const char *text);
int detent__line_end(detent__line *l, uint64_t id);

/* ------------------------------------------------------------ connecting */

typedef struct detent__found {
    int fd;
    char *path;
} detent__found;

int detent__discover(const char *path, const char *system_path, const char *fallback_path, int blocking,
                     int timeout_ms, detent__found *found, detent_error *err);

/* ------------------------------------------------------------------ time */

int64_t detent__now_ms(void);

#endif
