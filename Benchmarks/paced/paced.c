/* What a UI feels (issue 22): a paced, open-loop load on a line protocol's
 * Unix socket. S sessions on C connections each stream a gesture as a
 * finger makes it, at H Hz with timestamps: `begin`, moves, and an `end`
 * without `v` (the daemon estimates it) every 60 frames, which at 120 Hz is
 * every 0.5 s. Every line is its own write, as a UI sends it (nothing is
 * coalesced), on a schedule that does not wait for replies; sessions are
 * spread evenly over the period. The same lines go to the echo floor
 * (Benchmarks/echo), so the two are compared under the same load.
 *
 *   cc -O2 -o paced paced.c
 *   ./paced -s SOCKET [-c 50] [-n 200] [-H 120] [-d 10] [-w 1] [-C PID]
 *
 *   -C  the server's pid: its CPU time over the measured seconds (all its
 *       threads, from each /proc/PID/task/TID/schedstat), as % of one core
 *
 * Prints one JSON object: lines per second, reply latency in µs (every line,
 * and the `end` lines alone), how late the schedule ran, the server's CPU.
 * Built and run by scripts/bench; not part of the product. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../common/measure.h"

#define IN_BUFFER 65536
#define RING 8192 /* lines in flight per connection */
#define FRAMES 60 /* frames per gesture: begin, 58 moves, end */

struct conn {
    int fd;
    char in[IN_BUFFER];
    size_t in_len;
    uint64_t sent[RING];
    unsigned char is_end[RING];
    size_t head, inflight, opening;
};

static struct hist all, ends;
static int measuring;
static uint64_t errors, lines_measured;

/* One line, one write; a full socket is an error of the run (a UI would
 * block its frame: the server is not keeping up). */
static void send_line(struct conn *c, const char *line, int len, int is_end, uint64_t t) {
    if (c->inflight == RING) { fprintf(stderr, "paced: %d lines unanswered on one connection\n", RING); exit(1); }
    for (int done = 0; done < len;) {
        ssize_t n = send(c->fd, line + done, (size_t)(len - done), MSG_NOSIGNAL);
        if (n > 0) { done += (int)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        fail("send (the server stopped reading)");
    }
    size_t slot = (c->head + c->inflight) % RING;
    c->sent[slot] = t;
    c->is_end[slot] = (unsigned char)is_end;
    c->inflight++;
}

static int is_error(const char *line, size_t len) {
    return (len >= 6 && memcmp(line, "error ", 6) == 0) || (len >= 14 && memcmp(line, "{\"op\":\"error\"", 13) == 0);
}

static void replies(struct conn *c, uint64_t t) {
    for (;;) {
        ssize_t n = recv(c->fd, c->in + c->in_len, IN_BUFFER - c->in_len, MSG_DONTWAIT);
        if (n == 0) { fprintf(stderr, "paced: the server closed a connection\n"); exit(1); }
        if (n < 0) { if (errno == EAGAIN) return; if (errno == EINTR) continue; fail("recv"); }
        c->in_len += (size_t)n;
        char *start = c->in, *end = c->in + c->in_len, *nl;
        while ((nl = memchr(start, '\n', (size_t)(end - start)))) {
            size_t len = (size_t)(nl - start) + 1;
            if (c->inflight == 0) { fprintf(stderr, "paced: an unrequested reply: %.*s", (int)len, start); exit(1); }
            if (is_error(start, len)) {
                if (c->opening) { fprintf(stderr, "paced: open refused: %.*s", (int)len, start); exit(1); }
                if (measuring) errors++;
            }
            uint64_t latency = t - c->sent[c->head];
            int was_end = c->is_end[c->head];
            c->head = (c->head + 1) % RING;
            c->inflight--;
            if (c->opening) c->opening--;
            else if (measuring) {
                record(&all, latency);
                if (was_end) record(&ends, latency);
                lines_measured++;
            }
            start = nl + 1;
        }
        c->in_len = (size_t)(end - start);
        memmove(c->in, start, c->in_len);
    }
}

/* CPU time of every thread of `pid`, in ns (0 without a pid). */
static uint64_t cpu_ns(int pid) {
    if (pid <= 0) return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *dir = opendir(path);
    if (!dir) fail(path);
    uint64_t total = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.') continue;
        char file[320];
        snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", pid, e->d_name);
        FILE *f = fopen(file, "r");
        unsigned long long ns = 0;
        if (f && fscanf(f, "%llu", &ns) == 1) total += ns;
        if (f) fclose(f);
    }
    closedir(dir);
    return total;
}

