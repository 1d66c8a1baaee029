/*
 * The window, titled "Detent: SwipeView twin": a heading, where the daemon
 * is, a real SwipeView (Qt Quick Controls, Basic style) above the strip
 * paged by detentd, the same pages (width, height, spacing, count, colour
 * i of the GTK demo's palette with its number large), and over them a
 * banner while the daemon cannot be reached (red) or refuses the plugin
 * asked for (amber). The QML is inline (no resource compiler); it and the
 * C++ side talk through one QQmlPropertyMap, "hooks" (no moc needed): C++
 * inserts what QML shows (offset, status, banner...), QML writes
 * hooks.command for what C++ must hear (a button, the menu, the SwipeView
 * moving), which C++ clears after handling it.
 *
 * The mouse: an event filter on the QQuickView sees every mouse event
 * first, with its own timestamp() (the X server's ms). Button 1 pressed on
 * the strip is the strip's drag (the events go no further); on the
 * SwipeView it is only noted (for its state) and the SwipeView gets it.
 *
 * The strip's focus frame, keys and accessible text: a11y.cpp.
 *
 * Trace, once shown with the strip open (window coordinates):
 *   strip s=swipeview|strip x= y= width= height=
 *   control s=swipeview name=prev|next ..., control s=strip name=prev|next|plugin ...
 *   ready strips=2
 * and state s=swipeview state=rest|drag|moving index=I offset=X on every
 * change of the SwipeView (offset: its ListView's contentX), input
 * s=swipeview phase=goto index=I for its buttons, popup s=strip shown=1|0
 * and popup s=strip focus=PLUGIN for the menu, banner shown=1|0 [text=].
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <QtGui/QMouseEvent>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>

static const char *qml = R"QML(
import QtQuick
import QtQuick.Controls.Basic

Rectangle {
    id: root
    color: "#f4f5f8"
    width: column.width + 32
    height: column.y + column.height + 16
    readonly property var colors: ["#2d6cdf", "#1f9d74", "#c2410c", "#7c3aed", "#be185d", "#0e7490", "#a16207", "#4d7c0f"]
    readonly property color ink: "#1c2230"
    readonly property color dim: "#5d6678"

    component Page: Rectangle {
        required property int index
        width: hooks.pageWidth
        height: hooks.pageHeight
        color: root.colors[index % 8]
        Text {
            anchors.centerIn: parent
            text: parent.index
            color: "white"
            font.pixelSize: Math.max(12, parent.height / 3)
            font.bold: true
        }
    }

    component Section: Rectangle {
        default property alias content: inner.data
        width: hooks.pageWidth + 24
        height: inner.height + 18
        radius: 14
        color: "white"
        border.color: "#e3e6ec"
        Column { id: inner; x: 12; y: 10; spacing: 6; width: hooks.pageWidth }
    }

    Column {
        id: column
        x: 16; y: 14
        spacing: 6
        width: hooks.pageWidth + 24

        Row {
            spacing: 10
            Text { id: heading; text: "Detent"; font.pixelSize: 22; font.bold: true; color: root.ink }
            Text {
                text: "Qt's feel, twice"; font.pixelSize: 14; color: root.dim
                y: heading.baselineOffset - baselineOffset
            }
        }
        Text {
            width: parent.width; wrapMode: Text.Wrap; font.pixelSize: 12; color: root.dim
            text: "Drag either with the mouse. Above, Qt Quick's own SwipeView (Basic style); below, a strip of the same "
                  + hooks.pages + " pages (" + hooks.pageWidth + " pt, " + hooks.spacing + " pt apart) paged by detentd's "
                  + "plugin in its menu: drawn where the daemon says while dragging, then along the decision's curve. "
                  + "Tab to the strip to page it with the arrow keys, Home, End, Page Up and Page Down."
        }
        Text { width: parent.width; elide: Text.ElideRight; font.pixelSize: 12; color: root.dim; text: hooks.where }

        Section {
            Row {
                spacing: 8
                Text { text: "SwipeView"; font.pixelSize: 15; font.bold: true; color: root.ink }
                Text { text: "Qt Quick Controls, Basic style"; font.pixelSize: 12; color: root.dim; anchors.bottom: parent.bottom }
            }
            SwipeView {
                id: swipe
                objectName: "swipe"
                width: hooks.pageWidth
                height: hooks.pageHeight
                spacing: hooks.spacing
                currentIndex: hooks.start
                clip: true
                Repeater { model: hooks.pages; Page {} }
                onCurrentIndexChanged: hooks.command = "swipe"
            }
            Connections {
                target: swipe.contentItem
                function onContentXChanged() { hooks.command = "swipe" }
                function onMovingChanged() { hooks.command = "swipe" }
            }
            Item {
                width: parent.width; height: swipePrev.height
                Button {
                    id: swipePrev; objectName: "swipePrev"; text: "\u25c0"; width: 44
                    onClicked: { swipe.decrementCurrentIndex(); hooks.command = "swipe-goto" }
                }
                Text {
                    anchors.centerIn: parent; font.pixelSize: 12; color: root.dim; text: hooks.swipeStatus
                }
                Button {
                    objectName: "swipeNext"; text: "\u25b6"; width: 44; anchors.right: parent.right
                    onClicked: { swipe.incrementCurrentIndex(); hooks.command = "swipe-goto" }
                }
            }
        }

        Section {
            Item {
                width: parent.width; height: plugin.height
                Text {
                    id: stripTitle
                    text: "Detent strip"; font.pixelSize: 15; font.bold: true; color: root.ink
                    anchors.verticalCenter: parent.verticalCenter
                }
                Text {
                    id: pluginLabel
                    text: "plugin"; font.pixelSize: 12; color: root.dim
                    anchors.right: plugin.left; anchors.rightMargin: 8; anchors.verticalCenter: parent.verticalCenter
                }
                ComboBox {
                    id: plugin
                    objectName: "plugin"
                    width: Math.min(180, parent.width - stripTitle.width - pluginLabel.width - 24)
                    anchors.right: parent.right
                    model: []
                    onActivated: (index) => { hooks.command = "choose " + textAt(index) }
                    onHighlightedIndexChanged: if (popup.opened && highlightedIndex >= 0)
                        hooks.command = "popup focus=" + textAt(highlightedIndex)
                    Connections {
                        target: plugin.popup
                        function onOpened() {
                            hooks.command = "popup shown=1"
                            if (plugin.highlightedIndex >= 0)
                                hooks.command = "popup focus=" + plugin.textAt(plugin.highlightedIndex)
                        }
                        function onClosed() { hooks.command = "popup shown=0" }
                    }
                }
            }
            Item {
                id: strip
                objectName: "strip"
                width: hooks.pageWidth
                height: hooks.pageHeight
                clip: true
                opacity: hooks.offline ? 0.45 : 1
                activeFocusOnTab: true
                Accessible.role: Accessible.Grouping
                Accessible.name: hooks.stripName
                Accessible.description: hooks.stripDescription
                Accessible.focusable: true
                Repeater {
                    model: hooks.pages
                    Page { x: index * (hooks.pageWidth + hooks.spacing) - hooks.offset }
                }
                Rectangle {
                    objectName: "stripFocus"
                    anchors.fill: parent
                    visible: strip.activeFocus
                    color: "transparent"
                    border.color: root.ink
                    border.width: 2
                    Rectangle {
                        anchors.fill: parent; anchors.margins: 2
                        color: "transparent"; border.color: "white"; border.width: 2
                    }
                }
            }
            Item {
                width: parent.width; height: stripPrev.height
                Button {
                    id: stripPrev; objectName: "stripPrev"; text: "\u25c0"; width: 44
                    onClicked: hooks.command = "strip-goto -1"
                }
                Text {
                    anchors.centerIn: parent; font.pixelSize: 12; color: root.dim; text: hooks.stripStatus
                }
                Button {
                    objectName: "stripNext"; text: "\u25b6"; width: 44; anchors.right: parent.right
                    onClicked: hooks.command = "strip-goto 1"
                }
            }
            Text {
                width: parent.width; elide: Text.ElideRight; font.family: "monospace"; font.pixelSize: 10
                color: root.dim; text: hooks.reply
            }
        }
    }

    Rectangle {
        objectName: "banner"
        visible: hooks.banner !== ""
        width: root.width
        height: bannerText.height + 20
        color: hooks.bannerRefused ? "#b45309" : "#b42318"
        Text {
            id: bannerText
            x: 16; y: 10; width: parent.width - 32
            wrapMode: Text.Wrap; color: "white"; font.pixelSize: 14
            text: hooks.banner
        }
    }
}
)QML";

/* --------------------------------------------------------------- the mouse */

