/*
 * detent-qml-host: loads one QML page in a frameless QQuickView and says on
 * stdout, one `verb key=value ...` line each (with `ms`, CLOCK_MONOTONIC:
 * Xvfb's clock), what a test of a SwipeView page needs to see. The page is
 * an app's own QML: the host only watches the objects it names `view`
 * (the SwipeView) and `indicator` (a PageIndicator).
 *   ready    once shown: the view's rectangle on the screen, index, count
 *   index    the view's currentIndex changed: value, down (button 1 held)
 *   indicator, count, moving, connected, plugin   those properties changed
 *   press | release | wheel | key   input as the window got it, t = its timestamp()
 *            (wheel: angleDelta ax ay, pixelDelta px py, phase: 0 none, 1 begin, 2 update, 3 end)
 *   enter    the pointer came into the window
 *   result   what an `eval` gave; log: Qt's messages
 * Commands on stdin: `eval JS` (evaluated in the page's root context, so
 * `view.setCurrentIndex(2)` works), `frames` (says `frames value=N`: the
 * frames the window swapped so far, for Benchmarks/qt-quick), `quit`.
 *   detent-qml-host PAGE.qml [--width W] [--height H] [--title T]
 * QML_IMPORT_PATH finds a module that is not installed.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <QtCore/QMetaProperty>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTimer>
#include <QtGui/QGuiApplication>
#include <QtGui/QKeyEvent>
#include <QtGui/QMouseEvent>
#include <QtGui/QWheelEvent>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQml/QQmlExpression>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>

static double monoMs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1000.0 + double(ts.tv_nsec) / 1e6;
}

static bool buttonDown = false;

static void line(const QString &text)
{
    QByteArray b = QStringLiteral("%1 ms=%2\n").arg(text).arg(monoMs(), 0, 'f', 3).toUtf8();
    fwrite(b.constData(), 1, size_t(b.size()), stdout);
    fflush(stdout);
}

static QString quoted(QString s)
{
    s.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

/* One watched property: its notify signal prints `name value=...`. */
class Watch : public QObject {
    Q_OBJECT
public:
    Watch(QObject *target, const char *property, const char *name) : target_(target), name_(name)
    {
        int i = target->metaObject()->indexOfProperty(property);
        if (i < 0) return;
        prop_ = target->metaObject()->property(i);
        if (prop_.hasNotifySignal())
            QMetaObject::connect(target, prop_.notifySignalIndex(), this, metaObject()->indexOfSlot("fired()"));
        valid_ = true;
    }
    bool valid() const { return valid_; }
    QString value() const
    {
        QVariant v = prop_.read(target_);
        if (v.typeId() == QMetaType::Bool) return v.toBool() ? QStringLiteral("1") : QStringLiteral("0");
        if (v.typeId() == QMetaType::QString) return quoted(v.toString());
        return v.toString();
    }
public slots:
    void fired()
    {
        line(QStringLiteral("%1 value=%2 down=%3").arg(QLatin1String(name_), value()).arg(buttonDown ? 1 : 0));
    }

private:
    QObject *target_;
    const char *name_;
    QMetaProperty prop_;
    bool valid_ = false;
};

class Filter : public QObject {
protected:
    bool eventFilter(QObject *, QEvent *e) override
    {
        switch (e->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease: {
            auto *me = static_cast<QMouseEvent *>(e);
            if (me->button() != Qt::LeftButton) break;
            buttonDown = e->type() == QEvent::MouseButtonPress;
            line(QStringLiteral("%1 t=%2 x=%3 y=%4")
                     .arg(buttonDown ? "press" : "release")
                     .arg(me->timestamp())
                     .arg(me->position().x())
                     .arg(me->position().y()));
            break;
        }
        case QEvent::Wheel: {
            auto *we = static_cast<QWheelEvent *>(e);
            line(QStringLiteral("wheel t=%1 ax=%2 ay=%3 px=%4 py=%5 phase=%6")
                     .arg(we->timestamp())
                     .arg(we->angleDelta().x())
                     .arg(we->angleDelta().y())
                     .arg(we->pixelDelta().x())
                     .arg(we->pixelDelta().y())
                     .arg(int(we->phase())));
            break;
        }
        case QEvent::Enter: line(QStringLiteral("enter")); break;
        case QEvent::KeyPress: {
            auto *ke = static_cast<QKeyEvent *>(e);
            line(QStringLiteral("key t=%1 key=%2").arg(ke->timestamp()).arg(ke->key()));
            break;
        }
        default: break;
        }
        return false;
    }
};

static const char *textOption(int argc, char **argv, const char *name, const char *fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    return fallback;
}

