/*
 * Qt's events in, as the strip's calls, with the events' own timestamp()
 * (the X server's ms); no paging rule lives here, only which events are
 * the view's:
 * - The mouse's left button: the press begins a gesture on the strip (a
 *   motion under way stops where it is drawn, as a Flickable's does), each
 *   move drags it, the release lets it go. Presses on the pages (a Pane, a
 *   Button) are seen through childMouseEventFilter, as a Flickable sees
 *   them: the page keeps the press until the pointer has gone more than
 *   the platform's startDragDistance along the axis, then the view takes
 *   the grab and the page is told it lost it. A press outside a focusable
 *   page item gives the view the keyboard focus.
 * - The wheel without a phase as `wheel` notches (angleDelta / 120,
 *   source mouse for a mouse); with phases (a touchpad where the platform
 *   says so) as `scroll`: begin, updates, end; momentum is not sent.
 * - Keys, while the view has the focus: Left/Right (mirrored right to
 *   left), Up/Down when vertical, Home/End, Page Up/Down, as `step`.
 * None of them while interactive is false (Qt's takes none either).
 * A drag, a wheel click and a swipe let currentIndex follow the page drawn;
 * a key's step sets it at once, as Qt's ListView keys do.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "swipestrip.h"

#include <QtGui/QGuiApplication>
#include <QtGui/QKeyEvent>
#include <QtGui/QMouseEvent>
#include <QtGui/QPointingDevice>
#include <QtGui/QStyleHints>
#include <QtGui/QWheelEvent>

#include <algorithm>
#include <cmath>

/* Along the strip's axis, in the content's direction. */
double SwipeStrip::along(QPointF p) const
{
    if (vertical()) return p.y();
    return mirrored() ? -p.x() : p.x();
}

static double eventTime(const QInputEvent *e, double last)
{
    double t = double(e->timestamp());
    return std::max(t, last);
}

bool SwipeStrip::pointerPress(QMouseEvent *e, QPointF scenePos)
{
    if (e->button() != Qt::LeftButton || !interactive_ || !laidOut_ || count() == 0 || scrolling_) return false;
    if (pressed_) letGo();
    double t = double(e->timestamp());
    lastT_ = t;
    if (!detent_strip_press(strip_, t)) return false;
    pressed_ = true;
    grabbed_ = dragMoved_ = false;
    pressPos_ = scenePos;
    pressOffset_ = offset_;
    followEnabled_ = true;
    return true;
}

bool SwipeStrip::pointerMove(QMouseEvent *e, QPointF scenePos)
{
    if (!pressed_) return false;
    double t = eventTime(e, lastT_);
    lastT_ = t;
    double delta = along(scenePos - pressPos_);
    if (!grabbed_ && std::fabs(delta) > QGuiApplication::styleHints()->startDragDistance()) {
        grabbed_ = true;
        grabMouse(); /* the page that had the press is told it lost it */
        setKeepMouseGrab(true);
    }
    detent_strip_drag(strip_, delta, t);
    return grabbed_;
}

bool SwipeStrip::pointerRelease(QMouseEvent *e, QPointF scenePos)
{
    if (!pressed_ || e->button() != Qt::LeftButton) return false;
    bool stolen = grabbed_;
    double t = eventTime(e, lastT_);
    pressed_ = grabbed_ = false;
    detent_strip_release(strip_, along(scenePos - pressPos_), t);
    dragMoved_ = false;
    publish();
    if (stolen) {
        setKeepMouseGrab(false);
        ungrabMouse();
    }
    return stolen;
}

/* A gesture under way is let go where the content is (interactive off, an app's goto, another press). */
void SwipeStrip::letGo()
{
    if (pressed_) {
        pressed_ = false;
        if (grabbed_) {
            grabbed_ = false;
            setKeepMouseGrab(false);
            ungrabMouse();
        }
        detent_strip_cancel(strip_);
    }
    if (scrolling_) {
        scrolling_ = false;
        detent_strip_scroll(strip_, 0, 0, lastT_, DETENT_PHASE_END);
    }
    dragMoved_ = false;
}

bool SwipeStrip::childMouseEventFilter(QQuickItem *item, QEvent *event)
{
    (void)item;
    auto *me = static_cast<QMouseEvent *>(event);
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        pointerPress(me, me->scenePosition());
        return false; /* the page keeps its press until the drag is the view's */
    case QEvent::MouseMove: return pointerMove(me, me->scenePosition());
    case QEvent::MouseButtonRelease: return pointerRelease(me, me->scenePosition());
    default: return false;
    }
}

static bool focusablePage(QQuickItem *self, QQuickItem *at)
{
    for (; at && at != self; at = at->parentItem())
        if (at->activeFocusOnTab()) return true;
    return false;
}

