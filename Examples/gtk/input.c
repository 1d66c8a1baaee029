/*
 * Input: a GtkGestureDrag on the viewport (mouse and touch) sends begin,
 * move and end with the events' own timestamps as t and no v, so the
 * daemon estimates the velocity from the samples; the strip is drawn at
 * each moved reply's x. Moves made before the began reply wait for it (a
 * loop may re-grab on a duplicate and move the grab), then go out in
 * order, none dropped. The buttons send goto from where the strip is
 * drawn; the autoplay switch turns autoplay on and off (keys.c pauses it).
 * A press on the viewport gives it the keyboard focus, as a click would.
 * Trace: input s=NAME phase=begin|move|end|cancel t=MS dx=PX x=X, as sent.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

typedef struct QueuedInput {
    double dx, t;
    gboolean end;
} QueuedInput;

static void trace_input(Strip *s, const char *phase, double t, double dx, double x)
{
    char a[32], b[32], c[32];
    trace_line("input s=%s phase=%s t=%s dx=%s x=%s", s->spec->name, phase, trace_num(t, a), trace_num(dx, b),
               trace_num(x, c));
}

static double event_time(GtkGesture *gesture)
{
    return (double)gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture));
}

/**
 * Whether the gesture is handling a real move of the pointer or finger: GDK also synthesizes
 * motion (after a layout change under the pointer) with no time of its own (0), which is no sample.
 */
static gboolean moved_now(GtkGesture *gesture)
{
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(gesture));
    if (!event || gdk_event_get_time(event) == 0) return FALSE;
    GdkEventType type = gdk_event_get_event_type(event);
    return type == GDK_MOTION_NOTIFY || type == GDK_TOUCH_UPDATE;
}

static void on_moved(Strip *s, const detent_reply *r, const detent_error *e, guint64 serial)
{
    if (e || serial != s->drag.serial || !s->drag.active) return;
    strip_show(s, STATE_DRAG, r->moved.x);
}

static void send_move(Strip *s, double dx, double t)
{
    double x = s->drag.grab - dx;
    trace_input(s, "move", t, dx, x);
    link_track(s, detent_send_move(s->demo->connection, s->spec->name, x, t), on_moved, s->drag.serial);
}

static void send_end(Strip *s, double dx, double t)
{
    double x = s->drag.grab - dx;
    trace_input(s, "end", t, dx, x);
    link_track(s, detent_send_end(s->demo->connection, s->spec->name, x, DETENT_NONE, DETENT_NONE, t),
               session_follow_reply, s->drag.serial);
}

/** The began reply: a re-grab onto a loop's duplicate moves to the real item at once, invisibly. */
static void began(Strip *s, const detent_began_reply *b, guint serial)
{
    if (serial != s->drag.serial) return;
    if (b->has_jump) {
        s->drag.grab += b->jump - b->x;
        if (s->drag.active) strip_show(s, STATE_DRAG, s->offset + b->jump - b->x);
    }
    s->index = b->index;
    s->drag.began = TRUE;
    for (guint i = 0; i < s->drag.queued->len; i++) {
        QueuedInput *q = &g_array_index(s->drag.queued, QueuedInput, i);
        if (q->end) send_end(s, q->dx, q->t);
        else send_move(s, q->dx, q->t);
    }
    g_array_set_size(s->drag.queued, 0);
}

