/*
 * pool-test: detent::QtPool (<detent/qt.h>) on a QCoreApplication's own
 * loop, carrying a pool of strips to a detentd it starts, kills and starts
 * again. Built by qt-window-test as adapter-test is, with the line the
 * header promises (no moc):
 *   c++ pool-test.cpp $(pkg-config --cflags --libs detent Qt6Quick) -o pool-test
 *   pool-test DETENTD CONFIG FOLDER
 * CONFIG: a plugins.json with paging and limits.maxSessionsPerConnection 2
 * (four strips need two connections); FOLDER: where the socket goes.
 * Decisions are checked against the same gestures replayed to the daemon
 * on a connection of the test's own. Wakeups are counted by an event
 * filter on the application: every activation of a QSocketNotifier or a
 * QTimer not the test's own. Every wait is bounded.
 * Prints `ok - ...` / `not ok - ...` per check; exits 1 on any failure.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool-test.h"

static const int N = 4;
static double frame_clock = 1e6; /* the frames' clock, moved by the test */

/** A strip and what its notes said. */
struct Strip {
    detent_strip *s = nullptr;
    int opened = 0, index_notes = 0, logs = 0;
    int64_t opened_index = -1, index = -1;
    bool index_in_loop = false; /* the last INDEX note came while the loop ran: the daemon's reply */
    std::function<void()> on_index; /* a step's own extra */
    std::vector<std::pair<double, double>> lines; /* the last gesture's x and t: begin, moves, end */
};

static void on_change(detent_strip *s, void *data)
{
    Strip *t = static_cast<Strip *>(data);
    detent_strip_note n;
    while (detent_strip_next_note(s, &n)) {
        if (n.kind == DETENT_STRIP_NOTE_OPENED) {
            t->opened++;
            t->opened_index = n.index;
        } else if (n.kind == DETENT_STRIP_NOTE_INDEX) {
            t->index_notes++;
            t->index = n.index;
            t->index_in_loop = in_loop;
            if (t->on_index) t->on_index();
        } else if (n.kind == DETENT_STRIP_NOTE_LOG) {
            t->logs++;
            fprintf(stderr, "   strip %s: %s\n", detent_strip_get_name(s), n.text ? n.text : "");
        }
    }
}

/** A fast flick of delta points: press, four moves 16 ms apart, release (t: the event times). */
static void flick(Strip &t, double delta, double t0)
{
    double grab = detent_strip_get_index(t.s) * 300.0;
    t.lines = {{grab, t0}};
    detent_strip_press(t.s, t0);
    for (int k = 1; k <= 4; k++) {
        detent_strip_drag(t.s, delta * k / 4, t0 + 16 * k);
        t.lines.push_back({grab - delta * k / 4, t0 + 16 * k});
    }
    detent_strip_release(t.s, delta, t0 + 80);
    t.lines.push_back({grab - delta, t0 + 80});
}

/** Frames 16 ms apart on the test's clock until rest (at most 10 s of them); how many, -1: never. */
static int settle(Strip &t, detent_strip_frame *f)
{
    for (int n = 1; n <= 625; n++, frame_clock += 16) {
        detent_strip_frame_at(t.s, frame_clock, f);
        if (f->rest) return n;
    }
    return -1;
}

/** The daemon's decision for the same gesture, replayed on a session of the oracle's own. */
static bool oracle(detent_connection *c, const std::string &name, const Strip &t, int64_t from, detent_snap_reply *out)
{
    detent_geometry g = pages(from);
    detent_reply r;
    bool ok = detent_open(c, name.c_str(), "paging", &g, &r) == 0;
    if (ok) detent_reply_clear(&r);
    for (size_t i = 0; ok && i < t.lines.size(); i++) {
        double x = t.lines[i].first, at = t.lines[i].second;
        if (i == 0) ok = detent_begin(c, name.c_str(), x, at, &r) == 0;
        else if (i + 1 < t.lines.size()) ok = detent_move(c, name.c_str(), x, at, &r) == 0;
        else ok = detent_end(c, name.c_str(), x, DETENT_NONE, DETENT_NONE, at, &r) == 0 && r.kind == DETENT_REPLY_SNAP;
        if (ok && i + 1 == t.lines.size()) {
            *out = r.snap;
            out->s = nullptr;
            out->motion = {};
        }
        if (ok) detent_reply_clear(&r);
    }
    if (ok && detent_close(c, name.c_str(), &r) == 0) detent_reply_clear(&r);
    return ok;
}