class MouseFilter : public QObject {
protected:
    bool eventFilter(QObject *object, QEvent *event) override
    {
        Demo *d = &demo;
        if (object != d->view) return false;
        QEvent::Type type = event->type();
        if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove && type != QEvent::MouseButtonRelease)
            return false;
        auto *me = static_cast<QMouseEvent *>(event);
        QPointF p = me->position();
        double t = (double)me->timestamp();
        if (type == QEvent::MouseButtonPress && me->button() == Qt::LeftButton) {
            if (popupOpen(d)) return false;
            if (rect(d->strip_item).contains(p)) {
                onStrip = true;
                d->strip_item->forceActiveFocus(Qt::MouseFocusReason); /* its keys follow a click */
                strip_press(d, p.x(), t);
                return true;
            }
            if (rect(d->swipe).contains(p)) {
                d->swipe_down = true;
                window_swipe_changed(d);
            }
            return false;
        }
        if (type == QEvent::MouseMove) {
            if (!onStrip) return false;
            if (me->buttons() & Qt::LeftButton) strip_motion(d, p.x(), t);
            return true;
        }
        if (type == QEvent::MouseButtonRelease && me->button() == Qt::LeftButton) {
            if (onStrip) {
                onStrip = false;
                strip_release(d, p.x(), t);
                return true;
            }
            if (d->swipe_down) {
                d->swipe_down = false;
                /* After the SwipeView has the release: its state is read once it has acted on it. */
                QTimer::singleShot(0, [d] { window_swipe_changed(d); });
            }
        }
        return false;
    }

