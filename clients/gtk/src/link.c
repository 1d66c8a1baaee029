/*
 * The link: one pool per socket path in the process (NULL: the discovery
 * rule), on the default main context through detent/glib.h's pool source;
 * each carousel one strip in it, from its first layout (with no pages the
 * strip closes its session until pages come). And the frames: the
 * strip says what to draw; the frame clock's tick runs only while
 * detent_strip_animating() (a carousel at rest wakes nothing). Its notes
 * become page-changed (REST), running-plugin (OPENED), the accessible
 * description (at rest) and log lines; the pool's link becomes connected.
 * Signals are emitted after the strip's call returned and the new frame
 * is stored, so a handler reads the position it rests at and may call the
 * carousel again.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

#include <detent/glib.h>
#include <detent/pool.h>

struct PoolEntry {
    detent_pool *pool;
    GList *members; /* DetentCarousel *, not referenced */
    gboolean connected;
};

static GHashTable *pools; /* socket path, "" for discovery -> PoolEntry; they live as long as the process */

static void set_connected(DetentCarousel *self, gboolean connected)
{
    if (self->connected == connected) return;
    self->connected = connected;
    g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[PROP_CONNECTED]);
}

static void on_link(detent_pool *pool, void *data)
{
    PoolEntry *e = data;
    e->connected = detent_pool_is_connected(pool);
    for (GList *l = e->members; l; l = l->next) set_connected(l->data, e->connected);
}

static void on_log(void *data, const char *line)
{
    (void)data;
    g_message("DetentCarousel: %s", line);
}

static PoolEntry *entry_for(const char *socket)
{
    if (!pools) pools = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    PoolEntry *e = g_hash_table_lookup(pools, socket ? socket : "");
    if (e) return e;
    e = g_new0(PoolEntry, 1);
    e->pool = detent_pool_new(socket, "detent-gtk");
    detent_pool_set_log(e->pool, on_log, NULL);
    detent_pool_on_link(e->pool, on_link, e);
    detent_glib_pool_attach(e->pool, NULL);
    e->connected = detent_pool_is_connected(e->pool);
    g_hash_table_insert(pools, g_strdup(socket ? socket : ""), e);
    return e;
}

void detent_carousel_link_join(DetentCarousel *self)
{
    if (self->pool) return;
    self->pool = entry_for(self->socket);
    self->pool->members = g_list_prepend(self->pool->members, self);
    set_connected(self, self->pool->connected);
    if (self->laid_out) detent_carousel_link_attach(self, TRUE);
}

/* Joined at the first layout: a carousel never shown connects nowhere. */
void detent_carousel_link_attach(DetentCarousel *self, gboolean attach)
{
    if (attach) detent_carousel_link_join(self);
    if (!self->pool || self->in_pool == attach) return;
    self->in_pool = attach;
    if (attach) detent_pool_add(self->pool->pool, self->strip);
    else detent_pool_remove(self->pool->pool, self->strip);
}

void detent_carousel_link_leave(DetentCarousel *self)
{
    if (!self->pool) return;
    detent_carousel_link_attach(self, FALSE);
    self->pool->members = g_list_remove(self->pool->members, self);
    self->pool = NULL;
}

gboolean detent_carousel_reduced(DetentCarousel *self)
{
    if (self->motion != DETENT_CAROUSEL_MOTION_AUTO) return self->motion == DETENT_CAROUSEL_MOTION_REDUCED;
    GtkSettings *settings = gtk_settings_get_default();
    gboolean on = TRUE;
    if (settings) g_object_get(settings, "gtk-enable-animations", &on, NULL);
    return !on;
}

/* The motion sent: reduced, full when asked for, else (animations on) the daemon's configured one. */
void detent_carousel_link_motion(DetentCarousel *self)
{
    detent_motion_setting m = detent_carousel_reduced(self) ? DETENT_MOTION_REDUCED
                              : self->motion == DETENT_CAROUSEL_MOTION_FULL ? DETENT_MOTION_FULL
                                                                            : DETENT_MOTION_DEFAULT;
    if (detent_strip_get_motion(self->strip) != m) detent_strip_set_motion(self->strip, m);
}

void detent_carousel_set_position_at(DetentCarousel *self, double position)
{
    if (self->position == position) return;
    self->position = position;
    g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[PROP_POSITION]);
}

/* "item N of M", set only when it changes (each change is the event a screen reader hears). */
void detent_carousel_describe(DetentCarousel *self)
{
    char text[sizeof self->described];
    guint n = self->pages->len;
    int64_t at = detent_carousel_shown_index(self);
    if (n > 0) g_snprintf(text, sizeof text, "item %lld of %u", (long long)at + 1, n);
    else text[0] = '\0';
    if (g_strcmp0(text, self->described) == 0) return;
    g_strlcpy(self->described, text, sizeof self->described);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static double now_ms(DetentCarousel *self)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(self));
    return (double)(clock ? gdk_frame_clock_get_frame_time(clock) : g_get_monotonic_time()) / 1000.0;
}

