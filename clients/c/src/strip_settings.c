/*
 * A strip's settings. Its geometry: checked before it is taken (a geometry
 * that cannot be sent is refused here, not by the daemon later), copied
 * with its sizes or points, laid out again, and given to the session:
 * `layout` when open, the open itself when one is due. Its plugin (a new
 * one closes and reopens the session), motion (`layout`), autoplay, and
 * its name (the session closed and opened under the new one).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "strip_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool length_ok(double v)
{
    return detent__strip_num(v) && v >= 0;
}

/** The content's length, C of detent-protocol(7), "Geometry" (points: the last point). */
static double content(const detent_geometry *g)
{
    if (g->points) return fabs(g->points[g->points_len - 1]) + fabs(g->points[0]);
    double c = g->lead + g->trail;
    if (!g->sizes) return c + (double)g->count * (g->item + g->spacing);
    for (size_t i = 0; i < g->sizes_len; i++) c += g->sizes[i] + g->spacing;
    return c;
}

/** No items: count 0, or sizes or points of none. */
static bool no_items(const detent_geometry *g)
{
    return g->points ? g->points_len == 0 : g->sizes ? g->sizes_len == 0 : g->count == 0;
}

/** Why g cannot be sent, or NULL. */
static const char *refusal(const detent_geometry *g)
{
    if (!g) return "geometry: NULL";
    if (!(detent__strip_num(g->viewport) && g->viewport > 0)) return "viewport: not a number in (0, 1e15]";
    if (g->sizes && g->points) return "sizes and points are exclusive";
    if (g->align < DETENT_ALIGN_DEFAULT || g->align > DETENT_ALIGN_END) return "align: not one of its values";
    if (g->contain < DETENT_CONTAIN_DEFAULT || g->contain > DETENT_CONTAIN_PAD) return "contain: not one of its values";
    if (g->axis < DETENT_AXIS_DEFAULT || g->axis > DETENT_AXIS_Y) return "axis: not one of its values";
    if (no_items(g)) return NULL;
    int64_t count = g->count;
    if (g->points) {
        if (g->points_len > DETENT__STRIP_MAX_ITEMS) return "points: at most 1048576 of them";
        for (size_t i = 0; i < g->points_len; i++) {
            if (!detent__strip_num(g->points[i])) return "points: not a number within 1e15";
            if (i > 0 && !(g->points[i] > g->points[i - 1])) return "points: not strictly ascending";
        }
        count = (int64_t)g->points_len;
    } else if (g->sizes) {
        if (g->sizes_len > DETENT__STRIP_MAX_ITEMS) return "sizes: at most 1048576 of them";
        for (size_t i = 0; i < g->sizes_len; i++)
            if (!(detent__strip_num(g->sizes[i]) && g->sizes[i] > 0)) return "sizes: not a number in (0, 1e15]";
        count = (int64_t)g->sizes_len;
    } else {
        if (!(detent__strip_num(g->item) && g->item > 0)) return "item: not a number in (0, 1e15]";
        if (count < 0 || count > DETENT__STRIP_MAX_ITEMS) return "count: 0 to 1048576";
    }
    if (!length_ok(g->spacing) || !length_ok(g->lead) || !length_ok(g->trail))
        return "spacing, lead and trail: numbers in [0, 1e15]";
    if (g->has_index && (g->index < 0 || g->index >= count)) return "index: outside the items";
    if (!(content(g) <= 1e14)) return "the content is too long to page (more than 1e14)"; /* room for a loop's copies */
    return NULL;
}

static double *copy(const double *values, size_t n)
{
    if (!values) return NULL;
    double *out = malloc(n * sizeof *out);
    if (out) memcpy(out, values, n * sizeof *out);
    return out;
}

/** No items: no gesture, no session, nothing drawn until items come. */
static void empty(detent_strip *s)
{
    detent__strip_gesture *g = &s->gesture;
    detent__strip_queued q;
    while (detent__ring_take(&g->queued, 0, &q)) {
    }
    g->hold = DETENT__HOLD_NONE;
    g->awaiting = g->cancelled = s->goto_pending = false;
    detent__strip_close(s);
    s->dup = s->index = 0;
    s->pad = 0;
    s->snaps = 0;
    detent__strip_stop(s);
    detent__strip_draw(s, 0, DETENT_STRIP_REST);
}

