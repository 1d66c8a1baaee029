/*
 * The keyboard, and where a person is: the viewport takes focus (Tab, or
 * a press on it) and draws a ring while it has it; Left and Right (Up and
 * Down on a vertical strip) send `step to=prev|next`, Home and End
 * `to=first|last`, Page Up and Page Down `to=prev|next` (one step as the
 * strategy means it: a page for the page strategies, so they are the same
 * as the arrows there). `x` is where the strip is drawn, `t` the key
 * event's own time (the clock of the drags' events). A snap is followed as
 * a goto's, `kept` changes nothing. Autoplay pauses while the focus or the
 * pointer is in the viewport (WCAG 2.2.2): `autoplay every=0`, then its
 * period again once both have left, if its switch is on.
 * Trace: input s=NAME phase=step to=next|prev|first|last t=MS x=X;
 * focus on=NAME|WIDGET-TYPE (each focus change); pointer s=NAME in=1|0.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static const char *to_name(detent_to to)
{
    return to == DETENT_TO_NEXT ? "next" : to == DETENT_TO_PREV ? "prev" : to == DETENT_TO_FIRST ? "first" : "last";
}

/** The step a key asks for on this strip, or DETENT_TO_DEFAULT for a key it leaves alone. */
static detent_to key_step(const Strip *s, guint keyval)
{
    gboolean vertical = s->spec->geometry.axis == DETENT_AXIS_Y;
    switch (keyval) {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return vertical ? DETENT_TO_DEFAULT : DETENT_TO_PREV;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return vertical ? DETENT_TO_DEFAULT : DETENT_TO_NEXT;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return vertical ? DETENT_TO_PREV : DETENT_TO_DEFAULT;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return vertical ? DETENT_TO_NEXT : DETENT_TO_DEFAULT;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: return DETENT_TO_FIRST;
    case GDK_KEY_End: case GDK_KEY_KP_End: return DETENT_TO_LAST;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return DETENT_TO_PREV;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return DETENT_TO_NEXT;
    default: return DETENT_TO_DEFAULT;
    }
}

static void on_step(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    if (!e && r->kind == DETENT_REPLY_KEPT) strip_kept(s, r);
    else session_follow_reply(s, r, e, tag);
}

static gboolean on_key(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                       gpointer data)
{
    (void)keycode;
    Strip *s = data;
    detent_to to = key_step(s, keyval);
    if (to == DETENT_TO_DEFAULT || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))) return FALSE;
    if (!s->ready) return TRUE;
    double t = (double)gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(controller));
    char a[32], b[32];
    trace_line("input s=%s phase=step to=%s t=%s x=%s", s->spec->name, to_name(to), trace_num(t, a),
               trace_num(s->offset, b));
    link_track(s, detent_send_step(s->demo->connection, s->spec->name, to, s->offset, t), on_step, 0);
    return TRUE;
}

gboolean keys_autoplay_wanted(const Strip *s)
{
    return s->autoplay_on && !s->focused && !s->hovered;
}

/** Autoplay follows its switch and the pause: a request only when what the daemon has must change. */
void keys_apply_autoplay(Strip *s)
{
    if (s->spec->autoplay_ms <= 0 || !s->ready) return;
    gboolean want = keys_autoplay_wanted(s);
    if (want == s->autoplay_running) return;
    s->autoplay_running = want;
    session_set_autoplay(s, want);
}

static void on_focus_in(GtkEventControllerFocus *c, gpointer data)
{
    (void)c;
    Strip *s = data;
    s->focused = TRUE;
    gtk_widget_queue_draw(s->area); /* the ring */
    keys_apply_autoplay(s);
}

static void on_focus_out(GtkEventControllerFocus *c, gpointer data)
{
    (void)c;
    Strip *s = data;
    s->focused = FALSE;
    gtk_widget_queue_draw(s->area);
    keys_apply_autoplay(s);
}

static void pointer(Strip *s, gboolean in)
{
    if (s->hovered == in) return;
    s->hovered = in;
    trace_line("pointer s=%s in=%d", s->spec->name, in);
    keys_apply_autoplay(s);
}

static void on_enter(GtkEventControllerMotion *c, double x, double y, gpointer data)
{
    (void)c;
    (void)x;
    (void)y;
    pointer(data, TRUE);
}

static void on_leave(GtkEventControllerMotion *c, gpointer data)
{
    (void)c;
    pointer(data, FALSE);
}

/** focus on=NAME|TYPE: where the keyboard focus went (a test tabs until it reaches a strip). */
void keys_trace_focus(Demo *d, GtkWidget *focus, GtkWidget *other, const char *other_name)
{
    const char *on = focus ? G_OBJECT_TYPE_NAME(focus) : "none";
    for (int i = 0; focus && i < DEMO_STRIPS; i++)
        if (focus == d->strips[i].area) on = d->strips[i].spec->name;
    if (focus && focus == other) on = other_name;
    trace_line("focus on=%s", on);
}

void keys_attach(Strip *s)
{
    gtk_widget_set_focusable(s->area, TRUE);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), s);
    gtk_widget_add_controller(s->area, keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_in), s);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_out), s);
    gtk_widget_add_controller(s->area, focus);
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "enter", G_CALLBACK(on_enter), s);
    g_signal_connect(motion, "leave", G_CALLBACK(on_leave), s);
    gtk_widget_add_controller(s->area, motion);
}