int main(int argc, char **argv) {
    const char *path = NULL;
    size_t connections = 50, sessions = 200;
    double hz = 120, seconds = 10, warmup = 1;
    int pid = 0, opt;
    while ((opt = getopt(argc, argv, "s:c:n:H:d:w:C:")) != -1) {
        switch (opt) {
        case 's': path = optarg; break;
        case 'c': connections = strtoul(optarg, NULL, 10); break;
        case 'n': sessions = strtoul(optarg, NULL, 10); break;
        case 'H': hz = atof(optarg); break;
        case 'd': seconds = atof(optarg); break;
        case 'w': warmup = atof(optarg); break;
        case 'C': pid = atoi(optarg); break;
        default:
            fprintf(stderr, "usage: paced -s SOCKET [-c N] [-n SESSIONS] [-H HZ] [-d S] [-w S] [-C PID]\n");
            return 64;
        }
    }
    if (!path || connections == 0 || sessions < connections || hz <= 0 || seconds <= 0) {
        fprintf(stderr, "paced: -s is required; -c, -H and -d must be positive, -n at least -c\n");
        return 64;
    }
    prctl(PR_SET_TIMERSLACK, 1UL); /* wake on the frame, not 50 µs after */
    int epfd = epoll_create1(EPOLL_CLOEXEC);
    struct conn *conns = calloc(connections, sizeof *conns);
    if (!conns) fail("calloc");
    char line[160];
    uint64_t t0 = now_ns();
    for (size_t i = 0; i < connections; i++) {
        struct conn *c = &conns[i];
        c->fd = connect_unix(path);
        struct epoll_event ev = { .events = EPOLLIN, .data.ptr = c };
        epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &ev);
    }
    for (size_t k = 0; k < sessions; k++) {
        struct conn *c = &conns[k % connections];
        int len = snprintf(line, sizeof line, "open s=p%zu viewport=375 item=343 count=10 spacing=8 lead=16 trail=16\n", k);
        c->opening++;
        send_line(c, line, len, 0, t0);
    }
    /* Frame j of the whole schedule is session j % S's, due at j * step. */
    uint64_t step = (uint64_t)(1e9 / hz / (double)sessions), next = 0, late_worst = 0;
    uint64_t start = now_ns() + 100000000u; /* after the opens */
    uint64_t measure_from = start + (uint64_t)(warmup * 1e9), measure_to = measure_from + (uint64_t)(seconds * 1e9);
    uint64_t cpu_from = 0;
    struct epoll_event events[512];
    for (;;) {
        uint64_t t = now_ns();
        if (!measuring && t >= measure_from) { measuring = 1; cpu_from = cpu_ns(pid); }
        if (t >= measure_to) break;
        while (start + next * step <= t) {
            uint64_t due = start + next * step;
            size_t k = next % sessions, frame = (next / sessions) % FRAMES, gesture = next / sessions / FRAMES;
            if (measuring && t - due > late_worst) late_worst = t - due;
            /* Pages 0,1,2,1,0,...: two gestures forward, two back, 80% of a
             * page each, with a finger's wobble. */
            static const int page[4] = {0, 1, 2, 1};
            double dir = (gesture % 4) < 2 ? -1 : 1, from = 351.0 * page[gesture % 4];
            double x = from - dir * 0.8 * 351.0 * (double)frame / (FRAMES - 1) + (double)((next * 7) % 5) * 0.5;
            double ms = (double)(due - start) / 1e6;
            const char *verb = frame == 0 ? "begin" : frame == FRAMES - 1 ? "end" : "move";
            int len = snprintf(line, sizeof line, "%s s=p%zu x=%.1f t=%.1f\n", verb, k, x, ms);
            send_line(&conns[k % connections], line, len, frame == FRAMES - 1, t);
            next++;
        }
        uint64_t wait = start + next * step > t ? start + next * step - t : 0;
        struct timespec timeout = { .tv_sec = (time_t)(wait / 1000000000u), .tv_nsec = (long)(wait % 1000000000u) };
        int ready = epoll_pwait2(epfd, events, 512, &timeout, NULL);
        if (ready < 0 && errno != EINTR) fail("epoll_pwait2");
        t = now_ns();
        for (int i = 0; i < ready; i++) replies(events[i].data.ptr, t);
    }
    uint64_t cpu = cpu_ns(pid) - cpu_from;
    printf("{\"lines_per_s\": %.1f, \"sessions\": %zu, \"connections\": %zu, \"hz\": %.0f, \"errors\": %llu, "
           "\"late_max_us\": %.1f, \"server_cpu_percent\": %.2f, "
           "\"latency_us\": {\"p50\": %.1f, \"p90\": %.1f, \"p99\": %.1f, \"p99.9\": %.1f, \"max\": %.1f}, "
           "\"end_latency_us\": {\"p50\": %.1f, \"p99\": %.1f, \"max\": %.1f}}\n",
           (double)lines_measured / seconds, sessions, connections, hz, (unsigned long long)errors,
           (double)late_worst / 1000.0, pid > 0 ? (double)cpu / (seconds * 1e9) * 100.0 : -1.0,
           percentile(&all, 50), percentile(&all, 90), percentile(&all, 99), percentile(&all, 99.9), (double)all.worst / 1000.0,
           percentile(&ends, 50), percentile(&ends, 99), (double)ends.worst / 1000.0);
    return lines_measured > 0 && errors == 0 ? 0 : 1;
}
