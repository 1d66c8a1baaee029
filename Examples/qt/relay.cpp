/*
 * Under DETENT_QT_TRACE=1 the view's `socket` is a relay of the app's own
 * (the GTK demo's, Examples/gtk/relay.c, on Qt's loop): it accepts each
 * connection libdetent's pool opens, connects it to the daemon's socket
 * (DETENT_SOCKET, else detent-client(3)'s rule), copies the bytes both ways
 * unchanged and hands each line to wire.cpp, which traces it. No daemon: the
 * app's connection is closed before any greeting, as without a relay (one
 * `connection state=down` line per attempt the pool makes).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "relay.h"

#include <QtCore/QDir>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTemporaryDir>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static QTemporaryDir *folder;
static std::string listen_path;

static int connect_to(const std::string &path)
{
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    if (path.size() >= sizeof a.sun_path) return -1;
    strcpy(a.sun_path, path.c_str());
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0) return fd;
    int e = errno;
    if (fd >= 0) close(fd);
    errno = e;
    return -1;
}

/* The daemon's socket by libdetent's rule (DETENT_SOCKET alone when set). */
static int connect_upstream()
{
    const char *env = getenv("DETENT_SOCKET");
    if (env && *env) return connect_to(env);
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    std::vector<std::string> tries;
    if (runtime && *runtime) tries.push_back(std::string(runtime) + "/detent.sock");
    tries.push_back("/run/detent/detent.sock");
    tries.push_back("/tmp/detent-" + std::to_string(getuid()) + ".sock");
    for (const std::string &t : tries) {
        int fd = connect_to(t);
        if (fd >= 0) return fd;
    }
    return -1;
}

static bool write_all(int fd, const char *data, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, data, n);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) { /* only a full socket buffer waits */
            pollfd p = { fd, POLLOUT, 0 };
            if (poll(&p, 1, 5000) <= 0) return false;
            continue;
        }
        if (w <= 0) return false;
        data += w;
        n -= size_t(w);
    }
    return true;
}

static void close_pipe(Pipe *p)
{
    for (int i = 0; i < 2; i++) {
        delete p->watch[i];
        close(p->fd[i]);
    }
    delete p;
}

static void on_data(Pipe *p, int from)
{
    char buf[16384];
    ssize_t n = read(p->fd[from], buf, sizeof buf);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0 || !write_all(p->fd[1 - from], buf, size_t(n))) { /* either side gone: both go */
        if (from == 1) relay_down("detentd closed the connection");
        p->watch[0]->setEnabled(false);
        p->watch[1]->setEnabled(false);
        p->watch[from]->deleteLater(); /* it is running now */
        p->watch[from] = nullptr;
        close_pipe(p);
        return;
    }
    std::string &line = p->line[from];
    line.append(buf, size_t(n));
    size_t nl;
    while ((nl = line.find('\n')) != std::string::npos) {
        std::string one = line.substr(0, nl);
        line.erase(0, nl + 1);
        if (from == 0) relay_line_up(p, one);
        else relay_line_down(p, one);
    }
}

static void on_accept(int fd)
{
    int app = accept4(fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (app < 0) return;
    int daemon = connect_upstream();
    if (daemon < 0) {
        relay_down(strerror(errno));
        close(app);
        return;
    }
    auto *p = new Pipe;
    p->fd[0] = app;
    p->fd[1] = daemon;
    for (int i = 0; i < 2; i++) {
        p->watch[i] = new QSocketNotifier(p->fd[i], QSocketNotifier::Read);
        QObject::connect(p->watch[i], &QSocketNotifier::activated, [p, i] { on_data(p, i); });
    }
}

const char *relay_start()
{
    folder = new QTemporaryDir(QDir::tempPath() + QStringLiteral("/detent-relay-XXXXXX"));
    if (!folder->isValid()) return nullptr;
    listen_path = folder->filePath(QStringLiteral("relay.sock")).toStdString();
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0 || listen_path.size() >= sizeof a.sun_path) return nullptr;
    strcpy(a.sun_path, listen_path.c_str());
    if (bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || listen(fd, 16) != 0) {
        close(fd);
        return nullptr;
    }
    auto *n = new QSocketNotifier(fd, QSocketNotifier::Read);
    QObject::connect(n, &QSocketNotifier::activated, [fd] { on_accept(fd); });
    return listen_path.c_str();
}

/* Removes the relay's socket and its folder at exit. */
void relay_stop()
{
    delete folder;
    folder = nullptr;
}
