/*
 * The strip, a session of detentd named "strip" (viewport = item = the
 * page width, count, spacing: the SwipeView's pages), and everything it
 * says to the daemon, through libdetent's non-blocking core driven by
 * <detent/qt.h> on Qt's own loop: no reply is ever waited for.
 *
 * - The connection: the greeting, then the session opens; when the daemon
 *   is gone a banner says where the app looked, and it tries again every
 *   DEMO_RETRY_MS; once it answers, the strip reopens where it rested.
 * - The plugins offered: each of the daemon's plugins is opened once under
 *   a trial session and closed; those that open page the strip. A plugin
 *   the daemon refuses (unknown-plugin: qt-swipeview before it exists; an
 *   unsupported layout) is named in the banner, and the strip falls back to
 *   the first offered plugin, in the daemon's order. The menu switches it.
 * - The drag: begin, move and end with the mouse events' own timestamps
 *   (the X server's ms) and no v; drawn at each moved reply's x. Moves made
 *   before the began reply wait for it, then go out in order.
 * - The decision: followed on the frame clock (QQuickWindow::afterAnimating,
 *   t from the animation clock, FrameClock), positions from libdetent's
 *   detent_motion_position(), until its ms; then x (and a loop's jump).
 *   curve=none (motion=reduced) is drawn at x at once: no frame between.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <algorithm>
#include <cstring>

enum OpenTag { OPEN_CONNECT = 1, OPEN_SWITCH, OPEN_BACK, OPEN_FALLBACK };

static void connect_now(Demo *d);
static void open_session(Demo *d, OpenTag tag);
static void offer(Demo *d);
static void populate(Demo *d);

/* ------------------------------------------------------------------ shown */

static const char *state_words(StripState state)
{
    return state == StripState::Drag ? "dragging" : state == StripState::Moving ? "moving" : "at rest";
}

void strip_set_reply(const std::string &text)
{
    demo.hooks->insert("reply", QString::fromStdString(text));
}

void strip_refresh_status(Demo *d)
{
    Strip *s = &d->strip;
    qint64 waited = s->pending > 0 ? d->monotonic.elapsed() - s->wait_since : 0;
    char text[128];
    if (!d->connected) snprintf(text, sizeof text, "offline");
    else if (!s->ready) snprintf(text, sizeof text, "opening\u2026");
    else if (waited > DEMO_SLOW_MS) snprintf(text, sizeof text, "waiting for detentd \u00b7 %.1f s", waited / 1000.0);
    else
        snprintf(text, sizeof text, "item %lld \u00b7 %s \u00b7 %.1f pt", (long long)s->index, state_words(s->state),
                 s->offset);
    QString now = QString::fromUtf8(text);
    if (d->hooks->value("stripStatus").toString() != now) d->hooks->insert("stripStatus", now);
}

/** Draws the strip at offset, in state; the trace hears of every change. */
void strip_show(Strip *s, StripState state, double offset)
{
    s->offset = offset;
    s->state = state;
    demo.hooks->insert("offset", offset);
    demo.hooks->insert("offline", false);
    trace_state(s);
    strip_refresh_status(&demo);
    a11y_rested(&demo);
}

/** The daemon went away: nothing moves until the session is open again. */
static void strip_offline(Demo *d)
{
    Strip *s = &d->strip;
    s->ready = false;
    s->epoch++;
    s->drag.active = s->drag.ended = false;
    s->scroll.active = false;
    s->motion.active = false;
    if (s->state != StripState::Rest) strip_show(s, StripState::Rest, s->offset);
    d->hooks->insert("offline", true);
    strip_refresh_status(d);
}

/* ----------------------------------------------------------------- frames */

bool strip_ticking(const Demo *d)
{
    return d->strip.motion.active || d->strip.state == StripState::Drag;
}

