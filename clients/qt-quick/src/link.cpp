/*
 * The link. One pool per socket path in the process (empty: the discovery
 * rule) on Qt's event loop through detent::QtPool, freed as the
 * application ends; each view one strip in it from its first layout (a
 * view never laid out connects nowhere). The strip's change hook runs
 * sync() (frames.cpp). motion "auto" follows GNOME's enable-animations
 * through GSettings where the key exists (Qt's loop is GLib's, so a change
 * arrives live).
 * SPDX-License-Identifier: Apache-2.0
 */
#include <gio/gio.h> /* before Qt: its `signals` macro would rename a GDBus field */

#include "swipestrip.h"

#include <detent/pool.h>
#include <detent/qt.h>

#include <QtCore/QAbstractAnimation>
#include <QtCore/QCoreApplication>
#include <QtQuick/QQuickWindow>

#include <functional>
#include <map>
#include <set>

namespace {

/* Qt's animation clock, running while the strip moves: each tick places the pages (SwipeStrip::frame), as
 * a Qt animation moves its items on its tick, so the frame that tick asks for draws them. Placing them at
 * afterAnimating instead (inside the frame, in the basic and software render loops) asked for one more
 * frame each tick: 2 x Qt's frames in the software loop (Benchmarks/qt-quick). */
class FrameClock : public QAbstractAnimation {
public:
    explicit FrameClock(std::function<void()> tick) : tick_(std::move(tick)) {}
    int duration() const override { return -1; }

protected:
    void updateCurrentTime(int) override { tick_(); }

private:
    std::function<void()> tick_;
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
    clock_ = new FrameClock([this] { frame(); });
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

void SwipeStrip::itemChange(ItemChange change, const ItemChangeData &data)
{
    QQuickItem::itemChange(change, data);
    if (change == ItemParentHasChanged) adopt(data.item);
}
