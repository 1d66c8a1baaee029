/*
 * DetentCarousel's property calls: AdwCarousel's (interactive, spacing,
 * allow-*, reveal-duration), Detent's geometry (page-size, natural-sizes,
 * lead, trail, align, pad, loop: each lays the strip out again) and link
 * (plugin, socket, connected, running-plugin, motion).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

#include <math.h>
#include <string.h>

static void notify(DetentCarousel *self, int prop)
{
    g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[prop]);
}

#define FLAG(name, PROP, then)                                                    \
    gboolean detent_carousel_get_##name(DetentCarousel *self)                     \
    {                                                                             \
        g_return_val_if_fail(DETENT_IS_CAROUSEL(self), FALSE);                    \
        return self->name;                                                        \
    }                                                                             \
    void detent_carousel_set_##name(DetentCarousel *self, gboolean value)         \
    {                                                                             \
        g_return_if_fail(DETENT_IS_CAROUSEL(self));                               \
        value = !!value;                                                          \
        if (self->name == value) return;                                          \
        self->name = value;                                                       \
        then;                                                                     \
        notify(self, PROP);                                                       \
    }

#define LENGTH(name, PROP)                                                        \
    double detent_carousel_get_##name(DetentCarousel *self)                       \
    {                                                                             \
        g_return_val_if_fail(DETENT_IS_CAROUSEL(self), 0);                        \
        return self->name;                                                        \
    }                                                                             \
    void detent_carousel_set_##name(DetentCarousel *self, double value)           \
    {                                                                             \
        g_return_if_fail(DETENT_IS_CAROUSEL(self));                               \
        g_return_if_fail(value >= 0 && isfinite(value));                          \
        if (self->name == value) return;                                          \
        self->name = value;                                                       \
        gtk_widget_queue_resize(GTK_WIDGET(self));                                \
        notify(self, PROP);                                                       \
    }

#define UINT(name, PROP, then)                                                    \
    guint detent_carousel_get_##name(DetentCarousel *self)                        \
    {                                                                             \
        g_return_val_if_fail(DETENT_IS_CAROUSEL(self), 0);                        \
        return self->name;                                                        \
    }                                                                             \
    void detent_carousel_set_##name(DetentCarousel *self, guint value)            \
    {                                                                             \
        g_return_if_fail(DETENT_IS_CAROUSEL(self));                               \
        if (self->name == value) return;                                          \
        self->name = value;                                                       \
        then;                                                                     \
        notify(self, PROP);                                                       \
    }

/* Off mid-gesture: the gesture ends where the content is (cancel). */
FLAG(interactive, PROP_INTERACTIVE, detent_carousel_input_update(self))
FLAG(allow_mouse_drag, PROP_ALLOW_MOUSE_DRAG, detent_carousel_input_update(self))
FLAG(allow_scroll_wheel, PROP_ALLOW_SCROLL_WHEEL, (void)0)
/* The session's swipes=long|short, overriding the plugin's own option (detent-protocol(7), open). */
FLAG(allow_long_swipes, PROP_ALLOW_LONG_SWIPES,
     detent_strip_set_swipes(self->strip, value ? DETENT_SWIPES_LONG : DETENT_SWIPES_SHORT))
FLAG(natural_sizes, PROP_NATURAL_SIZES, gtk_widget_queue_resize(GTK_WIDGET(self)))
FLAG(pad, PROP_PAD, gtk_widget_queue_resize(GTK_WIDGET(self)))
FLAG(loop, PROP_LOOP, gtk_widget_queue_resize(GTK_WIDGET(self)))
UINT(spacing, PROP_SPACING, gtk_widget_queue_resize(GTK_WIDGET(self)))
/* Stored: pages appear and go at once (detent-carousel(3)). */
UINT(reveal_duration, PROP_REVEAL_DURATION, (void)0)
LENGTH(page_size, PROP_PAGE_SIZE)
LENGTH(lead, PROP_LEAD)
LENGTH(trail, PROP_TRAIL)

DetentCarouselAlign detent_carousel_get_align(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), DETENT_CAROUSEL_ALIGN_DEFAULT);
    return self->align;
}

void detent_carousel_set_align(DetentCarousel *self, DetentCarouselAlign align)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(align <= DETENT_CAROUSEL_ALIGN_END);
    if (self->align == align) return;
    self->align = align;
    gtk_widget_queue_resize(GTK_WIDGET(self));
    notify(self, PROP_ALIGN);
}

/**
 * detent_carousel_get_plugin:
 * @self: a carousel
 *
 * Returns: (nullable): the plugin asked for; %NULL: the daemon's default
 */
const char *detent_carousel_get_plugin(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), NULL);
    return self->plugin;
}

/**
 * detent_carousel_set_plugin:
 * @self: a carousel
 * @plugin: (nullable): a plugin of the daemon's plugins.json, or %NULL for its default
 *
 * An open session is closed and opened again under it, on the page it rests on.
 */
void detent_carousel_set_plugin(DetentCarousel *self, const char *plugin)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    if (g_strcmp0(self->plugin, plugin) == 0) return;
    g_free(self->plugin);
    self->plugin = g_strdup(plugin);
    if (self->laid_out) { /* after the geometry changed with it, at the next allocation */
        self->plugin_due = TRUE;
        gtk_widget_queue_resize(GTK_WIDGET(self));
    } else {
        detent_strip_set_plugin(self->strip, plugin);
    }
    notify(self, PROP_PLUGIN);
}

/**
 * detent_carousel_get_socket:
 * @self: a carousel
 *
 * Returns: (nullable): the daemon's socket path; %NULL: the discovery rule
 */
const char *detent_carousel_get_socket(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), NULL);
    return self->socket;
}

/**
 * detent_carousel_set_socket:
 * @self: a carousel
 * @socket: (nullable): the daemon's socket path, or %NULL for the discovery rule
 *   (`DETENT_SOCKET`, then the system's; detent-client(3))
 *
 * The carousel moves to the connection of that socket (one per socket in a
 * process), reopening its session there on the page it rests on.
 */
void detent_carousel_set_socket(DetentCarousel *self, const char *socket)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    if (socket && !*socket) socket = NULL;
    if (g_strcmp0(self->socket, socket) == 0) return;
    gboolean joined = self->pool != NULL;
    if (joined) detent_carousel_link_leave(self);
    g_free(self->socket);
    self->socket = g_strdup(socket);
    if (joined) detent_carousel_link_join(self);
    notify(self, PROP_SOCKET);
}

/**
 * detent_carousel_get_connected:
 * @self: a carousel
 *
 * Returns: whether a daemon answers on its socket (else the carousel pages by
 *   the local rule, and its connection tries again by itself)
 */
gboolean detent_carousel_get_connected(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), FALSE);
    return self->connected;
}

/**
 * detent_carousel_get_running_plugin:
 * @self: a carousel
 *
 * Returns: (nullable): the plugin that runs its session (the daemon's
 *   default when the one asked for was refused); %NULL before a session opened
 */
const char *detent_carousel_get_running_plugin(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), NULL);
    return detent_strip_get_plugin(self->strip);
}

DetentCarouselMotion detent_carousel_get_motion(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), DETENT_CAROUSEL_MOTION_AUTO);
    return self->motion;
}

void detent_carousel_set_motion(DetentCarousel *self, DetentCarouselMotion motion)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(motion <= DETENT_CAROUSEL_MOTION_REDUCED);
    if (self->motion == motion) return;
    self->motion = motion;
    detent_carousel_link_motion(self);
    notify(self, PROP_MOTION);
}