void SwipeStrip::mousePressEvent(QMouseEvent *e)
{
    if (!pointerPress(e, e->scenePosition())) {
        e->ignore();
        return;
    }
    QQuickItem *view = parentItem();
    QQuickItem *at = childAt(e->position().x(), e->position().y());
    if (view && !focusablePage(this, at)) view->forceActiveFocus(Qt::MouseFocusReason);
    e->accept();
}

void SwipeStrip::mouseMoveEvent(QMouseEvent *e)
{
    pointerMove(e, e->scenePosition());
}

void SwipeStrip::mouseReleaseEvent(QMouseEvent *e)
{
    pointerRelease(e, e->scenePosition());
}

/* The grab went elsewhere (a parent Flickable, a popup): the gesture is cancelled. */
void SwipeStrip::mouseUngrabEvent()
{
    if (!pressed_ || !grabbed_) return;
    grabbed_ = false;
    pressed_ = false;
    dragMoved_ = false;
    detent_strip_cancel(strip_);
}

void SwipeStrip::scroll(QWheelEvent *e)
{
    double t = eventTime(e, lastT_);
    lastT_ = t;
    double dx = -e->pixelDelta().x(), dy = -e->pixelDelta().y();
    if (mirrored()) dx = -dx;
    switch (e->phase()) {
    case Qt::ScrollBegin:
        if (pressed_ || scrolling_) return;
        pressOffset_ = offset_;
        scrolling_ = detent_strip_scroll(strip_, dx, dy, t, DETENT_PHASE_BEGIN);
        followEnabled_ = followEnabled_ || scrolling_;
        break;
    case Qt::ScrollUpdate:
        if (!scrolling_ && !pressed_) {
            scrolling_ = detent_strip_scroll(strip_, 0, 0, t, DETENT_PHASE_BEGIN);
            followEnabled_ = followEnabled_ || scrolling_;
        }
        if (scrolling_) detent_strip_scroll(strip_, dx, dy, t, DETENT_PHASE_DEFAULT);
        break;
    case Qt::ScrollEnd:
        if (!scrolling_) return;
        scrolling_ = false;
        detent_strip_scroll(strip_, 0, 0, t, DETENT_PHASE_END);
        break;
    default: break; /* momentum: the decision has its own motion */
    }
}

void SwipeStrip::wheelEvent(QWheelEvent *e)
{
    if (!interactive_ || !laidOut_ || count() == 0) {
        e->ignore();
        return;
    }
    if (e->phase() != Qt::NoScrollPhase) {
        scroll(e);
        e->accept();
        return;
    }
    double t = eventTime(e, lastT_);
    lastT_ = t;
    double dx = -e->angleDelta().x() / 120.0, dy = -e->angleDelta().y() / 120.0;
    if (mirrored()) dx = -dx;
    const QPointingDevice *device = e->pointingDevice();
    bool mouse = !device || device->type() == QInputDevice::DeviceType::Mouse;
    followEnabled_ = true;
    detent_strip_wheel(strip_, dx, dy, t, mouse ? DETENT_SOURCE_MOUSE : DETENT_SOURCE_OTHER);
    e->accept();
}

void SwipeStrip::keyPressEvent(QKeyEvent *e)
{
    detent_to to = DETENT_TO_DEFAULT;
    bool back = mirrored() && !vertical();
    switch (e->key()) {
    case Qt::Key_Left: to = vertical() ? DETENT_TO_DEFAULT : back ? DETENT_TO_NEXT : DETENT_TO_PREV; break;
    case Qt::Key_Right: to = vertical() ? DETENT_TO_DEFAULT : back ? DETENT_TO_PREV : DETENT_TO_NEXT; break;
    case Qt::Key_Up: to = vertical() ? DETENT_TO_PREV : DETENT_TO_DEFAULT; break;
    case Qt::Key_Down: to = vertical() ? DETENT_TO_NEXT : DETENT_TO_DEFAULT; break;
    case Qt::Key_Home: to = DETENT_TO_FIRST; break;
    case Qt::Key_End: to = DETENT_TO_LAST; break;
    case Qt::Key_PageUp: to = DETENT_TO_PREV; break;
    case Qt::Key_PageDown: to = DETENT_TO_NEXT; break;
    default: break;
    }
    Qt::KeyboardModifiers mods = Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier | Qt::ShiftModifier;
    if (to == DETENT_TO_DEFAULT || (e->modifiers() & mods) || !interactive_ || !laidOut_ || count() == 0) {
        e->ignore();
        return;
    }
    if (pressed_ || scrolling_) letGo();
    followEnabled_ = false;
    double t = eventTime(e, lastT_);
    lastT_ = t;
    detent_strip_step(strip_, to, t);
    e->accept();
}
