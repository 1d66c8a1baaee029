/*
 * The link and the frames. One pool per socket path in the process (empty:
 * the discovery rule) on Qt's event loop through detent::QtPool; each view
 * one strip in it from its first layout (a view never laid out connects
 * nowhere). The strip's hook brings its notes: REST ends a motion (the
 * description says where it rests), INDEX sets currentIndex for a key or
 * an app's goto (a gesture's is followed frame by frame), OPENED
 * says which plugin runs, LOG goes to Qt's log. Frames come from Qt's
 * animation clock (a QAbstractAnimation running only while the strip
 * moves: the clock Qt's own SwipeView moves on), read after each
 * animation step (QQuickWindow::afterAnimating); at rest nothing runs.
 * motion "auto" follows GNOME's enable-animations through GSettings where
 * the key exists (Qt's loop is GLib's, so a change arrives live).
 * SPDX-License-Identifier: Apache-2.0
 */
#include <gio/gio.h> /* before Qt: its `signals` macro would rename a GDBus field */

#include "swipestrip.h"

#include <detent/pool.h>
#include <detent/qt.h>

#include <QtCore/QAbstractAnimation>
#include <QtCore/QCoreApplication>
#include <QtQuick/QQuickWindow>

#include <map>
#include <set>

namespace {

class FrameClock : public QAbstractAnimation {
public:
    int duration() const override { return -1; }

protected:
    void updateCurrentTime(int) override {}
};

std::set<SwipeStrip *> everyView; /* for GNOME's setting */
GSettings *gnome = nullptr;
bool gnomeLooked = false;

} // namespace

struct PoolEntry {
    detent_pool *pool = nullptr;
    detent::QtPool *loop = nullptr;
    std::set<SwipeStrip *> members;
    bool connected = false;
};

namespace {

std::map<QString, PoolEntry *> pools;

void freePools()
{
    for (auto &kv : pools) {
        delete kv.second->loop;
        detent_pool_free(kv.second->pool);
        delete kv.second;
    }
    pools.clear();
    if (gnome) g_object_unref(gnome);
    gnome = nullptr;
}

void onLog(void *, const char *line)
{
    qWarning("Detent.Controls SwipeView: %s", line);
}

PoolEntry *entryFor(const QString &socket)
{
    auto it = pools.find(socket);
    if (it != pools.end()) return it->second;
    if (pools.empty()) qAddPostRoutine(freePools); /* QObjects gone before the application is */
    auto *e = new PoolEntry;
    QByteArray path = socket.toUtf8();
    e->pool = detent_pool_new(path.isEmpty() ? nullptr : path.constData(), "detent-qt-quick");
    detent_pool_set_log(e->pool, onLog, nullptr);
    e->loop = new detent::QtPool(e->pool, [e](detent_pool *, bool connected) {
        e->connected = connected;
        for (SwipeStrip *s : e->members) s->setConnected(connected);
    });
    e->connected = detent_pool_is_connected(e->pool);
    pools[socket] = e;
    return e;
}

void onAnimations(GSettings *, const gchar *, gpointer)
{
    for (SwipeStrip *s : everyView) s->applyMotion();
}

/* GNOME's enable-animations where its schema and key exist; -1 elsewhere. */
int gnomeAnimations()
{
    if (!gnomeLooked) {
        gnomeLooked = true;
        GSettingsSchemaSource *source = g_settings_schema_source_get_default();
        GSettingsSchema *schema =
            source ? g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE) : nullptr;
        if (schema) {
            if (g_settings_schema_has_key(schema, "enable-animations")) {
                gnome = g_settings_new_full(schema, nullptr, nullptr);
                /* connected before the first read: GSettings signals only keys read with a handler connected */
                g_signal_connect(gnome, "changed::enable-animations", G_CALLBACK(onAnimations), nullptr);
            }
            g_settings_schema_unref(schema);
        }
    }
    return gnome ? (g_settings_get_boolean(gnome, "enable-animations") ? 1 : 0) : -1;
}

} // namespace

void SwipeStrip::linkInit()
{
    strip_ = detent_strip_new("swipeview");
    Q_ASSERT(strip_);
    detent_strip_set_plugin(strip_, "qt-swipeview");
    detent_strip_on_change(strip_, [](detent_strip *, void *data) { static_cast<SwipeStrip *>(data)->sync(); }, this);
    clock_ = new FrameClock;
    everyView.insert(this);
    applyMotion();
}

/* The motion sent: reduced, full when asked for, else (animations on) the daemon's configured one. A
 * session once reduced gets full back: a layout without motion= keeps the session's (detent-protocol(7)). */
void SwipeStrip::applyMotion()
{
    int on = motion_ == QLatin1String("auto") ? gnomeAnimations() : -1;
    detent_motion_setting now = detent_strip_get_motion(strip_);
    detent_motion_setting m = motion_ == QLatin1String("reduced") || on == 0 ? DETENT_MOTION_REDUCED
                              : motion_ == QLatin1String("full") || now != DETENT_MOTION_DEFAULT ? DETENT_MOTION_FULL
                                                                                                  : DETENT_MOTION_DEFAULT;
    if (now != m) detent_strip_set_motion(strip_, m);
}

void SwipeStrip::linkJoin()
{
    if (pool_) return;
    pool_ = entryFor(socket_);
    pool_->members.insert(this);
    setConnected(pool_->connected);
}

void SwipeStrip::attach(bool on)
{
    if (on) linkJoin();
    if (!pool_ || inPool_ == on) return;
    inPool_ = on;
    if (on) detent_pool_add(pool_->pool, strip_);
    else detent_pool_remove(pool_->pool, strip_);
}

void SwipeStrip::linkLeave()
{
    everyView.erase(this);
    detent_strip_on_change(strip_, nullptr, nullptr);
    if (pool_) {
        attach(false);
        pool_->members.erase(this);
        pool_ = nullptr;
    }
    delete clock_;
    clock_ = nullptr;
}

void SwipeStrip::setSocket(const QString &s)
{
    if (s == socket_) return;
    socket_ = s;
    if (pool_) { /* out of the old pool, into the new one, where it rests */
        bool was = inPool_;
        attach(false);
        pool_->members.erase(this);
        pool_ = nullptr;
        if (was) attach(true);
    }
    emit socketChanged();
}

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

/* One frame of Qt's animation clock, while the strip moves. */
void SwipeStrip::frame()
{
    if (!ticking_ && clock_->state() != QAbstractAnimation::Running) return;
    ticking_ = true;
    sync();
    ticking_ = false;
    if (detent_strip_animating(strip_)) {
        if (window()) window()->update();
        return;
    }
    clockBase_ += clock_->currentTime();
    clock_->stop();
}

void SwipeStrip::itemChange(ItemChange change, const ItemChangeData &data)
{
    QQuickItem::itemChange(change, data);
    if (change == ItemParentHasChanged) adopt(data.item);
    if (change == ItemSceneChange && data.window)
        connect(data.window, &QQuickWindow::afterAnimating, this, &SwipeStrip::frame, Qt::UniqueConnection);
}
