/*
 * The frame clock. After a decision (a release, a goto, an autoplay step)
 * the strip follows its motion: each frame draws pos(t) from libdetent's
 * detent_motion_position(), t in ms from the decision's first frame (which
 * shows `from` exactly), until t reaches the motion's ms; then it draws x
 * and applies a loop's jump. A decision with curve=none (motion=reduced)
 * is drawn at x at once: no frame between. While a finger is down the
 * strip is drawn on every frame too (at the last moved reply's x), so a daemon that is slow
 * to answer shows as "waiting for detentd" while the window keeps drawing.
 * Trace: frame s=NAME t=MS offset=X state=moving|drag, every frame drawn.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static void note_after_paint(Strip *s, double offset, const char *text)
{
    if (!trace_on()) return;
    if (!s->paint_note) s->paint_note = g_string_new(NULL);
    g_string_assign(s->paint_note, text);
    s->paint_offset = offset;
    s->paint_seen = FALSE;
    gtk_widget_queue_draw(s->area);
}

/** The end of a motion: rest at x, or at the jump (which a test may hold back). */
static void finish(Strip *s)
{
    char a[32], b[32];
    if (s->motion.has_jump && s->motion.hold_jump) {
        s->motion.held = TRUE;
        char *note = g_strdup_printf("held s=%s offset=%s jump=%s", s->spec->name, trace_num(s->offset, a),
                                     trace_num(s->motion.jump, b));
        note_after_paint(s, s->offset, note);
        g_free(note);
        return;
    }
    s->motion.active = FALSE;
    strip_show(s, STATE_REST, s->motion.has_jump ? s->motion.jump : s->motion.curve.x);
}

void motion_release_jump(Strip *s)
{
    if (!s->motion.active || !s->motion.held) return;
    s->motion.held = FALSE;
    s->motion.active = FALSE;
    strip_show(s, STATE_REST, s->motion.jump);
    char a[32];
    char *note = g_strdup_printf("released s=%s offset=%s", s->spec->name, trace_num(s->offset, a));
    note_after_paint(s, s->offset, note);
    g_free(note);
}

static gboolean ticking(const Strip *s)
{
    return (s->motion.active && !s->motion.held) || s->state == STATE_DRAG;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)widget;
    Strip *s = data;
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    char a[32], b[32];
    if (now == s->last_tick_us) return G_SOURCE_CONTINUE; /* the same frame again: already drawn */
    s->last_tick_us = now;
    if (s->motion.active && !s->motion.held) {
        if (!s->motion.start_us) s->motion.start_us = now;
        double t = (now - s->motion.start_us) / 1000.0;
        const detent_motion *m = &s->motion.curve;
        double x = t < (double)m->ms ? detent_motion_position(m, t) : m->x;
        strip_show(s, STATE_MOVING, x);
        trace_line("frame s=%s t=%s offset=%s state=moving", s->spec->name, trace_num(t, a), trace_num(x, b));
        if (t >= (double)m->ms) finish(s);
    } else if (s->state == STATE_DRAG) {
        double t = (now - s->drag.press_us) / 1000.0;
        gtk_widget_queue_draw(s->area);
        trace_line("frame s=%s t=%s offset=%s state=drag", s->spec->name, trace_num(t, a), trace_num(s->offset, b));
        strip_refresh_status(s);
    }
    if (ticking(s)) return G_SOURCE_CONTINUE;
    s->tick_id = 0;
    return G_SOURCE_REMOVE;
}

void motion_ensure_tick(Strip *s)
{
    if (!s->tick_id && ticking(s)) s->tick_id = gtk_widget_add_tick_callback(s->area, tick, s, NULL);
}

/** Follows a decision from its start: index, the motion, then rest (the jump after it). */
void motion_follow(Strip *s, const detent_snap_reply *snap)
{
    s->index = snap->index;
    s->motion.active = TRUE;
    s->motion.held = FALSE;
    s->motion.curve = snap->motion;
    s->motion.has_jump = snap->has_jump;
    s->motion.jump = snap->jump;
    s->motion.start_us = 0;
    trace_decision(s, snap);
    if (snap->motion.curve == DETENT_CURVE_NONE) {
        if (s->motion.has_jump && s->motion.hold_jump) strip_show(s, STATE_MOVING, snap->x); /* held there */
        finish(s);
        return;
    }
    strip_show(s, STATE_MOVING, snap->motion.from);
    motion_ensure_tick(s);
}

/** Stops where it is drawn (a finger grabbed it, or the session closed). */
void motion_stop(Strip *s)
{
    s->motion.active = FALSE;
    s->motion.held = FALSE;
}

/* Once a frame that shows the noted offset has been painted, its note goes to the trace. */
static void after_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    Strip *s = data;
    if (!s->paint_note || !s->paint_seen || s->paint_note->len == 0) return;
    trace_line("%s", s->paint_note->str);
    g_string_truncate(s->paint_note, 0);
    s->paint_seen = FALSE;
}

static void on_realize(GtkWidget *area, gpointer data)
{
    g_signal_connect(gtk_widget_get_frame_clock(area), "after-paint", G_CALLBACK(after_paint), data);
}

void motion_attach(Strip *s)
{
    g_signal_connect(s->area, "realize", G_CALLBACK(on_realize), s);
}
