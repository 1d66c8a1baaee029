/*
 * detent-qt-recorder: a real Qt Quick Controls SwipeView (Basic style) in a
 * frameless QQuickView exactly one page wide, and one JSON object per line on
 * stdout (flushed) for everything it is handed and everything it does, so that
 * Tests/Qt/record can drive it with real X pointer drags and Tests/Qt/analyze
 * can replay each gesture into a model. No Detent code: this is the engine
 * being recorded.
 *
 * Options (argv):
 *   --pages N     page count (6)
 *   --width W     page width; the view and the SwipeView are exactly this wide (400)
 *   --height H    height (200)
 *   --spacing S   SwipeView.spacing (0)
 *   --start I     the page it opens on (0)
 *
 * Lines (Tests/Qt/README.md has the whole list); every line has "e" (what)
 * and "ms" (CLOCK_MONOTONIC in ms, the clock Xvfb stamps X events with):
 *   config   the geometry asked for, the Qt version and the ListView's own properties
 *   ready    the ListView's rectangle in the window, once laid out on the start page
 *   press | move | release   every mouse event, printed by an event filter on the
 *            QQuickView before any item sees it: x, y (window), gx (screen), t (the
 *            event's own timestamp(): the X server's ms), b (buttons), vx (Qt's own
 *            QEventPoint velocity x, px/s)
 *   wheel    every wheel event, before any item sees it: t, phase, ax ay (angleDelta),
 *            px py (pixelDelta), src (mouse / system / app), dev (QInputDevice::DeviceType),
 *            devname, inverted, x y, cx; a `handled` line (of "wheel": cx, hv, moving,
 *            dragging, flicking, accepted) and a `started` probe follow its delivery
 *   cx       every contentXChanged of the SwipeView's contentItem (the ListView):
 *            cx, src ("event" while a mouse event is being delivered, else "frame"),
 *            frame (afterAnimating count so far: a "frame" cx belongs to the next tick),
 *            anim (the animation clock when it changed, -1 outside a gesture or goto)
 *   handled  after the view delivered a mouse event: cx, index and the ListView's
 *            moving / dragging / flicking
 *   tick     each QQuickWindow::afterAnimating while a gesture or a goto is in flight:
 *            frame, anim (the animation clock in ms since the press or goto, read
 *            from a QAbstractAnimation that runs meanwhile; the view redraws every
 *            frame meanwhile, so that the clock advances once per frame)
 *   sig      the ListView's signals (dragStarted, dragEnded, flickStarted, flickEnded,
 *            movementStarted, movementEnded) and the SwipeView's currentIndex changes
 *   started  from the event queue right after a release or goto: anim is the animation clock
 *            the motion it began counts from (QQmlAnimationTimer starts new animations with a
 *            queued call; this line is queued after it)
 *   settled  once per release or goto: button up, not moving or flicking, contentX
 *            exactly on currentIndex's page (via "release" or "goto")
 *   place | position | placed   a `place` command taken; (via, jump) the positioning once the new
 *            view is laid out; the view resting on the page (ok) or not after 1.5 s
 *   goto | error | bye
 * `ready`, `settled`, `placed` and `wheel` lines carry `delegates`: the pages the ListView
 * holds (itemAtIndex not null).
 * Commands on stdin, one a line: `goto I` (SwipeView.currentIndex = I, set at the
 * first afterAnimating after the command, once the clock runs: the widget's own
 * 250 ms page change; a settled line follows); `place I via J`, `place I jump`,
 * `place I create`, `place I sized` (a new SwipeView put on page I without moving,
 * issue 41: see place() below); `quit`. End of input quits too.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <QtCore/QAbstractAnimation>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTimer>
#include <QtCore/QVariant>
#include <QtGui/QEventPoint>
#include <QtGui/QGuiApplication>
#include <QtGui/QMouseEvent>
#include <QtGui/QStyleHints>
#include <QtGui/QWheelEvent>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>

#include "recorder.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>

namespace rec {

Options opt;
QQuickView *view;
QObject *rootObject;     // the QML root: replaced by `place I create|sized`
QQuickItem *swipe, *list;
int delivering = 0;      // > 0 while the view delivers a mouse or wheel event
bool scrolling = false;  // between a wheel ScrollBegin and its ScrollEnd (a touchpad's fingers down)
long frames = 0;         // afterAnimating count
bool buttonDown = false;
bool awaiting = false;   // a release or goto not yet followed by its settled line
const char *awaitingVia = "";
int pendingGoto = -1;    // a goto waiting for the clock's first tick

/* The animation clock: a QAbstractAnimation that runs while a gesture or a goto is
 * in flight. Its currentTime() is the time Qt's animation driver has handed the
 * animations since it started (whole ms), the clock QQuickTimeLine runs on. */
