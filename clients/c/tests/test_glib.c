/*
 * The GLib adapter (detent/glib.h): a GMainLoop on this one thread drives
 * a connection from connect to bye: open, drag, the decision, a wheel
 * (its snap, then kept) and a touchpad gesture (moved, its snap), autoplay
 * pushes; and a stopped daemon's timeout wakes the loop by itself.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <detent/glib.h>
#include <signal.h>
#include <string.h>
#include <time.h>

typedef struct run {
    GMainLoop *loop;
    int pushes, ready, decision, wheeled, kept, scrolling, moved, scrolled, errors, bye, timeouts, max_threads, notified;
    detent_error_kind last_error;
} run;

static int threads(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "Threads:", 8) == 0) n = atoi(line + 8);
    }
    if (f) fclose(f);
    return n;
}

static void on_event(detent_connection *c, detent_event *ev, gpointer data)
{
    run *r = data;
    int t = threads();
    if (t > r->max_threads) r->max_threads = t;
    static const detent_geometry cards = { .viewport = 375, .item = 343, .count = 5, .spacing = 8, .lead = 16,
                                           .trail = 16 };
    switch (ev->type) {
    case DETENT_EVENT_READY:
        r->ready = 1;
        detent_send_open(c, "g", "cards", &cards);
        break;
    case DETENT_EVENT_REPLY:
        switch (ev->reply.kind) {
        case DETENT_REPLY_OPENED: detent_send_begin(c, "g", 0, 0); break;
        case DETENT_REPLY_BEGAN: detent_send_move(c, "g", -40, 16); break;
        case DETENT_REPLY_SNAP:
            if (ev->reply.snap.cause == DETENT_CAUSE_RELEASE) {
                r->decision = ev->reply.snap.index == 1 && ev->reply.snap.x == 351;
                detent_send_wheel(c, "g", 0, 1, 1000, DETENT_SOURCE_DEFAULT, DETENT_NONE);
            } else if (ev->reply.snap.cause == DETENT_CAUSE_WHEEL) {
                r->wheeled = ev->reply.snap.index == 2;
                detent_send_wheel(c, "g", 0, 1, 1050, DETENT_SOURCE_MOUSE, DETENT_NONE); /* within 150 ms */
            } else if (ev->reply.snap.cause == DETENT_CAUSE_SCROLL) {
                r->scrolled++;
                detent_send_autoplay(c, "g", 20);
            }
            break;
        case DETENT_REPLY_KEPT:
            r->kept = ev->reply.kept.index == 2;
            r->scrolling = 1;
            detent_send_scroll(c, "g", 0, 0, 2000, DETENT_PHASE_BEGIN, DETENT_NONE);
            detent_send_scroll(c, "g", -30, 0, 2016, DETENT_PHASE_DEFAULT, DETENT_NONE);
            detent_send_scroll(c, "g", 0, 0, 2032, DETENT_PHASE_END, DETENT_NONE);
            break;
        case DETENT_REPLY_MOVED:
            if (r->scrolling) r->moved++;
            else detent_send_end(c, "g", 90, 1.4, DETENT_NONE, DETENT_NONE);
            break;
        case DETENT_REPLY_BYE:
            r->bye = 1;
            g_main_loop_quit(r->loop);
            break;
        default: break;
        }
        break;
    case DETENT_EVENT_PUSH:
        if (ev->reply.snap.cause == DETENT_CAUSE_AUTOPLAY && !ev->reply.has_id) r->pushes++;
        if (r->pushes == 2) detent_send_quit(c);
        break;
    case DETENT_EVENT_ERROR:
        r->last_error = ev->error.kind;
        if (ev->error.kind == DETENT_ERROR_TIMEOUT) r->timeouts++;
        else r->errors++;
        if (ev->request == 0) g_main_loop_quit(r->loop);
        break;
    default:
        break;
    }
}

static void on_destroy(gpointer data)
{
    run *r = data;
    r->notified = 1;
}

static gboolean give_up(gpointer data)
{
    run *r = data;
    CHECK(0, "the loop did not finish in time (step ready=%d decision=%d pushes=%d)", r->ready, r->decision,
          r->pushes);
    g_main_loop_quit(r->loop);
    return G_SOURCE_REMOVE;
}

