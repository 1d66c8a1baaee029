/*
 * detent/pool.h: the connections that carry an app's strips to detentd.
 * See detent-strip(3).
 * SPDX-License-Identifier: Apache-2.0
 *
 * A pool owns one non-blocking connection (detent/client.h) and opens
 * another when the daemon refuses a session for its
 * limits.maxSessionsPerConnection, so no limit caps an app. Strips added
 * to it get unique session names, send their requests through it and get
 * their replies and pushes back. When the daemon is gone every strip is
 * told (detent_strip_offline: it pages by the local rule) and the pool
 * connects again by itself, with a backoff that never waits longer than
 * its maximum (1 s by default, so a daemon started later, or
 * socket-activated, is found within 2 s); one log line per outage, not one
 * per attempt. When it answers, every strip reopens where it rests.
 *
 * A pool does I/O but owns no loop: the loop polls detent_pool_fds() and
 * wakes after detent_pool_timeout_ms(), then calls detent_pool_io().
 * detent/glib.h's detent_glib_pool_attach() does it on a GLib main loop,
 * detent/qt.h's detent::QtPool on Qt's.
 * One pool is used by one thread at a time.
 */
#ifndef DETENT_POOL_H
#define DETENT_POOL_H

#include <detent/strip.h>
#include <poll.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct detent_pool detent_pool;

typedef void (*detent_pool_log_fn)(void *data, const char *line);
typedef void (*detent_pool_hook)(detent_pool *pool, void *data);

/** The first retry waits this long, each next one twice as long, up to the maximum. */
#define DETENT_POOL_RETRY_FIRST_MS 100
#define DETENT_POOL_RETRY_MAX_MS 1000

/**
 * A pool reaching the daemon at path (NULL: the discovery rule,
 * detent-client(3)), greeting it as client (NULL: "libdetent"). It starts
 * connecting at once, without blocking.
 */
DETENT_API detent_pool *detent_pool_new(const char *path, const char *client);
/** Closes its connections; its strips stay (offline), detached from it. */
DETENT_API void detent_pool_free(detent_pool *p);

/** Carries the strip (renamed name.N when the name is taken); 0, or -1 when it is in another pool. */
DETENT_API int detent_pool_add(detent_pool *p, detent_strip *s);
/** Closes the strip's session and forgets it; the strip stays, offline. */
DETENT_API void detent_pool_remove(detent_pool *p, detent_strip *s);
DETENT_API size_t detent_pool_strip_count(const detent_pool *p);

/** Whether a daemon answers (its greeting came). */
DETENT_API bool detent_pool_is_connected(const detent_pool *p);
/** Where the daemon answers, or where the pool last looked; NULL before the first attempt ends. */
DETENT_API const char *detent_pool_path(const detent_pool *p);
/** The connections open now (one unless the daemon's session limit made more). */
DETENT_API size_t detent_pool_connection_count(const detent_pool *p);
/** The retry's backoff: first and maximum waits in ms (at least 10 each). */
DETENT_API void detent_pool_set_retry(detent_pool *p, int first_ms, int max_ms);
/** Where its log lines go (default: none); a line has no newline. */
DETENT_API void detent_pool_set_log(detent_pool *p, detent_pool_log_fn fn, void *data);
/** Called when detent_pool_is_connected() changes. */
DETENT_API void detent_pool_on_link(detent_pool *p, detent_pool_hook fn, void *data);

/* ------------------------------------------------------------ the loop's side */

/** Fills up to max pollfds (fd and events); returns how many there are (may be more than max). */
DETENT_API size_t detent_pool_fds(const detent_pool *p, struct pollfd *fds, size_t max);
/** Milliseconds until detent_pool_io() must run even without an fd event; -1: none. */
DETENT_API int detent_pool_timeout_ms(const detent_pool *p);
/** After poll() (fds with their revents, as filled) or the timeout (n may be 0). */
DETENT_API void detent_pool_io(detent_pool *p, const struct pollfd *fds, size_t n);

#ifdef __cplusplus
}
#endif

#endif