class Clock : public QAbstractAnimation {
public:
    int duration() const override { return -1; }

protected:
    void updateCurrentTime(int) override {}
};

Clock *animClock;

double contentX() { return list->property("contentX").toDouble(); }
int currentIndex() { return swipe->property("currentIndex").toInt(); }
double pageOffset(int i) { return double(i) * (opt.width + opt.spacing); }

int clockNow() { return animClock->state() == QAbstractAnimation::Running ? animClock->currentTime() : -1; }

/* A line from the event queue, after everything the view posted while handling what came
 * before: QQmlAnimationTimer starts the animations a release or a goto began with a queued
 * call (startAnimations), so this line's anim is the clock the new motion counts from. */
void queuedProbe(const char *after)
{
    QMetaObject::invokeMethod(
        view, [after] { Line("started").str("after", after).integer("anim", clockNow()).integer("frame", frames); },
        Qt::QueuedConnection);
}

void startClock()
{
    animClock->stop();
    animClock->start();
    view->update();
}

void checkSettled()
{
    if (!awaiting || buttonDown || scrolling || pendingGoto >= 0) return;
    if (list->property("moving").toBool() || list->property("flicking").toBool()
        || list->property("dragging").toBool())
        return;
    int index = currentIndex();
    double x = contentX();
    if (std::fabs(x - pageOffset(index)) > 1e-9) return;
    awaiting = false;
    Line("settled")
        .str("via", awaitingVia)
        .integer("index", index)
        .num("cx", x)
        .integer("frame", frames)
        .integer("anim", animClock->state() == QAbstractAnimation::Running ? animClock->currentTime() : -1)
        .json("delegates", delegates());
    animClock->stop();
}

void await(const char *via)
{
    awaiting = true;
    awaitingVia = via;
}

const char *phaseName(Qt::ScrollPhase p)
{
    switch (p) {
    case Qt::NoScrollPhase: return "none";
    case Qt::ScrollBegin: return "begin";
    case Qt::ScrollUpdate: return "update";
    case Qt::ScrollEnd: return "end";
    case Qt::ScrollMomentum: return "momentum";
    }
    return "?";
}

/* A wheel event as the view is handed it. The clock keeps running across a burst of them (it
 * restarts only when a settle stopped it), so that every motion in the burst shares it. */
void wheelLine(QWheelEvent *we)
{
    if (we->phase() == Qt::ScrollBegin) scrolling = true;
    if (we->phase() == Qt::ScrollEnd) scrolling = false;
    awaiting = false;
    if (animClock->state() != QAbstractAnimation::Running) startClock();
    const QInputDevice *dev = we->device();
    Line("wheel")
        .integer("t", (long long)we->timestamp())
        .str("phase", phaseName(we->phase()))
        .num("ax", we->angleDelta().x())
        .num("ay", we->angleDelta().y())
        .num("px", we->pixelDelta().x())
        .num("py", we->pixelDelta().y())
        .str("src", we->source() == Qt::MouseEventNotSynthesized ? "mouse"
                    : we->source() == Qt::MouseEventSynthesizedBySystem ? "system" : "app")
        .integer("dev", dev ? int(dev->type()) : -1)
        .str("devname", dev ? dev->name().toStdString() : "")
        .boolean("inverted", we->inverted())
        .num("x", we->position().x())
        .num("y", we->position().y())
        .num("cx", contentX())
        .integer("frame", frames)
        .integer("anim", clockNow())
        .json("delegates", delegates());
}

