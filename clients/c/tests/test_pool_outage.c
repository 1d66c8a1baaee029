/*
 * The pool without a daemon, in a poll() loop: the backoff's schedule
 * (attempts counted by a listener of the test's that closes each one; the
 * wait never above the maximum, no fd polled between attempts, one log
 * line), strips paging offline by the local rule, a daemon started later
 * found within 2 s of its socket appearing with every session reopened
 * where it rested, and a daemon killed during a drag: the drag still ends
 * on a snap, and after a restart every session reopens where it rested.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_util.h"

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static const detent_geometry pages = { .viewport = 300, .item = 300, .count = 5 };

static void backoff(void)
{
    h_case("the backoff: 100, 200, 400, 400 ms ... counted by a listener that closes every connection; one log "
           "line; no fd between attempts");
    char path[300];
    snprintf(path, sizeof path, "%s/closing.sock", h_tmp());
    struct sockaddr_un addr;
    h_sockaddr(&addr, path);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    CHECK(bind(listener, (struct sockaddr *)&addr, sizeof addr) == 0 && listen(listener, 8) == 0, "listen on %s",
          path);
    pu_log log = { 0 };
    detent_pool *p = detent_pool_new(path, "pool-test");
    detent_pool_set_log(p, pu_log_fn, &log);
    detent_pool_set_retry(p, 100, 400);
    static const int schedule[] = { 100, 200, 400, 400, 400, 400 };
    int attempts = 0, longest[8] = { 0 }, sleeps_forever = 0;
    long passes = 0;
    struct pollfd fds[4];
    for (long long until = h_now_ms() + 10000; attempts < 7 && h_now_ms() < until; passes++) {
        size_t n = detent_pool_fds(p, fds, 2);
        int timeout = detent_pool_timeout_ms(p);
        CHECK(timeout <= 400, "the wait %d ms is above the maximum", timeout);
        if (attempts > 0 && n == 0 && timeout > longest[attempts - 1]) longest[attempts - 1] = timeout;
        sleeps_forever += timeout < 0; /* between attempts nothing is polled: only the timeout wakes it */
        fds[n] = (struct pollfd){ .fd = listener, .events = POLLIN };
        if (poll(fds, n + 1, timeout < 0 || timeout > 1000 ? 1000 : timeout) < 0) continue;
        if (fds[n].revents & POLLIN) {
            int conn = accept(listener, NULL, NULL);
            if (conn >= 0) {
                attempts++;
                close(conn); /* the daemon that closes at once: the attempt fails */
            }
        }
        detent_pool_io(p, fds, n);
    }
    CHECK(attempts >= 7, "attempts counted: %d", attempts);
    for (int k = 0; k < 6 && k + 1 < attempts; k++) {
        CHECK(longest[k] <= schedule[k] && longest[k] > schedule[k] / 2,
              "after attempt %d the wait was %d ms, the schedule says %d", k + 1, longest[k], schedule[k]);
    }
    printf("   %d attempts in %ld passes; waits after each: %d %d %d %d %d %d ms\n", attempts, passes, longest[0],
           longest[1], longest[2], longest[3], longest[4], longest[5]);
    CHECK(passes <= attempts * 3 + 3, "no busy loop: %ld passes for %d attempts", passes, attempts);
    CHECK_EQ_INT(sleeps_forever, 0);
    CHECK_EQ_INT(log.lines, 1);
    CHECK(!detent_pool_is_connected(p), "never connected");
    CHECK_EQ_STR(detent_pool_path(p), path);
    detent_pool_free(p);
    close(listener);
    unlink(path);
}

typedef struct world {
    detent_pool *p;
    tstrip *t;
    int n;
    int opened_before[3];
    long long linked_ms; /**< when detent_pool_is_connected() turned true */
    long timer_wakes_wanted;
    pu_stats *stats;
} world;

static void on_link(detent_pool *p, void *data)
{
    world *w = data;
    if (detent_pool_is_connected(p) && !w->linked_ms) w->linked_ms = h_now_ms();
}

static int reopened(void *data)
{
    world *w = data;
    for (int i = 0; i < w->n; i++) {
        if (w->t[i].opened <= w->opened_before[i] || detent_strip_get_link(w->t[i].s) != DETENT_STRIP_OPEN) return 0;
    }
    return 1;
}

static int waited(void *data)
{
    world *w = data;
    return w->stats->timer_wakes >= w->timer_wakes_wanted;
}

static int disconnected(void *data)
{
    world *w = data;
    return !detent_pool_is_connected(w->p);
}

/** Starts d now, runs the loop until every strip reopened; checks the delay from its socket's creation. */
static void start_and_reopen(world *w, h_daemon *d, const char *name)
{
    for (int i = 0; i < w->n; i++) w->opened_before[i] = w->t[i].opened;
    int watch = pu_watch_create(h_tmp());
    CHECK(watch >= 0, "inotify");
    char sock_name[80];
    snprintf(sock_name, sizeof sock_name, "%s.sock", name);
    pu_stats stats = { .watch_name = sock_name };
    w->linked_ms = 0;
    CHECK(h_daemon_launch(d, 0) == 0, "launch detentd");
    CHECK(pu_run(w->p, reopened, w, 15000, watch, &stats), "every session reopened");
    close(watch);
    long long delay = w->linked_ms - stats.event_ms;
    CHECK(stats.event_ms > 0 && w->linked_ms > 0 && delay < 2000,
          "connected %lld ms after the daemon's socket appeared (issue 38: within 2 s)", delay);
    printf("   connected %lld ms after the daemon's socket appeared\n", delay);
}