static void on_began(Strip *s, const detent_reply *r, const detent_error *e, guint64 serial)
{
    if (serial != s->drag.serial) return;
    if (e) { /* no gesture after all: rest where it is drawn */
        s->drag.active = s->drag.ended = FALSE;
        strip_set_reply(s, e->message);
        strip_show(s, STATE_REST, s->offset);
        return;
    }
    began(s, &r->began, (guint)serial);
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data)
{
    (void)x;
    (void)y;
    Strip *s = data;
    if (!s->ready || s->drag.active || s->scroll.active) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    gtk_widget_grab_focus(s->area);
    motion_stop(s); /* grabbed: the content stays where it is drawn */
    s->drag.active = TRUE;
    s->drag.began = s->drag.ended = FALSE;
    s->drag.serial++;
    s->drag.grab = s->offset;
    s->drag.press_us = g_get_monotonic_time();
    g_array_set_size(s->drag.queued, 0);
    strip_show(s, STATE_DRAG, s->offset);
    double t = event_time(GTK_GESTURE(gesture));
    s->drag.last_t = t;
    trace_input(s, "begin", t, 0, s->offset);
    link_track(s, detent_send_begin(s->demo->connection, s->spec->name, s->offset, t), on_began, s->drag.serial);
    motion_ensure_tick(s);
}

static void queue(Strip *s, double dx, double t, gboolean end)
{
    QueuedInput q = { dx, t, end };
    g_array_append_val(s->drag.queued, q);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    (void)dy;
    Strip *s = data;
    if (!s->drag.active || !moved_now(GTK_GESTURE(gesture))) return;
    double t = event_time(GTK_GESTURE(gesture));
    s->drag.last_t = t;
    if (s->drag.began) send_move(s, dx, t);
    else queue(s, dx, t, FALSE);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    (void)dy;
    Strip *s = data;
    if (!s->drag.active) return;
    double t = event_time(GTK_GESTURE(gesture));
    if (t == 0) t = s->drag.last_t; /* an end without an event of its own */
    s->drag.active = FALSE;
    s->drag.ended = TRUE;
    if (s->drag.began) send_end(s, dx, t);
    else queue(s, dx, t, TRUE);
}

static void on_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data)
{
    (void)gesture;
    (void)sequence;
    Strip *s = data;
    if (!s->drag.active) return;
    s->drag.active = FALSE;
    s->drag.ended = TRUE;
    g_array_set_size(s->drag.queued, 0);
    trace_input(s, "cancel", event_time(gesture), 0, s->offset);
    link_track(s, detent_send_cancel(s->demo->connection, s->spec->name), session_follow_reply, 0);
}

static void step(Strip *s, int delta)
{
    if (!s->ready || s->state == STATE_DRAG) return;
    int count = spec_count(s->spec);
    int64_t index = s->index + delta;
    if (s->spec->geometry.loop) index = (index % count + count) % count;
    else index = index < 0 ? 0 : index >= count ? count - 1 : index;
    char x[32];
    trace_line("input s=%s phase=goto index=%lld x=%s", s->spec->name, (long long)index, trace_num(s->offset, x));
    link_track(s, detent_send_goto(s->demo->connection, s->spec->name, index, s->offset), session_follow_reply, 0);
}

static void on_prev(GtkButton *button, gpointer data)
{
    (void)button;
    step(data, -1);
}

static void on_next(GtkButton *button, gpointer data)
{
    (void)button;
    step(data, 1);
}

static void on_autoplay(GtkCheckButton *button, gpointer data)
{
    Strip *s = data;
    s->autoplay_on = gtk_check_button_get_active(button);
    keys_apply_autoplay(s);
}

void input_attach(Strip *s)
{
    s->drag.queued = g_array_new(FALSE, FALSE, sizeof(QueuedInput));
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), GDK_BUTTON_PRIMARY);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), s);
    g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), s);
    g_signal_connect(drag, "drag-end", G_CALLBACK(on_drag_end), s);
    g_signal_connect(drag, "cancel", G_CALLBACK(on_cancel), s);
    gtk_widget_add_controller(s->area, GTK_EVENT_CONTROLLER(drag));
    g_signal_connect(s->prev, "clicked", G_CALLBACK(on_prev), s);
    g_signal_connect(s->next, "clicked", G_CALLBACK(on_next), s);
    if (s->autoplay) g_signal_connect(s->autoplay, "toggled", G_CALLBACK(on_autoplay), s);
}