/** The frame clock runs (and the view draws every frame) while the strip drags or moves. */
void strip_ensure_tick(Demo *d)
{
    if (!strip_ticking(d)) return;
    if (d->clock->state() != QAbstractAnimation::Running) {
        d->clock->start();
        d->last_tick = -1;
    }
    d->view->update();
}

/** One frame (QQuickWindow::afterAnimating): the motion's position at the animation clock, or the drag's frame. */
void strip_frame(Demo *d)
{
    Strip *s = &d->strip;
    if (d->clock->state() != QAbstractAnimation::Running) return;
    int now = d->clock->currentTime();
    if (now == d->last_tick) { /* the same clock again: already drawn */
        d->view->update();
        return;
    }
    d->last_tick = now;
    if (s->motion.active) {
        if (!s->motion.started) {
            s->motion.started = true;
            s->motion.t0 = now;
        }
        double t = now - s->motion.t0;
        const detent_motion *m = &s->motion.curve;
        double x = t < (double)m->ms ? detent_motion_position(m, t) : m->x;
        strip_show(s, StripState::Moving, x);
        trace_line("frame s=strip t=%s offset=%s state=moving", trace_num(t).c_str(), trace_num(x).c_str());
        if (t >= (double)m->ms) {
            s->motion.active = false;
            strip_show(s, StripState::Rest, s->motion.has_jump ? s->motion.jump : m->x);
        }
    } else if (s->state == StripState::Drag) {
        double t = now - s->drag.press_clock;
        trace_line("frame s=strip t=%s offset=%s state=drag", trace_num(t).c_str(), trace_num(s->offset).c_str());
        strip_refresh_status(d);
    }
    if (strip_ticking(d)) d->view->update();
    else d->clock->stop();
}

/** Follows a decision from its start: the index, the motion (its first frame at from), then rest at x. */
static void follow(Demo *d, const detent_snap_reply *snap)
{
    Strip *s = &d->strip;
    s->index = snap->index;
    s->motion.active = true;
    s->motion.curve = snap->motion;
    s->motion.has_jump = snap->has_jump;
    s->motion.jump = snap->jump;
    s->motion.started = false;
    trace_decision(snap);
    if (snap->motion.curve == DETENT_CURVE_NONE) { /* motion=reduced: x at once, as libadwaita without animations */
        s->motion.active = false;
        strip_show(s, StripState::Rest, snap->has_jump ? snap->jump : snap->x);
        return;
    }
    strip_show(s, StripState::Moving, snap->motion.from);
    strip_ensure_tick(d);
}

/* --------------------------------------------------------------- requests */

/** A request of the strip: its reply (or error) goes to fn unless the session was reopened since. */
uint64_t strip_track(Demo *d, uint64_t id, ReplyFn fn)
{
    Strip *s = &d->strip;
    if (id == 0) {
        strip_set_reply(detent_get_error(d->connection)->message);
        return 0;
    }
    unsigned epoch = s->epoch;
    if (s->pending++ == 0) s->wait_since = d->monotonic.elapsed();
    d->adapter->expect(id, [d, epoch, fn](const detent_reply *reply, const detent_error *error) {
        Strip *s = &d->strip;
        if (s->pending > 0 && --s->pending > 0) s->wait_since = d->monotonic.elapsed();
        if (epoch == s->epoch && fn) fn(reply, error);
        strip_refresh_status(d);
        a11y_rested(d); /* a layout held back while replies were due */
    });
    return id;
}

/** A reply in a few words, for the line under the strip. */
static std::string describe(const detent_reply *r)
{
    char text[256];
    switch (r->kind) {
    case DETENT_REPLY_OPENED:
        snprintf(text, sizeof text, "opened plugin=%s index=%lld x=%s snaps=%lld", r->opened.plugin,
                 (long long)r->opened.index, trace_num(r->opened.x).c_str(), (long long)r->opened.snaps);
        break;
    case DETENT_REPLY_SNAP:
        snprintf(text, sizeof text, "snap index=%lld x=%s %s %s, %s from %s over %lld ms", (long long)r->snap.index,
                 trace_num(r->snap.x).c_str(), detent_mode_name(r->snap.mode), detent_cause_name(r->snap.cause),
                 detent_curve_name(r->snap.motion.curve), trace_num(r->snap.motion.from).c_str(),
                 (long long)r->snap.motion.ms);
        break;
    default:
        snprintf(text, sizeof text, "%s", detent_reply_kind_name(r->kind));
        break;
    }
    return text;
}

