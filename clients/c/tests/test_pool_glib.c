/*
 * The pool's GLib source (detent/glib.h) on a GMainLoop: strips paged
 * against the real daemon; idle with the daemon up, the loop does not wake
 * (its iterations over a real wait are counted); the daemon gone, it wakes
 * only for the backoff's attempts; back, every session reopens.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_util.h"

#include <detent/glib.h>
#include <signal.h>

static const detent_geometry pages = { .viewport = 300, .item = 300, .count = 5 };

#define N 4

typedef struct world {
    tstrip t[N];
    detent_pool *p;
    int before[N];
} world;

typedef int (*cond_fn)(world *w);

static gboolean ring(gpointer data)
{
    *(int *)data = 1;
    return G_SOURCE_REMOVE;
}

/** Iterates the default context until cond or ms; returns iterations, or -1 when the deadline came first. */
static long iterate(world *w, cond_fn cond, int ms)
{
    int late = 0;
    guint guard = g_timeout_add(ms, ring, &late);
    long n = 0;
    while (!(cond && cond(w)) && !late) {
        pu_in_io = 1; /* a note inside an iteration came from the pool's dispatch */
        g_main_context_iteration(NULL, TRUE);
        pu_in_io = 0;
        n++;
    }
    if (!late) g_source_remove(guard);
    return cond && !cond(w) ? -1 : n;
}

static int opened(world *w)
{
    for (int i = 0; i < N; i++) {
        if (w->t[i].opened <= w->before[i] || detent_strip_get_link(w->t[i].s) != DETENT_STRIP_OPEN) return 0;
    }
    return 1;
}

static int decided(world *w)
{
    for (int i = 0; i < N; i++) {
        if (w->t[i].index_notes <= w->before[i]) return 0;
    }
    return 1;
}

static int offline(world *w)
{
    for (int i = 0; i < N; i++) {
        if (detent_strip_get_link(w->t[i].s) != DETENT_STRIP_OFFLINE) return 0;
    }
    return !detent_pool_is_connected(w->p);
}

static void mark_opened(world *w)
{
    for (int i = 0; i < N; i++) w->before[i] = w->t[i].opened;
}

int main(void)
{
    h_begin("pool-glib", 90);
    h_daemon d;
    h_case("start a daemon");
    CHECK(h_daemon_start(&d, "pool-glib", NULL) == 0, "the bundled plugins.json");
    if (h_failed()) return h_end();

    h_case("a GMainLoop carries a pool: strips open and are paged by the daemon");
    static world w;
    w.p = detent_pool_new(d.sock, "pool-glib-test");
    guint id = detent_glib_pool_attach(w.p, NULL);
    CHECK(id > 0, "attached");
    for (int i = 0; i < N; i++) {
        ts_init(&w.t[i], "glib", &pages, "paging");
        detent_pool_add(w.p, w.t[i].s);
    }
    mark_opened(&w);
    CHECK(iterate(&w, opened, 10000) >= 0, "every session opened");
    for (int i = 0; i < N; i++) {
        w.before[i] = w.t[i].index_notes;
        ts_drag(&w.t[i], -200, 1000);
    }
    CHECK(iterate(&w, decided, 10000) >= 0, "every release decided");
    for (int i = 0; i < N; i++) {
        detent_strip_frame f;
        CHECK(w.t[i].index_in_io && ts_settle(&w.t[i], &f) && f.index == w.t[i].index,
              "strip %d: the daemon's decision, index %lld", i, (long long)w.t[i].index);
        CHECK_EQ_INT(w.t[i].logs, 0);
    }

    h_case("idle with the daemon up: over 500 ms the loop wakes for nothing but the test's own timer");
    iterate(&w, NULL, 200); /* the last replies' tail */
    long idle = iterate(&w, NULL, 500);
    printf("   %ld iteration(s) in 500 ms idle\n", idle);
    CHECK_EQ_INT(idle, 1); /* the test's timer */

    h_case("the daemon gone: strips offline, the loop wakes for the attempts only; back: every session reopens");
    h_daemon_kill(&d, SIGKILL);
    CHECK(iterate(&w, offline, 10000) >= 0, "every strip offline");
    h_daemon_stop(&d);
    long down = iterate(&w, NULL, 1600);
    /* 100 + 200 + 400 + 800 ms of backoff: about 5 attempts, each a wake; never a busy loop */
    printf("   %ld iterations in 1600 ms without a daemon\n", down);
    CHECK(down >= 3 && down <= 12, "%ld iterations", down);
    mark_opened(&w);
    CHECK(h_daemon_launch(&d, 0) == 0, "restart it");
    CHECK(iterate(&w, opened, 10000) >= 0, "every session reopened");
    for (int i = 0; i < N; i++) CHECK_EQ_INT(w.t[i].opened_index, w.t[i].index);

    h_case("the source destroyed, the pool freed with its strips attached");
    g_source_remove(id);
    detent_pool_free(w.p);
    for (int i = 0; i < N; i++) {
        CHECK_EQ_INT(detent_strip_get_link(w.t[i].s), DETENT_STRIP_OFFLINE);
        ts_fini(&w.t[i]);
    }
    h_daemon_stop(&d);
    return h_end();
}
