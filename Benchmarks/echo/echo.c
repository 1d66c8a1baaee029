/* The floor Detent's network figures are compared with: a minimal line-echo
 * server on a Unix socket, epoll and non-blocking sockets, no parsing beyond
 * finding newlines. Each complete line read is written back as it came.
 *
 *   cc -O2 -o echo echo.c && ./echo /tmp/echo.sock
 *
 * Built and run by scripts/bench; not part of the product. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define BUFFER 65536

struct client {
    int fd;
    char in[BUFFER];
    size_t in_len;
    char *out;
    size_t out_len, out_cap;
};

static int epfd;

static void close_client(struct client *c) {
    epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    free(c->out);
    free(c);
}

/* Writes what is queued; returns -1 when the client is gone. */
static int flush_out(struct client *c) {
    size_t sent = 0;
    while (sent < c->out_len) {
        ssize_t n = send(c->fd, c->out + sent, c->out_len - sent, MSG_NOSIGNAL);
        if (n > 0) { sent += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) break;
        return -1;
    }
    memmove(c->out, c->out + sent, c->out_len - sent);
    c->out_len -= sent;
    struct epoll_event ev = { .events = EPOLLIN | (c->out_len ? EPOLLOUT : 0), .data.ptr = c };
    epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
    return 0;
}

static void queue(struct client *c, const char *bytes, size_t len) {
    if (c->out_len + len > c->out_cap) {
        c->out_cap = (c->out_len + len) * 2;
        c->out = realloc(c->out, c->out_cap);
        if (!c->out) abort();
    }
    memcpy(c->out + c->out_len, bytes, len);
    c->out_len += len;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: echo SOCKET\n"); return 64; }
    signal(SIGPIPE, SIG_IGN);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, SOMAXCONN)) {
        perror(argv[1]);
        return 1;
    }
    epfd = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
    epoll_ctl(epfd, EPOLL_CTL_ADD, listener, &ev);
    struct epoll_event events[256];
    for (;;) {
        int ready = epoll_wait(epfd, events, 256, -1);
        if (ready < 0 && errno == EINTR) continue;
        for (int i = 0; i < ready; i++) {
            struct client *c = events[i].data.ptr;
            if (c == NULL) {
                int fd;
                while ((fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
                    struct client *fresh = calloc(1, sizeof *fresh);
                    fresh->fd = fd;
                    struct epoll_event add = { .events = EPOLLIN, .data.ptr = fresh };
                    epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &add);
                }
                continue;
            }
            if (events[i].events & EPOLLOUT && flush_out(c)) { close_client(c); continue; }
            if (!(events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
            ssize_t n = recv(c->fd, c->in + c->in_len, BUFFER - c->in_len, 0);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) { close_client(c); continue; }
            if (n < 0) continue;
            c->in_len += (size_t)n;
            /* Echo every complete line; keep a partial one. */
            char *last = memrchr(c->in, '\n', c->in_len);
            if (last) {
                size_t complete = (size_t)(last - c->in) + 1;
                queue(c, c->in, complete);
                memmove(c->in, c->in + complete, c->in_len - complete);
                c->in_len -= complete;
                if (flush_out(c)) { close_client(c); continue; }
            } else if (c->in_len == BUFFER) {
                c->in_len = 0; /* an over-long line: drop it */
            }
        }
    }
}
