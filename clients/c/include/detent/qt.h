/*
 * detent/qt.h: drives a libdetent connection, or a pool of them, from Qt's
 * event loop, in this one header (nothing to link but Qt6Core; no
 * Q_OBJECT, so no moc step). See detent-client(3). The Qt twin of
 * <detent/glib.h>; the pool's part is detent::QtPool, at the end.
 * SPDX-License-Identifier: Apache-2.0
 *
 *   detent_connection *c = detent_connection_new();
 *   detent_connect_start(c, nullptr, "my app");        // finds detentd, queues the greeting
 *   detent::QtAdapter link(c, [](detent_connection *c, detent_event *ev) {
 *       if (ev->type == DETENT_EVENT_READY) ...          // the greeting's hello
 *       if (ev->type == DETENT_EVENT_PUSH) ...           // an autoplay decision, ev->reply.snap
 *       if (ev->type == DETENT_EVENT_ERROR && ev->request == 0) ...   // the connection ended
 *   });
 *   link.expect(detent_send_open(c, "s", "paging", &geometry),
 *               [](const detent_reply *reply, const detent_error *error) { ... });
 *
 *   c++ app.cpp $(pkg-config --cflags --libs detent Qt6Quick)      (or Qt6Core)
 *
 * What it does, on the thread it was made on, with no thread of its own:
 * two QSocketNotifiers on detent_fd() (read, and write while requests wait
 * to be written: detent_events()), a QTimer for detent_timeout_ms() (a
 * reply overdue ends the connection), and detent_io() when any of them
 * fires; then every event the connection holds goes to a std::function:
 * the reply (or error) of a request to the callback given to expect() for
 * its id, everything else (the greeting, pushes, errors of requests nobody
 * expects, the end of the connection as an error of request 0) to the
 * event callback. Each event is cleared after its callback returns.
 *
 * The socket and the events wanted change as requests are queued
 * (detent_send_*() may leave bytes to write) and when the connection ends
 * or connects again: the adapter follows them by itself just before the
 * event loop sleeps (QAbstractEventDispatcher::aboutToBlock, Qt's "prepare"),
 * and after each delivery. sync() does it at once.
 *
 * The adapter does not own the connection. It stays usable across a
 * connection's end and detent_connect_start() again on the same
 * connection (the new socket is picked up). It may be deleted from one of
 * its own callbacks (nothing more is delivered); delete it before freeing
 * the connection.
 */
#ifndef DETENT_QT_H
#define DETENT_QT_H

#include <detent/client.h>
#include <detent/pool.h>

#include <QtCore/QAbstractEventDispatcher>
#include <QtCore/QObject>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTimer>

#include <functional>
#include <memory>
#include <poll.h>
#include <unordered_map>
#include <utility>
#include <vector>

namespace detent {

class QtAdapter {
public:
    /** Every event nobody expect()s: the greeting (READY), pushes, unexpected replies, errors. */
    using EventCallback = std::function<void(detent_connection *connection, detent_event *event)>;
    /** The reply to one request, or why it failed: exactly one of the two is not null. */
    using ReplyCallback = std::function<void(const detent_reply *reply, const detent_error *error)>;

    explicit QtAdapter(detent_connection *connection, EventCallback onEvent = {})
        : connection_(connection), onEvent_(std::move(onEvent)), timer_(new QTimer)
    {
        timer_->setSingleShot(true);
        QObject::connect(timer_, &QTimer::timeout, &context_, [this] { run(); });
        if (QAbstractEventDispatcher *d = QAbstractEventDispatcher::instance())
            QObject::connect(d, &QAbstractEventDispatcher::aboutToBlock, &context_, [this] { sync(); });
        sync();
    }

    ~QtAdapter()
    {
        dropNotifiers();
        drop(timer_);
    }

    QtAdapter(const QtAdapter &) = delete;
    QtAdapter &operator=(const QtAdapter &) = delete;

    detent_connection *connection() const { return connection_; }

    void setEventCallback(EventCallback onEvent) { onEvent_ = std::move(onEvent); }

    /**
     * Hands the reply (or the error) of request id to fn instead of the event callback; an empty fn
     * swallows it. Returns id; an id of 0 (a detent_send_*() that failed: the error is on the
     * connection) is not kept.
     */
    uint64_t expect(uint64_t id, ReplyCallback fn)
    {
        if (id != 0) replies_[id] = fn ? std::move(fn) : ReplyCallback([](const detent_reply *, const detent_error *) {});
        sync();
        return id;
    }

    /** Stops expecting request id: its reply will go to the event callback. */
    void forget(uint64_t id) { replies_.erase(id); }

