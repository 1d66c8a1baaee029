/*
 * The connection under pressure, in both modes: 10,000 pipelined requests
 * through tiny socket buffers against a daemon with a small
 * maxOutputBytes; pushes interleaved with replies; the daemon killed
 * mid-request and SIGSTOPped (timeouts while the caller's loop runs); a
 * reply longer than the maximum.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BURST 10000

static h_daemon bundled, narrow;
static const detent_geometry thumbs = { .viewport = 375, .item = 100, .count = 50 };

static char name_buf[256];
static const char *named(run_mode m, const char *what)
{
    snprintf(name_buf, sizeof name_buf, "%s: %s", mode_name(m), what);
    return name_buf;
}

static void tiny_buffers(detent_connection *c)
{
    int one = 1;
    CHECK(setsockopt(detent_fd(c), SOL_SOCKET, SO_SNDBUF, &one, sizeof one) == 0, "SO_SNDBUF");
    CHECK(setsockopt(detent_fd(c), SOL_SOCKET, SO_RCVBUF, &one, sizeof one) == 0, "SO_RCVBUF");
    int flags = fcntl(detent_fd(c), F_GETFL);
    CHECK(flags >= 0 && (flags & O_NONBLOCK), "the connection's socket is non-blocking");
}

/** The reply expected for request i of a burst: the nearest snap to x with v=0 is x itself. */
static double burst_x(int i) { return (double)((i * 7) % 40) * 100; }

