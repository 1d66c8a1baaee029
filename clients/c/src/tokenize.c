/*
 * A text reply line split into its verb and key=value fields
 * (detent-protocol(7), "Two encodings"), in place: nothing is read past
 * the line whatever it holds.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }
static int is_lower(char ch) { return ch >= 'a' && ch <= 'z'; }
static int is_word(char ch) { return is_lower(ch) || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'; }

/** A verb or key: [a-z][a-z0-9_-]*; returns its end, or NULL. */
static char *word(char *p, const char *end)
{
    if (p == end || !is_lower(*p)) return NULL;
    while (p < end && is_word(*p)) p++;
    return p;
}

/** Splits text in place (NUL-terminating verb, keys and unescaped values). */
int detent__tokenize(char *text, size_t len, detent__tokens *t, detent_error *err)
{
    char *p = text, *end = text + len;
    while (p < end && is_blank(*p)) p++;
    char *w = word(p, end);
    if (!w || (w < end && !is_blank(*w))) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "a reply must start with a verb ([a-z][a-z0-9_-]*)");
        return -1;
    }
    t->verb = p;
    p = w;
    if (p < end) *p++ = '\0';
    for (;;) {
        while (p < end && is_blank(*p)) p++;
        if (p >= end) break;
        char *key = p;
        char *k = word(p, end);
        if (!k || k == end || *k != '=') {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: field %zu is not key=value", t->verb, t->count + 1);
            return -1;
        }
        *k = '\0';
        p = k + 1;
        char *value = p, *out = p;
        if (p < end && *p == '"') {
            value = out = ++p;
            for (;;) {
                if (p >= end) {
                    detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: unbalanced quote", t->verb, key);
                    return -1;
                }
                if (*p == '"') break;
                if (*p == '\\') {
                    if (p + 1 >= end || (p[1] != '"' && p[1] != '\\')) {
                        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: only \\\" and \\\\ are escapes",
                                          t->verb, key);
                        return -1;
                    }
                    p++;
                }
                *out++ = *p++;
            }
            p++; /* the closing quote */
            if (p < end && !is_blank(*p)) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: a blank must follow the closing quote",
                                  t->verb, key);
                return -1;
            }
        } else {
            while (p < end && !is_blank(*p)) {
                if (*p == '"') {
                    detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: a quote inside a bare value", t->verb, key);
                    return -1;
                }
                p++;
            }
            out = p;
        }
        size_t n = (size_t)(out - value);
        if (p < end) p++; /* the blank after the value, overwritten below */
        *out = '\0';
        t->fields[t->count++] = (detent__token){ key, value, n };
    }
    return 0;
}
