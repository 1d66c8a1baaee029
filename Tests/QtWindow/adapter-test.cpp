/*
 * adapter-test: <detent/qt.h> on a QCoreApplication's own loop, against a
 * detentd the caller started (and may stop: its pid is given). Built by
 * qt-window-test with exactly the line the header promises, no moc:
 *   c++ adapter-test.cpp $(pkg-config --cflags --libs detent Qt6Quick) -o adapter-test
 *   adapter-test SOCKET DETENTD_PID
 * Prints `ok - ...` / `not ok - ...` per check; exits 1 on any failure.
 * Every wait is bounded: the loop runs (QEventLoop, which is what the
 * adapter needs) until a condition holds or its time is up.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <detent/qt.h>

#include "proc-stats.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QThread>
#include <QtCore/QTimer>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <sys/resource.h>

static int failed = 0;

static void check(const char *what, bool ok, const std::string &detail = "")
{
    if (ok) {
        printf("ok - adapter: %s\n", what);
    } else {
        failed++;
        printf("not ok - adapter: %s%s%s\n", what, detail.empty() ? "" : ": ", detail.c_str());
    }
    fflush(stdout);
}

/** Runs the loop until cond() or ms pass; whether cond() came true. */
static bool waitFor(const std::function<bool()> &cond, int ms)
{
    bool over = false;
    QTimer deadline; /* wakes the loop when the time is up (a coarse timer may fire early: its signal decides) */
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, [&] { over = true; });
    deadline.start(ms);
    while (!cond()) {
        if (over) return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: adapter-test SOCKET DETENTD_PID\n");
        return 64;
    }
    const char *socket = argv[1];
    pid_t daemon = (pid_t)atol(argv[2]);
    QCoreApplication app(argc, argv);
    int threads_before = threads();
    bool off_thread = false;
    auto on_main = [&] {
        if (QThread::currentThread() != app.thread()) off_thread = true;
    };

    detent_connection *c = detent_connection_new();
    int ready = 0, pushes = 0, ended = 0, unexpected = 0;
    detent_error_kind end_kind = DETENT_ERROR_NONE;
    auto *link = new detent::QtAdapter(c, [&](detent_connection *, detent_event *ev) {
        on_main();
        switch (ev->type) {
        case DETENT_EVENT_READY: ready++; break;
        case DETENT_EVENT_PUSH: pushes++; break;
        case DETENT_EVENT_ERROR:
            if (ev->request == 0) {
                ended++;
                end_kind = ev->error.kind;
            } else {
                unexpected++;
            }
            break;
        default: unexpected++; break;
        }
    });

    /* 1. The greeting, with no blocking call: the adapter picks up the socket detent_connect_start() made. */
    check("detent_connect_start() queues the greeting without waiting",
          detent_connect_start(c, socket, "adapter-test") == 0, detent_get_error(c)->message);
    check("the greeting comes through the adapter as a READY event (1 s)", waitFor([&] { return ready == 1; }, 1000));

    /* 2. A drag, each reply to its own callback, each callback sending the next request. */
    detent_geometry cards{};
    cards.viewport = 375;
    cards.item = 343;
    cards.count = 5;
    cards.spacing = 8;
    cards.lead = 16;
    cards.trail = 16;
    std::string chain;
    double rest = -1;
    int64_t index = -1;
    uint64_t open = detent_send_open(c, "a", "cards", &cards);
    link->expect(open, [&](const detent_reply *r, const detent_error *e) {
        on_main();
        chain += e ? "E" : "o";
        link->expect(detent_send_begin(c, "a", 0, 0), [&](const detent_reply *r, const detent_error *e) {
            chain += e || r->kind != DETENT_REPLY_BEGAN ? "E" : "b";
            link->expect(detent_send_move(c, "a", -40, 16), [&](const detent_reply *r, const detent_error *e) {
                chain += e || r->kind != DETENT_REPLY_MOVED ? "E" : "m";
                link->expect(detent_send_end(c, "a", 90, 1.4, DETENT_NONE, DETENT_NONE),
                             [&](const detent_reply *r, const detent_error *e) {
                                 chain += e || r->kind != DETENT_REPLY_SNAP ? "E" : "s";
                                 if (!e) {
                                     rest = r->snap.x;
                                     index = r->snap.index;
                                 }
                             });
            });
        });
        (void)r;
    });
    check("open, begin, move, end: each reply to the callback expect()ed for its id, in order (1 s)",
          waitFor([&] { return chain.size() == 4; }, 1000) && chain == "obms", chain);
    check("the decision is the daemon's (index 1 at 351)", index == 1 && rest == 351,
          std::to_string(index) + " " + std::to_string(rest));

    /* 2b. A wheel and a touchpad through the same expect(): snap (cause wheel), kept, moved, snap (cause scroll). */
    std::string wheel;
    int answered = 0;
    auto note = [&](const detent_reply *r, const detent_error *e) {
        answered++;
        if (e) wheel += "E";
        else if (r->kind == DETENT_REPLY_KEPT) wheel += "k" + std::to_string(r->kept.index);
        else if (r->kind == DETENT_REPLY_MOVED) wheel += "m";
        else if (r->kind == DETENT_REPLY_SNAP) wheel += detent_cause_name(r->snap.cause) + std::to_string(r->snap.index);
    };
    link->expect(detent_send_wheel(c, "a", 0, 1, 1000, DETENT_SOURCE_DEFAULT, DETENT_NONE), note);
    link->expect(detent_send_wheel(c, "a", 0, 1, 1100, DETENT_SOURCE_MOUSE, DETENT_NONE), note);
    link->expect(detent_send_scroll(c, "a", 0, 0, 3000, DETENT_PHASE_BEGIN, DETENT_NONE), note);
    link->expect(detent_send_scroll(c, "a", 40, 0, 3016, DETENT_PHASE_DEFAULT, DETENT_NONE), note);
    link->expect(detent_send_scroll(c, "a", 0, 0, 3032, DETENT_PHASE_END, DETENT_NONE), note);
    check("wheel and scroll: a notch snaps, one within 150 ms is kept, a touchpad moves then snaps (1 s)",
          waitFor([&] { return answered == 5; }, 1000) && wheel == "wheel2k2mmscroll3", wheel);

    /* 3. Pushes go to the event callback; a reply expect()ed with no function is swallowed. */
    link->expect(detent_send_autoplay(c, "a", 20), {});
    check("two autoplay pushes come to the event callback (2 s)", waitFor([&] { return pushes >= 2; }, 2000));
    link->expect(detent_send_autoplay(c, "a", 0), {});
    waitFor([] { return false; }, 100);
    check("a reply expect()ed with an empty function reaches no callback", unexpected == 0,
          std::to_string(unexpected) + " unexpected events");

    /* 4. The loop sleeps while nothing is due. */
    double used = cpu_seconds();
    waitFor([] { return false; }, 600);
    double share = (cpu_seconds() - used) / 0.6;
    char text[64];
    snprintf(text, sizeof text, "%.1f%% of a core", share * 100);
    check("with the connection open and nothing due, the loop sleeps (< 5% of a core over 0.6 s)", share < 0.05, text);

    /* 5. A stopped daemon: the adapter's timer ends the connection when the reply is overdue. */
    detent_set_timeout(c, 300);
    std::string pong;
    QElapsedTimer stopped;
    kill(daemon, SIGSTOP);
    stopped.start();
    link->expect(detent_send_ping(c), [&](const detent_reply *r, const detent_error *e) {
        pong = e ? detent_error_kind_name(e->kind) : detent_reply_kind_name(r->kind);
    });
    bool timed_out = waitFor([&] { return ended == 1; }, 3000);
    qint64 after = stopped.elapsed();
    kill(daemon, SIGCONT);
    snprintf(text, sizeof text, "after %lld ms; the ping: %s", (long long)after, pong.c_str());
    check("a stopped daemon: the timer wakes the loop, the ping fails with its timeout, then the connection "
          "ends (request 0)",
          timed_out && pong == detent_error_kind_name(DETENT_ERROR_TIMEOUT) && end_kind == DETENT_ERROR_TIMEOUT &&
              after >= 280 && after < 2000,
          text);
    check("the ended connection leaves the adapter with no socket", detent_fd(c) < 0);

    /* 6. The same adapter follows the same connection connected again. */
    detent_set_timeout(c, 0);
    check("connected again (detent_connect_start on the ended connection)",
          detent_connect_start(c, socket, "adapter-test") == 0, detent_get_error(c)->message);
    check("its greeting comes through the same adapter (2 s)", waitFor([&] { return ready == 2; }, 2000));
    pong.clear();
    link->expect(detent_send_ping(c), [&](const detent_reply *r, const detent_error *e) {
        pong = e ? detent_error_kind_name(e->kind) : detent_reply_kind_name(r->kind);
    });
    check("and a ping is answered pong (1 s)", waitFor([&] { return !pong.empty(); }, 1000) && pong == "pong", pong);

    /* 7. The adapter deleted from its own callback: nothing more is delivered, and the loop goes on. */
    int after_delete = 0;
    link->setEventCallback([&](detent_connection *, detent_event *) { after_delete++; });
    bool deleted = false;
    link->expect(detent_send_ping(c), [&](const detent_reply *, const detent_error *) {
        delete link;
        link = nullptr;
        deleted = true;
    });
    detent_send_ping(c); /* its reply comes in the same read, after the adapter is gone */
    check("deleted from its own callback (1 s)", waitFor([&] { return deleted; }, 1000));
    waitFor([] { return false; }, 150);
    check("nothing is delivered after that", after_delete == 0, std::to_string(after_delete));
    detent_io(c, POLLIN); /* in case it came in a read of its own */
    detent_event ev;
    int left = 0;
    while (detent_next_event(c, &ev)) {
        left++;
        detent_event_clear(&ev);
    }
    check("the second pong waits on the connection, undelivered", left == 1, std::to_string(left));

    /* 8. A new adapter takes over; quit; no thread of its own, every callback on the loop's thread. */
    bool bye = false;
    link = new detent::QtAdapter(c);
    link->expect(detent_send_quit(c), [&](const detent_reply *r, const detent_error *) {
        bye = r && r->kind == DETENT_REPLY_BYE;
    });
    check("a new adapter on the connection: quit is answered bye (1 s)", waitFor([&] { return bye; }, 1000));
    check("every callback ran on the loop's own thread", !off_thread);
    int threads_after = threads();
    check("the adapter started no thread", threads_after == threads_before,
          std::to_string(threads_before) + " then " + std::to_string(threads_after));
    delete link;
    detent_connection_free(c);
    return failed ? 1 : 0;
}