int detent_strip_set_geometry(detent_strip *s, const detent_geometry *g)
{
    if (!s) return -1;
    const char *why = refusal(g);
    if (why) {
        detent__strip_fail(s, "set_geometry: %s", why);
        return -1;
    }
    double *sizes = copy(g->sizes, g->sizes_len), *points = copy(g->points, g->points_len);
    if ((g->sizes_len && g->sizes && !sizes) || (g->points_len && g->points && !points)) {
        free(sizes);
        free(points);
        detent__strip_fail(s, "set_geometry: out of memory");
        return -1;
    }
    free((void *)s->g.sizes);
    free((void *)s->g.points);
    s->g = *g;
    s->g.sizes = sizes;
    s->g.points = points;
    if (!sizes) s->g.sizes_len = 0;
    if (!points) s->g.points_len = 0;
    s->geometry_set = true;
    s->has_geometry = !no_items(g);
    if (!s->has_geometry) {
        if (!sizes && !points) s->g.count = 0;
        empty(s);
        detent__strip_done(s);
        return 0;
    }
    if (s->g.points) s->dup = 0;
    s->align = g->align ? g->align : DETENT_ALIGN_START;
    int64_t count = detent__strip_count(s);
    /* the app's own move: no note (a widget keeps its page as pages come and go before it) */
    if (g->has_index) s->index = g->index;
    else if (s->index >= count) s->index = count - 1;
    else if (s->index < 0) s->index = 0;
    if (detent__strip_relayout(s) < 0) return -1;
    bool free_to_draw = s->gesture.hold == DETENT__HOLD_NONE && !s->gesture.awaiting;
    /* the plugin asked for, refused for an earlier geometry, is tried on this one */
    bool retry = s->fallback && s->fallback_layout && s->link != DETENT_STRIP_OFFLINE;
    if (!retry && free_to_draw && g->has_index && s->link == DETENT_STRIP_OPEN)
        detent__strip_decided_here(s); /* told by the layout below */
    if (retry) {
        s->fallback = false;
        detent__strip_reopen(s);
    } else if (s->link == DETENT_STRIP_OPEN) {
        detent__strip_layout(s);
    } else if (s->link == DETENT_STRIP_OPENING && s->open_pending) {
        s->relayout = true; /* laid out again once open */
    } else if (s->link == DETENT_STRIP_OPENING) {
        detent__strip_open(s);
    }
    if (free_to_draw && (s->link != DETENT_STRIP_OPEN || g->has_index)) {
        size_t k = detent__strip_goto_snap(s, s->index);
        s->index = s->snap_index[k];
        if (!g->has_index && s->state == DETENT_STRIP_MOVING) {
            /* a motion goes on to its item's new place, its REST note at the end (as after a layout's reply) */
            if (fabs(detent__strip_target(s) - s->snap_x[k]) > DETENT__STRIP_TOL)
                detent__strip_glide_to(s, s->snap_x[k]);
        } else { /* at the local snap of its item at once */
            detent__strip_stop(s);
            detent__strip_draw(s, s->snap_x[k], DETENT_STRIP_REST);
        }
    }
    detent__strip_done(s);
    return 0;
}

const detent_geometry *detent_strip_get_geometry(const detent_strip *s)
{
    return s && s->geometry_set ? &s->g : NULL;
}

const char *detent_strip_get_plugin(const detent_strip *s)
{
    return s ? s->running : NULL;
}

int detent_strip_set_plugin(detent_strip *s, const char *plugin)
{
    if (!s) return -1;
    if (plugin && (!*plugin || strnlen(plugin, 256) > 255 || strpbrk(plugin, "\r\n"))) {
        detent__strip_fail(s, "set_plugin: not a plugin name");
        return -1;
    }
    bool same = plugin ? s->plugin && strcmp(plugin, s->plugin) == 0 : !s->plugin;
    if (same && !s->fallback) return 0;
    char *copy = plugin ? strdup(plugin) : NULL;
    if (plugin && !copy) {
        detent__strip_fail(s, "set_plugin: out of memory");
        return -1;
    }
    free(s->plugin);
    s->plugin = copy;
    s->fallback = s->fallback_said = s->fallback_layout = false;
    detent__strip_reopen(s);
    detent__strip_done(s);
    return 0;
}

void detent_strip_set_motion(detent_strip *s, detent_motion_setting motion)
{
    if (!s || motion < DETENT_MOTION_DEFAULT || motion > DETENT_MOTION_REDUCED || motion == s->motion) return;
    s->motion = motion;
    detent__strip_layout(s);
    detent__strip_done(s);
}

detent_motion_setting detent_strip_get_motion(const detent_strip *s)
{
    return s ? s->motion : DETENT_MOTION_DEFAULT;
}

void detent_strip_set_swipes(detent_strip *s, detent_swipes swipes)
{
    if (!s || swipes < DETENT_SWIPES_DEFAULT || swipes > DETENT_SWIPES_LONG || swipes == s->swipes) return;
    s->swipes = swipes;
    detent__strip_layout(s);
    detent__strip_done(s);
}

detent_swipes detent_strip_get_swipes(const detent_strip *s)
{
    return s ? s->swipes : DETENT_SWIPES_DEFAULT;
}

void detent_strip_set_autoplay(detent_strip *s, double every_ms)
{
    if (!s) return;
    if (!isfinite(every_ms) || every_ms < 0) {
        detent__strip_fail(s, "set_autoplay: every must be a finite number >= 0");
        return;
    }
    s->autoplay_set = true;
    s->autoplay = every_ms;
    if (s->link == DETENT_STRIP_OPEN) detent__strip_autoplay(s);
    detent__strip_done(s);
}

int detent_strip_set_name(detent_strip *s, const char *name)
{
    if (!s) return -1;
    if (!detent__strip_good_name(name)) {
        detent__strip_fail(s, "set_name: not a session name ([A-Za-z0-9._-]{1,64})");
        return -1;
    }
    if (strcmp(name, s->name) == 0) return 0;
    if (s->link != DETENT_STRIP_OFFLINE) {
        detent__line l;
        detent__strip_line(s, &l, "close");
        detent__strip_queue(s, &l, DETENT__RQ_CLOSE, 0);
    }
    strcpy(s->name, name);
    if (s->link != DETENT_STRIP_OFFLINE) detent__strip_open(s);
    detent__strip_done(s);
    return 0;
}