static void offline_then_daemon(h_daemon *d, world *w, pu_log *log)
{
    h_case("no daemon at start: the strips page by the local rule; a daemon started later is found within 2 s and "
           "every session opens where its strip rested");
    tstrip *t = w->t;
    CHECK(!detent_pool_is_connected(w->p), "not connected");
    CHECK_EQ_INT(log->lines, 1); /* the first attempt failed inside detent_pool_new, said once the log was set */
    for (int i = 0; i < w->n; i++) CHECK_EQ_INT(detent_strip_get_link(t[i].s), DETENT_STRIP_OFFLINE);
    ts_drag(&t[0], -200, 1000);
    ts_drag(&t[1], -200, 1000);
    detent_strip_frame f;
    ts_settle(&t[1], &f);
    ts_drag(&t[1], -200, 2000);
    static const int64_t want[3] = { 1, 2, 0 };
    for (int i = 0; i < w->n; i++) {
        CHECK(ts_settle(&t[i], &f) && f.index == want[i] && f.offset == 300.0 * (double)want[i],
              "strip %d rests at %lld (x %g) offline, not %lld", i, (long long)f.index, f.offset, (long long)want[i]);
    }
    CHECK(t[0].index_notes >= 1 && !t[0].index_in_io, "the local rule decided at the release, not the loop");

    pu_stats stats = { 0 };
    w->stats = &stats;
    w->timer_wakes_wanted = 5; /* 100 + 200 + 400 + 800 ms: the backoff at its maximum */
    CHECK(pu_run(w->p, waited, w, 10000, -1, &stats), "attempts: %ld", stats.timer_wakes);
    CHECK(stats.max_timeout_down <= DETENT_POOL_RETRY_MAX_MS, "the wait %d ms is above the maximum",
          stats.max_timeout_down);
    CHECK_EQ_INT(detent_pool_fds(w->p, NULL, 0), 0);
    CHECK_EQ_INT(log->lines, 1);
    start_and_reopen(w, d, "late");
    for (int i = 0; i < w->n; i++) CHECK_EQ_INT(t[i].opened_index, want[i]);
    CHECK_EQ_INT(log->lines, 2);
}

static void killed_mid_drag(h_daemon *d, world *w, pu_log *log)
{
    h_case("the daemon killed during a drag: the drag ends on a snap (local rule); restarted, every session reopens "
           "where it rested; one log line for the outage and one for the return");
    tstrip *t = w->t;
    detent_strip_frame f;
    CHECK(detent_strip_press(t[0].s, 5000), "press");
    detent_strip_drag(t[0].s, -60, 5016);
    detent_strip_drag(t[0].s, -120, 5032);
    h_daemon_kill(d, SIGKILL);
    CHECK(pu_run(w->p, disconnected, w, 10000, -1, NULL), "the pool saw the daemon go");
    CHECK_EQ_INT(log->lines, 3);
    detent_strip_drag(t[0].s, -180, 5048);
    detent_strip_release(t[0].s, -200, 5064);
    CHECK(ts_settle(&t[0], &f) && f.index == 2 && f.offset == 600, "the drag ended on a snap: index %lld x %g",
          (long long)f.index, f.offset);
    h_daemon_stop(d); /* reaps it */
    pu_stats stats = { 0 };
    w->stats = &stats;
    w->timer_wakes_wanted = 4;
    CHECK(pu_run(w->p, waited, w, 10000, -1, &stats), "attempts while it is away: %ld", stats.timer_wakes);
    CHECK(stats.max_timeout_down <= DETENT_POOL_RETRY_MAX_MS, "the wait %d ms", stats.max_timeout_down);
    CHECK_EQ_INT(log->lines, 3); /* however many attempts */
    start_and_reopen(w, d, "late");
    static const int64_t want[3] = { 2, 2, 0 };
    for (int i = 0; i < w->n; i++) CHECK_EQ_INT(t[i].opened_index, want[i]);
    CHECK_EQ_INT(log->lines, 4);
}

int main(void)
{
    h_begin("pool-outage", 120);
    backoff();
    h_daemon d;
    h_daemon_prepare(&d, "late", NULL);
    pu_log log = { 0 };
    tstrip t[3];
    world w = { .t = t, .n = 3 };
    w.p = detent_pool_new(d.sock, "pool-test");
    detent_pool_set_log(w.p, pu_log_fn, &log);
    detent_pool_on_link(w.p, on_link, &w);
    for (int i = 0; i < 3; i++) {
        ts_init(&t[i], "late", &pages, "paging");
        detent_pool_add(w.p, t[i].s);
    }
    offline_then_daemon(&d, &w, &log);
    if (!h_failed()) killed_mid_drag(&d, &w, &log);
    detent_pool_free(w.p);
    for (int i = 0; i < 3; i++) ts_fini(&t[i]);
    h_daemon_stop(&d);
    return h_end();
}