private:
    static QRectF rect(QQuickItem *item)
    {
        return item ? item->mapRectToScene(QRectF(0, 0, item->width(), item->height())) : QRectF();
    }

    static bool popupOpen(Demo *d)
    {
        QObject *popup = d->combo ? d->combo->property("popup").value<QObject *>() : nullptr;
        return popup && popup->property("visible").toBool();
    }

    bool onStrip = false;
};

/* ------------------------------------------------------------- the window */

static std::string shown_banner;

void window_set_banner(Demo *d, const std::string &text, bool refused)
{
    d->hooks->insert("bannerRefused", refused);
    d->hooks->insert("banner", QString::fromStdString(text));
    if (text == shown_banner) return;
    shown_banner = text;
    if (text.empty()) trace_line("banner shown=0");
    else trace_line("banner shown=1 text=%s", trace_quote(text).c_str());
}

void window_set_where(Demo *d, const std::string &text)
{
    d->hooks->insert("where", QString::fromStdString("Daemon: " + text));
}

void window_set_plugins(Demo *d, const std::vector<std::string> &names, int current)
{
    QStringList list;
    for (const std::string &n : names) list << QString::fromStdString(n);
    d->combo->setProperty("model", list);
    d->combo->setProperty("currentIndex", current);
}

/** The SwipeView's state (button 1 down on it; moving: its ListView moving, or contentX off its page; else at
 * rest), its page and contentX. */
void window_swipe_changed(Demo *d)
{
    if (!d->list) return;
    int index = d->swipe->property("currentIndex").toInt();
    double offset = d->list->property("contentX").toDouble() + 0.0; /* -0 as 0 */
    /* Its own page change (currentIndex set: the buttons) moves contentX with `moving` false: at rest is on the page. */
    bool on_page = offset == double(index) * (d->options.width + d->options.spacing);
    bool moving = d->list->property("moving").toBool() || !on_page;
    int state = d->swipe_down ? 1 : moving ? 2 : 0;
    static const char *const names[] = { "rest", "drag", "moving" };
    static const char *const words[] = { "at rest", "dragging", "moving" };
    char text[128];
    snprintf(text, sizeof text, "page %d \u00b7 %s \u00b7 %.1f pt", index, words[state], offset);
    d->hooks->insert("swipeStatus", QString::fromUtf8(text));
    auto &tr = d->swipe_traced;
    if (tr.traced && tr.state == state && tr.index == index && tr.offset == offset) return;
    tr.traced = true;
    tr.state = state;
    tr.index = index;
    tr.offset = offset;
    trace_line("state s=swipeview state=%s index=%d offset=%s", names[state], index, trace_num(offset).c_str());
}

static void trace_rect(const char *what, const char *s, const char *name, QQuickItem *item)
{
    QRectF r = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
    trace_line("%s s=%s%s%s x=%s y=%s width=%s height=%s", what, s, name ? " name=" : "", name ? name : "",
               trace_num(r.x()).c_str(), trace_num(r.y()).c_str(), trace_num(r.width()).c_str(),
               trace_num(r.height()).c_str());
}

