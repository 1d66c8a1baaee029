/*
 * DETENT_GTK_TRACE=1: the test hooks, lines on stdout, each flushed
 * (README.md lists them). A watched DetentCarousel is traced from its
 * public API alone:
 *   state s=NAME state=rest|drag|moving index=I offset=X   each change of
 *     its `state` and `offset` (read together: the widget stores both before
 *     it notifies either); I is where it rests (its position, an integer at
 *     rest), else the item the last decision heads for;
 *   frame s=NAME t=MS offset=X state=moving|drag|rest   each frame painted
 *     while it moves or a finger holds it, and the frame that came to rest:
 *     t from the motion's first frame (the one showing the decision's
 *     `from`, as the relay saw it) or from the drag's first;
 *   jump s=NAME from=X to=J before="..." after="..."   a loop's jump: the
 *     last moving frame's offset, the resting one, and where each page was
 *     drawn in both frames (GTK's own boxes, along the axis);
 *   page-changed s=NAME index=I; pointer s=NAME in=1|0.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct Watch {
    char name[64];
    DetentCarousel *c;
    gboolean traced;
    DetentCarouselState state;
    long long index, heading;
    double offset;
    DetentCarouselState painted;
    gint64 t0;
    gboolean from_wanted, jump_wanted;
    double from, jump, last_offset;
    GString *last_pages;
} Watch;

static GPtrArray *watches;
static int enabled = -1;

gboolean trace_on(void)
{
    if (enabled < 0) enabled = g_strcmp0(g_getenv("DETENT_GTK_TRACE"), "1") == 0;
    return enabled;
}

void trace_line(const char *format, ...)
{
    if (!trace_on()) return;
    va_list args;
    va_start(args, format);
    vfprintf(stdout, format, args);
    va_end(args);
    fputc('\n', stdout);
    fflush(stdout);
}

/** The shortest decimal that reads back as the same double, without an exponent where it can. */
const char *trace_num(double x, char buf[32])
{
    if (x == 0) x = 0; /* -0 as 0 */
    for (int precision = 1; precision <= 17; precision++) {
        char format[8];
        g_snprintf(format, sizeof format, "%%.%dg", precision);
        g_ascii_formatd(buf, 32, format, x);
        if (g_ascii_strtod(buf, NULL) == x && !strchr(buf, 'e')) return buf;
    }
    return buf;
}

void trace_quote(GString *out, const char *text)
{
    g_string_append_c(out, '"');
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\') g_string_append_c(out, '\\');
        g_string_append_c(out, *p == '\n' ? ' ' : *p);
    }
    g_string_append_c(out, '"');
}

static const char *state_name(DetentCarouselState s)
{
    return s == DETENT_CAROUSEL_STATE_DRAG ? "drag" : s == DETENT_CAROUSEL_STATE_MOVING ? "moving" : "rest";
}

static Watch *watch_named(const char *name)
{
    for (guint i = 0; watches && i < watches->len; i++) {
        Watch *w = watches->pdata[i];
        if (strcmp(w->name, name) == 0) return w;
    }
    return NULL;
}

static void on_change(DetentCarousel *c, GParamSpec *pspec, Watch *w)
{
    (void)pspec;
    DetentCarouselState state = detent_carousel_get_state(c);
    double offset = detent_carousel_get_offset(c);
    long long index = state == DETENT_CAROUSEL_STATE_REST ? llround(detent_carousel_get_position(c)) : w->heading;
    if (state == DETENT_CAROUSEL_STATE_REST) w->heading = index;
    if (w->traced && w->state == state && w->index == index && w->offset == offset) return;
    w->traced = TRUE;
    w->state = state;
    w->index = index;
    w->offset = offset;
    char x[32];
    trace_line("state s=%s state=%s index=%lld offset=%s", w->name, state_name(state), index, trace_num(offset, x));
}

static void on_page_changed(DetentCarousel *c, guint index, Watch *w)
{
    (void)c;
    trace_line("page-changed s=%s index=%u", w->name, index);
}

/* Where each page is drawn along the axis, in the carousel's coordinates. */
static void pages(Watch *w, GString *out)
{
    gboolean vertical = gtk_orientable_get_orientation(GTK_ORIENTABLE(w->c)) == GTK_ORIENTATION_VERTICAL;
    g_string_truncate(out, 0);
    for (guint i = 0; i < detent_carousel_get_n_pages(w->c); i++) {
        graphene_point_t p = GRAPHENE_POINT_INIT(0, 0);
        if (!gtk_widget_compute_point(detent_carousel_get_nth_page(w->c, i), GTK_WIDGET(w->c), &p, &p)) continue;
        char x[32];
        g_string_append_printf(out, "%s%s", i ? " " : "", trace_num(vertical ? p.y : p.x, x));
    }
}

static void frame(Watch *w, gint64 now, const char *state, double offset)
{
    char t[32], x[32];
    trace_line("frame s=%s t=%s offset=%s state=%s", w->name, trace_num((double)(now - w->t0) / 1000.0, t),
               trace_num(offset, x), state);
}