/** A decision that answers a request (release, goto, cancel, wheel, scroll): the strip follows it. */
void strip_follow_reply(Demo *d, const detent_reply *r, const detent_error *e)
{
    Strip *s = &d->strip;
    if (e) {
        strip_set_reply(e->message);
        /* plugin-failed and the like: the session stays where it rested; go back there. */
        if (e->kind == DETENT_ERROR_SERVER && s->ready && !s->drag.active)
            strip_track(d, detent_send_cancel(d->connection, "strip"),
                  [d](const detent_reply *r, const detent_error *e) { strip_follow_reply(d, r, e); });
        return;
    }
    s->drag.ended = false;
    if (!s->ready || s->drag.active || s->scroll.active) return; /* a button or a touchpad holds it again */
    strip_set_reply(describe(r));
    follow(d, &r->snap);
}

/* ---------------------------------------------------------------- session */

detent_geometry strip_geometry(const Demo *d)
{
    detent_geometry g{};
    g.viewport = d->options.width;
    g.item = d->options.width;
    g.count = d->options.pages;
    g.spacing = d->options.spacing;
    return g;
}

static void refuse(Demo *d, const std::string &plugin, const detent_error *e)
{
    std::string code = e->kind == DETENT_ERROR_SERVER ? e->code_name : detent_error_kind_name(e->kind);
    std::string why = e->message; /* its first clause: unknown-plugin's goes on to list every plugin */
    why = why.substr(0, why.find(';'));
    d->refusal = "detentd refused the plugin \u201c" + plugin + "\u201d (" + code + ": " + why + ").";
    trace_line("refused s=strip plugin=%s code=%s msg=%s", plugin.c_str(), code.c_str(),
               trace_quote(e->message).c_str());
    window_set_banner(d, d->refusal + "\nLooking for another of its plugins that pages the strip\u2026", true);
}

/** The plugin asked for was refused: the first of the daemon's plugins that pages the strip, in its order. */
static void fall_back(Demo *d)
{
    Strip *s = &d->strip;
    s->fallback_pending = false;
    for (const std::string &p : d->plugins) {
        if (!s->fits[p]) continue;
        trace_line("fallback s=strip from=%s plugin=%s", s->plugin.c_str(), p.c_str());
        window_set_banner(d, d->refusal + "\nThe strip is paged by \u201c" + p +
                                 "\u201d instead; its menu offers every plugin that pages it.", true);
        s->previous = s->plugin;
        s->plugin = p;
        open_session(d, OPEN_FALLBACK);
        return;
    }
    window_set_banner(d, d->refusal + "\nNone of its plugins pages this strip.", true);
}

static void on_opened(Demo *d, OpenTag tag, const detent_reply *r, const detent_error *e)
{
    Strip *s = &d->strip;
    if (e) {
        strip_set_reply(e->message);
        s->fits[s->plugin] = false;
        if (tag == OPEN_SWITCH) { /* that plugin would not open: back to the one before, where it rested */
            s->plugin = s->previous;
            populate(d);
            open_session(d, OPEN_BACK);
        } else if (e->kind == DETENT_ERROR_SERVER) {
            refuse(d, s->plugin, e);
            s->fallback_pending = true;
            if (s->offered) fall_back(d);
        }
        return;
    }
    s->index = r->opened.index;
    s->ready = true;
    s->plugin = r->opened.plugin;
    s->fits[s->plugin] = true;
    strip_show(s, StripState::Rest, r->opened.x);
    strip_set_reply(describe(r));
    trace_line("opened s=strip plugin=%s index=%lld x=%s motion=%s", s->plugin.c_str(), (long long)s->index,
               trace_num(r->opened.x).c_str(), a11y_motion_name(d->motion));
    if (tag != OPEN_FALLBACK && tag != OPEN_BACK && !d->refusal.empty()) { /* a plugin chosen, or a new daemon */
        d->refusal.clear();
        window_set_banner(d, "", false);
    }
    if (s->offered) populate(d);
    d->view->update(); /* a frame, after which the window announces itself */
}

