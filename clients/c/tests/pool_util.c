/*
 * SPDX-License-Identifier: Apache-2.0
 */
#include "pool_util.h"

#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

int pu_in_io;

static void on_change(detent_strip *s, void *data)
{
    tstrip *t = data;
    detent_strip_note n;
    while (detent_strip_next_note(s, &n)) {
        switch (n.kind) {
        case DETENT_STRIP_NOTE_OPENED:
            t->opened++;
            t->opened_index = n.index;
            break;
        case DETENT_STRIP_NOTE_LOG:
            t->logs++;
            snprintf(t->last_log, sizeof t->last_log, "%s", n.text ? n.text : "");
            break;
        case DETENT_STRIP_NOTE_INDEX:
            t->index_notes++;
            t->index = n.index;
            t->index_in_io = pu_in_io;
            break;
        case DETENT_STRIP_NOTE_REST:
            t->rests++;
            t->rest_index = n.index;
            break;
        case DETENT_STRIP_NOTE_LINK: t->links++; break;
        default: break;
        }
    }
}

int ts_init(tstrip *t, const char *name, const detent_geometry *g, const char *plugin)
{
    memset(t, 0, sizeof *t);
    t->opened_index = t->index = t->rest_index = -1;
    t->s = detent_strip_new(name);
    if (!t->s) return -1;
    detent_strip_on_change(t->s, on_change, t);
    if (plugin && detent_strip_set_plugin(t->s, plugin) < 0) return -1;
    return detent_strip_set_geometry(t->s, g);
}

void ts_fini(tstrip *t)
{
    detent_strip_free(t->s);
    t->s = NULL;
}

void ts_drag(tstrip *t, double delta, double t0)
{
    detent_strip_press(t->s, t0);
    for (int i = 1; i <= 4; i++) detent_strip_drag(t->s, delta * i / 4, t0 + 16 * i);
    detent_strip_release(t->s, delta, t0 + 80);
}

int ts_settle(tstrip *t, detent_strip_frame *out)
{
    /* A motion's t = 0 is the first frame asked after it began: ask one, then one long after. */
    static double clock = 1e6;
    detent_strip_frame_at(t->s, clock, out);
    clock += 100000;
    detent_strip_frame_at(t->s, clock, out);
    clock += 1;
    return out->rest;
}

void pu_log_fn(void *data, const char *line)
{
    pu_log *log = data;
    log->lines++;
    snprintf(log->last, sizeof log->last, "%s", line);
    fprintf(stderr, "   log: %s\n", line);
}

int pu_run(detent_pool *p, pu_cond cond, void *data, int ms, int extra_fd, pu_stats *stats)
{
    static pu_stats scratch;
    if (!stats) stats = &scratch;
    long long until = h_now_ms() + ms;
    struct pollfd fds[64];
    for (;;) {
        if (cond && cond(data)) return 1;
        long long left = until - h_now_ms();
        if (left <= 0) return cond ? cond(data) : 1;
        size_t n = detent_pool_fds(p, fds, 63);
        if (n > 63) {
            CHECK(0, "more than 63 fds: %zu", n);
            n = 63;
        }
        int timeout = detent_pool_timeout_ms(p);
        if (timeout > stats->max_timeout) stats->max_timeout = timeout;
        if (!detent_pool_is_connected(p) && timeout > stats->max_timeout_down) stats->max_timeout_down = timeout;
        int wait = timeout < 0 || timeout > left ? (int)left : timeout;
        size_t all = n;
        if (extra_fd >= 0) fds[all++] = (struct pollfd){ .fd = extra_fd, .events = POLLIN };
        int got = poll(fds, all, wait);
        if (got < 0) continue;
        if (extra_fd >= 0 && fds[n].revents) {
            char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
            ssize_t r = read(extra_fd, buf, sizeof buf);
            for (ssize_t at = 0; r > 0 && at < r;) {
                const struct inotify_event *ev = (const struct inotify_event *)(buf + at);
                if (ev->len && stats->watch_name && strcmp(ev->name, stats->watch_name) == 0 && !stats->event_ms)
                    stats->event_ms = h_now_ms();
                at += (ssize_t)(sizeof *ev + ev->len);
            }
        }
        int fd_event = 0;
        for (size_t i = 0; i < n; i++) fd_event |= fds[i].revents != 0;
        if (!fd_event && timeout >= 0 && timeout <= wait) stats->timer_wakes++;
        stats->passes++;
        pu_in_io = 1;
        detent_pool_io(p, fds, n);
        pu_in_io = 0;
    }
}

int pu_watch_create(const char *folder)
{
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    if (inotify_add_watch(fd, folder, IN_CREATE) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

long pu_daemon_sessions(const char *sock)
{
    detent_connection *c = detent_connection_new();
    detent_reply r;
    long n = -1;
    if (c && detent_connect(c, sock, "pool-test stats") == 0 && detent_stats(c, &r) == 0) {
        n = (long)r.stats.sessions;
        detent_reply_clear(&r);
    }
    detent_connection_free(c);
    return n;
}

const char *pu_config_with_limit(int n)
{
    static char text[1024];
    snprintf(text, sizeof text,
             "{ \"defaultPlugin\": \"paging\", \"limits\": { \"maxSessionsPerConnection\": %d },\n"
             "  \"plugins\": [ { \"name\": \"paging\", \"strategy\": \"paging\" },\n"
             "                { \"name\": \"cards\", \"strategy\": \"flick\" } ] }\n",
             n);
    return text;
}