static QQuickItem *named(Demo *d, const char *name)
{
    return d->root->findChild<QQuickItem *>(QString::fromUtf8(name));
}

/** Once shown, laid out and the strip open: where both are, for a test's pointer. */
void window_maybe_announce(Demo *d)
{
    if (d->announced || !d->view->isExposed() || !d->strip.ready) return;
    if (d->strip_item->width() <= 0 || d->swipe->width() <= 0) return;
    d->announced = true;
    trace_rect("strip", "swipeview", nullptr, d->swipe);
    trace_rect("control", "swipeview", "prev", named(d, "swipePrev"));
    trace_rect("control", "swipeview", "next", named(d, "swipeNext"));
    trace_rect("strip", "strip", nullptr, d->strip_item);
    trace_rect("control", "strip", "prev", named(d, "stripPrev"));
    trace_rect("control", "strip", "next", named(d, "stripNext"));
    trace_rect("control", "strip", "plugin", d->combo);
    trace_line("ready strips=2");
}

/** What QML wrote into hooks.command. */
static void command(Demo *d, const QString &text)
{
    std::string c = text.toStdString();
    if (c.empty()) return;
    d->hooks->insert("command", QString()); /* so that the same command written again is heard again */
    if (c == "swipe") {
        window_swipe_changed(d);
    } else if (c == "swipe-goto") {
        trace_line("input s=swipeview phase=goto index=%d", d->swipe->property("currentIndex").toInt());
    } else if (c == "strip-goto -1" || c == "strip-goto 1") {
        strip_step(d, c == "strip-goto 1" ? 1 : -1);
    } else if (c.rfind("choose ", 0) == 0) {
        strip_choose(d, c.substr(7));
    } else if (c.rfind("popup ", 0) == 0) {
        trace_line("popup s=strip %s", c.substr(6).c_str());
    }
}

bool window_build(Demo *d)
{
    const Options &o = d->options;
    d->hooks = new QQmlPropertyMap;
    d->hooks->insert("pages", o.pages);
    d->hooks->insert("pageWidth", o.width);
    d->hooks->insert("pageHeight", o.height);
    d->hooks->insert("spacing", o.spacing);
    d->hooks->insert("start", o.start);
    d->hooks->insert("offset", double(o.start) * (o.width + o.spacing));
    d->hooks->insert("offline", true);
    d->hooks->insert("stripStatus", QString::fromUtf8("connecting\u2026"));
    d->hooks->insert("swipeStatus", QString());
    d->hooks->insert("reply", QString());
    d->hooks->insert("banner", QString());
    d->hooks->insert("bannerRefused", false);
    d->hooks->insert("where", QString::fromUtf8("Daemon: connecting\u2026"));
    d->hooks->insert("command", QString());
    d->hooks->insert("stripName", QString());
    d->hooks->insert("stripDescription", QString());
    QObject::connect(d->hooks, &QQmlPropertyMap::valueChanged, [d](const QString &key, const QVariant &value) {
        if (key == QLatin1String("command")) command(d, value.toString());
    });

    QQuickView *v = d->view = new QQuickView;
    v->setTitle("Detent: SwipeView twin");
    v->setColor(QColor("#f4f5f8"));
    v->rootContext()->setContextProperty("hooks", d->hooks);
    QQmlComponent component(v->engine());
    component.setData(qml, QUrl(QStringLiteral("file:///detent-qt-demo.qml")));
    QObject *object = component.create(v->rootContext());
    if (!object) {
        fprintf(stderr, "detent-qt-demo: %s\n", component.errorString().toUtf8().constData());
        return false;
    }
    d->root = qobject_cast<QQuickItem *>(object);
    d->root->setParentItem(v->contentItem());
    d->swipe = named(d, "swipe");
    d->strip_item = named(d, "strip");
    d->combo = named(d, "plugin");
    d->list = d->swipe ? d->swipe->property("contentItem").value<QQuickItem *>() : nullptr;
    if (!d->swipe || !d->strip_item || !d->combo || !d->list) {
        fprintf(stderr, "detent-qt-demo: the QML lacks its swipe, strip or plugin item\n");
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

    d->clock = new FrameClock;
    QObject::connect(v, &QQuickWindow::afterAnimating, [d] {
        strip_frame(d);
        window_maybe_announce(d);
    });
    v->installEventFilter(new MouseFilter);
    wheel_attach(d);
    a11y_attach(d);
    window_swipe_changed(d);
    return true;
}
