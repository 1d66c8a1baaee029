/*
 * The frames: what the strip controller says to draw, read after each of
 * its calls (its change hook) and at each tick of Qt's animation clock (a
 * QAbstractAnimation running only while the strip moves: the clock Qt's own
 * SwipeView moves on, placing the pages on the tick as Qt's animations do);
 * at rest nothing runs. Its notes are said after everything is stored, so a
 * handler reads the state they speak of: INDEX sets currentIndex for a key
 * or an app's goto (a gesture's follows the page drawn), REST ends a motion
 * (the description says where it rests), OPENED says which plugin runs,
 * LOG goes to Qt's log. The Flickable-like flags (moving, flicking,
 * dragging) are worked out here.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "swipestrip.h"

#include <QtCore/QAbstractAnimation>
#include <QtCore/QPointer>
#include <QtQuick/QQuickWindow>

double SwipeStrip::clockNow() const
{
    return clockBase_ + (clock_->state() == QAbstractAnimation::Running ? clock_->currentTime() : 0);
}

void SwipeStrip::startClock()
{
    if (clock_->state() == QAbstractAnimation::Running) return;
    clock_->start();
    if (window()) window()->update();
}

void SwipeStrip::store(double now)
{
    detent_strip_frame f;
    detent_strip_frame_at(strip_, now, &f);
    offset_ = f.offset;
    index_ = f.index;
    state_ = f.state;
    frameTime_ = now;
    framed_ = true;
}

QString SwipeStrip::motionState() const
{
    return QLatin1String(state_ == DETENT_STRIP_DRAG ? "drag" : state_ == DETENT_STRIP_MOVING ? "moving" : "rest");
}

/* Offset, state and the Flickable-like flags, stored before any is said. */
void SwipeStrip::publish()
{
    bool held = pressed_ || scrolling_;
    bool drag = held && dragMoved_;
    if (drag || state_ == DETENT_STRIP_MOVING) gestureMoved_ = true;
    if (state_ == DETENT_STRIP_REST && !held) gestureMoved_ = false;
    /* let go: a flick until it rests (also while its decision is on its way) */
    bool flick = !held && followEnabled_ && gestureMoved_ && state_ != DETENT_STRIP_REST;
    bool move = drag || flick;
    double x = vertical() ? 0 : offset_;
    bool xChanged = x != shownX_, yChanged = vertical() && offset_ != shownY_;
    shownX_ = x;
    shownY_ = vertical() ? offset_ : 0;
    if (xChanged) emit contentXChanged();
    if (yChanged) emit contentYChanged();
    if (framed_) {
        framed_ = false;
        emit frameChanged();
    }
    if (drag != dragging_) {
        dragging_ = drag;
        emit draggingChanged();
        if (drag) emit dragStarted();
        else emit dragEnded();
    }
    if (move && !moving_) {
        moving_ = true;
        emit movingChanged();
        emit movementStarted();
    }
    if (flick != flicking_) {
        flicking_ = flick;
        emit flickingChanged();
        if (flick) emit flickStarted();
        else emit flickEnded();
    }
    if (!move && moving_ && (state_ == DETENT_STRIP_REST || !held)) {
        moving_ = false;
        emit movingChanged();
        emit movementEnded();
    }
}

/* After a strip call (its hook) or a frame: what to draw, then the notes, said after all is stored. */
void SwipeStrip::sync()
{
    if (syncing_) {
        dirty_ = true;
        return;
    }
    QPointer<SwipeStrip> self(this);
    struct Note {
        detent_strip_note_kind kind;
        int64_t index;
        QString text;
    };
    std::vector<Note> notes;
    syncing_ = true;
    do {
        dirty_ = false;
        if (laidOut_ && (ticking_ || state_ == DETENT_STRIP_DRAG || !detent_strip_animating(strip_))) store(clockNow());
        detent_strip_note n;
        while (detent_strip_next_note(strip_, &n))
            notes.push_back({n.kind, n.index, n.text ? QString::fromUtf8(n.text) : QString()});
    } while (dirty_);
    syncing_ = false;
    if ((pressed_ || scrolling_) && offset_ != pressOffset_) dragMoved_ = true;
    if (detent_strip_animating(strip_) && state_ != DETENT_STRIP_DRAG) startClock();
    place();
    follow();
    publish();
    for (const Note &n : notes) {
        if (!self) return;
        switch (n.kind) {
        case DETENT_STRIP_NOTE_INDEX:
            if (!followEnabled_) setCurrent(int(n.index), true);
            break;
        case DETENT_STRIP_NOTE_REST:
            if (!followEnabled_) setCurrent(int(n.index), true);
            describe();
            break;
        case DETENT_STRIP_NOTE_OPENED: emit runningPluginChanged(); break;
        case DETENT_STRIP_NOTE_LOG: qWarning("Detent.Controls SwipeView: %s", qPrintable(n.text)); break;
        default: break;
        }
    }
    if (self && !detent_strip_animating(strip_) && state_ == DETENT_STRIP_REST && !pressed_) {
        followEnabled_ = false;
        describe();
    }
}

/* One tick of Qt's animation clock, while the strip moves. */
void SwipeStrip::frame()
{
    if (!ticking_ && clock_->state() != QAbstractAnimation::Running) return;
    ticking_ = true;
    sync();
    ticking_ = false;
    if (detent_strip_animating(strip_)) return; /* the pages it moved ask for the frame */
    clockBase_ += clock_->currentTime();
    clock_->stop();
}

