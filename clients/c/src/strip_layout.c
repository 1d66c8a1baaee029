/*
 * A strip's geometry and what follows from it with no daemon: the items
 * laid out (a loop's last dup items, all, then the first dup), where a
 * widget draws each, the position in items, and the local snaps of
 * detent-strip(3), "OFFLINE PAGING": detent-protocol(7) "Geometry" under
 * contain=trim, as the daemon builds them (SnapSet.contained), over the
 * real items.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int64_t detent__strip_count(const detent_strip *s)
{
    if (!s->has_geometry) return 0;
    if (s->g.points) return (int64_t)s->g.points_len;
    if (s->g.sizes) return (int64_t)s->g.sizes_len;
    return s->g.count;
}

static double size_of(const detent_strip *s, int64_t item)
{
    return s->g.sizes ? s->g.sizes[item] : s->g.item;
}

int64_t detent_strip_laid_count(const detent_strip *s)
{
    return s ? detent__strip_count(s) + 2 * s->dup : 0;
}

/** Laid-out item p's logical item; its start and length. */
static int64_t laid(const detent_strip *s, int64_t p, double *start, double *length)
{
    int64_t n = detent__strip_count(s);
    int64_t item = ((p - s->dup) % n + n) % n;
    if (s->g.points) {
        *start = s->g.points[p];
        *length = 0;
        return item;
    }
    *length = size_of(s, item);
    *start = s->g.sizes ? s->starts[p] : s->g.lead + (double)p * (s->g.item + s->g.spacing);
    return item;
}

int64_t detent_strip_laid_item(const detent_strip *s, int64_t p, double *start, double *length)
{
    double a = NAN, b = NAN;
    int64_t item = -1;
    if (s && s->has_geometry && p >= 0 && p < detent_strip_laid_count(s)) item = laid(s, p, &a, &b);
    if (start) *start = a;
    if (length) *length = b;
    return item;
}

/** The largest offset the laid-out content scrolls to (contain=trim): max(0, C - viewport). */
static double max_offset(const detent_strip *s)
{
    double start, length;
    int64_t last = detent_strip_laid_count(s) - 1;
    laid(s, last, &start, &length);
    double c = start + length + s->g.trail;
    return c > s->g.viewport ? c - s->g.viewport : 0;
}

/** Laid-out item p's aligned offset (detent-protocol(7), "Geometry"). */
static double aligned(const detent_strip *s, int64_t p, detent_align align)
{
    double start, length;
    laid(s, p, &start, &length);
    if (s->g.points) return start;
    switch (align) {
    case DETENT_ALIGN_CENTER: return start + length / 2 - s->g.viewport / 2;
    case DETENT_ALIGN_END: return start + length + s->g.trail - s->g.viewport;
    default: return start - s->g.lead;
    }
}

/** The real item whose aligned offset is nearest x, the lower on a tie. */
static int64_t nearest_item(const detent_strip *s, double x)
{
    int64_t n = detent__strip_count(s), low = 0, high = n;
    while (low < high) {
        int64_t mid = low + (high - low) / 2;
        if (aligned(s, mid + s->dup, s->align) < x) low = mid + 1;
        else high = mid;
    }
    if (low == n) return n - 1;
    if (low == 0) return 0;
    double below = x - aligned(s, low - 1 + s->dup, s->align), above = aligned(s, low + s->dup, s->align) - x;
    return above < below - DETENT__STRIP_TOL ? low : low - 1;
}

/** The local snaps: points as given, else the real items' aligned offsets clamped into [0, M], equal ones merged. */
int detent__strip_relayout(detent_strip *s)
{
    int64_t n = detent__strip_count(s), laid_n = n + 2 * s->dup;
    if (s->g.sizes) { /* each laid-out item's start: e(p) of detent-protocol(7), "Geometry" */
        double *starts = realloc(s->starts, (size_t)laid_n * sizeof *starts);
        if (!starts) {
            s->snaps = 0;
            s->has_geometry = false;
            detent__strip_fail(s, "out of memory (the items)");
            return -1;
        }
        s->starts = starts;
        double e = s->g.lead;
        for (int64_t p = 0; p < laid_n; p++) {
            starts[p] = e;
            e += size_of(s, ((p - s->dup) % n + n) % n) + s->g.spacing;
        }
    }
    double *x = realloc(s->snap_x, (size_t)n * sizeof *x);
    if (x) s->snap_x = x;
    int64_t *index = x ? realloc(s->snap_index, (size_t)n * sizeof *index) : NULL;
    if (index) s->snap_index = index;
    if (!x || !index) {
        s->snaps = 0;
        s->has_geometry = false; /* nothing pages it until a geometry is taken again */
        detent__strip_fail(s, "out of memory (the local snaps)");
        return -1;
    }
    size_t k = 0;
    if (s->g.points) {
        for (int64_t i = 0; i < n; i++) {
            x[i] = s->g.points[i];
            index[i] = i;
        }
        s->snaps = (size_t)n;
        return 0;
    }
    double m = max_offset(s);
    for (int64_t i = 0; i < n; i++) {
        double v = fmax(0, aligned(s, i + s->dup, s->align));
        bool last = v >= m - DETENT__STRIP_TOL;
        if (last) v = m;
        if (k == 0 || fabs(x[k - 1] - v) > DETENT__STRIP_TOL) x[k++] = v;
        if (last) break;
    }
    for (size_t i = 0; i < k; i++) index[i] = nearest_item(s, x[i]);
    s->snaps = k;
    return 0;
}

