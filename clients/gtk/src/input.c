/*
 * GTK's events in, as the strip's calls, with the events' own times. No
 * paging rule lives here, only which events are the carousel's:
 * - A drag (mouse unless allow-mouse-drag is off; touch) is pressed on the
 *   strip at its first real motion, with the press's time, as AdwCarousel's
 *   swipe tracker starts at the first motion: a click that never moves
 *   pages nothing and emits nothing (measured on AdwCarousel 1.2.2). It
 *   claims the pointer once it has gone 16 px along the axis
 *   (AdwSwipeTracker's threshold), so a button in a page keeps its clicks;
 *   a drag that goes that far across the axis first is left to the parent.
 *   Horizontal drags are mirrored under right-to-left.
 * - The wheel (discrete events, and smooth ones in wheel units) as `wheel`
 *   in notches, unless allow-scroll-wheel is off; the touchpad (smooth
 *   events in surface units, holds) as `scroll` phases.
 * - Keys while the carousel itself has the focus: Left/Right (Up/Down when
 *   vertical; mirrored under right-to-left), Home/End, Page Up/Down, as
 *   `step`. A press on the carousel outside a focusable page child takes
 *   the focus, as Tab does. The ring shows while GTK shows focus (after
 *   Tab) and while keys page it: GTK hides focus after a key that did not
 *   move it, which would hide it from a person paging by keys.
 * None of them while interactive is off.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

#include <math.h>

#define CLAIM_PX 16.0 /* AdwSwipeTracker's drag threshold (libadwaita 1.2, LGPL-2.1+; NOTICE) */

static double event_time(GtkEventController *c, double fallback)
{
    double t = (double)gtk_event_controller_get_current_event_time(c);
    return t == 0 ? fallback : t;
}

static gboolean usable(DetentCarousel *self)
{
    return self->interactive && self->laid_out && self->pages->len > 0;
}

/* Along the strip's axis, in the content's direction. */
static double along(DetentCarousel *self, double dx, double dy)
{
    if (detent_carousel_is_vertical(self)) return dy;
    return detent_carousel_is_mirrored(self) ? -dx : dx;
}

/* A real move of the pointer or a finger: GDK also synthesizes motion (time 0) after a layout change. */
static gboolean moved_now(GtkGesture *gesture)
{
    GdkEvent *e = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(gesture));
    if (!e || gdk_event_get_time(e) == 0) return FALSE;
    GdkEventType type = gdk_event_get_event_type(e);
    return type == GDK_MOTION_NOTIFY || type == GDK_TOUCH_UPDATE;
}

static void focus_on_press(DetentCarousel *self, double x, double y)
{
    GtkWidget *w = gtk_widget_pick(GTK_WIDGET(self), x, y, GTK_PICK_DEFAULT);
    for (; w && w != GTK_WIDGET(self); w = gtk_widget_get_parent(w))
        if (gtk_widget_get_focusable(w)) return;
    gtk_widget_grab_focus(GTK_WIDGET(self));
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, DetentCarousel *self)
{
    if (!usable(self) || self->scrolling) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    self->press_pending = TRUE;
    self->pressed = self->claimed = FALSE;
    if (self->keyed) gtk_widget_queue_draw(GTK_WIDGET(self));
    self->keyed = FALSE;
    self->press_t = self->last_t = event_time(GTK_EVENT_CONTROLLER(gesture), 0);
    focus_on_press(self, x, y);
}

