/*
 * The wheel and the touchpad: what a GtkEventControllerScroll (both axes)
 * on the viewport sees, sent as the daemon's `wheel` and `scroll`.
 * - A wheel: discrete events (and smooth ones in wheel units, a mouse's
 *   high-resolution wheel; X11 reports touchpads so too) go out as `wheel`
 *   with the controller's deltas in notches, source=mouse for a
 *   GDK_SOURCE_MOUSE device, else other. A snap is followed as a drag's
 *   decision; `kept` changes nothing.
 * - A touchpad (smooth events in surface units, or a hold): `scroll` in
 *   points, phase=begin at scroll-begin with the current event's deltas,
 *   each update, and phase=end at the stop (an is_stop event or
 *   scroll-end). The `scroll` GTK emits for the stop event itself is not
 *   relayed, though GDK may have merged the last frame's move into it
 *   (libadwaita's tracker ignores it too). The strip is drawn at each
 *   `moved` x, as while dragging.
 * t is the event's own time, the clock of the drags' events.
 * Trace: input s=NAME phase=wheel t= dx= dy= source=mouse|other x=X,
 * input s=NAME phase=scroll-begin|scroll|scroll-end t= dx= dy= [x=X],
 * kept s=NAME index=I (a wheel's, or a gesture's end).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static GdkEvent *current(GtkEventController *c)
{
    return gtk_event_controller_get_current_event(c);
}

static double current_time(GtkEventController *c, double fallback)
{
    double t = (double)gtk_event_controller_get_current_event_time(c);
    return t == 0 ? fallback : t;
}

/** A touchpad's event: smooth in surface units (points), or a hold (fingers resting on it). */
static gboolean from_touchpad(GdkEvent *e)
{
    if (!e) return FALSE;
    GdkEventType type = gdk_event_get_event_type(e);
    if (type == GDK_TOUCHPAD_HOLD) return TRUE;
    return type == GDK_SCROLL && gdk_scroll_event_get_direction(e) == GDK_SCROLL_SMOOTH &&
           gdk_scroll_event_get_unit(e) == GDK_SCROLL_UNIT_SURFACE;
}

static void trace_scroll(Strip *s, const char *phase, double t, double dx, double dy, const double *x)
{
    char a[32], b[32], c[32], d[32];
    if (x)
        trace_line("input s=%s phase=%s t=%s dx=%s dy=%s x=%s", s->spec->name, phase, trace_num(t, a),
                   trace_num(dx, b), trace_num(dy, c), trace_num(*x, d));
    else
        trace_line("input s=%s phase=%s t=%s dx=%s dy=%s", s->spec->name, phase, trace_num(t, a), trace_num(dx, b),
                   trace_num(dy, c));
}

static void on_wheel(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    if (e) {
        strip_set_reply(s, e->message);
        return;
    }
    if (r->kind == DETENT_REPLY_KEPT) {
        strip_kept(s, r);
        return;
    }
    session_follow_reply(s, r, NULL, tag);
}

static void send_wheel(Strip *s, GtkEventController *c, double dx, double dy)
{
    GdkEvent *e = current(c);
    GdkDevice *device = e ? gdk_event_get_device(e) : NULL;
    gboolean mouse = device && gdk_device_get_source(device) == GDK_SOURCE_MOUSE;
    double t = current_time(c, s->scroll.last_t);
    s->scroll.last_t = t;
    char a[32], b[32], d[32], x[32];
    trace_line("input s=%s phase=wheel t=%s dx=%s dy=%s source=%s x=%s", s->spec->name, trace_num(t, a),
               trace_num(dx, b), trace_num(dy, d), mouse ? "mouse" : "other", trace_num(s->offset, x));
    link_track(s,
               detent_send_wheel(s->demo->connection, s->spec->name, dx, dy, t,
                                 mouse ? DETENT_SOURCE_MOUSE : DETENT_SOURCE_OTHER, s->offset),
               on_wheel, 0);
}

static void on_moved(Strip *s, const detent_reply *r, const detent_error *e, guint64 serial)
{
    if (serial != s->scroll.serial || !s->scroll.active) return;
    if (e) {
        strip_set_reply(s, e->message);
        return;
    }
    strip_show(s, STATE_DRAG, r->moved.x);
}

