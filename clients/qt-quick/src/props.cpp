/*
 * SwipeStrip's simple properties: the ones the style's ListView is bound
 * to, Detent's geometry and its link's settings. Each change lays the strip
 * out again (at the next polish) or tells the strip controller.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "swipestrip.h"

#include <QtQml/QQmlInfo>
#include <QtQuick/private/qquickitem_p.h>

void SwipeStrip::setInteractive(bool on)
{
    if (on == interactive_) return;
    interactive_ = on;
    if (!on) letGo();
    emit interactiveChanged();
}

void SwipeStrip::setOrientation(Qt::Orientation o)
{
    if (o == orientation_) return;
    orientation_ = o;
    relayout();
    emit orientationChanged();
}

void SwipeStrip::setSpacing(qreal s)
{
    if (s == spacing_) return;
    spacing_ = s;
    relayout();
    emit spacingChanged();
}

bool SwipeStrip::mirrored() const
{
    return QQuickItemPrivate::get(this)->effectiveLayoutMirror;
}

void SwipeStrip::setPageSize(qreal v)
{
    if (v == pageSize_ || !(v >= 0)) return;
    pageSize_ = v;
    relayout();
    emit geometryChanged();
}

void SwipeStrip::setLeadingInset(qreal v)
{
    if (v == lead_ || !(v >= 0)) return;
    lead_ = v;
    relayout();
    emit geometryChanged();
}

void SwipeStrip::setTrailingInset(qreal v)
{
    if (v == trail_ || !(v >= 0)) return;
    trail_ = v;
    relayout();
    emit geometryChanged();
}

void SwipeStrip::setLoop(bool on)
{
    if (on == loop_) return;
    loop_ = on;
    relayout();
    emit geometryChanged();
}

void SwipeStrip::setPlugin(const QString &p)
{
    if (p == plugin_) return;
    plugin_ = p;
    QByteArray name = p.toUtf8();
    detent_strip_set_plugin(strip_, name.isEmpty() ? nullptr : name.constData());
    emit pluginChanged();
}

void SwipeStrip::setMotion(const QString &m)
{
    if (m == motion_) return;
    if (m != QLatin1String("auto") && m != QLatin1String("full") && m != QLatin1String("reduced")) {
        qmlWarning(this) << "SwipeView: motion is \"auto\", \"full\" or \"reduced\", not \"" << m << "\"";
        return;
    }
    motion_ = m;
    applyMotion();
    emit motionChanged();
}

QString SwipeStrip::runningPlugin() const
{
    const char *p = detent_strip_get_plugin(strip_);
    return p ? QString::fromUtf8(p) : QString();
}

void SwipeStrip::setConnected(bool on)
{
    if (on == connected_) return;
    connected_ = on;
    emit connectedChanged();
}
