/*
 * The host's side of window.qml, through one QQmlPropertyMap, "hooks" (no
 * moc): the options in, the menu's list, the banner; hooks.command out (a
 * button of Qt's SwipeView, the menu, the link, the description), cleared
 * once handled so that the same command is heard again.
 * - The banner: red while Detent's view is not connected after an attempt
 *   failed (where the app looked, and that it retries), amber while the
 *   plugin asked for is refused (the daemon's answer, the plugin it pages
 *   under instead). A plugin chosen in the menu takes the refusal away.
 * - The menu: the plugins offer.cpp found; choosing one sets the view's
 *   `plugin` (the view reopens under it where it rests).
 * - Qt's SwipeView is watched (a mouse filter that only looks) for its trace.
 * Trace: strip s=swipeview|strip x= y= width= height=, control s= name= ...,
 * ready strips=2 (once shown, open and offered); state s=swipeview
 * state=rest|drag|moving index= offset=; input s=swipeview phase=goto
 * index=; popup s=strip shown=1|0, popup s=strip focus=P; choose s=strip
 * plugin= from= offset=; offer s=strip plugins=; banner shown=1|0 [text=];
 * focus item=NAME; a11y s=strip name= description=.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <QtCore/QTimer>
#include <QtGui/QMouseEvent>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>

static std::string link_msg; /* why the last attempt failed; empty once the daemon answered */
static std::string shown_banner;

void host_banner(Demo *d)
{
    bool connected = d->detent->property("connected").toBool();
    std::string text;
    bool refused = false;
    if (!connected && !link_msg.empty()) {
        text = "detentd is not reachable (tried " + d->tried + "): " + link_msg +
               "\nRetrying every second. Is scripts/qt-demo running? It starts detentd and this app.";
    } else if (!d->refusal.empty()) {
        refused = true;
        text = d->refusal + (d->running.empty() ? "\nLooking for the plugin the daemon pages it with\u2026"
                                                : "\nThe strip is paged by \u201c" + d->running +
                                                      "\u201d instead; its menu offers every plugin that pages it.");
    }
    d->hooks->insert("bannerRefused", refused);
    d->hooks->insert("banner", QString::fromStdString(text));
    if (text == shown_banner) return;
    shown_banner = text;
    if (text.empty()) trace_line("banner shown=0");
    else trace_line("banner shown=1 text=%s", trace_quote(text).c_str());
}

void host_link(Demo *d, bool ready, const std::string &msg)
{
    link_msg = ready ? "" : msg;
    host_banner(d);
}

void host_refused(Demo *d, const std::string &plugin, const std::string &code, const std::string &msg)
{
    d->refusal = "detentd refused the plugin \u201c" + plugin + "\u201d (" + code + ": " + msg.substr(0, msg.find(';')) +
                 ").";
    d->running.clear();
    host_banner(d);
}

static void menu(Demo *d)
{
    QStringList list;
    int current = -1;
    for (const std::string &p : d->offered) {
        if (p == d->running) current = list.size();
        list << QString::fromStdString(p);
    }
    d->hooks->insert("offered", list);
    d->hooks->insert("offeredIndex", current);
}

void host_opened(Demo *d, const std::string &plugin)
{
    d->running = plugin;
    menu(d);
    host_banner(d);
    d->view->update(); /* a frame, after which the window announces itself */
}

void host_offered(Demo *d)
{
    std::string list;
    for (const std::string &p : d->offered) list += (list.empty() ? "" : ",") + p;
    trace_line("offer s=strip plugins=%s", list.c_str());
    menu(d);
    host_maybe_announce(d);
}

/** Qt's SwipeView: button 1 down on it (drag); moving: its ListView moving or contentX off its page. */
static void swipe_changed(Demo *d)
{
    static bool traced = false;
    static int was_state = 0, was_index = 0;
    static double was_offset = 0;
    int index = d->swipe->property("currentIndex").toInt();
    double offset = d->list->property("contentX").toDouble() + 0.0; /* -0 as 0 */
    bool on_page = offset == double(index) * (d->options.width + d->options.spacing);
    int state = d->swipe_down ? 1 : d->list->property("moving").toBool() || !on_page ? 2 : 0;
    if (traced && was_state == state && was_index == index && was_offset == offset) return;
    traced = true;
    was_state = state, was_index = index, was_offset = offset;
    static const char *const names[] = { "rest", "drag", "moving" };
    trace_line("state s=swipeview state=%s index=%d offset=%s", names[state], index, trace_num(offset).c_str());
}

static QRectF scene_rect(QQuickItem *item)
{
    return item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
}

class SwipeWatch : public QObject { /* only looks: every event goes on */
protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        Demo *d = &demo;
        auto *me = static_cast<QMouseEvent *>(event);
        if (event->type() == QEvent::MouseButtonPress && me->button() == Qt::LeftButton &&
            scene_rect(d->swipe).contains(me->position())) {
            d->swipe_down = true;
            swipe_changed(d);
        } else if (event->type() == QEvent::MouseButtonRelease && me->button() == Qt::LeftButton && d->swipe_down) {
            d->swipe_down = false;
            QTimer::singleShot(0, [d] { swipe_changed(d); }); /* once the SwipeView has acted on it */
        }
        return false;
    }
};

static QQuickItem *named(Demo *d, const char *name)
{
    return d->root->findChild<QQuickItem *>(QString::fromUtf8(name));
}

static void trace_rect(const char *what, const char *s, const char *name, QQuickItem *item)
{
    QRectF r = scene_rect(item);
    trace_line("%s s=%s%s%s x=%s y=%s width=%s height=%s", what, s, name ? " name=" : "", name ? name : "",
               trace_num(r.x()).c_str(), trace_num(r.y()).c_str(), trace_num(r.width()).c_str(),
               trace_num(r.height()).c_str());
}