static gboolean quit_loop(gpointer loop)
{
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

/** Only the greeting: then nothing happens. */
static void on_idle_event(detent_connection *c, detent_event *ev, gpointer data)
{
    run *r = data;
    (void)c;
    if (ev->type == DETENT_EVENT_READY) {
        r->ready = 1;
        g_main_loop_quit(r->loop);
    }
}

int main(void)
{
    h_begin("glib", 30);
    h_daemon d;
    h_case("start a daemon");
    CHECK(h_daemon_start(&d, "glib", NULL) == 0, "the bundled plugins.json");
    if (h_failed()) return h_end();

    h_case("a GMainLoop drives open, drag, decision, wheel, kept, scroll and autoplay pushes, no thread");
    run r = { 0 };
    r.loop = g_main_loop_new(NULL, FALSE);
    detent_connection *c = detent_connection_new();
    CHECK(detent_connect_start(c, d.sock, "glib test") == 0, "connect_start");
    GSource *source = detent_glib_source_new(c, on_event, &r, on_destroy);
    g_source_attach(source, NULL);
    guint guard = g_timeout_add(10000, give_up, &r);
    g_main_loop_run(r.loop);
    g_source_remove(guard);
    CHECK(r.ready, "the greeting came as an event");
    g_main_context_iteration(NULL, FALSE); /* the dispatch after bye may still be pending */
    CHECK(r.decision, "the release decision: index 1 at 351");
    CHECK(r.wheeled && r.kept, "a wheel's snap (index 2), then kept within 150 ms");
    CHECK(r.moved == 2 && r.scrolled == 1, "a touchpad gesture: moved twice, then its snap (cause=scroll)");
    CHECK(r.pushes >= 2, "autoplay pushes: %d", r.pushes);
    CHECK(r.bye, "bye");
    CHECK_EQ_INT(r.errors, 0);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    CHECK(g_source_is_destroyed(source), "the source removed itself after the connection ended");
    CHECK_EQ_INT(r.max_threads, 1);
    g_source_unref(source);
    CHECK(r.notified, "the destroy notify ran with the last reference");
    detent_connection_free(c);

    h_case("an idle connection lets the loop sleep (no spinning)");
    run idle = { 0 };
    idle.loop = r.loop;
    c = detent_connection_new();
    CHECK(detent_connect_start(c, d.sock, "glib idle") == 0, "connect_start");
    GSource *quiet = detent_glib_source_new(c, on_idle_event, &idle, NULL);
    g_source_attach(quiet, NULL);
    guard = g_timeout_add(10000, give_up, &idle);
    g_main_loop_run(idle.loop); /* until the greeting */
    g_source_remove(guard);
    CHECK(idle.ready, "greeted");
    clock_t cpu = clock();
    g_timeout_add(1000, quit_loop, idle.loop);
    g_main_loop_run(idle.loop); /* a second with nothing to do */
    double used = (double)(clock() - cpu) / CLOCKS_PER_SEC;
    CHECK(used < 0.25, "the loop used %.2f s of CPU in an idle second", used);
    g_source_destroy(quiet);
    g_source_unref(quiet);
    detent_connection_free(c);

    h_case("a stopped daemon: the source wakes for the library's timeout");
    h_daemon_kill(&d, SIGSTOP);
    run s = { 0 };
    s.loop = r.loop;
    c = detent_connection_new();
    detent_set_timeout(c, 300);
    CHECK(detent_connect_start(c, d.sock, "glib test") == 0, "connect_start (the listen queue accepts)");
    long long start = h_now_ms();
    guint id = detent_glib_attach(c, NULL, on_event, &s);
    guard = g_timeout_add(5000, give_up, &s);
    g_main_loop_run(s.loop);
    g_source_remove(guard);
    long long took = h_now_ms() - start;
    CHECK(s.timeouts >= 1 && s.last_error == DETENT_ERROR_TIMEOUT, "a timeout error event");
    CHECK(took >= 280 && took < 3000, "after the 300 ms timeout: %lld ms", took);
    CHECK(!s.ready, "no greeting");
    GSource *gone = g_main_context_find_source_by_id(NULL, id);
    CHECK(gone == NULL || g_source_is_destroyed(gone), "removed");
    detent_connection_free(c);
    h_daemon_stop(&d);
    g_main_loop_unref(r.loop);
    return h_end();
}
