/*
 * The pool (detent/pool.h) against the real daemon, in a poll() loop:
 * 100 strips under a session limit of 8 (more connections, no strip sees
 * the refusal, each paged by the daemon), unique names, a socket-activated
 * daemon started by the pool's first connect, and strips removed with
 * requests outstanding, a pool freed with strips attached, and one freed
 * from a strip's hook inside its own pass (ASan).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_util.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STRIPS 100
#define LIMIT 8

static const detent_geometry pages = { .viewport = 300, .item = 300, .count = 5 };

typedef struct group {
    tstrip *t;
    int n;
} group;

static int all_opened(void *data)
{
    group *g = data;
    for (int i = 0; i < g->n; i++) {
        if (g->t[i].opened < 1 || detent_strip_get_link(g->t[i].s) != DETENT_STRIP_OPEN) return 0;
    }
    return 1;
}

static int all_decided(void *data)
{
    group *g = data;
    for (int i = 0; i < g->n; i++) {
        if (g->t[i].index_notes < 1) return 0;
    }
    return 1;
}

static void names(void)
{
    h_case("names are unique in a pool (name.2, name.3, cut to 64 bytes); a strip is in one pool at a time");
    detent_pool *p = detent_pool_new("/nonexistent/detent.sock", "pool-test");
    detent_pool *other = detent_pool_new("/nonexistent/detent.sock", "pool-test");
    char longname[65];
    memset(longname, 'x', 64);
    longname[64] = '\0';
    tstrip t[5];
    ts_init(&t[0], "dup", &pages, NULL);
    ts_init(&t[1], "dup", &pages, NULL);
    ts_init(&t[2], "dup", &pages, NULL);
    ts_init(&t[3], longname, &pages, NULL);
    ts_init(&t[4], longname, &pages, NULL);
    int added = 0;
    for (int i = 0; i < 5; i++) added += detent_pool_add(p, t[i].s) == 0;
    CHECK_EQ_INT(added, 5);
    CHECK_EQ_STR(detent_strip_get_name(t[0].s), "dup");
    CHECK_EQ_STR(detent_strip_get_name(t[1].s), "dup.2");
    CHECK_EQ_STR(detent_strip_get_name(t[2].s), "dup.3");
    CHECK_EQ_STR(detent_strip_get_name(t[3].s), longname);
    CHECK(strlen(detent_strip_get_name(t[4].s)) == 64 && strcmp(detent_strip_get_name(t[4].s) + 62, ".2") == 0,
          "a 64-byte name taken: %s", detent_strip_get_name(t[4].s));
    int rc = detent_pool_add(other, t[0].s);
    CHECK_EQ_INT(rc, -1);
    rc = detent_pool_add(p, t[0].s);
    CHECK_EQ_INT(rc, 0); /* already there */
    CHECK_EQ_INT(detent_pool_strip_count(p), 5);
    detent_pool_remove(p, t[0].s);
    CHECK_EQ_INT(detent_pool_strip_count(p), 4);
    rc = detent_pool_add(other, t[0].s);
    CHECK_EQ_INT(rc, 0);
    detent_pool_free(p);
    detent_pool_free(other);
    for (int i = 0; i < 5; i++) {
        CHECK_EQ_INT(detent_strip_get_link(t[i].s), DETENT_STRIP_OFFLINE);
        ts_fini(&t[i]);
    }
}