/** Once shown, laid out, the strip open and the menu filled: where everything is, for a test's pointer. */
void host_maybe_announce(Demo *d)
{
    if (d->announced || !d->view->isExposed() || d->running.empty() || d->offered.empty()) return;
    if (d->detent->width() <= 0 || d->swipe->width() <= 0) return;
    d->announced = true;
    trace_rect("strip", "swipeview", nullptr, d->swipe);
    trace_rect("control", "swipeview", "prev", named(d, "swipePrev"));
    trace_rect("control", "swipeview", "next", named(d, "swipeNext"));
    trace_rect("strip", "strip", nullptr, d->detent);
    trace_rect("control", "strip", "prev", named(d, "stripPrev"));
    trace_rect("control", "strip", "next", named(d, "stripNext"));
    trace_rect("control", "strip", "plugin", d->combo);
    trace_line("ready strips=2");
}

static void command(Demo *d, const QString &text)
{
    std::string c = text.toStdString();
    if (c.empty() || !d->list || !d->strip) return; /* while the QML is being created */
    d->hooks->insert("command", QString());
    if (c == "swipe") {
        swipe_changed(d);
    } else if (c == "swipe-goto") {
        trace_line("input s=swipeview phase=goto index=%d", d->swipe->property("currentIndex").toInt());
    } else if (c == "link") {
        host_banner(d);
    } else if (c == "a11y") {
        trace_line("a11y s=strip name=%s description=%s", trace_quote("Detent strip").c_str(),
                   trace_quote(d->strip->property("description").toString().toStdString()).c_str());
    } else if (c.rfind("choose ", 0) == 0) {
        std::string plugin = c.substr(7);
        if (plugin == d->running) return;
        trace_line("choose s=strip plugin=%s from=%s offset=%s", plugin.c_str(), d->running.c_str(),
                   trace_num(d->strip->property("contentX").toDouble()).c_str());
        d->refusal.clear();
        d->detent->setProperty("plugin", QString::fromStdString(plugin));
        host_banner(d);
    } else if (c.rfind("popup ", 0) == 0) {
        trace_line("popup s=strip %s", c.substr(6).c_str());
    }
}

/** focus item=NAME: the active focus item's objectName (Detent's view and its content item: strip), else its class. */
static void focus_changed(Demo *d)
{
    QQuickItem *item = d->view->activeFocusItem();
    if (!item) return;
    std::string name = item == d->strip || item == d->detent ? "strip" : item->objectName().toStdString();
    if (name.empty()) name = item->metaObject()->className();
    trace_line("focus item=%s", name.c_str());
}

bool host_build(Demo *d, const QUrl &qml)
{
    const Options &o = d->options;
    QQmlPropertyMap *h = d->hooks = new QQmlPropertyMap;
    h->insert("pages", o.pages);
    h->insert("pageWidth", o.width);
    h->insert("pageHeight", o.height);
    h->insert("spacing", o.spacing);
    h->insert("start", o.start);
    h->insert("plugin", QString::fromStdString(o.plugin));
    h->insert("motion", QString::fromStdString(o.motion));
    h->insert("socket", QString::fromStdString(d->socket));
    h->insert("tried", QString::fromStdString(d->tried));
    h->insert("offered", QStringList());
    h->insert("offeredIndex", -1);
    h->insert("banner", QString());
    h->insert("bannerRefused", false);
    h->insert("command", QString());
    h->insert("frame", 0);
    QObject::connect(h, &QQmlPropertyMap::valueChanged, [d](const QString &key, const QVariant &value) {
        if (key == QLatin1String("command")) command(d, value.toString());
    });

    QQuickView *v = d->view = new QQuickView;
    v->setTitle("Detent: SwipeView twin");
    v->setColor(QColor("#f4f5f8"));
    v->rootContext()->setContextProperty("hooks", h);
    QQmlComponent component(v->engine(), qml);
    QObject *object = component.create(v->rootContext());
    if (!object) {
        fprintf(stderr, "detent-qt-demo: %s\n", component.errorString().toUtf8().constData());
        return false;
    }
    d->root = qobject_cast<QQuickItem *>(object);
    d->root->setParentItem(v->contentItem());
    d->swipe = named(d, "swipe");
    d->detent = named(d, "strip");
    d->combo = named(d, "plugin");
    d->list = d->swipe ? d->swipe->property("contentItem").value<QQuickItem *>() : nullptr;
    d->strip = d->detent ? d->detent->property("contentItem").value<QQuickItem *>() : nullptr;
    if (!d->list || !d->strip || !d->combo || !d->strip->property("motionState").isValid()) {
        fprintf(stderr, "detent-qt-demo: the QML lacks its swipe, strip or plugin item (or Detent.Controls is older "
                        "than motionState)\n");
        return false;
    }
    auto fit = [d] {
        QSize size(qCeil(d->root->width()), qCeil(d->root->height()));
        d->view->resize(size);
        d->view->setMinimumSize(size);
        d->view->setMaximumSize(size);
    };
    QObject::connect(d->root, &QQuickItem::widthChanged, fit);
    QObject::connect(d->root, &QQuickItem::heightChanged, fit);
    fit();
    QObject::connect(v, &QQuickWindow::afterAnimating, [d] { host_maybe_announce(d); });
    QObject::connect(v, &QQuickWindow::activeFocusItemChanged, [d] { focus_changed(d); });
    v->installEventFilter(new SwipeWatch);
    frames_attach(d);
    swipe_changed(d);
    return true;
}
