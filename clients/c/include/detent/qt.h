/*
 * detent/qt.h: drives a libdetent connection from Qt's event loop, in this
 * one header (nothing to link but Qt6Core; no Q_OBJECT, so no moc step).
 * See detent-client(3). The Qt twin of <detent/glib.h>.
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

#include <QtCore/QAbstractEventDispatcher>
#include <QtCore/QObject>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTimer>

#include <functional>
#include <memory>
#include <poll.h>
#include <unordered_map>
#include <utility>

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

} // namespace detent

#endif