/* Each frame painted: what it showed. */
static void after_paint(GdkFrameClock *clock, Watch *w)
{
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    DetentCarouselState state = detent_carousel_get_state(w->c);
    double offset = detent_carousel_get_offset(w->c);
    if (state == DETENT_CAROUSEL_STATE_MOVING) {
        /* t = 0 at the motion's first frame: a new one, or one that shows a new decision's from */
        if (w->painted != state || (w->from_wanted && fabs(offset - w->from) < 1e-6)) {
            w->t0 = now;
            w->from_wanted = FALSE;
        }
        frame(w, now, "moving", offset);
        if (w->jump_wanted) pages(w, w->last_pages);
        w->last_offset = offset;
    } else if (state == DETENT_CAROUSEL_STATE_DRAG) {
        if (w->painted != state) w->t0 = now;
        frame(w, now, "drag", offset);
    } else if (w->painted == DETENT_CAROUSEL_STATE_MOVING) {
        frame(w, now, "rest", offset);
        if (w->jump_wanted && offset == w->jump) {
            GString *after = g_string_new(NULL), *line = g_string_new(NULL);
            char a[32], b[32];
            pages(w, after);
            g_string_printf(line, "jump s=%s from=%s to=%s before=", w->name, trace_num(w->last_offset, a),
                            trace_num(offset, b));
            trace_quote(line, w->last_pages->str);
            g_string_append(line, " after=");
            trace_quote(line, after->str);
            trace_line("%s", line->str);
            g_string_free(after, TRUE);
            g_string_free(line, TRUE);
        }
        w->jump_wanted = FALSE;
    }
    w->painted = state;
}

static void on_realize(GtkWidget *widget, Watch *w)
{
    g_signal_connect(gtk_widget_get_frame_clock(widget), "after-paint", G_CALLBACK(after_paint), w);
}

static void on_pointer(GtkEventControllerMotion *motion, GParamSpec *pspec, Watch *w)
{
    (void)pspec;
    trace_line("pointer s=%s in=%d", w->name, gtk_event_controller_motion_contains_pointer(motion));
}

void trace_watch(DetentCarousel *carousel, const char *name)
{
    if (!trace_on()) return;
    if (!watches) watches = g_ptr_array_new();
    Watch *w = g_new0(Watch, 1);
    g_strlcpy(w->name, name, sizeof w->name);
    w->c = carousel;
    w->last_pages = g_string_new(NULL);
    g_ptr_array_add(watches, w);
    g_signal_connect(carousel, "notify::offset", G_CALLBACK(on_change), w);
    g_signal_connect(carousel, "notify::state", G_CALLBACK(on_change), w);
    g_signal_connect(carousel, "notify::position", G_CALLBACK(on_change), w);
    g_signal_connect(carousel, "notify::running-plugin", G_CALLBACK(on_change), w); /* the first: where it opened */
    g_signal_connect(carousel, "page-changed", G_CALLBACK(on_page_changed), w);
    g_signal_connect(carousel, "realize", G_CALLBACK(on_realize), w);
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "notify::contains-pointer", G_CALLBACK(on_pointer), w);
    gtk_widget_add_controller(GTK_WIDGET(carousel), motion);
}

void trace_decided(const char *name, const detent_snap_reply *snap)
{
    Watch *w = watch_named(name);
    if (!w) return;
    w->heading = snap->index;
    w->from_wanted = TRUE;
    w->from = snap->motion.from;
    w->jump_wanted = snap->has_jump;
    w->jump = snap->jump;
}

gboolean trace_held(const char *name)
{
    Watch *w = watch_named(name);
    return w && detent_carousel_get_state(w->c) == DETENT_CAROUSEL_STATE_DRAG;
}

void trace_focus(GtkWidget *focus, GtkWidget *extra, const char *extra_name)
{
    const char *on = focus ? G_OBJECT_TYPE_NAME(focus) : "none";
    for (guint i = 0; focus && watches && i < watches->len; i++) {
        Watch *w = watches->pdata[i];
        if (focus == GTK_WIDGET(w->c)) on = w->name;
    }
    if (focus && focus == extra) on = extra_name;
    trace_line("focus on=%s", on);
}

static void on_animations(GtkSettings *settings, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    gboolean on = TRUE;
    g_object_get(settings, "gtk-enable-animations", &on, NULL);
    trace_line("motion reduced=%d", !on);
}

void trace_animations(void)
{
    GtkSettings *settings = gtk_settings_get_default();
    on_animations(settings, NULL, NULL);
    g_signal_connect(settings, "notify::gtk-enable-animations", G_CALLBACK(on_animations), NULL);
}

void trace_rect(const char *what, const char *name, const char *control, GtkWidget *widget)
{
    GtkWidget *window = GTK_WIDGET(gtk_widget_get_root(widget));
    graphene_rect_t r;
    if (!window || !gtk_widget_compute_bounds(widget, window, &r)) graphene_rect_init(&r, 0, 0, 0, 0);
    double sx = 0, sy = 0;
    if (window) gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    char a[32], b[32], c[32], d[32];
    trace_line("%s s=%s%s%s x=%s y=%s width=%s height=%s", what, name, control ? " name=" : "", control ? control : "",
               trace_num(r.origin.x + sx, a), trace_num(r.origin.y + sy, b), trace_num(r.size.width, c),
               trace_num(r.size.height, d));
}