static void store(DetentCarousel *self, double now)
{
    detent_strip_frame f;
    detent_strip_frame_at(self->strip, now, &f);
    self->offset = f.offset;
    self->index = f.index;
}

/* In size_allocate: a resting strip's frame now (a moving one's comes from the tick); notes wait for an idle. */
void detent_carousel_frame_now(DetentCarousel *self)
{
    self->syncing = TRUE;
    if (!detent_strip_animating(self->strip)) store(self, now_ms(self));
    self->syncing = FALSE;
    detent_carousel_set_position_at(self, detent_strip_position(self->strip, self->offset));
}

typedef struct {
    detent_strip_note_kind kind;
    int64_t index;
    char *text;
} Note;

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data);

static void step(DetentCarousel *self, gboolean from_tick, double now)
{
    if (self->syncing || self->allocating) {
        self->dirty = TRUE;
        return;
    }
    g_object_ref(self);
    GArray *notes = g_array_new(FALSE, FALSE, sizeof(Note));
    self->syncing = TRUE;
    do {
        self->dirty = FALSE;
        if (self->laid_out && (from_tick || !detent_strip_animating(self->strip))) store(self, now);
        detent_strip_note n;
        while (detent_strip_next_note(self->strip, &n)) {
            Note copy = { n.kind, n.index, g_strdup(n.text) };
            g_array_append_val(notes, copy);
        }
    } while (self->dirty);
    self->syncing = FALSE;
    if (self->laid_out) detent_carousel_set_position_at(self, detent_strip_position(self->strip, self->offset));
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    if (!self->tick_id && detent_strip_animating(self->strip))
        self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), tick, NULL, NULL);
    for (guint i = 0; i < notes->len; i++) {
        Note *n = &g_array_index(notes, Note, i);
        switch (n->kind) {
        case DETENT_STRIP_NOTE_REST:
            detent_carousel_describe(self);
            g_signal_emit(self, detent_carousel_page_changed, 0, (guint)n->index);
            break;
        case DETENT_STRIP_NOTE_OPENED:
            detent_carousel_describe(self);
            g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[PROP_RUNNING_PLUGIN]);
            break;
        case DETENT_STRIP_NOTE_LOG: g_message("DetentCarousel: %s", n->text ? n->text : ""); break;
        default: break;
        }
        g_free(n->text);
    }
    g_array_free(notes, TRUE);
    g_object_unref(self);
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)data;
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    step(self, TRUE, (double)gdk_frame_clock_get_frame_time(clock) / 1000.0);
    if (detent_strip_animating(self->strip)) return G_SOURCE_CONTINUE;
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
}

void detent_carousel_sync(DetentCarousel *self)
{
    step(self, FALSE, now_ms(self));
}

static gboolean sync_idle(gpointer data)
{
    DetentCarousel *self = data;
    self->idle_id = 0;
    detent_carousel_sync(self);
    return G_SOURCE_REMOVE;
}

void detent_carousel_sync_later(DetentCarousel *self)
{
    if (!self->idle_id) self->idle_id = g_idle_add_full(G_PRIORITY_DEFAULT, sync_idle, self, NULL);
}

static void on_change(detent_strip *strip, void *data)
{
    (void)strip;
    detent_carousel_sync(data);
}

static void on_animations(DetentCarousel *self)
{
    detent_carousel_link_motion(self);
}

void detent_carousel_link_init(DetentCarousel *self)
{
    self->strip = detent_strip_new("carousel");
    g_assert(self->strip != NULL); /* only a bad name or no memory */
    detent_strip_set_plugin(self->strip, self->plugin);
    detent_strip_set_swipes(self->strip, DETENT_SWIPES_SHORT); /* allow-long-swipes' default, as AdwCarousel's */
    detent_strip_on_change(self->strip, on_change, self);
    GtkSettings *settings = gtk_settings_get_default();
    if (settings)
        g_signal_connect_object(settings, "notify::gtk-enable-animations", G_CALLBACK(on_animations), self,
                                G_CONNECT_SWAPPED);
    detent_carousel_link_motion(self);
}

void detent_carousel_link_stop(DetentCarousel *self)
{
    if (self->tick_id) gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
    self->tick_id = 0;
    g_clear_handle_id(&self->idle_id, g_source_remove);
    detent_strip_on_change(self->strip, NULL, NULL);
    detent_carousel_link_leave(self);
}