/** Each strip flicked by its delta; each decision waited for, followed to rest, checked against the oracle. */
static void page(const char *when, Strip *t, const double *delta, double t0, const char *sock)
{
    int before[N];
    int64_t from[N];
    for (int i = 0; i < N; i++) {
        before[i] = t[i].index_notes;
        from[i] = detent_strip_get_index(t[i].s);
        flick(t[i], delta[i], t0);
    }
    std::string what = std::string(when) + ": every flick decided, its INDEX note from a reply the adapter read (5 s)";
    check(what.c_str(), wait_for([&] {
              for (int i = 0; i < N; i++)
                  if (t[i].index_notes == before[i]) return false;
              return true;
          }, 5000));
    detent_connection *c = detent_connection_new();
    bool up = detent_connect(c, sock, "qt-pool-test oracle") == 0;
    for (int i = 0; i < N; i++) {
        detent_strip_frame f;
        detent_snap_reply want{};
        bool asked = up && oracle(c, "oracle." + std::to_string(i), t[i], from[i], &want);
        int frames = settle(t[i], &f);
        char text[256];
        snprintf(text, sizeof text, "%s: strip %d, flick %+g from page %lld: at rest after %d frames on page %lld at %g "
                 "(the daemon: page %lld at %g)", when, i, delta[i], (long long)from[i], frames, (long long)f.index,
                 f.offset, (long long)want.index, want.x);
        check(text, asked && t[i].index_in_loop && frames > 0 && f.index == want.index && f.offset == want.x &&
                        f.index != from[i] && detent_strip_get_link(t[i].s) == DETENT_STRIP_OPEN,
              asked ? "" : detent_get_error(c)->message);
    }
    detent_connection_free(c);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: pool-test DETENTD CONFIG FOLDER\n");
        return 64;
    }
    const char *detentd = argv[1], *config = argv[2];
    std::string folder = argv[3], sock = folder + "/p.sock";
    QCoreApplication app(argc, argv);
    qInstallMessageHandler(count_warnings);
    Wakeups wakeups;
    app.installEventFilter(&wakeups);
    QObject::connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::aboutToBlock,
                     [&] { wakeups.blocks++; });
    int threads_before = threads();
    Daemon daemon(detentd, config, sock, folder + "/detentd.log");
    check("detentd listens (10 s)", daemon.start());

    /* 1. Four strips in a pool on the adapter: they open; the daemon's limit gives the pool two connections. */
    detent_pool *pool = detent_pool_new(sock.c_str(), "qt-pool-test");
    detent_pool_set_log(pool, [](void *, const char *line) { fprintf(stderr, "   pool: %s\n", line); }, nullptr);
    std::vector<bool> links;
    QElapsedTimer clock;
    clock.start();
    qint64 linked_ms = -1;
    auto *loop = new detent::QtPool(pool, [&](detent_pool *, bool connected) {
        links.push_back(connected);
        if (connected) linked_ms = clock.elapsed();
    });
    static Strip t[N];
    for (int i = 0; i < N; i++) {
        t[i].s = detent_strip_new("qt");
        detent_strip_on_change(t[i].s, on_change, &t[i]);
        detent_strip_set_plugin(t[i].s, "paging");
        detent_geometry g = pages(0);
        detent_strip_set_geometry(t[i].s, &g);
        detent_pool_add(pool, t[i].s);
    }
    auto all_open = [&](const int *before) {
        for (int i = 0; i < N; i++)
            if (t[i].opened <= before[i] || detent_strip_get_link(t[i].s) != DETENT_STRIP_OPEN) return false;
        return true;
    };
    int none[N] = {0, 0, 0, 0};
    check("four strips in a pool open through the adapter (5 s)", wait_for([&] { return all_open(none); }, 5000));
    check("the link callback said connected", links.size() == 1 && links[0], std::to_string(links.size()));
    check("the daemon's limit of 2 sessions a connection: the pool runs 2 connections",
          detent_pool_connection_count(pool) == 2, std::to_string(detent_pool_connection_count(pool)));

    /* 2. Paged against the real daemon, through the strip API. */
    wakeups.reset();
    const double first[N] = {-200, -150, -250, -120};
    page("online", t, first, 1000, sock.c_str());
    check("the adapter read both connections' sockets (notifier activations on 2 fds)", wakeups.fds.size() == 2,
          std::to_string(wakeups.fds.size()) + " fd(s)");

    /* 3. Idle with the daemon up: no activation of the adapter's notifiers or timer, the loop asleep. */
    wait_for([] { return false; }, 200); /* the replies' tail */
    wakeups.reset();
    double used = cpu_seconds();
    wait_for([] { return false; }, 1000);
    double share = (cpu_seconds() - used) / 1.0;
    char text[160];
    snprintf(text, sizeof text, "%d notifier and %d timer activation(s), the loop woke %d time(s), %.1f%% of a core",
             wakeups.notifier, wakeups.timer, wakeups.blocks, share * 100);
    std::string idle = std::string(" (") + text + ")";
    check(("idle 1 s with the daemon up: the adapter is never woken, no write notifier left on, no timer" + idle).c_str(),
          wakeups.notifier == 0 && wakeups.timer == 0);
    check("idle 1 s: the loop sleeps (it wakes for the test's own timer only, < 5% of a core)",
          wakeups.blocks <= 2 && share < 0.05, text);

    /* 4. The daemon killed: every strip offline, the adapter wakes for the pool's attempts only. */
    int64_t rested[N];
    daemon.kill_now();
    check("the daemon killed: every strip offline, the link callback said so (5 s)", wait_for([&] {
              for (int i = 0; i < N; i++)
                  if (detent_strip_get_link(t[i].s) != DETENT_STRIP_OFFLINE) return false;
              return links.size() == 2 && !links[1];
          }, 5000));
    wakeups.reset();
    wait_for([] { return false; }, 1600);
    snprintf(text, sizeof text, "%d timer and %d notifier activation(s) in 1.6 s, the loop woke %d time(s)",
             wakeups.timer, wakeups.notifier, wakeups.blocks);
    std::string down = std::string(" (") + text + ")";
    /* Attempts 100, 300, 700 and 1500 ms after the loss: one timer activation each, never one early (a coarse
     * QTimer's made 7 here), never a busy loop. */
    check(("no daemon: no socket watched, the adapter's timer wakes for the backoff's attempts only, 3 to 6" + down)
              .c_str(),
          wakeups.notifier == 0 && wakeups.timer >= 3 && wakeups.timer <= 6 && wakeups.blocks <= 2 * wakeups.timer + 2);
    int64_t from0 = detent_strip_get_index(t[0].s);
    flick(t[0], -100, 5000);
    detent_strip_frame f;
    int frames = settle(t[0], &f);
    check("no daemon: a flick pages by the local rule, decided at the release (one page on)",
          frames > 0 && f.index == from0 + 1 && f.offset == 300.0 * (double)(from0 + 1) && !t[0].index_in_loop,
          std::to_string(f.index));
    for (int i = 0; i < N; i++) rested[i] = detent_strip_get_index(t[i].s);

    /* 5. Started again: found within the backoff of its socket appearing; every strip reopens where it rested. */
    int before[N];
    for (int i = 0; i < N; i++) before[i] = t[i].opened;
    SocketWatch watch(folder, "p.sock", clock);
    check("detentd started again", daemon.launch());
    bool back = wait_for([&] { return all_open(before); }, 10000);
    check("every strip reopened through the adapter (10 s)", back);
    qint64 delay = linked_ms - watch.created_ms;
    snprintf(text, sizeof text, "connected %lld ms after the daemon's socket appeared", (long long)delay);
    check((std::string("found within 2 s of the daemon's socket appearing (issue 38; the backoff's maximum is 1 s): ") +
           text).c_str(),
          back && watch.created_ms >= 0 && delay >= 0 && delay < 2000);
    for (int i = 0; i < N; i++) {
        snprintf(text, sizeof text, "strip %d reopened where it rested (page %lld)", i, (long long)rested[i]);
        check(text, t[i].opened_index == rested[i], std::to_string(t[i].opened_index));
    }
    const double second[N] = {200, -200, 250, -150};
    page("after the restart", t, second, 9000, sock.c_str());

    /* 6. The adapter deleted and the pool freed from a strip's hook, inside the pool's own I/O. */
    bool deleted = false;
    t[1].on_index = [&] {
        if (deleted) return; /* once */
        delete loop;
        detent_pool_free(pool);
        deleted = true;
    };
    int64_t at1 = detent_strip_get_index(t[1].s);
    flick(t[1], -150, 14000);
    check("the adapter deleted and the pool freed from a strip's hook (5 s)", wait_for([&] { return deleted; }, 5000));
    wakeups.reset();
    wait_for([] { return false; }, 300);
    bool offline = true;
    for (int i = 0; i < N; i++) offline = offline && detent_strip_get_link(t[i].s) == DETENT_STRIP_OFFLINE;
    check("then the loop runs on with nothing of the adapter's left, the strips offline", wakeups.notifier == 0 &&
          wakeups.timer == 0 && offline && t[1].index == at1 + 1, std::to_string(wakeups.notifier + wakeups.timer));
    int threads_after = threads();
    check("the adapter started no thread", threads_after == threads_before,
          std::to_string(threads_before) + " then " + std::to_string(threads_after));
    check("Qt printed no warning (a notifier on a closed socket, a timer misused)", qt_warnings == 0,
          std::to_string(qt_warnings));
    for (int i = 0; i < N; i++) detent_strip_free(t[i].s);
    daemon.stop();
    return failed ? 1 : 0;
}