static int option(int argc, char **argv, const char *name, int fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return atoi(argv[i + 1]);
    return fallback;
}

static void messages(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    const char *kind = type == QtDebugMsg ? "debug" : type == QtInfoMsg ? "info" : type == QtWarningMsg ? "warning"
                                                                                                         : "error";
    line(QStringLiteral("log kind=%1 text=%2").arg(QLatin1String(kind), quoted(message)));
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s PAGE.qml [--width W] [--height H] [--title T]\n", argv[0]);
        return 2;
    }
    if (!getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "xcb", 1); /* wayland: tests/touchpad.py's sway */
    qInstallMessageHandler(messages);
    QGuiApplication app(argc, argv);
    QQuickView view;
    view.setTitle(QString::fromLocal8Bit(textOption(argc, argv, "--title", "detent-qml-host")));
    view.setFlags(Qt::Window | Qt::FramelessWindowHint);
    view.setResizeMode(QQuickView::SizeRootObjectToView);
    view.resize(option(argc, argv, "--width", 400), option(argc, argv, "--height", 300));
    view.setSource(QUrl::fromLocalFile(QString::fromLocal8Bit(argv[1])));
    if (view.status() != QQuickView::Ready || !view.rootObject()) {
        for (const QQmlError &e : view.errors()) line(QStringLiteral("error text=%1").arg(quoted(e.toString())));
        return 1;
    }
    QObject *root = view.rootObject();
    auto *swipe = root->findChild<QQuickItem *>(QStringLiteral("view"));
    QObject *indicator = root->findChild<QObject *>(QStringLiteral("indicator"));
    if (!swipe) {
        line(QStringLiteral("error text=\"no item named view\""));
        return 1;
    }
    new Watch(swipe, "currentIndex", "index");
    new Watch(swipe, "count", "count");
    new Watch(swipe, "connected", "connected");
    new Watch(swipe, "runningPlugin", "plugin");
    if (indicator) new Watch(indicator, "currentIndex", "indicator");
    QQuickItem *content = swipe->property("contentItem").value<QQuickItem *>();
    if (content) new Watch(content, "moving", "moving");
    if (content && getenv("DETENT_HOST_OFFSET")) new Watch(content, "contentX", "cx"); /* every frame: measuring only */
    Filter filter;
    view.installEventFilter(&filter);
    std::atomic<long> frames{0}; /* counted on the render thread (direct) */
    QObject::connect(&view, &QQuickWindow::frameSwapped, [&frames] { frames++; });

    QTimer ready;
    ready.setInterval(20);
    QObject::connect(&ready, &QTimer::timeout, [&] {
        if (!view.isExposed() || swipe->width() <= 0) return;
        ready.stop();
        QPointF o = swipe->mapToScene(QPointF(0, 0));
        line(QStringLiteral("ready x=%1 y=%2 w=%3 h=%4 index=%5 count=%6 content=%7")
                 .arg(view.x() + o.x())
                 .arg(view.y() + o.y())
                 .arg(swipe->width())
                 .arg(swipe->height())
                 .arg(swipe->property("currentIndex").toInt())
                 .arg(swipe->property("count").toInt())
                 .arg(QLatin1String(content ? content->metaObject()->className() : "none")));
    });
    ready.start();

    QSocketNotifier input(0, QSocketNotifier::Read);
    std::string pending;
    QObject::connect(&input, &QSocketNotifier::activated, [&] {
        char buf[4096];
        ssize_t n = read(0, buf, sizeof buf);
        if (n <= 0) {
            input.setEnabled(false);
            app.quit();
            return;
        }
        pending.append(buf, size_t(n));
        size_t nl;
        while ((nl = pending.find('\n')) != std::string::npos) {
            QString cmd = QString::fromStdString(pending.substr(0, nl));
            pending.erase(0, nl + 1);
            if (cmd == QLatin1String("quit")) {
                app.quit();
                return;
            }
            if (cmd == QLatin1String("frames")) line(QStringLiteral("frames value=%1").arg(frames.load()));
            if (cmd.startsWith(QLatin1String("eval "))) {
                QQmlExpression expr(qmlContext(root), root, cmd.mid(5));
                QVariant v = expr.evaluate();
                if (expr.hasError())
                    line(QStringLiteral("result error=%1").arg(quoted(expr.error().toString())));
                else
                    line(QStringLiteral("result value=%1").arg(quoted(v.toString())));
            }
        }
    });

    view.show();
    view.requestActivate(); /* no window manager under Xvfb: keys and Tab need an active window */
    int rc = app.exec();
    line(QStringLiteral("bye"));
    return rc;
}

#include "host.moc"