static void open_session(Demo *d, OpenTag tag)
{
    Strip *s = &d->strip;
    s->motion.active = false;
    s->drag.active = s->drag.ended = false;
    s->scroll.active = false;
    s->ready = false;
    s->epoch++;
    d->relayout = false; /* the open says the motion */
    detent_geometry g = strip_geometry(d);
    g.has_index = true;
    g.index = s->index;
    strip_track(d, detent_send_open2(d->connection, "strip", s->plugin.c_str(), &g, demo_motion(d->motion)),
          [d, tag](const detent_reply *r, const detent_error *e) { on_opened(d, tag, r, e); });
}

/** The menu lists the plugins that page the strip, the current one selected. */
static void populate(Demo *d)
{
    Strip *s = &d->strip;
    std::vector<std::string> names;
    int current = -1;
    std::string list;
    for (const std::string &p : d->plugins) {
        if (!s->fits[p]) continue;
        if (p == s->plugin) current = (int)names.size();
        names.push_back(p);
        list += (list.empty() ? "" : ",") + p;
    }
    window_set_plugins(d, names, current);
    trace_line("offer s=strip plugins=%s", list.c_str());
}

static void trial_done(Demo *d)
{
    Strip *s = &d->strip;
    if (--s->trials > 0) return;
    s->offered = true;
    populate(d);
    if (s->fallback_pending) fall_back(d);
}

/** Asks the daemon which of its plugins page the strip: each opened once under a trial session, then closed. */
static void offer(Demo *d)
{
    Strip *s = &d->strip;
    s->offered = false;
    s->trials = 1; /* held until every trial is queued */
    detent_geometry g = strip_geometry(d);
    for (size_t i = 0; i < d->plugins.size(); i++) {
        const std::string plugin = d->plugins[i];
        if (plugin == s->plugin) continue; /* its own open says */
        s->fits[plugin] = false;
        std::string trial = "try.strip." + std::to_string(i);
        uint64_t sent = detent_send_open(d->connection, trial.c_str(), plugin.c_str(), &g);
        uint64_t id = strip_track(d, sent,
                            [d, plugin](const detent_reply *, const detent_error *e) {
                                d->strip.fits[plugin] = e == nullptr;
                                trial_done(d);
                            });
        if (id) {
            s->trials++;
            strip_track(d, detent_send_close(d->connection, trial.c_str()), nullptr);
        }
    }
    trial_done(d);
}

/** Pages the strip under another plugin: its session closes and opens again under it, where it rested. */
void strip_choose(Demo *d, const std::string &plugin)
{
    Strip *s = &d->strip;
    if (!s->ready || plugin == s->plugin) {
        if (!s->ready && s->offered) populate(d); /* not now: the menu shows the plugin it has */
        return;
    }
    trace_line("choose s=strip plugin=%s from=%s offset=%s", plugin.c_str(), s->plugin.c_str(),
               trace_num(s->offset).c_str());
    strip_track(d, detent_send_close(d->connection, "strip"), nullptr);
    s->previous = s->plugin;
    s->plugin = plugin;
    open_session(d, OPEN_SWITCH);
}

/* ------------------------------------------------------------------ input */