/* Every mouse event, before any item sees it. */
class Filter : public QObject {
protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        const char *what = nullptr;
        switch (e->type()) {
        case QEvent::MouseButtonPress: what = "press"; break;
        case QEvent::MouseMove: what = "move"; break;
        case QEvent::MouseButtonRelease: what = "release"; break;
        default: break;
        }
        if (e->type() == QEvent::Wheel && o == view) {
            wheelLine(static_cast<QWheelEvent *>(e));
            return false;
        }
        if (what && o == view) {
            auto *me = static_cast<QMouseEvent *>(e);
            if (e->type() == QEvent::MouseButtonPress && me->button() == Qt::LeftButton) {
                buttonDown = true;
                awaiting = false;
                startClock();
            }
            const QEventPoint &p = me->point(0);
            Line(what)
                .num("x", me->position().x())
                .num("y", me->position().y())
                .num("gx", me->globalPosition().x())
                .integer("t", (long long)me->timestamp())
                .integer("b", (int)me->buttons())
                .integer("button", (int)me->button())
                .num("vx", p.velocity().x())
                .integer("frame", frames)
                .integer("anim", animClock->state() == QAbstractAnimation::Running ? animClock->currentTime() : -1)
                .boolean("synth", me->source() != Qt::MouseEventNotSynthesized);
        }
        return false;
    }
};

/* The view: marks the delivery of each mouse event, and what it left behind. */
class View : public QQuickView {
protected:
    bool event(QEvent *e) override
    {
        const char *what = nullptr;
        switch (e->type()) {
        case QEvent::MouseButtonPress: what = "press"; break;
        case QEvent::MouseMove: what = "move"; break;
        case QEvent::MouseButtonRelease: what = "release"; break;
        default: break;
        }
        if (e->type() == QEvent::Wheel) {
            auto *we = static_cast<QWheelEvent *>(e);
            ++delivering;
            bool r = QQuickView::event(e);
            --delivering;
            Line("handled")
                .str("of", "wheel")
                .integer("t", (long long)we->timestamp())
                .str("phase", phaseName(we->phase()))
                .num("cx", contentX())
                .integer("index", currentIndex())
                .num("hv", list->property("horizontalVelocity").toDouble())
                .boolean("moving", list->property("moving").toBool())
                .boolean("dragging", list->property("dragging").toBool())
                .boolean("flicking", list->property("flicking").toBool())
                .boolean("accepted", we->isAccepted());
            queuedProbe("wheel");
            await("wheel");
            checkSettled();
            return r;
        }
        if (!what) return QQuickView::event(e);
        auto *me = static_cast<QMouseEvent *>(e);
        bool release = e->type() == QEvent::MouseButtonRelease && me->button() == Qt::LeftButton;
        ++delivering;
        bool r = QQuickView::event(e);
        --delivering;
        Line("handled")
            .str("of", what)
            .integer("t", (long long)me->timestamp())
            .num("cx", contentX())
            .integer("index", currentIndex())
            .boolean("moving", list->property("moving").toBool())
            .boolean("dragging", list->property("dragging").toBool())
            .boolean("flicking", list->property("flicking").toBool());
        if (release) {
            queuedProbe("release");
            buttonDown = false;
            await("release");
            checkSettled();
        }
        return r;
    }
};

/* Lines the QML side writes with console.info("detent <what> <number>"). */
void messages(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    QByteArray m = message.toUtf8();
    if (m.startsWith("detent ")) {
        QList<QByteArray> parts = m.mid(7).split(' ');
        if (parts.value(0) == "cx") {
            Line("cx")
                .num("cx", parts.value(1).toDouble())
                .str("src", delivering ? "event" : "frame")
                .integer("frame", frames)
                .integer("anim", clockNow())
                .boolean("down", buttonDown);
            return;
        }
        if (parts.value(0) == "sig") {
            Line l("sig");
            l.str("name", parts.value(1).toStdString()).num("cx", contentX());
            if (parts.size() > 2) l.num("value", parts.value(2).toDouble());
            l.str("src", delivering ? "event" : "frame").integer("frame", frames);
            return;
        }
    }
    const char *kind = type == QtDebugMsg ? "debug" : type == QtInfoMsg ? "info" : type == QtWarningMsg ? "warning"
                                                                                                         : "error";
    Line("log").str("kind", kind).str("text", m.toStdString());
}

int option(int argc, char **argv, const char *name, int fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return atoi(argv[i + 1]);
    return fallback;
}

const char *kQml = R"QML(
import QtQuick
import QtQuick.Controls.Basic

