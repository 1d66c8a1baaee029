/*
 * Beyond AdwCarousel: autoplay and the session's name.
 * - autoplay (ms, 0 off) is the strip's (`autoplay every=`), so the
 *   daemon's strategy steps it and its motion is followed as any other.
 *   It pauses while the keyboard focus or the pointer is in the carousel
 *   (its pages included) and comes back once both have left: WCAG 2.2.2's
 *   pause, built in so every app has it. 0 is sent too, so a plugin whose
 *   config autoplays (the bundled `carousel`) steps only when the app asks.
 * - The session is named after the widget's name (gtk_widget_set_name, a
 *   .ui's <property name="name">) when it is a session name
 *   ([A-Za-z0-9._-]{1,64}), else "carousel"; the pool makes it unique
 *   (name.2, ...). The daemon's log and a relay then say which is which.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

#include <string.h>

void detent_carousel_autoplay_apply(DetentCarousel *self)
{
    gboolean paused = self->focus_within || self->pointer_within;
    double every = self->autoplay > 0 && !paused ? (double)self->autoplay : 0;
    if (every == self->autoplay_sent) return;
    self->autoplay_sent = every;
    detent_strip_set_autoplay(self->strip, every);
}

guint detent_carousel_get_autoplay(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), 0);
    return self->autoplay;
}

/**
 * detent_carousel_set_autoplay:
 * @self: a carousel
 * @autoplay: the period in ms between steps; 0: off
 *
 * The daemon's strategy steps the carousel this often while nothing holds it;
 * paused while the keyboard focus or the pointer is in the carousel.
 */
void detent_carousel_set_autoplay(DetentCarousel *self, guint autoplay)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    if (self->autoplay == autoplay) return;
    self->autoplay = autoplay;
    detent_carousel_autoplay_apply(self);
    g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[PROP_AUTOPLAY]);
}

static void on_focus(GtkEventControllerFocus *focus, GParamSpec *pspec, DetentCarousel *self)
{
    (void)pspec;
    self->focus_within = gtk_event_controller_focus_contains_focus(focus);
    detent_carousel_autoplay_apply(self);
}

static void on_pointer(GtkEventControllerMotion *motion, GParamSpec *pspec, DetentCarousel *self)
{
    (void)pspec;
    self->pointer_within = gtk_event_controller_motion_contains_pointer(motion);
    detent_carousel_autoplay_apply(self);
}

static gboolean session_name(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n == 0 || n > 64) return FALSE;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

/* The widget's name (NULL until one is set) as the session's: out of the pool and back, reopened under it. */
static void on_name(DetentCarousel *self, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    char *name = NULL;
    g_object_get(self, "name", &name, NULL);
    const char *want = session_name(name) ? name : "carousel";
    gboolean in = self->in_pool;
    if (strcmp(want, detent_strip_get_name(self->strip)) != 0) {
        if (in) detent_carousel_link_attach(self, FALSE);
        detent_strip_set_name(self->strip, want);
        if (in) detent_carousel_link_attach(self, TRUE);
    }
    g_free(name);
}

void detent_carousel_autoplay_init(DetentCarousel *self)
{
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "notify::contains-focus", G_CALLBACK(on_focus), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "notify::contains-pointer", G_CALLBACK(on_pointer), self);
    gtk_widget_add_controller(GTK_WIDGET(self), motion);
    g_signal_connect(self, "notify::name", G_CALLBACK(on_name), NULL);
    self->autoplay_sent = -1;
    detent_carousel_autoplay_apply(self);
}