static void trace_input(const char *phase, double t, double dx, double x)
{
    trace_line("input s=strip phase=%s t=%s dx=%s x=%s", phase, trace_num(t).c_str(), trace_num(dx).c_str(),
               trace_num(x).c_str());
}

static void send_move(Demo *d, double dx, double t)
{
    Strip *s = &d->strip;
    double x = s->drag.grab - dx;
    trace_input("move", t, dx, x);
    unsigned serial = s->drag.serial;
    strip_track(d, detent_send_move(d->connection, "strip", x, t), [d, serial](const detent_reply *r, const detent_error *e) {
        Strip *s = &d->strip;
        if (!e) trace_line("moved s=strip x=%s for=move", trace_num(r->moved.x).c_str());
        if (e || serial != s->drag.serial || !s->drag.active) return;
        strip_show(s, StripState::Drag, r->moved.x);
    });
}

static void send_end(Demo *d, double dx, double t)
{
    Strip *s = &d->strip;
    double x = s->drag.grab - dx;
    trace_input("end", t, dx, x);
    strip_track(d, detent_send_end(d->connection, "strip", x, DETENT_NONE, DETENT_NONE, t),
          [d](const detent_reply *r, const detent_error *e) { strip_follow_reply(d, r, e); });
}

static void on_began(Demo *d, unsigned serial, const detent_reply *r, const detent_error *e)
{
    Strip *s = &d->strip;
    if (serial != s->drag.serial) return;
    if (e) { /* no gesture after all: rest where it is drawn */
        s->drag.active = s->drag.ended = false;
        strip_set_reply(e->message);
        strip_show(s, StripState::Rest, s->offset);
        return;
    }
    if (r->began.has_jump) { /* a re-grab onto a loop's duplicate: to the real item at once, invisibly */
        s->drag.grab += r->began.jump - r->began.x;
        if (s->drag.active) strip_show(s, StripState::Drag, s->offset + r->began.jump - r->began.x);
    }
    s->index = r->began.index;
    s->drag.began = true;
    for (const QueuedInput &q : s->drag.queued) {
        if (q.end) send_end(d, q.dx, q.t);
        else send_move(d, q.dx, q.t);
    }
    s->drag.queued.clear();
}

void strip_press(Demo *d, double x, double t)
{
    Strip *s = &d->strip;
    if (!s->ready || s->drag.active || s->scroll.active) return;
    s->motion.active = false; /* grabbed: the content stays where it is drawn */
    s->drag.active = true;
    s->drag.began = s->drag.ended = false;
    s->drag.serial++;
    s->drag.grab = s->offset;
    s->drag.press_x = x;
    s->drag.last_t = t;
    s->drag.queued.clear();
    strip_show(s, StripState::Drag, s->offset);
    if (d->clock->state() != QAbstractAnimation::Running) strip_ensure_tick(d);
    s->drag.press_clock = d->clock->currentTime();
    trace_input("begin", t, 0, s->offset);
    unsigned serial = s->drag.serial;
    strip_track(d, detent_send_begin(d->connection, "strip", s->offset, t),
          [d, serial](const detent_reply *r, const detent_error *e) { on_began(d, serial, r, e); });
    strip_ensure_tick(d);
}

void strip_motion(Demo *d, double x, double t)
{
    Strip *s = &d->strip;
    if (!s->drag.active) return;
    double dx = x - s->drag.press_x;
    s->drag.last_t = t;
    if (s->drag.began) send_move(d, dx, t);
    else s->drag.queued.push_back({ dx, t, false });
}

void strip_release(Demo *d, double x, double t)
{
    Strip *s = &d->strip;
    if (!s->drag.active) return;
    double dx = x - s->drag.press_x;
    s->drag.active = false;
    s->drag.ended = true;
    if (s->drag.began) send_end(d, dx, t);
    else s->drag.queued.push_back({ dx, t, true });
}