Item {
    id: root
    width: %1; height: %2

    SwipeView {
        id: swipe
        objectName: "swipe"
        anchors.fill: parent
        spacing: %3
        currentIndex: %5
        onCurrentIndexChanged: console.info("detent sig currentIndex " + currentIndex)

        Repeater {
            model: %4
            Rectangle {
                color: Qt.hsla((index * 0.17) %% 1, 0.55, 0.45, 1)
                Text {
                    anchors.centerIn: parent
                    text: index
                    color: "white"
                    font.pixelSize: parent.height / 3
                }
            }
        }
    }

    Connections {
        target: swipe.contentItem
        function onContentXChanged() { console.info("detent cx " + swipe.contentItem.contentX) }
        function onDragStarted() { console.info("detent sig dragStarted") }
        function onDragEnded() { console.info("detent sig dragEnded") }
        function onFlickStarted() { console.info("detent sig flickStarted " + swipe.contentItem.horizontalVelocity) }
        function onFlickEnded() { console.info("detent sig flickEnded") }
        function onMovementStarted() { console.info("detent sig movementStarted") }
        function onMovementEnded() { console.info("detent sig movementEnded") }
    }
}
)QML";

/* A new SwipeView in the window (the old one, if any, destroyed), created with
 * `currentIndex: index` in its QML. False, with an error line, when it fails. */
bool createView(int index)
{
    QQmlComponent component(view->engine());
    QString qml = QString::fromUtf8(kQml)
                      .arg(opt.width)
                      .arg(opt.height)
                      .arg(opt.spacing)
                      .arg(opt.pages)
                      .arg(index);
    qml.replace("%%", "%");
    component.setData(qml.toUtf8(), QUrl(QStringLiteral("file:///detent-qt-recorder.qml")));
    QObject *object = component.create();
    if (!object) {
        Line("error").str("what", component.errorString().toStdString());
        return false;
    }
    delete rootObject;
    rootObject = object;
    auto *root = qobject_cast<QQuickItem *>(object);
    root->setParentItem(view->contentItem());
    swipe = root->findChild<QQuickItem *>("swipe");
    list = swipe ? swipe->property("contentItem").value<QQuickItem *>() : nullptr;
    if (!list) {
        Line("error").str("what", "no SwipeView contentItem");
        return false;
    }
    return true;
}

} // namespace rec

