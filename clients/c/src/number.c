/*
 * Numbers as detent-protocol(7) writes them, read and written in the C
 * locale whatever the application set (a GTK program calls setlocale, and
 * "0,5" is not a number on the wire).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <locale.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/** One C locale for the process, made on first use; a racing loser frees its own. */
static locale_t c_locale(void)
{
    static _Atomic(locale_t) cached = (locale_t)0;
    locale_t l = atomic_load(&cached);
    if (l) return l;
    locale_t made = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (!made) return (locale_t)0;
    locale_t expected = (locale_t)0;
    if (atomic_compare_exchange_strong(&cached, &expected, made)) return made;
    freelocale(made);
    return expected;
}

static int digits(const char *s, size_t n, size_t *i)
{
    size_t start = *i;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') (*i)++;
    return *i > start;
}

/** [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?, finite. */
int detent__number_parse(const char *s, size_t n, double *out)
{
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    int whole = digits(s, n, &i);
    if (i < n && s[i] == '.') {
        i++;
        if (!digits(s, n, &i) && !whole) return -1;
    } else if (!whole) {
        return -1;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        if (!digits(s, n, &i)) return -1;
    }
    if (i != n) return -1;
    char small[64];
    char *text = n < sizeof small ? small : malloc(n + 1);
    if (!text) return -1;
    memcpy(text, s, n);
    text[n] = '\0';
    locale_t c = c_locale();
    locale_t old = c ? uselocale(c) : (locale_t)0;
    double v = strtod(text, NULL);
    if (c) uselocale(old);
    if (text != small) free(text);
    if (!isfinite(v)) return -1;
    *out = v;
    return 0;
}

/** The shortest of %.15g, %.16g and %.17g that reads back as v. */
int detent__number_format(double v, char out[DETENT__NUMBER_MAX])
{
    if (!isfinite(v)) return snprintf(out, DETENT__NUMBER_MAX, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    locale_t c = c_locale();
    locale_t old = c ? uselocale(c) : (locale_t)0;
    int n = 0;
    for (int precision = 15; precision <= 17; precision++) {
        n = snprintf(out, DETENT__NUMBER_MAX, "%.*g", precision, v);
        if (strtod(out, NULL) == v) break;
    }
    if (c) uselocale(old);
    return n;
}
