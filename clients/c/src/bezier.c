/*
 * curve=bezier and curve=path (detent-protocol(7), "Motion"): a CSS
 * cubic-bezier solved as Chromium's gfx::CubicBezier solves it (an initial
 * guess from 11 samples, at most 4 Newton steps, then bisection, to 1e-7),
 * so every client draws css-snap's frames alike. Rules and constants
 * transcribed from Chromium, BSD-3-Clause (NOTICE).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <math.h>
#include <stdlib.h>

#define EPSILON 1e-7
#define SAMPLES 11

typedef struct bezier {
    double ax, bx, cx, ay, by, cy, start_gradient, end_gradient;
} bezier;

static bezier bezier_of(double p1x, double p1y, double p2x, double p2y)
{
    bezier b;
    b.cx = 3 * p1x;
    b.bx = 3 * (p2x - p1x) - b.cx;
    b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * p1y;
    b.by = 3 * (p2y - p1y) - b.cy;
    b.ay = 1 - b.cy - b.by;
    if (p1x > 0) b.start_gradient = p1y / p1x;
    else if (p1y == 0 && p2x > 0) b.start_gradient = p2y / p2x;
    else if (p1y == 0 && p2y == 0) b.start_gradient = 1;
    else b.start_gradient = 0;
    if (p2x < 1) b.end_gradient = (p2y - 1) / (p2x - 1);
    else if (p2y == 1 && p1x < 1) b.end_gradient = (p1y - 1) / (p1x - 1);
    else if (p2y == 1 && p1y == 1) b.end_gradient = 1;
    else b.end_gradient = 0;
    return b;
}

static double sample_x(const bezier *b, double t) { return ((b->ax * t + b->bx) * t + b->cx) * t; }
static double sample_y(const bezier *b, double t) { return ((b->ay * t + b->by) * t + b->cy) * t; }
static double derivative_x(const bezier *b, double t) { return (3 * b->ax * t + 2 * b->bx) * t + b->cx; }

static double solve_x(const bezier *b, double x)
{
    double t0 = 0, t1 = 0, t2 = x, x2 = 0, step = 1.0 / (SAMPLES - 1);
    for (int i = 1; i < SAMPLES; i++) {
        double si = sample_x(b, step * i);
        if (x <= si) {
            double sp = sample_x(b, step * (i - 1));
            t1 = step * i;
            t0 = t1 - step;
            t2 = t0 + (t1 - t0) * (x - sp) / (si - sp);
            break;
        }
    }
    for (int i = 0; i < 4; i++) {
        x2 = sample_x(b, t2) - x;
        if (fabs(x2) < EPSILON) return t2;
        double d2 = derivative_x(b, t2);
        if (fabs(d2) < EPSILON) break;
        t2 -= x2 / d2;
    }
    if (fabs(x2) < EPSILON) return t2;
    for (int guard = 0; t0 < t1 && guard < 200; guard++) {
        x2 = sample_x(b, t2);
        if (fabs(x2 - x) < EPSILON) return t2;
        if (x > x2) t0 = t2;
        else t1 = t2;
        t2 = (t1 + t0) * 0.5;
    }
    return t2;
}

double detent__bezier_at(double p1x, double p1y, double p2x, double p2y, double from, double to, double t,
                         double span)
{
    if (!(span > 0) || !(t < span)) return to;
    if (!(t > 0)) return from;
    bezier b = bezier_of(p1x, p1y, p2x, p2y);
    double x = t / span, y = x > 1 ? 1 + b.end_gradient * (x - 1) : sample_y(&b, solve_x(&b, x));
    return from + (to - from) * y;
}

/** "at/span/from/to/p1x/p1y/p2x/p2y": 0, or -1 unless it is 8 finite numbers, span not negative, p1x and p2x in [0, 1]. */
int detent__segment_parse(const char *text, detent_segment *out)
{
    double v[8];
    const char *p = text;
    for (int i = 0; i < 8; i++) {
        char *end;
        size_t n = 0;
        while (p[n] && p[n] != '/') n++;
        if (detent__number_parse(p, n, &v[i]) < 0) return -1;
        end = (char *)p + n;
        if (i < 7 && *end != '/') return -1;
        if (i == 7 && *end != '\0') return -1;
        p = end + 1;
    }
    if (v[1] < 0 || v[4] < 0 || v[4] > 1 || v[6] < 0 || v[6] > 1) return -1;
    *out = (detent_segment){ v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7] };
    return 0;
}

int detent_motion_segment(const detent_motion *m, size_t i, detent_segment *out)
{
    if (!m || !out || m->curve != DETENT_CURVE_PATH || i >= m->path_len || !m->path) return -1;
    return detent__segment_parse(m->path[i], out);
}

double detent__segment_at(const detent_segment *s, double t)
{
    return detent__bezier_at(s->p1x, s->p1y, s->p2x, s->p2y, s->from, s->to, t - s->at, s->span);
}

/** A path at t: the last segment that has started draws; the first's from before it. */
double detent__path_at(const detent_motion *m, double t)
{
    detent_segment s;
    if (m->path_len == 0 || detent__segment_parse(m->path[0], &s) < 0) return m->x;
    if (t < s.at) return s.from;
    for (size_t i = 1; i < m->path_len; i++) {
        detent_segment next;
        if (detent__segment_parse(m->path[i], &next) < 0 || next.at > t) break;
        s = next;
    }
    return detent__segment_at(&s, t);
}