using namespace rec;

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: %s [--pages N] [--width W] [--height H] [--spacing S] [--start I]\n", argv[0]);
            return 0;
        }
    }
    opt.pages = option(argc, argv, "--pages", opt.pages);
    opt.width = option(argc, argv, "--width", opt.width);
    opt.height = option(argc, argv, "--height", opt.height);
    opt.spacing = option(argc, argv, "--spacing", opt.spacing);
    opt.start = option(argc, argv, "--start", opt.start);
    if (opt.pages < 1 || opt.width < 16 || opt.height < 16 || opt.spacing < 0 || opt.start < 0
        || opt.start >= opt.pages) {
        fprintf(stderr, "detent-qt-recorder: bad options\n");
        return 2;
    }
    setenv("QT_QUICK_CONTROLS_STYLE", "Basic", 1);
    if (!getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "xcb", 1);

    qInstallMessageHandler(messages);
    QGuiApplication app(argc, argv);
    animClock = new Clock;

    View v;
    view = &v;
    v.setTitle("Detent qt recorder");
    v.setFlags(Qt::Window | Qt::FramelessWindowHint);
    v.setResizeMode(QQuickView::SizeViewToRootObject);

    if (!createView(opt.start)) return 1;
    v.resize(opt.width, opt.height);

    Line("config")
        .integer("pages", opt.pages)
        .integer("width", opt.width)
        .integer("height", opt.height)
        .integer("spacing", opt.spacing)
        .integer("start", opt.start)
        .str("qt", qVersion())
        .str("style", getenv("QT_QUICK_CONTROLS_STYLE"))
        .str("list", list->metaObject()->className())
        .num("maximumFlickVelocity", list->property("maximumFlickVelocity").toDouble())
        .num("flickDeceleration", list->property("flickDeceleration").toDouble())
        .integer("highlightMoveDuration", list->property("highlightMoveDuration").toInt())
        .num("highlightMoveVelocity", list->property("highlightMoveVelocity").toDouble())
        .integer("snapMode", list->property("snapMode").toInt())
        .integer("highlightRangeMode", list->property("highlightRangeMode").toInt())
        .integer("boundsBehavior", list->property("boundsBehavior").toInt())
        .integer("cacheBuffer", list->property("cacheBuffer").toInt())
        .num("listSpacing", list->property("spacing").toDouble())
        .integer("startDragDistance", QGuiApplication::styleHints()->startDragDistance());

    QObject::connect(&v, &QQuickWindow::afterAnimating, [] {
        ++frames;
        if (animClock->state() == QAbstractAnimation::Running) {
            Line("tick").integer("frame", frames).integer("anim", animClock->currentTime()).num("cx", contentX());
            /* Keep drawing while the clock runs: with nothing to draw, Qt's render loop advances the
             * animations on a wall-clock timer instead of once per frame, and the two clocks disagree
             * when the next motion starts. Drawing each frame keeps one clock, 1/60 s a frame. */
            view->update();
        }
        if (pendingGoto >= 0) {
            /* The page change starts once the clock runs, as a release's motion does (the clock
             * starts at the press), so that both count from a running animation driver. */
            int index = pendingGoto;
            pendingGoto = -1;
            swipe->setProperty("currentIndex", index);
            queuedProbe("goto");
        }
        checkSettled();
    });

    Filter filter;
    v.installEventFilter(&filter);

    QTimer poll; // a release that moves nothing draws no frame: look again now and then
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [] {
        checkSettled();
        checkPlaced();
    });
    poll.start();

    bool ready = false;
    QTimer readyTimer;
    readyTimer.setInterval(20);
    QObject::connect(&readyTimer, &QTimer::timeout, [&] {
        if (ready || !v.isExposed() || list->width() <= 0) return;
        if (std::fabs(contentX() - pageOffset(opt.start)) > 1e-9 || currentIndex() != opt.start) return;
        ready = true;
        readyTimer.stop();
        QPointF o = list->mapToScene(QPointF(0, 0));
        Line("ready")
            .num("x", o.x())
            .num("y", o.y())
            .num("width", list->width())
            .num("height", list->height())
            .num("window-x", v.x())
            .num("window-y", v.y())
            .integer("index", currentIndex())
            .num("cx", contentX())
            .str("graphics", QQuickWindow::sceneGraphBackend().toStdString())
            .json("delegates", delegates());
    });
    readyTimer.start();

    QSocketNotifier stdinNotifier(0, QSocketNotifier::Read);
    std::string pending;
    QObject::connect(&stdinNotifier, &QSocketNotifier::activated, [&] {
        char buf[512];
        ssize_t n = read(0, buf, sizeof buf);
        if (n <= 0) {
            stdinNotifier.setEnabled(false);
            app.quit();
            return;
        }
        pending.append(buf, size_t(n));
        size_t nl;
        while ((nl = pending.find('\n')) != std::string::npos) {
            std::string cmd = pending.substr(0, nl);
            pending.erase(0, nl + 1);
            int index, via;
            char how[16];
            if (sscanf(cmd.c_str(), "place %d via %d", &index, &via) == 2) {
                if (index < 0 || index >= opt.pages || via < 0 || via >= opt.pages)
                    Line("error").str("what", "no page in " + cmd);
                else
                    place(index, "via", via);
            } else if (sscanf(cmd.c_str(), "place %d %15s", &index, how) == 2) {
                if (index < 0 || index >= opt.pages || (strcmp(how, "create") && strcmp(how, "sized") && strcmp(how, "jump")))
                    Line("error").str("what", "bad command " + cmd);
                else
                    place(index, how, -1);
            } else if (sscanf(cmd.c_str(), "goto %d", &index) == 1) {
                if (index < 0 || index >= opt.pages) {
                    Line("error").str("what", "no page " + std::to_string(index));
                } else {
                    Line("goto").integer("index", index).num("cx", contentX()).integer("frame", frames);
                    startClock();
                    await("goto");
                    pendingGoto = index;
                }
            } else if (cmd == "quit") {
                app.quit();
                return;
            } else if (!cmd.empty()) {
                Line("error").str("what", "unknown command " + cmd);
            }
        }
    });

    v.show();
    int rc = app.exec();
    Line("bye");
    delete rootObject;
    return rc;
}
