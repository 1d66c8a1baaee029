/*
 * Finding the daemon: detentd(8), "FINDING THE DAEMON". With no path,
 * $DETENT_SOCKET when set and not empty, and then only it; else
 * $XDG_RUNTIME_DIR/detent.sock (when that is set and not empty), then
 * /run/detent/detent.sock, then /tmp/detent-UID.sock: the first that
 * accepts wins, and a failure names every path tried and why.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define SYSTEM_PATH "/run/detent/detent.sock"
#define HOW_TO_START "start one: systemctl --user start detentd.socket, or scripts/run in a Detent checkout"

typedef struct attempt {
    char path[512];
    const char *reason;
    int sys_errno;
} attempt;

static const char *reason_of(int e)
{
    switch (e) {
    case ENOENT:
    case ENOTDIR: return "absent";
    case ECONNREFUSED: return "refused";
    case EACCES:
    case EPERM: return "permission denied";
    case EAGAIN: return "busy (its listen queue is full)";
    case EINPROGRESS:
    case ETIMEDOUT: return "no answer in time";
    case ENAMETOOLONG: return "path too long for a Unix socket";
    default: return strerror(e);
    }
}

/** One connect(); blocking ones wait at most timeout_ms for a full listen queue. */
static int try_path(const char *path, int blocking, int timeout_ms, int *sys_errno)
{
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof addr.sun_path) {
        *sys_errno = n == 0 ? ENOENT : ENAMETOOLONG;
        return -1;
    }
    memcpy(addr.sun_path, path, n + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (blocking ? 0 : SOCK_NONBLOCK), 0);
    if (fd < 0) {
        *sys_errno = errno;
        return -1;
    }
    if (blocking) {
        struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    }
    int rc;
    do {
        rc = connect(fd, (struct sockaddr *)&addr, sizeof addr);
    } while (rc < 0 && errno == EINTR && blocking);
    if (rc < 0) {
        *sys_errno = errno;
        close(fd);
        return -1;
    }
    if (blocking) {
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
            *sys_errno = errno;
            close(fd);
            return -1;
        }
    }
    return fd;
}

static int take(const char *path, int fd, detent__found *found, detent_error *err)
{
    found->fd = fd;
    found->path = strdup(path);
    if (!found->path) {
        close(fd);
        detent__error_set(err, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (connecting to %s)", path);
        return -1;
    }
    return 0;
}

int detent__discover(const char *path, const char *system_path, const char *fallback_path, int blocking,
                     int timeout_ms, detent__found *found, detent_error *err)
{
    int e = 0, fd;
    if (path) {
        if ((fd = try_path(path, blocking, timeout_ms, &e)) >= 0) return take(path, fd, found, err);
        detent__error_set(err, DETENT_ERROR_IO, e, "cannot connect to %s: %s", path, reason_of(e));
        return -1;
    }
    const char *variable = getenv("DETENT_SOCKET");
    if (variable && *variable) {
        if ((fd = try_path(variable, blocking, timeout_ms, &e)) >= 0) return take(variable, fd, found, err);
        detent__error_set(err, DETENT_ERROR_DISCOVERY, e,
                          "DETENT_SOCKET=%s: %s; while DETENT_SOCKET is set no other path is tried "
                          "(unset it to look elsewhere, or %s)",
                          variable, reason_of(e), HOW_TO_START);
        return -1;
    }
    attempt tried[3];
    size_t count = 0;
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (runtime && *runtime) snprintf(tried[count++].path, sizeof tried->path, "%s/detent.sock", runtime);
    snprintf(tried[count++].path, sizeof tried->path, "%s", system_path ? system_path : SYSTEM_PATH);
    if (fallback_path) snprintf(tried[count++].path, sizeof tried->path, "%s", fallback_path);
    else snprintf(tried[count++].path, sizeof tried->path, "/tmp/detent-%u.sock", (unsigned)getuid());
    for (size_t i = 0; i < count; i++) {
        if ((fd = try_path(tried[i].path, blocking, timeout_ms, &e)) >= 0) return take(tried[i].path, fd, found, err);
        tried[i].sys_errno = e;
        tried[i].reason = reason_of(e);
    }
    char message[2048];
    size_t used = (size_t)snprintf(message, sizeof message, "no detentd answers:");
    for (size_t i = 0; i < count && used < sizeof message; i++) {
        used += (size_t)snprintf(message + used, sizeof message - used, " %s: %s;", tried[i].path, tried[i].reason);
    }
    if (used < sizeof message) snprintf(message + used, sizeof message - used, " %s", HOW_TO_START);
    detent__error_set(err, DETENT_ERROR_DISCOVERY, tried[count - 1].sys_errno, "%s", message);
    return -1;
}
