/*
 * The Qt demo of Detent: one Qt Quick window (window.qml), Qt's own
 * SwipeView (Basic style) above Detent.Controls' SwipeView with the same
 * pages. The window has no paging logic: Detent.Controls pages the lower
 * view (the strip controller, the pool, wheel, keys, accessibility, reduced
 * motion, offline paging). This C++ host does what QML cannot reach:
 *   main.cpp    the options, the application, the view, the module's path
 *   host.cpp    the hooks between QML and C++: the banner, the menu's choice,
 *               the SwipeView's and the strip's trace, the start-up trace
 *   frames.cpp  the strip's state and frames, read from its content item
 *   offer.cpp   the menu: which of the daemon's plugins page the strip
 *               (trial sessions on a connection of its own)
 *   relay.cpp   under DETENT_QT_TRACE=1 the view reaches detentd through a
 *   wire.cpp    relay of the app's own that traces the protocol's lines
 *   trace.cpp   the lines on stdout
 * No Q_OBJECT anywhere: no moc step.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_QT_DEMO_H
#define DETENT_QT_DEMO_H

#include <detent/client.h>

#include <QtQml/QQmlPropertyMap>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>

#include <string>
#include <vector>

#define DEMO_MAX_PAGES 16

struct Options {
    std::string plugin = "qt-swipeview"; /* the strip's plugin, asked for first */
    int pages = 6, width = 400, height = 200, spacing = 0, start = 0;
    std::string motion = "auto"; /* auto (GNOME's enable-animations), full or reduced */
};

struct Demo {
    Options options;
    QQuickView *view = nullptr;
    QQuickItem *root = nullptr, *swipe = nullptr, *list = nullptr, *detent = nullptr, *strip = nullptr;
    QQuickItem *combo = nullptr;
    QQmlPropertyMap *hooks = nullptr;
    std::string tried;     /* where the daemon is looked for */
    std::string socket;    /* the view's socket: the relay's under the trace, else empty (the rule) */
    std::string refusal;   /* the banner's text while the plugin asked for is refused */
    std::string running;   /* the plugin the strip runs under, as the relay saw it open */
    std::vector<std::string> offered; /* the plugins that page the strip, in the daemon's order */
    bool announced = false;
    bool swipe_down = false; /* button 1 went down on Qt's SwipeView */
};

extern Demo demo;

/* host.cpp */
bool host_build(Demo *d, const QUrl &qml);
void host_banner(Demo *d);
void host_maybe_announce(Demo *d);
void host_offered(Demo *d);

/* frames.cpp */
void frames_attach(Demo *d);
void frames_decided(const detent_snap_reply *snap);

/* offer.cpp */
void offer_start(Demo *d);

/* relay.cpp, wire.cpp (relay.h) */
const char *relay_start();
void relay_stop();

/* events from the relay's lines (wire.cpp), for the host */
void host_opened(Demo *d, const std::string &plugin);
void host_refused(Demo *d, const std::string &plugin, const std::string &code, const std::string &msg);
void host_link(Demo *d, bool ready, const std::string &msg);

/* trace.cpp */
bool trace_on();
void trace_line(const char *format, ...) __attribute__((format(printf, 1, 2)));
std::string trace_num(double x);
std::string trace_quote(const std::string &text);

#endif