/** The snap nearest x, the lower on a tie. */
size_t detent__strip_nearest(const detent_strip *s, double x)
{
    size_t low = 0, high = s->snaps;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (s->snap_x[mid] < x) low = mid + 1;
        else high = mid;
    }
    if (low == s->snaps) return s->snaps - 1;
    if (low == 0) return 0;
    double below = x - s->snap_x[low - 1], above = s->snap_x[low] - x;
    return above < below - DETENT__STRIP_TOL ? low : low - 1;
}

/** goto's snap: nearest the item's aligned offset clamped into [0, M]; for points snap item. */
size_t detent__strip_goto_snap(const detent_strip *s, int64_t item)
{
    int64_t n = detent__strip_count(s); /* an index from a reply may be any number */
    item = item < 0 ? 0 : item >= n ? n - 1 : item;
    if (s->g.points) return (size_t)item;
    double a = aligned(s, item + s->dup, s->align), m = max_offset(s);
    return detent__strip_nearest(s, a < 0 ? 0 : a > m ? m : a);
}

/** With no align given: the one (start, center, end) under which the opened index's snap is the opened x. */
void detent__strip_learn_align(detent_strip *s, const detent_opened_reply *o)
{
    if (s->g.align != DETENT_ALIGN_DEFAULT || s->g.points || o->index < 0 || o->index >= detent__strip_count(s))
        return;
    double m = max_offset(s);
    for (int a = DETENT_ALIGN_START; a <= DETENT_ALIGN_END; a++) {
        double v = fmin(m, fmax(0, aligned(s, o->index + s->dup, (detent_align)a)));
        if (fabs(v - o->x) <= 1e-6) {
            s->align = (detent_align)a;
            return;
        }
    }
}

int64_t detent_strip_dup(const detent_strip *s)
{
    return s ? s->dup : 0;
}

double detent_strip_pad(const detent_strip *s)
{
    return s ? s->pad : 0;
}

double detent_strip_place(const detent_strip *s, int64_t item, double offset)
{
    if (!s || item < 0 || item >= detent__strip_count(s) || !isfinite(offset)) return NAN;
    double start, length;
    laid(s, item + s->dup, &start, &length);
    if (!s->dup) return start;
    double first, last, ignored;
    laid(s, s->dup, &first, &ignored);
    laid(s, s->dup + detent__strip_count(s), &last, &ignored);
    double period = last - first;
    if (!(period > 0)) return start;
    double k = round((offset + s->g.viewport / 2 - (start + length / 2)) / period), at = start + k * period;
    return detent__strip_num(at) ? at : start;
}

double detent_strip_position(const detent_strip *s, double offset)
{
    if (!s || !s->has_geometry || !isfinite(offset)) return NAN;
    int64_t n = detent__strip_count(s);
    double p;
    if (n == 1 || (!s->g.sizes && !s->g.points)) {
        double step = s->g.points ? 0 : size_of(s, 0) + s->g.spacing;
        p = step > 0 ? (offset - aligned(s, s->dup, s->align)) / step : 0;
    } else {
        int64_t low = 0, high = n - 1; /* the segment [a(i), a(i+1)] holding offset, or an end one */
        while (high - low > 1) {
            int64_t mid = low + (high - low) / 2;
            if (aligned(s, mid + s->dup, s->align) <= offset) low = mid;
            else high = mid;
        }
        double a = aligned(s, low + s->dup, s->align), b = aligned(s, high + s->dup, s->align);
        p = b > a ? (double)low + (offset - a) / (b - a) : (double)low; /* lengths lost in a sum: no slope */
    }
    if (!detent__strip_num(p)) p = p > 0 ? (double)n : -1; /* an offset far past the items */
    if (s->dup) p = fmod(fmod(p, (double)n) + (double)n, (double)n);
    return p;
}
