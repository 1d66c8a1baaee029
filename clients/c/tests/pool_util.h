/*
 * The pool tests' helpers: strips that record their notes, a poll() loop
 * that runs a pool until a condition holds or a deadline passes (waiting
 * on real events only: sockets, the pool's own timeout, an inotify watch),
 * and the pool's log lines kept.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TEST_POOL_UTIL_H
#define DETENT_TEST_POOL_UTIL_H

#include "harness.h"

#include <detent/pool.h>

/** A strip and what its notes said. */
typedef struct tstrip {
    detent_strip *s;
    int opened;            /**< OPENED notes */
    int64_t opened_index;  /**< the last one's index */
    int logs;              /**< LOG notes (an error reply, a refused plugin) */
    char last_log[256];
    int index_notes;       /**< INDEX notes */
    int64_t index;         /**< the last INDEX note's */
    int index_in_io;       /**< the last INDEX note came inside detent_pool_io(): the daemon decided */
    int rests;             /**< REST notes */
    int64_t rest_index;
    int links;             /**< LINK notes */
} tstrip;

/** A strip named name with geometry g (plugin NULL: the default), recording its notes. */
int ts_init(tstrip *t, const char *name, const detent_geometry *g, const char *plugin);
void ts_fini(tstrip *t);
/** A drag of delta points from the strip's rest at event times from t, released (the content follows). */
void ts_drag(tstrip *t, double delta, double t0);
/** Its frame after every motion has ended (the frame clock moved past it): at rest, or not. */
int ts_settle(tstrip *t, detent_strip_frame *out);

/** Whether detent_pool_io() is running (for index_in_io). */
extern int pu_in_io;

/** What the log said. */
typedef struct pu_log {
    int lines;
    char last[512];
} pu_log;
void pu_log_fn(void *data, const char *line);

/** A condition over data, checked after every pass. */
typedef int (*pu_cond)(void *data);

/** Statistics of a loop: passes, and passes woken by the pool's timeout alone. */
typedef struct pu_stats {
    long passes;
    long timer_wakes;
    int max_timeout;       /**< the largest detent_pool_timeout_ms() seen */
    int max_timeout_down;  /**< ...while the pool was not connected */
    const char *watch_name; /**< with extra_fd an inotify watch: the file whose creation ends the wait */
    long long event_ms;    /**< when it was created (h_now_ms), 0: not yet */
} pu_stats;

/**
 * Runs the pool's loop until cond(data) or ms pass; extra_fd (>= 0), an
 * inotify watch, is polled too: stats->event_ms says when
 * stats->watch_name was created. Returns 1 when cond held.
 */
int pu_run(detent_pool *p, pu_cond cond, void *data, int ms, int extra_fd, pu_stats *stats);

/** An inotify watch for creations in folder; -1 on failure. */
int pu_watch_create(const char *folder);

/** The daemon's `stats` through a blocking connection of its own: sessions open now, or -1. */
long pu_daemon_sessions(const char *sock);

/** The bundled plugins.json with limits.maxSessionsPerConnection set to n (static text). */
const char *pu_config_with_limit(int n);

#endif
