/*
 * detent/glib.h: drives a libdetent connection, or a pool of them, from a
 * GLib main loop, in this one header (nothing to link but glib-2.0). See
 * detent-client(3).
 * SPDX-License-Identifier: Apache-2.0
 *
 *   GSource *source = detent_glib_source_new(connection, on_event, data, NULL);
 *   g_source_attach(source, NULL);
 *   detent_glib_pool_attach(pool, NULL);
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
#include <detent/pool.h>
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

/* ------------------------------------------------------------------ a pool */

/**
 * A pool's source: it polls every socket the pool lists, wakes at the
 * pool's timeout and runs detent_pool_io(); the pool routes the rest to its
 * strips. It never blocks the loop on the daemon.
 */
typedef struct DetentGlibPoolSource {
    GSource source;
    detent_pool *pool;
    struct pollfd *want; /* what the pool lists now (scratch) */
    size_t want_cap;
    struct pollfd *polled; /* what the source polls: fd, events */
    gpointer *tags;
    size_t n, cap;
} DetentGlibPoolSource;

static inline void detent_glib_pool_forget_(DetentGlibPoolSource *self, size_t i)
{
    g_source_remove_unix_fd(&self->source, self->tags[i]);
    self->n--;
    self->polled[i] = self->polled[self->n];
    self->tags[i] = self->tags[self->n];
}

/**
 * Follows the pool's sockets (they come and go with its connections) and
 * the events wanted on each, adding, changing or removing one only when it
 * differs, as detent_glib_sync_() does, so that the loop can sleep.
 */
static inline void detent_glib_pool_sync_(DetentGlibPoolSource *self)
{
    size_t count = detent_pool_fds(self->pool, self->want, self->want_cap);
    if (count > self->want_cap) {
        self->want = g_renew(struct pollfd, self->want, count);
        self->want_cap = count;
        count = detent_pool_fds(self->pool, self->want, self->want_cap);
    }
    for (size_t i = 0; i < self->n;) {
        gboolean listed = FALSE;
        for (size_t j = 0; j < count && !listed; j++) listed = self->want[j].fd == self->polled[i].fd;
        if (listed) i++;
        else detent_glib_pool_forget_(self, i);
    }
    for (size_t j = 0; j < count; j++) {
        size_t i = 0;
        while (i < self->n && self->polled[i].fd != self->want[j].fd) i++;
        GIOCondition wanted = detent_glib_condition_(self->want[j].events);
        if (i < self->n) {
            if (self->polled[i].events != self->want[j].events) {
                g_source_modify_unix_fd(&self->source, self->tags[i], wanted);
                self->polled[i].events = self->want[j].events;
            }
            continue;
        }
        if (self->n == self->cap) {
            self->cap = self->cap ? self->cap * 2 : 4;
            self->polled = g_renew(struct pollfd, self->polled, self->cap);
            self->tags = g_renew(gpointer, self->tags, self->cap);
        }
        self->polled[self->n] = self->want[j];
        self->tags[self->n++] = g_source_add_unix_fd(&self->source, self->want[j].fd, wanted);
    }
}

static inline gboolean detent_glib_pool_prepare_(GSource *source, gint *timeout)
{
    DetentGlibPoolSource *self = (DetentGlibPoolSource *)source;
    detent_glib_pool_sync_(self);
    *timeout = detent_pool_timeout_ms(self->pool);
    return *timeout == 0;
}

static inline gboolean detent_glib_pool_check_(GSource *source)
{
    DetentGlibPoolSource *self = (DetentGlibPoolSource *)source;
    for (size_t i = 0; i < self->n; i++) {
        if (g_source_query_unix_fd(source, self->tags[i]) != 0) return TRUE;
    }
    return detent_pool_timeout_ms(self->pool) == 0;
}

static inline gboolean detent_glib_pool_dispatch_(GSource *source, GSourceFunc unused, gpointer unused_data)
{
    DetentGlibPoolSource *self = (DetentGlibPoolSource *)source;
    (void)unused;
    (void)unused_data;
    for (size_t i = 0; i < self->n; i++)
        self->polled[i].revents = (short)detent_glib_revents_(g_source_query_unix_fd(source, self->tags[i]));
    detent_pool_io(self->pool, self->polled, self->n);
    /* A strip's hook may have destroyed the source (to free the pool): then the pool is not touched again. */
    if (g_source_is_destroyed(source)) return G_SOURCE_REMOVE;
    detent_glib_pool_sync_(self);
    return G_SOURCE_CONTINUE;
}

static inline void detent_glib_pool_finalize_(GSource *source)
{
    DetentGlibPoolSource *self = (DetentGlibPoolSource *)source;
    g_free(self->want);
    g_free(self->polled);
    g_free(self->tags);
}

/** A source for the pool; attach it to a context. Destroy it before detent_pool_free(). */
static inline GSource *detent_glib_pool_source_new(detent_pool *pool)
{
    static GSourceFuncs funcs = {
        detent_glib_pool_prepare_, detent_glib_pool_check_, detent_glib_pool_dispatch_, detent_glib_pool_finalize_,
        NULL, NULL,
    };
    GSource *source = g_source_new(&funcs, sizeof(DetentGlibPoolSource));
    DetentGlibPoolSource *self = (DetentGlibPoolSource *)source;
    self->pool = pool;
    self->want = NULL;
    self->want_cap = 0;
    self->polled = NULL;
    self->tags = NULL;
    self->n = self->cap = 0;
    g_source_set_name(source, "detent pool");
    detent_glib_pool_sync_(self);
    return source;
}

/** Creates the pool's source and attaches it to context (NULL: the default); returns its id. */
static inline guint detent_glib_pool_attach(detent_pool *pool, GMainContext *context)
{
    GSource *source = detent_glib_pool_source_new(pool);
    guint id = g_source_attach(source, context);
    g_source_unref(source);
    return id;
}

G_END_DECLS

#endif
