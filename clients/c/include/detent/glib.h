/*
 * detent/glib.h: drives a libdetent connection from a GLib main loop, in
 * this one header (nothing to link but glib-2.0). See detent-client(3).
 * SPDX-License-Identifier: Apache-2.0
 *
 *   GSource *source = detent_glib_source_new(connection, on_event, data, NULL);
 *   g_source_attach(source, NULL);
 *
 * The source polls the connection's socket for the events it wants,
 * wakes for its timeout, runs detent_io() and hands every event (the
 * greeting, replies, pushes, errors) to the callback, on the loop's own
 * thread. The event is cleared after the callback returns. The source does
 * not own the connection; it removes itself once the connection has ended
 * and its last event is delivered. To free the connection from a
 * callback, g_source_destroy() the source first.
 */
#ifndef DETENT_GLIB_H
#define DETENT_GLIB_H

#include <detent/client.h>
#include <glib.h>
#include <poll.h>

G_BEGIN_DECLS

typedef void (*DetentGlibCallback)(detent_connection *connection, detent_event *event, gpointer user_data);

typedef struct DetentGlibSource {
    GSource source;
    detent_connection *connection;
    gpointer tag;
    int fd;
    GIOCondition events; /* what the socket is polled for now */
    DetentGlibCallback callback;
    gpointer user_data;
    GDestroyNotify notify;
} DetentGlibSource;

static inline GIOCondition detent_glib_condition_(int events)
{
    return (GIOCondition)(((events & POLLIN) ? G_IO_IN : 0) | ((events & POLLOUT) ? G_IO_OUT : 0));
}

static inline int detent_glib_revents_(GIOCondition condition)
{
    return ((condition & G_IO_IN) ? POLLIN : 0) | ((condition & G_IO_OUT) ? POLLOUT : 0) |
           ((condition & G_IO_HUP) ? POLLHUP : 0) | ((condition & G_IO_ERR) ? POLLERR : 0);
}

/**
 * Follows the connection's socket (it changes when the connection ends or
 * reconnects) and the events wanted on it, changing them only when they
 * differ: GLib wakes the context on every change, so changing them on each
 * pass would keep the loop from ever sleeping.
 */
static inline void detent_glib_sync_(DetentGlibSource *self)
{
    int fd = detent_fd(self->connection);
    GIOCondition wanted = detent_glib_condition_(detent_events(self->connection));
    if (fd != self->fd) {
        if (self->tag) g_source_remove_unix_fd(&self->source, self->tag);
        self->tag = fd >= 0 ? g_source_add_unix_fd(&self->source, fd, wanted) : NULL;
        self->fd = fd;
        self->events = wanted;
    } else if (self->tag && wanted != self->events) {
        g_source_modify_unix_fd(&self->source, self->tag, wanted);
        self->events = wanted;
    }
}

static inline gboolean detent_glib_prepare_(GSource *source, gint *timeout)
{
    DetentGlibSource *self = (DetentGlibSource *)source;
    detent_glib_sync_(self);
    *timeout = detent_timeout_ms(self->connection);
    return detent_event_count(self->connection) > 0 || *timeout == 0;
}

static inline gboolean detent_glib_check_(GSource *source)
{
    DetentGlibSource *self = (DetentGlibSource *)source;
    GIOCondition got = self->tag ? g_source_query_unix_fd(source, self->tag) : (GIOCondition)0;
    return got != 0 || detent_event_count(self->connection) > 0 || detent_timeout_ms(self->connection) == 0;
}

static inline gboolean detent_glib_dispatch_(GSource *source, GSourceFunc unused, gpointer unused_data)
{
    DetentGlibSource *self = (DetentGlibSource *)source;
    detent_connection *c = self->connection;
    (void)unused;
    (void)unused_data;
    GIOCondition got = self->tag ? g_source_query_unix_fd(source, self->tag) : (GIOCondition)0;
    if (detent_fd(c) >= 0 && (got != 0 || detent_timeout_ms(c) == 0)) detent_io(c, detent_glib_revents_(got));
    detent_event ev;
    while (!g_source_is_destroyed(source) && detent_next_event(c, &ev)) {
        self->callback(c, &ev, self->user_data);
        detent_event_clear(&ev);
    }
    if (g_source_is_destroyed(source)) return G_SOURCE_REMOVE;
    return detent_get_state(c) == DETENT_STATE_CLOSED && detent_event_count(c) == 0 ? G_SOURCE_REMOVE
                                                                                     : G_SOURCE_CONTINUE;
}

static inline void detent_glib_finalize_(GSource *source)
{
    DetentGlibSource *self = (DetentGlibSource *)source;
    if (self->notify) self->notify(self->user_data);
}

/** A source for a connection that is connecting or connected; attach it to a context. */
static inline GSource *detent_glib_source_new(detent_connection *connection, DetentGlibCallback callback,
                                              gpointer user_data, GDestroyNotify notify)
{
    static GSourceFuncs funcs = {
        detent_glib_prepare_, detent_glib_check_, detent_glib_dispatch_, detent_glib_finalize_, NULL, NULL,
    };
    GSource *source = g_source_new(&funcs, sizeof(DetentGlibSource));
    DetentGlibSource *self = (DetentGlibSource *)source;
    self->connection = connection;
    self->tag = NULL;
    self->fd = -1;
    self->events = (GIOCondition)0;
    self->callback = callback;
    self->user_data = user_data;
    self->notify = notify;
    g_source_set_name(source, "detent");
    detent_glib_sync_(self);
    return source;
}

/** Creates the source and attaches it to context (NULL: the default); returns its id. */
static inline guint detent_glib_attach(detent_connection *connection, GMainContext *context,
                                       DetentGlibCallback callback, gpointer user_data)
{
    GSource *source = detent_glib_source_new(connection, callback, user_data, NULL);
    guint id = g_source_attach(source, context);
    g_source_unref(source);
    return id;
}

G_END_DECLS

#endif
