/*
 * The socket (clients/c/README.md, "Layers"): the output queue written as
 * far as the socket takes it, the reply lines read and handed to the core
 * (pending.c), and the descriptor closed once the core has ended the
 * connection, which it never closes itself.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/** Closes the descriptor of a connection the core has ended (detent__fail). */
void detent__hangup(detent_connection *c)
{
    if (c->state != DETENT_STATE_CLOSED || c->fd < 0) return;
    close(c->fd);
    c->fd = -1;
}

void detent_connection_free(detent_connection *c)
{
    if (!c) return;
    if (c->fd >= 0) close(c->fd);
    detent__connection_release(c);
}

/* -------------------------------------------------------------------- I/O */

void detent__flush(detent_connection *c)
{
    while (c->fd >= 0 && c->out_off < c->out.len) {
        ssize_t n = send(c->fd, c->out.data + c->out_off, c->out.len - c->out_off, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c->out_off += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        int e = errno;
        if (e == EPIPE || e == ECONNRESET)
            detent__failf(c, DETENT_ERROR_CLOSED, e, "%s: the daemon closed the connection (%s)", c->path, strerror(e));
        else
            detent__failf(c, DETENT_ERROR_IO, e, "%s: writing: %s", c->path, strerror(e));
        detent__hangup(c);
        return;
    }
    if (c->out_off == c->out.len) {
        c->out.len = c->out_off = 0;
    } else if (c->out_off > 65536 && c->out_off > c->out.len / 2) {
        memmove(c->out.data, c->out.data + c->out_off, c->out.len - c->out_off);
        c->out.len -= c->out_off;
        c->out_off = 0;
    }
}

/** Queues a built request (pending.c) and tries to write it at once. */
uint64_t detent__send(detent_connection *c, detent__line *l, detent_reply_kind expect)
{
    uint64_t id = detent__queue(c, l, expect);
    if (id) detent__flush(c);
    return id;
}

uint64_t detent_send_line(detent_connection *c, const char *line)
{
    detent__line l;
    if (!detent__request(c, &l, "")) return 0;
    detent__line_raw(&l, line);
    return detent__send(c, &l, DETENT_REPLY_NONE);
}

/** Reads what is readable; a failure, or a line that ends the connection, stops it (detent_io hangs up). */
static void read_all(detent_connection *c)
{
    char chunk[65536];
    while (c->fd >= 0 && c->state != DETENT_STATE_CLOSED) {
        ssize_t n = recv(c->fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n < 0) {
            int e = errno;
            if (e == ECONNRESET)
                detent__failf(c, DETENT_ERROR_CLOSED, e, "%s: the daemon closed the connection (%s)", c->path,
                              strerror(e));
            else
                detent__failf(c, DETENT_ERROR_IO, e, "%s: reading: %s", c->path, strerror(e));
            return;
        }
        if (n == 0) {
            detent__failf(c, DETENT_ERROR_CLOSED, 0, "%s: the daemon closed the connection", c->path);
            return;
        }
        if (detent__reader_feed(&c->reader, chunk, (size_t)n) < 0) {
            detent__failf(c, DETENT_ERROR_MEMORY, ENOMEM, "out of memory (reading replies)");
            return;
        }
        const char *line;
        size_t len;
        int kind;
        while (c->state != DETENT_STATE_CLOSED && (kind = detent__reader_line(&c->reader, &line, &len)) != 0)
            detent__handle_line(c, line, len, kind == DETENT__LINE_TOO_LONG);
        if ((size_t)n < sizeof chunk) return; /* drained: spare a recv that would say EAGAIN */
    }
}

int detent_fd(const detent_connection *c) { return c->fd; }

int detent_events(const detent_connection *c)
{
    if (c->fd < 0) return 0;
    return POLLIN | (c->out_off < c->out.len ? POLLOUT : 0);
}

int detent_io(detent_connection *c, int revents)
{
    (void)revents; /* both directions are tried: each attempt is non-blocking */
    if (c->fd < 0) return -1;
    detent__flush(c);
    read_all(c);
    detent__check_deadline(c);
    detent__hangup(c);
    return c->state == DETENT_STATE_CLOSED ? -1 : 0;
}