    /** Follows the connection's socket, the events it wants and its timeout now. */
    void sync()
    {
        int fd = detent_fd(connection_);
        if (fd != fd_) {
            dropNotifiers();
            fd_ = fd;
            if (fd >= 0) {
                read_ = new QSocketNotifier(fd, QSocketNotifier::Read);
                write_ = new QSocketNotifier(fd, QSocketNotifier::Write);
                QObject::connect(read_, &QSocketNotifier::activated, &context_, [this] { run(); });
                QObject::connect(write_, &QSocketNotifier::activated, &context_, [this] { run(); });
            }
        }
        int events = detent_events(connection_);
        if (read_) read_->setEnabled((events & POLLIN) != 0);   /* no-ops when unchanged */
        if (write_) write_->setEnabled((events & POLLOUT) != 0);
        int wait = detent_event_count(connection_) > 0 ? 0 : detent_timeout_ms(connection_);
        if (wait < 0) {
            timer_->stop();
        } else if (!timer_->isActive() || timer_->remainingTime() > wait) {
            /* A later deadline (a reply came) is left to fire early: run() finds nothing and re-arms. */
            timer_->start(wait);
        }
    }

    /** detent_io() now, then every event to its callback (what the notifiers and the timer call). */
    void run()
    {
        std::weak_ptr<bool> alive = alive_;
        ++depth_;
        if (detent_fd(connection_) >= 0) detent_io(connection_, POLLIN | POLLOUT);
        detent_event ev;
        while (detent_next_event(connection_, &ev)) {
            deliver(&ev);
            detent_event_clear(&ev);
            if (alive.expired()) return; /* deleted from the callback */
        }
        --depth_;
        sync();
    }

private:
    void deliver(detent_event *ev)
    {
        if ((ev->type == DETENT_EVENT_REPLY || ev->type == DETENT_EVENT_ERROR) && ev->request != 0) {
            auto it = replies_.find(ev->request);
            if (it != replies_.end()) {
                ReplyCallback fn = std::move(it->second);
                replies_.erase(it);
                if (ev->type == DETENT_EVENT_REPLY) fn(&ev->reply, nullptr);
                else fn(nullptr, &ev->error);
                return;
            }
        }
        if (onEvent_) {
            EventCallback fn = onEvent_; /* it may replace itself */
            fn(connection_, ev);
        }
    }

    /* A notifier or timer whose signal may be running right now (a callback deleting the adapter) is
     * deleted once the loop is back; otherwise at once. */
    void drop(QObject *object)
    {
        if (!object) return;
        object->disconnect();
        if (depth_ > 0) object->deleteLater();
        else delete object;
    }

    void dropNotifiers()
    {
        if (read_) read_->setEnabled(false);
        if (write_) write_->setEnabled(false);
        drop(read_);
        drop(write_);
        read_ = write_ = nullptr;
        fd_ = -1;
    }

    detent_connection *connection_;
    EventCallback onEvent_;
    std::unordered_map<uint64_t, ReplyCallback> replies_;
    QObject context_; /* the lambdas' context: disconnected with the adapter */
    QTimer *timer_;
    QSocketNotifier *read_ = nullptr, *write_ = nullptr;
    int fd_ = -1;
    int depth_ = 0; /* > 0 while run() delivers */
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

/* ------------------------------------------------------------------ a pool */

/**
 * Drives a detent_pool (detent/pool.h) on the event loop of the thread it
 * was made on, with no thread of its own:
 *
 *   detent_pool *pool = detent_pool_new(nullptr, "my app");
 *   detent::QtPool loop(pool, [](detent_pool *, bool connected) { ... });
 *   detent_pool_add(pool, strip);      // the strips' hooks run inside its I/O
 *
 * A read and a write QSocketNotifier per socket the pool lists
 * (detent_pool_fds()), each enabled only while the pool wants that event,
 * and a single-shot QTimer for detent_pool_timeout_ms(); any of them runs
 * detent_pool_io(), which hands the daemon's lines to the strips. It
 * follows the pool after each pass and just before the loop sleeps,
 * changing a notifier or the timer only when it differs, so the loop
 * sleeps while nothing is due, and it never blocks the loop on the daemon.
 * With a link callback it takes the pool's detent_pool_on_link() hook
 * (Qt's signals need moc: a QObject of the app's re-emits it). It does not
 * own the pool: delete it before detent_pool_free(). It may be deleted, and
 * the pool freed, from a strip's hook or the link callback.
 */
class QtPool {
public:
    /** detent_pool_is_connected() changed: called inside the pool's I/O. */
    using LinkCallback = std::function<void(detent_pool *pool, bool connected)>;

    explicit QtPool(detent_pool *pool, LinkCallback onLink = {}) : pool_(pool), timer_(new QTimer)
    {
        timer_->setSingleShot(true);
        timer_->setTimerType(Qt::PreciseTimer); /* a coarse timer may fire early: a wakeup for nothing */
        QObject::connect(timer_, &QTimer::timeout, &context_, [this] { io(-1, 0); });
        if (QAbstractEventDispatcher *d = QAbstractEventDispatcher::instance())
            QObject::connect(d, &QAbstractEventDispatcher::aboutToBlock, &context_, [this] { sync(); });
        setLinkCallback(std::move(onLink));
        sync();
    }

