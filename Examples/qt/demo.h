/*
 * The Qt demo of Detent: one Qt Quick window, a real SwipeView (Qt Quick
 * Controls, Basic style) above a strip of the same pages paged by detentd
 * through libdetent and its Qt adapter (<detent/qt.h>), all on Qt's event
 * loop with no thread of its own. No Q_OBJECT anywhere: no moc step.
 *   main.cpp    the options, the application, the view
 *   window.cpp  the QML (inline), the hooks between it and C++, the mouse
 *               filter, the banner, the SwipeView's trace, the start-up trace
 *   strip.cpp   the strip: the connection (reconnecting), its session (open,
 *               the plugins offered, a refused plugin's fallback, a switch),
 *               the drag, and the decision's motion on the frame clock
 *   wheel.cpp   QWheelEvents over the strip: wheel (notches) and scroll (a touchpad)
 *   a11y.cpp    keyboard focus and keys (step), the accessible description, reduced motion
 *   trace.cpp   DETENT_QT_TRACE=1: the test hooks, lines on stdout
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_QT_DEMO_H
#define DETENT_QT_DEMO_H

#include <detent/client.h>
#include <detent/qt.h>

#include <QtCore/QAbstractAnimation>
#include <QtCore/QElapsedTimer>
#include <QtCore/QPointF>
#include <QtCore/QRectF>
#include <QtCore/QString>
#include <QtCore/QTimer>
#include <QtQml/QQmlPropertyMap>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#define DEMO_RETRY_MS 1000
/** A reply outstanding longer than this shows "waiting for detentd". */
#define DEMO_SLOW_MS 250
#define DEMO_MAX_PAGES 16

struct Options {
    std::string plugin = "qt-swipeview"; /* the strip's plugin, asked for first */
    int pages = 6, width = 400, height = 200, spacing = 0, start = 0;
    std::string motion = "auto"; /* auto (GNOME's enable-animations), full or reduced */
};

enum class StripState { Rest, Drag, Moving };

/** The animation clock: runs while the strip drags or moves; its currentTime() is the time Qt's animation
 * driver has handed animations since it started (whole ms), the clock the SwipeView's own motion runs on. */
class FrameClock : public QAbstractAnimation {
public:
    int duration() const override { return -1; }

protected:
    void updateCurrentTime(int) override {}
};

struct QueuedInput {
    double dx, t;
    bool end;
};

using ReplyFn = std::function<void(const detent_reply *reply, const detent_error *error)>;

struct Strip {
    std::string plugin;   /* the plugin it is open (or opening) under */
    std::string previous; /* before a switch, to go back to if the new one will not open */
    unsigned epoch = 0;   /* bumped whenever the session is reopened: older replies are dropped */
    bool ready = false;   /* its session is open */
    int64_t index = 0;
    double offset = 0;    /* where the content is drawn */
    StripState state = StripState::Rest;
    bool traced = false;
    int64_t traced_index = 0;
    double traced_offset = 0;
    StripState traced_state = StripState::Rest;

    struct {
        bool active = false; /* the button is down (until the end is sent) */
        bool began = false;  /* the began reply came: moves go out as they happen */
        bool ended = false;  /* the end went out (or waits for began): awaiting the decision */
        unsigned serial = 0;
        double grab = 0;     /* the offset under the pointer at the press */
        double press_x = 0;  /* the pointer's x at the press, in the window */
        int press_clock = 0; /* the animation clock at the press */
        double last_t = 0;
        std::vector<QueuedInput> queued; /* before the began reply */
    } drag;

    struct {
        bool active = false; /* a touchpad gesture: its begin sent, its end not yet */
        unsigned serial = 0;
        double last_t = 0;   /* the newest wheel or touchpad event's time sent */
    } scroll;

    struct {
        bool active = false;
        detent_motion curve{};
        bool has_jump = false;
        double jump = 0;
        bool started = false; /* its first frame has come: t0 is its clock */
        int t0 = 0;
    } motion;

    int pending = 0;        /* requests of this strip awaiting replies */
    qint64 wait_since = 0;  /* ms (monotonic) since when no reply came while some are pending */

    /* The plugins offered: each of the daemon's is opened once under a trial session. */
    std::map<std::string, bool> fits;
    int trials = 0;         /* trials outstanding */
    bool offered = false;
    bool fallback_pending = false; /* the plugin asked for was refused: fall back once the trials are in */
};

struct Demo {
    Options options;
    QQuickView *view = nullptr;
    QQuickItem *root = nullptr, *swipe = nullptr, *list = nullptr, *strip_item = nullptr, *combo = nullptr;
    QQmlPropertyMap *hooks = nullptr;
    FrameClock *clock = nullptr;
    QElapsedTimer monotonic;

    detent_connection *connection = nullptr;
    std::unique_ptr<detent::QtAdapter> adapter;
    bool connected = false;
    int attempt = 0;
    QTimer *retry = nullptr;
    std::string tried; /* where the last attempt looked */
    std::vector<std::string> plugins; /* the daemon's, from its greeting */
    std::string refusal;              /* the banner's text while the plugin asked for is refused */

    Strip strip;
    int motion = 0;        /* DETENT_MOTION_*, what open and layout say (0, DEFAULT: left out) */
    bool relayout = false; /* the setting changed: a layout goes out once the strip rests */
    int last_tick = -1;  /* the clock at the last frame drawn */
    bool announced = false;

    bool swipe_down = false; /* button 1 went down on the SwipeView */
    struct {
        bool traced = false;
        int state = 0, index = 0;
        double offset = 0;
    } swipe_traced;
};

extern Demo demo;

/** A DETENT_MOTION_* setting as libdetent's open and layout take it. */
inline auto demo_motion(int m)
{
    return static_cast<decltype(DETENT_MOTION_FULL)>(m);
}

/* window.cpp */
bool window_build(Demo *d);
void window_set_banner(Demo *d, const std::string &text, bool refused);
void window_set_where(Demo *d, const std::string &text);
void window_maybe_announce(Demo *d);
void window_set_plugins(Demo *d, const std::vector<std::string> &names, int current);
void window_swipe_changed(Demo *d);

/* strip.cpp */
void link_start(Demo *d);
void strip_show(Strip *s, StripState state, double offset);
void strip_set_reply(const std::string &text);
void strip_refresh_status(Demo *d);
void strip_press(Demo *d, double x, double t);
void strip_motion(Demo *d, double x, double t);
void strip_release(Demo *d, double x, double t);
void strip_step(Demo *d, int delta);
void strip_choose(Demo *d, const std::string &plugin);
void strip_frame(Demo *d);
bool strip_ticking(const Demo *d);
void strip_ensure_tick(Demo *d);
uint64_t strip_track(Demo *d, uint64_t id, ReplyFn fn);
void strip_follow_reply(Demo *d, const detent_reply *r, const detent_error *e);
void strip_kept(const detent_reply *r);
detent_geometry strip_geometry(const Demo *d);

/* wheel.cpp */
void wheel_attach(Demo *d);

/* a11y.cpp */
bool a11y_start(Demo *d);
void a11y_attach(Demo *d);
void a11y_rested(Demo *d);
const char *a11y_motion_name(int motion);

/* trace.cpp */
bool trace_on();
void trace_line(const char *format, ...) __attribute__((format(printf, 1, 2)));
std::string trace_num(double x);
std::string trace_quote(const std::string &text);
void trace_state(Strip *s);
void trace_decision(const detent_snap_reply *snap);

#endif
