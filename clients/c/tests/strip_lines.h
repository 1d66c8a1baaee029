/*
 * The line format of Tests/Conformance/strip-cases.txt, read the same way
 * by test_strip_cases.c (the controller, scripted) and test_strip_daemon.c
 * (the real daemon): a word, then key=value fields, a value bare or
 * double-quoted with \" and \\. Static: each test program includes it once.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TEST_STRIP_LINES_H
#define DETENT_TEST_STRIP_LINES_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SL_FIELDS 24

typedef struct sl_field {
    char key[32];
    char value[1024];
} sl_field;

typedef struct sl_line {
    char word[32];
    sl_field f[SL_FIELDS];
    int n;
} sl_line;

/** Splits text into its word and fields; -1 when it is not of the format. */
static int sl_split(const char *text, sl_line *out)
{
    memset(out, 0, sizeof *out);
    const char *p = text;
    size_t n = strcspn(p, " \t");
    if (n == 0 || n >= sizeof out->word) return -1;
    memcpy(out->word, p, n);
    p += n;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return 0;
        if (out->n == SL_FIELDS) return -1;
        sl_field *f = &out->f[out->n++];
        const char *eq = strchr(p, '=');
        if (!eq || eq == p || (size_t)(eq - p) >= sizeof f->key || memchr(p, ' ', (size_t)(eq - p))) return -1;
        memcpy(f->key, p, (size_t)(eq - p));
        p = eq + 1;
        size_t w = 0;
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++) {
                if (*p == '\\' && p[1]) p++;
                if (w + 1 < sizeof f->value) f->value[w++] = *p;
            }
            if (*p != '"') return -1;
            p++;
        } else {
            while (*p && *p != ' ' && *p != '\t' && w + 1 < sizeof f->value) f->value[w++] = *p++;
        }
    }
}

static const char *sl_get(const sl_line *l, const char *key)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->f[i].key, key) == 0) return l->f[i].value;
    return NULL;
}

/** A number of the file (strtod's: nan and inf included); -1 when text is none. */
static int sl_number(const char *text, double *out)
{
    if (!text || !*text) return -1;
    char *end;
    *out = strtod(text, &end);
    return *end ? -1 : 0;
}

static double sl_num(const sl_line *l, const char *key, double fallback)
{
    double v;
    return sl_number(sl_get(l, key), &v) == 0 ? v : fallback;
}

/** A field as an integer: its number clamped into [-2^53, 2^53], NaN or none as fallback (no undefined cast). */
static int64_t sl_int(const sl_line *l, const char *key, int64_t fallback)
{
    double v = sl_num(l, key, NAN);
    if (isnan(v)) return fallback;
    return (int64_t)fmin(fmax(v, -9007199254740992.0), 9007199254740992.0);
}

/** Numbers by value (to 1e-9 of their size: exp and pow may differ in the last bits between libms), else bytes. */
static int sl_same_value(const char *a, const char *b)
{
    double x, y;
    if (sl_number(a, &x) == 0 && sl_number(b, &y) == 0) {
        if (isnan(x) || isnan(y)) return isnan(x) && isnan(y);
        return x == y || fabs(x - y) <= 1e-9 * fmax(1, fmax(fabs(x), fabs(y)));
    }
    return strcmp(a, b) == 0;
}

/** Two request lines alike: the same verb, the same keys (in any order), the same values. */
static int sl_same_line(const char *a, const char *b, char *why, size_t why_len)
{
    sl_line x, y;
    if (sl_split(a, &x) < 0 || sl_split(b, &y) < 0) {
        snprintf(why, why_len, "not of the line format");
        return 0;
    }
    if (strcmp(x.word, y.word) != 0) {
        snprintf(why, why_len, "verb %s, not %s", x.word, y.word);
        return 0;
    }
    for (int i = 0; i < y.n; i++) {
        const char *v = sl_get(&x, y.f[i].key);
        if (!v || !sl_same_value(v, y.f[i].value)) {
            snprintf(why, why_len, "%s=%s, not %s", y.f[i].key, v ? v : "(absent)", y.f[i].value);
            return 0;
        }
    }
    for (int i = 0; i < x.n; i++) {
        if (!sl_get(&y, x.f[i].key)) {
            snprintf(why, why_len, "%s=%s more", x.f[i].key, x.f[i].value);
            return 0;
        }
    }
    return 1;
}

#endif