static void burst(run_mode m)
{
    h_case(named(m, "10,000 pipelined ends through tiny buffers: none lost, order kept, ids matched"));
    outcome o;
    detent_connection *c = connect_mode(m, narrow.sock, 10000, &o);
    CHECK(o.ok, "connect: %s", o.message);
    outcome_clear(&o);
    tiny_buffers(c);
    o = DO(m, c, detent_send_open(c, "b", "thumbs", &thumbs), detent_open(c, "b", "thumbs", &thumbs, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    uint64_t *ids = calloc(BURST, sizeof *ids);
    for (int i = 0; i < BURST; i++) ids[i] = detent_send_end(c, "b", burst_x(i), 0, DETENT_NONE, DETENT_NONE);
    for (int i = 1; i < BURST; i++) {
        if (ids[i] != ids[i - 1] + 1) {
            CHECK(0, "ids are assigned in order (%d)", i);
            break;
        }
    }
    CHECK(detent_pending(c) > 0, "requests wait");
    int got = 0, wrong = 0, turns = 0;
    if (m == BLOCKING) {
        for (int i = 0; i < BURST; i++) {
            detent_reply r;
            if (detent_wait_reply(c, ids[i], &r) < 0) {
                CHECK(0, "reply %d: %s", i, detent_get_error(c)->message);
                break;
            }
            char want[32];
            snprintf(want, sizeof want, "%llu", (unsigned long long)ids[i]);
            if (r.kind != DETENT_REPLY_SNAP || r.snap.x != burst_x(i) || !r.has_id || strcmp(r.id, want) != 0) wrong++;
            got++;
            detent_reply_clear(&r);
        }
    } else {
        while (got < BURST && detent_fd(c) >= 0) {
            struct pollfd p = { detent_fd(c), (short)detent_events(c), 0 };
            int n = poll(&p, 1, 50);
            /* io even when poll says nothing is ready: it must not block */
            detent_io(c, n > 0 ? p.revents : 0);
            turns++;
            detent_event ev;
            while (detent_next_event(c, &ev)) {
                if (ev.type != DETENT_EVENT_REPLY || ev.request != ids[got] || ev.reply.snap.x != burst_x(got)) {
                    if (wrong++ < 3)
                        fprintf(stderr, "event %d: type %d request %llu x %g: %s\n", got, ev.type,
                                (unsigned long long)ev.request, ev.reply.snap.x, ev.error.message);
                }
                got++;
                detent_event_clear(&ev);
            }
        }
        CHECK(turns > 1, "the loop turned %d times", turns);
    }
    CHECK_EQ_INT(got, BURST);
    CHECK_EQ_INT(wrong, 0);
    CHECK_EQ_INT(detent_pending(c), 0);
    o = DO(m, c, detent_send_stats(c), detent_stats(c, &R));
    CHECK_OK(o, DETENT_REPLY_STATS);
    outcome_clear(&o);
    free(ids);
    detent_connection_free(c);
}

static void pushes(run_mode m)
{
    h_case(named(m, "autoplay pushes interleaved with replies"));
    outcome o;
    detent_connection *c = connect_mode(m, bundled.sock, 5000, &o);
    outcome_clear(&o);
    detent_geometry cards = { .viewport = 375, .item = 343, .count = 5, .spacing = 8, .lead = 16, .trail = 16 };
    o = DO(m, c, detent_send_open(c, "a", "cards", &cards), detent_open(c, "a", "cards", &cards, &R));
    outcome_clear(&o);
    o = DO(m, c, detent_send_open(c, "b", "thumbs", &thumbs), detent_open(c, "b", "thumbs", &thumbs, &R));
    outcome_clear(&o);
    pushes_seen = 0;
    o = DO(m, c, detent_send_autoplay(c, "a", 1), detent_autoplay(c, "a", 1, &R));
    CHECK_OK(o, DETENT_REPLY_OK);
    outcome_clear(&o);
    int requests = 0, wrong = 0, pushes_between = 0, first_push_at = -1;
    long long until = h_now_ms() + 5000;
    while ((requests < 200 || pushes_between < 5) && h_now_ms() < until) {
        o = DO(m, c, detent_send_end(c, "b", burst_x(requests), 0, DETENT_NONE, DETENT_NONE),
               detent_end(c, "b", burst_x(requests), 0, DETENT_NONE, DETENT_NONE, &R));
        if (!o.ok || o.reply.kind != DETENT_REPLY_SNAP || o.reply.snap.x != burst_x(requests) ||
            o.reply.snap.cause != DETENT_CAUSE_RELEASE)
            wrong++;
        outcome_clear(&o);
        requests++;
        if (m == BLOCKING) {
            /* the blocking calls left the pushes queued, in order, for the caller */
            detent_event ev;
            while (detent_next_event(c, &ev)) {
                if (ev.type == DETENT_EVENT_PUSH && ev.reply.snap.cause == DETENT_CAUSE_AUTOPLAY && !ev.reply.has_id &&
                    strcmp(ev.reply.snap.s, "a") == 0)
                    pushes_seen++;
                else
                    wrong++;
                detent_event_clear(&ev);
            }
        }
        if (pushes_seen > 0 && first_push_at < 0) first_push_at = requests;
        if (first_push_at >= 0 && requests > first_push_at) pushes_between = pushes_seen;
    }
    CHECK_EQ_INT(wrong, 0);
    CHECK(requests >= 200, "%d requests", requests);
    CHECK(pushes_between >= 5, "pushes came between replies: %d (%d in all)", pushes_between, pushes_seen);
    o = DO(m, c, detent_send_autoplay(c, "a", 0), detent_autoplay(c, "a", 0, &R));
    CHECK_OK(o, DETENT_REPLY_OK);
    outcome_clear(&o);
    detent_connection_free(c);
}

/** Kills pid after ms from a helper process (alarm() stays the program's time limit). */
static pid_t kill_later(pid_t pid, int ms)
{
    pid_t helper = fork();
    if (helper == 0) {
        struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        _exit(0);
    }
    return helper;
}

static void killed(run_mode m)
{
    h_case(named(m, "the daemon killed mid-request: the request ends in closed, no crash"));
    h_daemon d;
    if (h_daemon_start(&d, m == BLOCKING ? "killed-b" : "killed-a", NULL) < 0) {
        CHECK(0, "start a daemon to kill");
        return;
    }
    outcome o;
    detent_connection *c = connect_mode(m, d.sock, 5000, &o);
    CHECK(o.ok, "connect: %s", o.message);
    outcome_clear(&o);
    h_daemon_kill(&d, SIGSTOP);
    long long start = h_now_ms();
    if (m == BLOCKING) {
        pid_t helper = kill_later(d.pid, 150);
        o = from_blocking(c, detent_ping(c, &R));
        waitpid(helper, NULL, 0);
    } else {
        uint64_t id = detent_send_ping(c);
        CHECK(id > 0, "queued");
        h_daemon_kill(&d, SIGKILL);
        o = async_wait(c, id);
    }
    CHECK(!o.ok && (o.kind == DETENT_ERROR_CLOSED || o.kind == DETENT_ERROR_IO), "closed or I/O: %s (%s)",
          detent_error_kind_name(o.kind), o.message);
    CHECK(h_now_ms() - start < 4000, "ended by the close, not by the timeout");
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    CHECK(!detent_clear_error(c), "fatal");
    outcome_clear(&o);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK(!o.ok, "a dead connection refuses requests");
    detent_connection_free(c);
    h_daemon_stop(&d);
}

static void stopped(run_mode m)
{
    h_case(named(m, "the daemon SIGSTOPped: the greeting times out while the loop runs"));
    h_daemon d;
    if (h_daemon_start(&d, m == BLOCKING ? "stopped-b" : "stopped-a", NULL) < 0) {
        CHECK(0, "start a daemon to stop");
        return;
    }
    h_daemon_kill(&d, SIGSTOP);
    detent_connection *c = detent_connection_new();
    detent_set_timeout(c, 400);
    long long start = h_now_ms();
    if (m == BLOCKING) {
        CHECK(detent_connect(c, d.sock, "stopped") < 0, "connect fails");
        CHECK_EQ_INT(detent_get_error(c)->kind, DETENT_ERROR_TIMEOUT);
    } else {
        CHECK(detent_connect_start(c, d.sock, "stopped") == 0, "connect_start returns at once: %s",
              detent_get_error(c)->message);
        int frames = 0, timed_out = 0, slowest = 0;
        while (!timed_out && h_now_ms() - start < 5000) {
            int t = detent_timeout_ms(c);
            struct pollfd p = { detent_fd(c), (short)detent_events(c), 0 };
            int n = poll(&p, 1, t < 0 || t > 16 ? 16 : t); /* a 60 Hz frame, or the deadline */
            long long before = h_now_ms();
            detent_io(c, n > 0 ? p.revents : 0);
            int took = (int)(h_now_ms() - before);
            if (took > slowest) slowest = took;
            frames++;
            detent_event ev;
            while (detent_next_event(c, &ev)) {
                if (ev.type == DETENT_EVENT_ERROR && ev.error.kind == DETENT_ERROR_TIMEOUT) timed_out = 1;
                detent_event_clear(&ev);
            }
        }
        CHECK(timed_out, "an error event of kind timeout");
        CHECK(frames >= 15, "the loop kept turning: %d frames", frames);
        CHECK(slowest < 100, "detent_io never blocked (slowest %d ms)", slowest);
        CHECK(strstr(detent_get_error(c)->message, d.sock) != NULL, "the message names the path: %s",
              detent_get_error(c)->message);
    }
    long long took = h_now_ms() - start;
    CHECK(took >= 380 && took < 3000, "after the 400 ms timeout (%lld ms)", took);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    detent_connection_free(c);

    h_case(named(m, "the daemon SIGSTOPped after the greeting: a request times out"));
    h_daemon_kill(&d, SIGCONT);
    outcome o;
    c = connect_mode(m, d.sock, 300, &o);
    CHECK(o.ok, "connect: %s", o.message);
    outcome_clear(&o);
    h_daemon_kill(&d, SIGSTOP);
    start = h_now_ms();
    loop_turns = 0;
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_TIMEOUT, "timeout: %s", o.message);
    took = h_now_ms() - start;
    CHECK(took >= 280 && took < 3000, "after the 300 ms timeout (%lld ms)", took);
    outcome_clear(&o);
    detent_connection_free(c);
    h_daemon_stop(&d);
}

static void too_long(run_mode m)
{
    h_case(named(m, "a reply past the maximum: an error, then the connection goes on"));
    outcome o;
    detent_connection *c = connect_mode(m, bundled.sock, 5000, &o);
    outcome_clear(&o);
    CHECK(detent_set_max_reply(c, 10) < 0 && detent_get_error(c)->kind == DETENT_ERROR_ARGUMENT,
          "below the least maximum: refused");
    CHECK(detent_set_max_reply(c, 64) == 0, "a 64-byte maximum");
    o = DO(m, c, detent_send_plugins(c), detent_plugins(c, &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_TOO_LONG, "plugins' reply is too long: %s", o.message);
    outcome_clear(&o);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK_OK(o, DETENT_REPLY_PONG);
    outcome_clear(&o);
    o = DO(m, c, detent_send_hello(c, NULL), detent_hello(c, NULL, &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_TOO_LONG, "hello's reply is too long");
    outcome_clear(&o);
    CHECK(detent_set_max_reply(c, DETENT_DEFAULT_MAX_REPLY) == 0, "back to the default");
    o = DO(m, c, detent_send_plugins(c), detent_plugins(c, &R));
    CHECK_OK(o, DETENT_REPLY_PLUGINS);
    outcome_clear(&o);
    detent_connection_free(c);
}

int main(void)
{
    h_begin("stress", 50);
    h_case("start the daemons");
    CHECK(h_daemon_start(&bundled, "bundled", NULL) == 0, "the bundled plugins.json");
    CHECK(h_daemon_start(&narrow, "narrow",
                         "{ \"limits\": { \"maxOutputBytes\": 2048 }, \"plugins\": [ { \"name\": \"thumbs\", "
                         "\"strategy\": \"nearest\" } ] }\n") == 0,
          "a daemon with maxOutputBytes 2048");
    if (h_failed()) return h_end();
    for (run_mode m = BLOCKING; m <= ASYNC; m++) {
        burst(m);
        pushes(m);
        killed(m);
        stopped(m);
        too_long(m);
    }
    h_daemon_stop(&bundled);
    h_daemon_stop(&narrow);
    return h_end();
}