/** ◀ ▶: goto the previous or next item, from where the strip is drawn. */
void strip_step(Demo *d, int delta)
{
    Strip *s = &d->strip;
    if (!s->ready || s->state == StripState::Drag) return;
    int64_t index = std::clamp<int64_t>(s->index + delta, 0, d->options.pages - 1);
    trace_line("input s=strip phase=goto index=%lld x=%s", (long long)index, trace_num(s->offset).c_str());
    strip_track(d, detent_send_goto(d->connection, "strip", index, s->offset),
          [d](const detent_reply *r, const detent_error *e) { strip_follow_reply(d, r, e); });
}

/* ------------------------------------------------------------- connection */

static void down(Demo *d, const std::string &why)
{
    d->connected = false;
    d->attempt++;
    strip_offline(d);
    char text[2048];
    snprintf(text, sizeof text,
             "detentd is not reachable (tried %s): %s\n"
             "Retrying every %d s; attempt %d. Is scripts/qt-demo running? It starts detentd and this app.",
             d->tried.c_str(), why.c_str(), DEMO_RETRY_MS / 1000, d->attempt);
    window_set_banner(d, text, false);
    trace_line("connection state=down attempt=%d tried=%s msg=%s", d->attempt, trace_quote(d->tried).c_str(),
               trace_quote(why).c_str());
    if (!d->retry->isActive()) d->retry->start(DEMO_RETRY_MS);
}

static void ready(Demo *d, const detent_hello_reply *hello)
{
    d->connected = true;
    d->attempt = 0;
    d->plugins.clear();
    for (size_t i = 0; i < hello->plugins_len; i++) d->plugins.push_back(hello->plugins[i]);
    const char *path = detent_path(d->connection);
    window_set_where(d, std::string(path ? path : "?") + " (" + hello->server + ")");
    d->refusal.clear();
    window_set_banner(d, "", false);
    trace_line("connection state=ready path=%s server=%s", trace_quote(path ? path : "").c_str(),
               trace_quote(hello->server).c_str());
    d->strip.fits.clear();
    d->strip.fallback_pending = false;
    open_session(d, OPEN_CONNECT);
    offer(d); /* after the open: its reply comes first, and says whether the plugin asked for pages it */
}

static void on_event(Demo *d, detent_connection *c, detent_event *ev)
{
    switch (ev->type) {
    case DETENT_EVENT_READY:
        ready(d, &ev->reply.hello);
        break;
    case DETENT_EVENT_PUSH: /* no autoplay here: pushes are only counted */
        trace_line("push s=%s index=%lld followed=0", ev->reply.snap.s, (long long)ev->reply.snap.index);
        break;
    case DETENT_EVENT_ERROR:
        if (ev->request == 0 && detent_get_state(c) == DETENT_STATE_CLOSED) down(d, ev->error.message);
        else fprintf(stderr, "detent-qt-demo: %s\n", ev->error.message);
        break;
    default:
        break;
    }
}

static void connect_now(Demo *d)
{
    const char *socket = getenv("DETENT_SOCKET");
    d->tried = socket && *socket ? socket
                                 : "$XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock, /tmp/detent-UID.sock";
    if (detent_connect_start(d->connection, nullptr, "detent-qt-demo") < 0) {
        down(d, detent_get_error(d->connection)->message);
        return;
    }
    d->adapter->sync();
}

void link_start(Demo *d)
{
    d->strip.plugin = d->options.plugin;
    d->strip.index = d->options.start;
    d->connection = detent_connection_new();
    if (!d->connection) {
        fprintf(stderr, "detent-qt-demo: out of memory\n");
        exit(1);
    }
    d->adapter = std::make_unique<detent::QtAdapter>(
        d->connection, [d](detent_connection *c, detent_event *ev) { on_event(d, c, ev); });
    d->retry = new QTimer;
    d->retry->setSingleShot(true);
    QObject::connect(d->retry, &QTimer::timeout, [d] { connect_now(d); });
    connect_now(d);
}
