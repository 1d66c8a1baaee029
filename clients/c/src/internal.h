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

/* ----------------------------------------------- the protocol's tables */

/** An enumeration's names by value (tables.h, generated from the protocol's description). */
typedef struct detent__enum {
    const char *const *names; /**< [0]: the name of 0, or NULL */
    unsigned count;           /**< names, [0] included */
    const char *expected;     /**< its values in words, for a parse error */
} detent__enum;

/* Inline beside its type: the generated tables (replies.c) name their values with it. */
static inline const char *detent__enum_name(const detent__enum *e, unsigned value)
{
    return value < e->count && e->names[value] ? e->names[value] : "";
}

enum { DETENT__T_STR, DETENT__T_NUM, DETENT__T_INT, DETENT__T_LIST, DETENT__T_ENUM, DETENT__T_CURVE, DETENT__T_CODE };
#define DETENT__NO_FLAG ((size_t)-1)
#define DETENT__MAX_FIELDS 32

/** A reply field: where its value goes in detent_reply. */
typedef struct detent__field {
    const char *key;
    unsigned char type;     /**< DETENT__T_* */
    unsigned char required;
    unsigned char curve;    /**< required with this curve only (0: any); another curve's is ignored */
    unsigned char optional; /**< with its curve, it may be left out */
    size_t at;
    size_t has_at;          /**< its presence flag, or DETENT__NO_FLAG */
    size_t more_at;         /**< a list's length; a code's name */
    const detent__enum *values;
} detent__field;

typedef struct detent__reply_spec {
    const char *name;
    detent_reply_kind kind;
    const detent__field *fields;
    size_t count;
    size_t motion_at;       /**< its detent_motion, or DETENT__NO_FLAG */
    int pushed;             /**< without id, it is a push */
} detent__reply_spec;

/** Checks a decision's motion once its fields are read (motion.c). */
int detent__motion_check(const detent_motion *m, const char *reply, detent_error *err);
double detent__bezier_at(double p1x, double p1y, double p2x, double p2y, double from, double to, double t,
                         double span);
int detent__segment_parse(const char *text, detent_segment *out);
double detent__segment_at(const detent_segment *s, double t);
double detent__path_at(const detent_motion *m, double t);

/* --------------------------------------------------------- parsing lines */

/** What routes a reply line to its request, known even when typing fails. */
typedef struct detent__route {
    int tokenized;
    int has_id;
    int id_is_ours;  /**< the id is digits: one this library may have sent */
    uint64_t id;
    int push;        /**< a kind that is pushed, without id */
} detent__route;

/** A key=value field of a line, its value unescaped and NUL-terminated. */
typedef struct detent__token {
    const char *key;
    char *value;
    size_t len;
} detent__token;

typedef struct detent__tokens {
    const char *verb;
    detent__token *fields; /**< room for one more than the line's '=' */
    size_t count;
} detent__tokens;

int detent__tokenize(char *text, size_t len, detent__tokens *t, detent_error *err);
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
void detent__line_enum(detent__line *l, const char *key, const detent__enum *e, int value, int needed);
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

/** Monotonic milliseconds (time.c). */
int64_t detent__now_ms(void);

#endif