static void hundred(void)
{
    h_case("100 strips under limits.maxSessionsPerConnection=8: all open on more connections, none sees an error, "
           "each paged by the daemon");
    h_daemon d;
    if (h_daemon_start(&d, "limited", pu_config_with_limit(LIMIT)) < 0) {
        CHECK(0, "start the daemon with a limit of %d", LIMIT);
        return;
    }
    detent_pool *p = detent_pool_new(d.sock, "pool-test");
    pu_log log = { 0 };
    detent_pool_set_log(p, pu_log_fn, &log);
    static tstrip t[STRIPS];
    group g = { t, STRIPS };
    for (int i = 0; i < STRIPS; i++) {
        int rc = ts_init(&t[i], "strip", &pages, NULL);
        CHECK_EQ_INT(rc, 0);
        rc = detent_pool_add(p, t[i].s);
        CHECK_EQ_INT(rc, 0);
    }
    CHECK_EQ_STR(detent_strip_get_name(t[STRIPS - 1].s), "strip.100");
    long long t0 = h_now_ms();
    CHECK(pu_run(p, all_opened, &g, 20000, -1, NULL), "every strip's session opened");
    size_t links = detent_pool_connection_count(p);
    printf("   %d sessions open in %lld ms on %zu connections\n", STRIPS, h_now_ms() - t0, links);
    CHECK(links >= (STRIPS + LIMIT - 1) / LIMIT && links <= (STRIPS + LIMIT - 1) / LIMIT + 1,
          "%zu connections for %d strips, %d a connection", links, STRIPS, LIMIT);
    long sessions = pu_daemon_sessions(d.sock);
    CHECK_EQ_INT(sessions, STRIPS);
    int seen = 0, opened_twice = 0, flapped = 0;
    for (int i = 0; i < STRIPS; i++) {
        seen += t[i].logs;
        opened_twice += t[i].opened > 1;
        flapped += t[i].links != 2; /* offline -> opening -> open, moved or not */
        if (t[i].logs) fprintf(stderr, "   strip %d said: %s\n", i, t[i].last_log);
    }
    CHECK_EQ_INT(seen, 0);
    CHECK_EQ_INT(opened_twice, 0);
    CHECK_EQ_INT(flapped, 0);
    CHECK_EQ_INT(log.lines, 0);

    for (int i = 0; i < STRIPS; i++) ts_drag(&t[i], -200, 1000);
    CHECK(pu_run(p, all_decided, &g, 20000, -1, NULL), "every release decided");
    int by_daemon = 0, at_one = 0, resting = 0;
    for (int i = 0; i < STRIPS; i++) {
        detent_strip_frame f;
        by_daemon += t[i].index_in_io;
        at_one += t[i].index == 1;
        resting += ts_settle(&t[i], &f) && f.index == 1 && f.offset == 300;
        seen += t[i].logs;
    }
    CHECK_EQ_INT(by_daemon, STRIPS);
    CHECK_EQ_INT(at_one, STRIPS);
    CHECK_EQ_INT(resting, STRIPS);
    CHECK_EQ_INT(seen, 0);

    for (int i = 0; i < STRIPS; i++) detent_pool_remove(p, t[i].s);
    CHECK_EQ_INT(detent_pool_strip_count(p), 0);
    CHECK_EQ_INT(detent_pool_connection_count(p), 1); /* the extra ones carry nothing: closed */
    detent_pool_free(p);
    for (int i = 0; i < STRIPS; i++) ts_fini(&t[i]);
    h_daemon_stop(&d);
}

/** A socket-activated daemon: the pool's first connect starts it. */
static void activated(void)
{
    h_case("socket activation: systemd-socket-activate listens, the pool's first connect starts detentd");
    h_daemon d;
    h_daemon_prepare(&d, "activated", NULL);
    int watch = pu_watch_create(h_tmp());
    CHECK(watch >= 0, "inotify");
    if (watch < 0 || h_daemon_launch(&d, 1) < 0) return;
    /* Wait (poll, with a deadline) for the listening socket to appear; no connect: that would start it. */
    for (long long until = h_now_ms() + 10000; access(d.sock, F_OK) != 0 && h_now_ms() < until;) {
        struct pollfd fd = { watch, POLLIN, 0 };
        if (poll(&fd, 1, 100) > 0) {
            char buf[4096];
            ssize_t n = read(watch, buf, sizeof buf);
            (void)n;
        }
    }
    close(watch);
    CHECK(access(d.sock, F_OK) == 0, "systemd-socket-activate made %s", d.sock);
    char comm_path[64], comm[64] = "";
    snprintf(comm_path, sizeof comm_path, "/proc/%d/comm", (int)d.pid);
    FILE *f = fopen(comm_path, "r");
    if (f && fgets(comm, sizeof comm, f)) comm[strcspn(comm, "\n")] = '\0';
    if (f) fclose(f);
    CHECK(strncmp(comm, "systemd-socket", 14) == 0, "before the first connect no detentd runs (%s)", comm);

    detent_pool *p = detent_pool_new(d.sock, "pool-test");
    tstrip t;
    ts_init(&t, "activated", &pages, NULL);
    detent_pool_add(p, t.s);
    group g = { &t, 1 };
    CHECK(pu_run(p, all_opened, &g, 10000, -1, NULL), "the session opened");
    f = fopen(comm_path, "r");
    if (f && fgets(comm, sizeof comm, f)) comm[strcspn(comm, "\n")] = '\0';
    if (f) fclose(f);
    CHECK_EQ_STR(comm, "detentd");
    ts_drag(&t, -200, 1000);
    CHECK(pu_run(p, all_decided, &g, 10000, -1, NULL) && t.index_in_io && t.index == 1, "the daemon decided: index %lld",
          (long long)t.index);
    detent_pool_free(p);
    ts_fini(&t);
    h_daemon_stop(&d);
}

