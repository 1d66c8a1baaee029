/*
 * The wheel and the touchpad: the QWheelEvents over the strip (an event
 * filter on the view, beside the mouse's), sent as the daemon's `wheel`
 * and `scroll` with the event's own timestamp(), the drags' clock.
 * - Without a phase (a mouse wheel; X11 reports touchpads so too): `wheel`
 *   with dx = -angleDelta.x()/120, dy = -angleDelta.y()/120 notches,
 *   source=mouse for a QInputDevice::DeviceType::Mouse, else other. A snap
 *   is followed as a drag's decision; `kept` changes nothing.
 * - With a phase (a touchpad where the platform says so): `scroll` with
 *   -pixelDelta points, ScrollBegin as phase=begin (from where the strip is
 *   drawn), ScrollUpdate as updates, ScrollEnd as phase=end. ScrollMomentum
 *   (the platform's own coasting) is not sent: the decision has its motion.
 * Over the SwipeView the events go on to it.
 * Trace: input s=strip phase=wheel t= dx= dy= source=mouse|other x=X,
 * input s=strip phase=scroll-begin|scroll|scroll-end t= dx= dy= [x=X],
 * moved s=strip x=X for=scroll (each moved reply as it arrives, drawn only
 * before the scroll-end line), kept s=strip index=I.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <QtGui/QPointingDevice>
#include <QtGui/QWheelEvent>

#include <algorithm>

static void trace_scroll(const char *phase, double t, double dx, double dy, const double *x)
{
    if (x)
        trace_line("input s=strip phase=%s t=%s dx=%s dy=%s x=%s", phase, trace_num(t).c_str(), trace_num(dx).c_str(),
                   trace_num(dy).c_str(), trace_num(*x).c_str());
    else
        trace_line("input s=strip phase=%s t=%s dx=%s dy=%s", phase, trace_num(t).c_str(), trace_num(dx).c_str(),
                   trace_num(dy).c_str());
}

/** `kept`: nothing changes (a wheel's lock or bound, a touchpad gesture the engine refused, a step at a bound). */
void strip_kept(const detent_reply *r)
{
    strip_set_reply("kept index=" + std::to_string(r->kept.index));
    trace_line("kept s=strip index=%lld", (long long)r->kept.index);
}

static void wheel(Demo *d, const QWheelEvent *we, double t)
{
    Strip *s = &d->strip;
    double dx = -we->angleDelta().x() / 120.0, dy = -we->angleDelta().y() / 120.0;
    const QPointingDevice *device = we->pointingDevice();
    bool mouse = !device || device->type() == QInputDevice::DeviceType::Mouse;
    trace_line("input s=strip phase=wheel t=%s dx=%s dy=%s source=%s x=%s", trace_num(t).c_str(),
               trace_num(dx).c_str(), trace_num(dy).c_str(), mouse ? "mouse" : "other", trace_num(s->offset).c_str());
    strip_track(d,
                detent_send_wheel(d->connection, "strip", dx, dy, t, mouse ? DETENT_SOURCE_MOUSE : DETENT_SOURCE_OTHER,
                                  s->offset),
                [d](const detent_reply *r, const detent_error *e) {
                    if (!e && r->kind == DETENT_REPLY_KEPT) return strip_kept(r); /* a lock, a bound, a motion it keeps */
                    if (e) strip_set_reply(e->message);
                    else strip_follow_reply(d, r, e);
                });
}

static void moved(Demo *d, unsigned serial, const detent_reply *r, const detent_error *e)
{
    Strip *s = &d->strip;
    if (!e) trace_line("moved s=strip x=%s for=scroll", trace_num(r->moved.x).c_str());
    if (serial != s->scroll.serial || !s->scroll.active) return; /* the end was sent: the decision takes over */
    if (e) strip_set_reply(e->message);
    else strip_show(s, StripState::Drag, r->moved.x);
}

static void scroll(Demo *d, const QWheelEvent *we, double t)
{
    Strip *s = &d->strip;
    double dx = -we->pixelDelta().x(), dy = -we->pixelDelta().y();
    Qt::ScrollPhase phase = we->phase();
    if (phase == Qt::ScrollBegin) {
        if (s->drag.active || s->scroll.active) return; /* a doubled begin: the gesture is under way */
        s->scroll.active = true;
        s->scroll.serial++;
        s->motion.active = false; /* held: the content stays where it is drawn */
        strip_show(s, StripState::Drag, s->offset);
        strip_ensure_tick(d);
        s->drag.press_clock = d->clock->currentTime();
        trace_scroll("scroll-begin", t, dx, dy, &s->offset);
    } else if (!s->scroll.active) {
        return; /* an update or end of a gesture the strip did not see begin */
    } else if (phase == Qt::ScrollEnd) {
        s->scroll.active = false;
        trace_scroll("scroll-end", t, dx, dy, nullptr);
    } else {
        trace_scroll("scroll", t, dx, dy, nullptr);
    }
    unsigned serial = s->scroll.serial;
    if (phase == Qt::ScrollEnd) {
        strip_track(d, detent_send_scroll(d->connection, "strip", dx, dy, t, DETENT_PHASE_END, DETENT_NONE),
                    [d, serial](const detent_reply *r, const detent_error *e) {
                        Strip *s = &d->strip;
                        if (serial != s->scroll.serial || s->scroll.active) return; /* another gesture began */
                        bool refused = !e && r->kind == DETENT_REPLY_KEPT;
                        if ((e || refused) && s->state == StripState::Drag) strip_show(s, StripState::Rest, s->offset);
                        if (refused) strip_kept(r);
                        else strip_follow_reply(d, r, e);
                    });
        return;
    }
    detent_phase p = phase == Qt::ScrollBegin ? DETENT_PHASE_BEGIN : DETENT_PHASE_DEFAULT;
    double x = phase == Qt::ScrollBegin ? s->offset : DETENT_NONE;
    strip_track(d, detent_send_scroll(d->connection, "strip", dx, dy, t, p, x),
                [d, serial](const detent_reply *r, const detent_error *e) { moved(d, serial, r, e); });
}

class WheelFilter : public QObject {
protected:
    bool eventFilter(QObject *object, QEvent *event) override
    {
        Demo *d = &demo;
        if (object != d->view || event->type() != QEvent::Wheel) return false;
        auto *we = static_cast<QWheelEvent *>(event);
        QQuickItem *item = d->strip_item;
        QRectF rect = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
        Strip *s = &d->strip;
        /* A gesture under way goes on to the strip wherever the pointer has gone. */
        if (!s->scroll.active && !rect.contains(we->position())) return false;
        if (!s->ready) return true;
        double t = std::max((double)we->timestamp(), s->scroll.last_t);
        s->scroll.last_t = t;
        Qt::ScrollPhase phase = we->phase();
        if (phase == Qt::ScrollMomentum) return true;
        if (phase == Qt::NoScrollPhase) wheel(d, we, t);
        else scroll(d, we, t);
        return true;
    }
};

void wheel_attach(Demo *d)
{
    d->view->installEventFilter(new WheelFilter);
}