static void let_go(DetentCarousel *self, GtkGesture *gesture)
{
    gboolean was = self->pressed;
    self->press_pending = self->pressed = FALSE;
    if (was) detent_strip_cancel(self->strip);
    gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, DetentCarousel *self)
{
    if (!(self->press_pending || self->pressed) || !moved_now(GTK_GESTURE(gesture))) return;
    double t = event_time(GTK_EVENT_CONTROLLER(gesture), self->last_t);
    double a = along(self, dx, dy), across = detent_carousel_is_vertical(self) ? dx : dy;
    self->last_t = t;
    if (!self->claimed && fabs(across) >= CLAIM_PX && fabs(across) > fabs(a)) {
        let_go(self, GTK_GESTURE(gesture)); /* a drag across the carousel: its parent's */
        return;
    }
    if (self->press_pending) {
        self->press_pending = FALSE;
        if (!detent_strip_press(self->strip, self->press_t)) {
            gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
            return;
        }
        self->pressed = TRUE;
    }
    if (!self->claimed && fabs(a) >= CLAIM_PX) {
        self->claimed = TRUE;
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
    detent_strip_drag(self->strip, a, t);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, DetentCarousel *self)
{
    self->press_pending = FALSE; /* never moved: a click, nothing to page */
    if (!self->pressed) return;
    self->pressed = FALSE;
    double t = event_time(GTK_EVENT_CONTROLLER(gesture), self->last_t);
    detent_strip_release(self->strip, along(self, dx, dy), t < self->last_t ? self->last_t : t);
}

static void on_drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, DetentCarousel *self)
{
    (void)gesture;
    (void)sequence;
    self->press_pending = FALSE;
    if (!self->pressed) return;
    self->pressed = FALSE;
    detent_strip_cancel(self->strip);
}

/* A touchpad's event: smooth in surface units (points), or a hold (fingers resting on it). */
static gboolean from_touchpad(GdkEvent *e)
{
    if (!e) return FALSE;
    GdkEventType type = gdk_event_get_event_type(e);
    if (type == GDK_TOUCHPAD_HOLD) return TRUE;
    return type == GDK_SCROLL && gdk_scroll_event_get_direction(e) == GDK_SCROLL_SMOOTH &&
           gdk_scroll_event_get_unit(e) == GDK_SCROLL_UNIT_SURFACE;
}

static double mirror_dx(DetentCarousel *self, double dx)
{
    return detent_carousel_is_mirrored(self) ? -dx : dx;
}

static void touchpad_begin(DetentCarousel *self, GtkEventController *c)
{
    GdkEvent *e = gtk_event_controller_get_current_event(c);
    double dx = 0, dy = 0, t = event_time(c, self->last_t);
    if (e && gdk_event_get_event_type(e) == GDK_SCROLL) gdk_scroll_event_get_deltas(e, &dx, &dy);
    self->last_t = t;
    self->scrolling = detent_strip_scroll(self->strip, mirror_dx(self, dx), dy, t, DETENT_PHASE_BEGIN);
}

static void touchpad_end(DetentCarousel *self, GtkEventController *c)
{
    if (!self->scrolling) return;
    double t = event_time(c, self->last_t);
    self->scrolling = FALSE;
    self->last_t = t = t < self->last_t ? self->last_t : t;
    detent_strip_scroll(self->strip, 0, 0, t, DETENT_PHASE_END);
}

static void on_scroll_begin(GtkEventControllerScroll *scroll, DetentCarousel *self)
{
    GtkEventController *c = GTK_EVENT_CONTROLLER(scroll);
    if (!usable(self) || self->pressed || self->scrolling || !from_touchpad(gtk_event_controller_get_current_event(c)))
        return;
    touchpad_begin(self, c);
}

static gboolean on_scroll(GtkEventControllerScroll *scroll, double dx, double dy, DetentCarousel *self)
{
    GtkEventController *c = GTK_EVENT_CONTROLLER(scroll);
    if (!usable(self)) return FALSE;
    GdkEvent *e = gtk_event_controller_get_current_event(c);
    if (!from_touchpad(e)) {
        if (!self->allow_scroll_wheel) return FALSE;
        GdkDevice *device = e ? gdk_event_get_device(e) : NULL;
        gboolean mouse = device && gdk_device_get_source(device) == GDK_SOURCE_MOUSE;
        double t = event_time(c, self->last_t);
        self->last_t = t;
        detent_strip_wheel(self->strip, dx, dy, t, mouse ? DETENT_SOURCE_MOUSE : DETENT_SOURCE_OTHER);
        return TRUE;
    }
    if (gdk_scroll_event_is_stop(e)) { /* its merged deltas are not applied (detent-protocol(7)) */
        touchpad_end(self, c);
        return TRUE;
    }
    if (self->pressed) return TRUE;
    if (!self->scrolling) touchpad_begin(self, c); /* GTK's gesture may have begun on a wheel's event */
    if (!self->scrolling) return FALSE;
    double t = event_time(c, self->last_t);
    self->last_t = t;
    detent_strip_scroll(self->strip, mirror_dx(self, dx), dy, t, DETENT_PHASE_DEFAULT);
    return TRUE;
}