    ~QtPool()
    {
        if (hooked_) detent_pool_on_link(pool_, nullptr, nullptr);
        for (Watch &w : watches_) unwatch(w);
        drop(timer_);
    }

    QtPool(const QtPool &) = delete;
    QtPool &operator=(const QtPool &) = delete;

    detent_pool *pool() const { return pool_; }

    /** Takes the pool's link hook for fn; an empty fn gives the hook back (cleared). */
    void setLinkCallback(LinkCallback fn)
    {
        onLink_ = std::move(fn);
        if (onLink_) detent_pool_on_link(pool_, &QtPool::linked, this);
        else if (hooked_) detent_pool_on_link(pool_, nullptr, nullptr);
        hooked_ = static_cast<bool>(onLink_);
    }

    /** Follows the pool's sockets, the events it wants on each and its timeout now. */
    void sync()
    {
        size_t n = detent_pool_fds(pool_, want_.data(), want_.size());
        if (n > want_.size()) {
            want_.resize(n);
            n = detent_pool_fds(pool_, want_.data(), want_.size());
        }
        for (size_t i = 0; i < watches_.size();) {
            bool listed = false;
            for (size_t j = 0; j < n && !listed; j++) listed = want_[j].fd == watches_[i].fd;
            if (listed) {
                i++;
                continue;
            }
            unwatch(watches_[i]);
            watches_[i] = watches_.back();
            watches_.pop_back();
        }
        for (size_t j = 0; j < n; j++) {
            Watch *w = find(want_[j].fd);
            if (!w) {
                watches_.push_back({want_[j].fd, notifier(want_[j].fd, QSocketNotifier::Read, POLLIN),
                                    notifier(want_[j].fd, QSocketNotifier::Write, POLLOUT)});
                w = &watches_.back();
            }
            enable(w->read, (want_[j].events & POLLIN) != 0);
            enable(w->write, (want_[j].events & POLLOUT) != 0);
        }
        int wait = detent_pool_timeout_ms(pool_);
        if (wait < 0) {
            if (timer_->isActive()) timer_->stop();
        } else if (!timer_->isActive() || timer_->remainingTime() > wait || timer_->remainingTime() < wait - 2) {
            /* Re-armed only when the deadline moved (remainingTime() and the pool round apart by a ms or two). */
            timer_->start(wait);
        }
    }

private:
    struct Watch {
        int fd;
        QSocketNotifier *read, *write;
    };

    static void linked(detent_pool *pool, void *self)
    {
        QtPool *me = static_cast<QtPool *>(self);
        LinkCallback fn = me->onLink_; /* it may replace itself, or delete the adapter */
        fn(pool, detent_pool_is_connected(pool));
    }

    /** One pass: the socket fd that woke it with revents, or (fd -1) the timeout. */
    void io(int fd, short revents)
    {
        std::weak_ptr<bool> alive = alive_;
        struct pollfd got = {fd, 0, revents};
        ++depth_;
        detent_pool_io(pool_, fd >= 0 ? &got : nullptr, fd >= 0 ? 1 : 0);
        if (alive.expired()) return; /* deleted from a hook */
        --depth_;
        sync();
    }

    QSocketNotifier *notifier(int fd, QSocketNotifier::Type type, short revents)
    {
        QSocketNotifier *n = new QSocketNotifier(type); /* made disabled: enable() turns it on */
        n->setSocket(fd);
        QObject::connect(n, &QSocketNotifier::activated, &context_, [this, fd, revents] { io(fd, revents); });
        return n;
    }

    static void enable(QSocketNotifier *n, bool on)
    {
        if (n->isEnabled() != on) n->setEnabled(on);
    }

    Watch *find(int fd)
    {
        for (Watch &w : watches_)
            if (w.fd == fd) return &w;
        return nullptr;
    }

    void unwatch(Watch &w)
    {
        w.read->setEnabled(false);
        w.write->setEnabled(false);
        drop(w.read);
        drop(w.write);
    }

    /* As QtAdapter's: what may be running now (a hook deleting the adapter) is deleted once the loop is back. */
    void drop(QObject *object)
    {
        object->disconnect();
        if (depth_ > 0) object->deleteLater();
        else delete object;
    }

    detent_pool *pool_;
    LinkCallback onLink_;
    bool hooked_ = false;
    QObject context_; /* the lambdas' context: disconnected with the adapter */
    QTimer *timer_;
    std::vector<Watch> watches_;
    std::vector<struct pollfd> want_ = std::vector<struct pollfd>(4);
    int depth_ = 0; /* > 0 inside detent_pool_io() */
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

} // namespace detent

#endif