static int sessions_are(void *data)
{
    const h_daemon *d = data;
    return pu_daemon_sessions(d->sock) == 3;
}

static void outstanding(void)
{
    h_case("strips removed with requests outstanding, a pool freed with strips attached: no leak, no crash");
    h_daemon d;
    if (h_daemon_start(&d, "outstanding", NULL) < 0) {
        CHECK(0, "start the daemon");
        return;
    }
    detent_pool *p = detent_pool_new(d.sock, "pool-test");
    tstrip t[6];
    group g = { t, 6 }, kept = { t + 3, 3 };
    for (int i = 0; i < 6; i++) {
        ts_init(&t[i], "out", &pages, "paging");
        detent_pool_add(p, t[i].s);
    }
    CHECK(pu_run(p, all_opened, &g, 10000, -1, NULL), "opened");
    for (int i = 0; i < 6; i++) ts_drag(&t[i], -200, 2000); /* begin, moves and end wait for their replies */
    for (int i = 0; i < 3; i++) {
        detent_pool_remove(p, t[i].s);
        CHECK_EQ_INT(detent_strip_get_link(t[i].s), DETENT_STRIP_OFFLINE);
    }
    CHECK(pu_run(p, all_decided, &kept, 10000, -1, NULL), "the strips left got their decisions");
    CHECK(pu_run(p, sessions_are, &d, 10000, -1, NULL), "the removed strips' sessions closed: 3 left");
    for (int i = 3; i < 6; i++) ts_drag(&t[i], 200, 3000);
    detent_pool_free(p); /* their requests unanswered */
    for (int i = 0; i < 6; i++) {
        detent_strip_frame f;
        CHECK_EQ_INT(detent_strip_get_link(t[i].s), DETENT_STRIP_OFFLINE);
        ts_drag(&t[i], -200, 4000); /* offline: the local rule */
        CHECK(ts_settle(&t[i], &f), "strip %d rests offline", i);
        ts_fini(&t[i]);
    }
    h_daemon_stop(&d);
}

typedef struct inside {
    detent_pool *p;
    detent_strip *other;
    int freed;
} inside;

/** On its first OPENED note: removes the other strip and frees the pool, from inside detent_pool_io(). */
static void free_from_hook(detent_strip *s, void *data)
{
    inside *in = data;
    detent_strip_note n;
    while (detent_strip_next_note(s, &n)) {
        if (n.kind != DETENT_STRIP_NOTE_OPENED || in->freed) continue;
        detent_pool_remove(in->p, in->other);
        detent_pool_free(in->p);
        in->freed = 1;
    }
}

static int freed(void *data) { return ((inside *)data)->freed; }

static void from_inside(void)
{
    h_case("a strip's hook removes a strip and frees the pool inside detent_pool_io(): no crash, no leak");
    h_daemon d;
    if (h_daemon_start(&d, "inside", NULL) < 0) {
        CHECK(0, "start the daemon");
        return;
    }
    inside in = { 0 };
    in.p = detent_pool_new(d.sock, "pool-test");
    detent_strip *a = detent_strip_new("a"), *b = detent_strip_new("b");
    detent_strip_set_geometry(a, &pages);
    detent_strip_set_geometry(b, &pages);
    in.other = b;
    detent_strip_on_change(a, free_from_hook, &in);
    detent_pool_add(in.p, b);
    detent_pool_add(in.p, a);
    CHECK(pu_run(in.p, freed, &in, 10000, -1, NULL), "the hook ran");
    CHECK_EQ_INT(detent_strip_get_link(a), DETENT_STRIP_OFFLINE);
    CHECK_EQ_INT(detent_strip_get_link(b), DETENT_STRIP_OFFLINE);
    detent_strip_free(a);
    detent_strip_free(b);
    h_daemon_stop(&d);
}

int main(void)
{
    h_begin("pool", 120);
    names();
    hundred();
    activated();
    outstanding();
    from_inside();
    return h_end();
}