static void on_scroll_end(GtkEventControllerScroll *scroll, DetentCarousel *self)
{
    touchpad_end(self, GTK_EVENT_CONTROLLER(scroll));
}

static detent_to key_step(DetentCarousel *self, guint keyval)
{
    gboolean vertical = detent_carousel_is_vertical(self), rtl = detent_carousel_is_mirrored(self);
    detent_to back = vertical ? DETENT_TO_DEFAULT : rtl ? DETENT_TO_NEXT : DETENT_TO_PREV;
    detent_to forth = vertical ? DETENT_TO_DEFAULT : rtl ? DETENT_TO_PREV : DETENT_TO_NEXT;
    switch (keyval) {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return back;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return forth;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return vertical ? DETENT_TO_PREV : DETENT_TO_DEFAULT;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return vertical ? DETENT_TO_NEXT : DETENT_TO_DEFAULT;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: return DETENT_TO_FIRST;
    case GDK_KEY_End: case GDK_KEY_KP_End: return DETENT_TO_LAST;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return DETENT_TO_PREV;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return DETENT_TO_NEXT;
    default: return DETENT_TO_DEFAULT;
    }
}

static gboolean on_key(GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                       DetentCarousel *self)
{
    (void)keycode;
    detent_to to = key_step(self, keyval);
    if (to == DETENT_TO_DEFAULT || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))) return FALSE;
    if (!usable(self) || !gtk_widget_is_focus(GTK_WIDGET(self))) return FALSE;
    double t = event_time(GTK_EVENT_CONTROLLER(keys), self->last_t);
    if (!self->keyed) gtk_widget_queue_draw(GTK_WIDGET(self)); /* the ring, while keys page it */
    self->keyed = TRUE;
    detent_strip_step(self->strip, to, t);
    return TRUE;
}

void detent_carousel_input_init(DetentCarousel *self)
{
    self->drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(self->drag), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(self->drag), GTK_PHASE_CAPTURE);
    g_signal_connect(self->drag, "drag-begin", G_CALLBACK(on_drag_begin), self);
    g_signal_connect(self->drag, "drag-update", G_CALLBACK(on_drag_update), self);
    g_signal_connect(self->drag, "drag-end", G_CALLBACK(on_drag_end), self);
    g_signal_connect(self->drag, "cancel", G_CALLBACK(on_drag_cancel), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(self->drag));

    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    g_signal_connect(scroll, "scroll-begin", G_CALLBACK(on_scroll_begin), self);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), self);
    g_signal_connect(scroll, "scroll-end", G_CALLBACK(on_scroll_end), self);
    gtk_widget_add_controller(GTK_WIDGET(self), scroll);

    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
}

/* interactive or allow-mouse-drag changed: a gesture under way ends where the content is. */
void detent_carousel_input_update(DetentCarousel *self)
{
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(self->drag), !self->allow_mouse_drag);
    if (self->interactive) return;
    if (self->pressed || self->press_pending) let_go(self, self->drag);
    if (self->scrolling) {
        self->scrolling = FALSE;
        detent_strip_scroll(self->strip, 0, 0, self->last_t, DETENT_PHASE_END);
    }
}

/* scroll_to while a drag or a swipe holds the strip (which takes no goto then): the app's call wins, the
 * gesture is let go where it is (a swipe's next event begins a new one, as AdwCarousel's tracker goes on). */
void detent_carousel_input_yield(DetentCarousel *self)
{
    if (self->pressed) let_go(self, self->drag);
    if (self->scrolling) {
        self->scrolling = FALSE;
        detent_strip_cancel(self->strip);
    }
}

void detent_carousel_input_stop(DetentCarousel *self)
{
    self->press_pending = self->pressed = self->scrolling = FALSE;
}
