/*
 * pool-test's helpers (one translation unit): checks, bounded waits on the
 * Qt loop, the wakeup counter, a detentd of the test's own, and an inotify
 * watch for the daemon's socket appearing.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_POOL_TEST_H
#define DETENT_POOL_TEST_H

#include <detent/qt.h>

#include "proc-stats.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEvent>
#include <QtCore/QEventLoop>

#include <cerrno>
#include <fcntl.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <set>
#include <spawn.h>
#include <string>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int failed = 0;
static bool in_loop = false; /* inside wait_for()'s loop: a note now came from the adapter's I/O */

static int qt_warnings = 0;

static void count_warnings(QtMsgType type, const QMessageLogContext &, const QString &text)
{
    if (type != QtDebugMsg && type != QtInfoMsg) qt_warnings++;
    fprintf(stderr, "   qt: %s\n", qPrintable(text));
}

static bool check(const char *what, bool ok, const std::string &detail = "")
{
    if (ok) {
        printf("ok - pool: %s\n", what);
    } else {
        failed++;
        printf("not ok - pool: %s%s%s\n", what, detail.empty() ? "" : ": ", detail.c_str());
    }
    fflush(stdout);
    return ok;
}

/** Runs the loop until cond() or ms pass; whether cond() came true. The deadline's timer is named "test". */
template <typename Cond> static bool wait_for(Cond cond, int ms)
{
    bool over = false;
    QTimer deadline;
    deadline.setObjectName("test");
    deadline.setSingleShot(true);
    deadline.setTimerType(Qt::PreciseTimer);
    QObject::connect(&deadline, &QTimer::timeout, [&] { over = true; });
    deadline.start(ms);
    while (!cond()) {
        if (over) return false;
        in_loop = true;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        in_loop = false;
    }
    return true;
}

/** Five pages of 300 points, opening (the oracle's sessions) at page from. */
static detent_geometry pages(int64_t from)
{
    detent_geometry g{};
    g.viewport = 300;
    g.item = 300;
    g.count = 5;
    g.has_index = true;
    g.index = from;
    return g;
}

/**
 * Every activation of a QSocketNotifier or a QTimer on the loop's thread (an application-wide event
 * filter sees each SockAct and Timer event), but the test's own (named "test"); and the loop's sleeps.
 */
struct Wakeups : QObject {
    int notifier = 0, timer = 0, blocks = 0;
    std::set<qintptr> fds;

    void reset()
    {
        notifier = timer = blocks = 0;
        fds.clear();
    }

    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (o->objectName() == QLatin1String("test")) return false;
        /* inherits(), by name: qobject_cast compares metaobject addresses, which an app built without
         * -fPIC (the line the header promises) holds copies of. */
        if (e->type() == QEvent::SockAct && o->inherits("QSocketNotifier")) {
            notifier++;
            fds.insert(static_cast<QSocketNotifier *>(o)->socket());
        } else if (e->type() == QEvent::Timer && o->inherits("QTimer")) {
            timer++;
        }
        return false;
    }
};

/** A detentd of the test's own on sock, its output to log (in the test's process group: the caller kills it). */
class Daemon {
public:
    Daemon(std::string exe, std::string config, std::string sock, std::string log)
        : exe_(std::move(exe)), config_(std::move(config)), sock_(std::move(sock)), log_(std::move(log)) {}
    ~Daemon() { stop(); }

    bool launch()
    {
        unlink(sock_.c_str());
        posix_spawn_file_actions_t files;
        posix_spawn_file_actions_init(&files);
        /* Both to the log: a daemon outliving a crashed test must not hold its caller's pipes open. */
        posix_spawn_file_actions_addopen(&files, 1, log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        posix_spawn_file_actions_adddup2(&files, 1, 2);
        const char *argv[] = {"detentd", "--config", config_.c_str(), "--socket", sock_.c_str(), "--log-level",
                              "warning", nullptr};
        int rc = posix_spawn(&pid_, exe_.c_str(), &files, nullptr, const_cast<char **>(argv), environ);
        posix_spawn_file_actions_destroy(&files);
        if (rc != 0) pid_ = -1;
        return rc == 0;
    }

    /** Launches it and waits (10 s at most) until its socket takes a connection. */
    bool start()
    {
        if (!launch()) return false;
        for (int i = 0; i < 500; i++) {
            if (connectable()) return true;
            timespec pause = {0, 20 * 1000 * 1000};
            nanosleep(&pause, nullptr);
        }
        return false;
    }

    void kill_now()
    {
        if (pid_ <= 0) return;
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
        unlink(sock_.c_str()); /* as a daemon that cleaned up would leave it: its next start is seen creating it */
    }

    void stop()
    {
        if (pid_ <= 0) return;
        kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

private:
    bool connectable() const
    {
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        snprintf(addr.sun_path, sizeof addr.sun_path, "%s", sock_.c_str());
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        bool ok = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
        if (fd >= 0) close(fd);
        return ok;
    }

    std::string exe_, config_, sock_, log_;
    pid_t pid_ = -1;
};

/** When (ms of clock) a file named name is created in folder: an inotify watch on the loop (a notifier named "test"). */
class SocketWatch {
public:
    qint64 created_ms = -1;

    SocketWatch(const std::string &folder, std::string name, const QElapsedTimer &clock)
        : name_(std::move(name)), fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
    {
        if (fd_ < 0 || inotify_add_watch(fd_, folder.c_str(), IN_CREATE) < 0) return;
        notifier_ = new QSocketNotifier(fd_, QSocketNotifier::Read);
        notifier_->setObjectName("test");
        QObject::connect(notifier_, &QSocketNotifier::activated, [this, &clock] {
            alignas(inotify_event) char buf[4096];
            ssize_t r = read(fd_, buf, sizeof buf);
            for (ssize_t at = 0; r > 0 && at < r;) {
                const inotify_event *ev = reinterpret_cast<const inotify_event *>(buf + at);
                if (ev->len && name_ == ev->name && created_ms < 0) created_ms = clock.elapsed();
                at += (ssize_t)(sizeof *ev + ev->len);
            }
        });
    }

    ~SocketWatch()
    {
        delete notifier_;
        if (fd_ >= 0) close(fd_);
    }

private:
    std::string name_;
    int fd_;
    QSocketNotifier *notifier_ = nullptr;
};

#endif