static void on_end(Strip *s, const detent_reply *r, const detent_error *e, guint64 serial)
{
    if (serial != s->scroll.serial || s->scroll.active) return; /* another gesture began meanwhile */
    if ((e || r->kind == DETENT_REPLY_KEPT) && s->state == STATE_DRAG) strip_show(s, STATE_REST, s->offset);
    if (!e && r->kind == DETENT_REPLY_KEPT) strip_kept(s, r); /* nothing happened (a hold): no decision */
    else session_follow_reply(s, r, e, serial);
}

/** The gesture's first event: its deltas (0 for a hold), from where the strip is drawn. */
static void begin(Strip *s, GtkEventController *c)
{
    GdkEvent *e = current(c);
    double dx = 0, dy = 0;
    if (e && gdk_event_get_event_type(e) == GDK_SCROLL) gdk_scroll_event_get_deltas(e, &dx, &dy);
    double t = current_time(c, s->scroll.last_t);
    s->scroll.active = TRUE;
    s->scroll.serial++;
    s->scroll.last_t = t;
    motion_stop(s); /* held: the content stays where it is drawn */
    s->drag.press_us = g_get_monotonic_time();
    strip_show(s, STATE_DRAG, s->offset);
    trace_scroll(s, "scroll-begin", t, dx, dy, &s->offset);
    link_track(s, detent_send_scroll(s->demo->connection, s->spec->name, dx, dy, t, DETENT_PHASE_BEGIN, s->offset),
               on_moved, s->scroll.serial);
    motion_ensure_tick(s);
}

static void end(Strip *s, GtkEventController *c)
{
    if (!s->scroll.active) return;
    double t = current_time(c, s->scroll.last_t);
    if (t < s->scroll.last_t) t = s->scroll.last_t;
    s->scroll.active = FALSE;
    s->scroll.last_t = t;
    trace_scroll(s, "scroll-end", t, 0, 0, NULL);
    link_track(s, detent_send_scroll(s->demo->connection, s->spec->name, 0, 0, t, DETENT_PHASE_END, DETENT_NONE),
               on_end, s->scroll.serial);
}

/** One move of the gesture, at the event's time. */
static void update(Strip *s, GtkEventController *c, double dx, double dy)
{
    double t = current_time(c, s->scroll.last_t);
    s->scroll.last_t = t;
    trace_scroll(s, "scroll", t, dx, dy, NULL);
    link_track(s, detent_send_scroll(s->demo->connection, s->spec->name, dx, dy, t, DETENT_PHASE_DEFAULT, DETENT_NONE),
               on_moved, s->scroll.serial);
}

static void on_scroll_begin(GtkEventControllerScroll *controller, gpointer data)
{
    Strip *s = data;
    GtkEventController *c = GTK_EVENT_CONTROLLER(controller);
    if (!s->ready || s->drag.active || s->scroll.active || !from_touchpad(current(c))) return;
    begin(s, c);
}

static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, gpointer data)
{
    Strip *s = data;
    GtkEventController *c = GTK_EVENT_CONTROLLER(controller);
    if (!s->ready) return FALSE;
    GdkEvent *e = current(c);
    if (!from_touchpad(e)) {
        send_wheel(s, c, dx, dy);
        return TRUE;
    }
    if (gdk_scroll_event_is_stop(e)) {
        /* GDK may merge the last frame into the stop: its deltas are not relayed
         * (libadwaita's tracker ends without them; detent-protocol(7)). */
        if (s->scroll.active) end(s, c);
        return TRUE;
    }
    if (s->drag.active) return TRUE;
    /* GTK's gesture may have begun on a wheel's smooth event: this touchpad's begins here. */
    if (!s->scroll.active) begin(s, c);
    update(s, c, dx, dy);
    return TRUE;
}

static void on_scroll_end(GtkEventControllerScroll *controller, gpointer data)
{
    end(data, GTK_EVENT_CONTROLLER(controller));
}

void wheel_attach(Strip *s)
{
    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    g_signal_connect(scroll, "scroll-begin", G_CALLBACK(on_scroll_begin), s);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), s);
    g_signal_connect(scroll, "scroll-end", G_CALLBACK(on_scroll_end), s);
    gtk_widget_add_controller(s->area, scroll);
}
