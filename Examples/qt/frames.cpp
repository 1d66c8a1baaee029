/*
 * The strip's trace, read from Detent.Controls' SwipeView alone: its
 * content item (Detent.Controls.impl's SwipeStrip) says after each frame it
 * stores what the strip controller gave it (motionState, frameIndex,
 * frameTime: README of clients/qt-quick), and contentX is what is drawn.
 *   state s=strip state=rest|drag|moving index=I offset=X   each change;
 *   frame s=strip t=MS offset=X state=moving   each frame of a motion, t
 *     from its first frame (the one showing the decision's `from`, as the
 *     relay saw it), on the strip's own clock (Qt's animation clock);
 *   frame s=strip t=MS offset=X state=rest   the frame that came to rest
 *     (t >= the motion's ms), after its state line;
 *   frame s=strip t=MS offset=X state=drag   each frame while a finger holds
 *     it, t from the press. The view draws nothing new while it waits for
 *     a moved reply, so this host keeps the frames coming (an animation of
 *     its own) to show the loop never waits for the daemon.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <QtCore/QAbstractAnimation>

namespace {

class FrameClock : public QAbstractAnimation {
public:
    int duration() const override { return -1; }

protected:
    void updateCurrentTime(int) override {}
};

struct Watch {
    bool traced = false;
    QString state = QStringLiteral("rest"), framed = QStringLiteral("rest");
    int index = 0;
    double offset = 0, t0 = 0, last = -1;
    bool from_wanted = false;
    double from = 0;
    FrameClock *clock = nullptr;
    int press = 0;
} w;

void line(const char *state, double t, double x)
{
    trace_line("frame s=strip t=%s offset=%s state=%s", trace_num(t).c_str(), trace_num(x).c_str(), state);
}

/** After each frame the strip stored. */
void observe(Demo *d)
{
    QQuickItem *s = d->strip;
    QString state = s->property("motionState").toString();
    int index = s->property("frameIndex").toInt();
    double x = s->property("contentX").toDouble() + 0.0, now = s->property("frameTime").toDouble();
    bool rested = false;
    if (state == QLatin1String("moving")) {
        if (w.framed != state || (w.from_wanted && x == w.from)) { /* a new motion's first frame */
            w.t0 = now;
            w.from_wanted = false;
            w.last = -1;
        }
        if (now != w.last) line("moving", now - w.t0, x);
    } else if (w.framed == QLatin1String("moving") && state == QLatin1String("rest")) {
        rested = true;
    }
    w.last = now;
    w.framed = state;
    if (state == QLatin1String("drag") && w.clock->state() != QAbstractAnimation::Running) {
        w.clock->start();
        w.press = w.clock->currentTime();
        d->view->update();
    }
    if (!w.traced || w.state != state || w.index != index || w.offset != x) {
        w.traced = true;
        w.state = state;
        w.index = index;
        w.offset = x;
        trace_line("state s=strip state=%s index=%d offset=%s", state.toUtf8().constData(), index,
                   trace_num(x).c_str());
    }
    if (rested) line("rest", now - w.t0, x);
}

/** Each frame drawn: a held strip's frame; the clock stops once nothing holds it. */
void tick(Demo *d)
{
    if (w.clock->state() != QAbstractAnimation::Running) return;
    if (d->strip->property("motionState").toString() != QLatin1String("drag")) {
        w.clock->stop();
        return;
    }
    line("drag", w.clock->currentTime() - w.press, w.offset);
    d->view->update();
}

} // namespace

/** The relay saw a decision: its motion's first frame is the one drawn at its from. */
void frames_decided(const detent_snap_reply *snap)
{
    w.from_wanted = snap->motion.curve != DETENT_CURVE_NONE;
    w.from = snap->motion.from;
}

void frames_attach(Demo *d)
{
    w.clock = new FrameClock;
    QObject::connect(d->view, &QQuickWindow::afterAnimating, [d] { tick(d); });
    QObject::connect(d->hooks, &QQmlPropertyMap::valueChanged, [d](const QString &key, const QVariant &) {
        if (key == QLatin1String("frame")) observe(d);
    });
    observe(d);
}
