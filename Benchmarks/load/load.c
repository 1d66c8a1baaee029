/* A closed-loop load generator for line protocols on a Unix socket: many
 * connections on one epoll thread, each keeping P requests in flight. Every
 * reply is one line; a reply frees the slot of the oldest request of its
 * connection, whose latency is recorded, and the next request goes out.
 * Written in C so that it is not the bottleneck of the servers it measures
 * (detentd, the echo floor, redis-server).
 *
 *   cc -O2 -o load load.c
 *   ./load -s SOCKET -c 50 -P 16 -d 10 -r requests.txt [-p preamble.txt] [-w 1]
 *
 *   -s  the Unix socket to connect to
 *   -c  connections (default 1)
 *   -P  requests in flight per connection (default 1)
 *   -d  seconds measured (default 10), after -w seconds of warm-up (default 1)
 *   -r  a file of request lines, sent in turn (each line's reply is one line)
 *   -p  a file of lines each connection sends first, one reply each, unmeasured
 *
 * Prints one JSON object: requests per second, latency percentiles in µs,
 * and the replies that were errors (`error ...`, `{"op":"error"...`, `-ERR`).
 * Built and run by scripts/bench; not part of the product. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../common/measure.h"

#define IN_BUFFER 65536

struct lines { char **text; size_t *len; size_t count; };

struct conn {
    int fd;
    char in[IN_BUFFER];
    size_t in_len;
    uint64_t *sent; /* send times of the requests in flight, a ring */
    size_t head, inflight;
    size_t next;    /* the next request line */
    size_t preamble_left;
    char *out;
    size_t out_len, out_cap;
    int waiting_out; /* EPOLLOUT is asked for: the socket took less than queued */
};

static struct hist latencies;
static uint64_t errors;
static int measuring;
static struct lines requests, preamble;
static size_t pipeline = 1;
static int epfd;

static struct lines read_lines(const char *path) {
    struct lines l = {0};
    FILE *f = fopen(path, "r");
    if (!f) fail(path);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] != '\n') { line = realloc(line, (size_t)n + 1); line[n++] = '\n'; }
        l.text = realloc(l.text, (l.count + 1) * sizeof *l.text);
        l.len = realloc(l.len, (l.count + 1) * sizeof *l.len);
        l.text[l.count] = memcpy(malloc((size_t)n), line, (size_t)n);
        l.len[l.count++] = (size_t)n;
    }
    free(line);
    fclose(f);
    return l;
}

static void queue(struct conn *c, const char *bytes, size_t len) {
    if (c->out_len + len > c->out_cap) {
        c->out_cap = (c->out_len + len) * 2;
        c->out = realloc(c->out, c->out_cap);
        if (!c->out) fail("realloc");
    }
    memcpy(c->out + c->out_len, bytes, len);
    c->out_len += len;
}

static void send_request(struct conn *c, uint64_t t) {
    queue(c, requests.text[c->next], requests.len[c->next]);
    c->next = (c->next + 1) % requests.count;
    c->sent[(c->head + c->inflight) % pipeline] = t;
    c->inflight++;
}

static void flush_out(struct conn *c) {
    size_t done = 0;
    while (done < c->out_len) {
        ssize_t n = send(c->fd, c->out + done, c->out_len - done, MSG_NOSIGNAL);
        if (n > 0) { done += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) break;
        fail("send");
    }
    memmove(c->out, c->out + done, c->out_len - done);
    c->out_len -= done;
    if ((c->out_len > 0) != c->waiting_out && epfd >= 0) {
        c->waiting_out = c->out_len > 0;
        struct epoll_event ev = { .events = EPOLLIN | (c->waiting_out ? EPOLLOUT : 0), .data.ptr = c };
        epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
    }
}

static int is_error(const char *line, size_t len) {
    return (len >= 6 && memcmp(line, "error ", 6) == 0) || (len >= 14 && memcmp(line, "{\"op\":\"error\"", 13) == 0)
        || (len >= 4 && memcmp(line, "-ERR", 4) == 0);
}

static void start_requests(struct conn *c, uint64_t t) {
    for (size_t i = 0; i < pipeline; i++) send_request(c, t);
}

/* One reply line arrived. */
static void replied(struct conn *c, const char *line, size_t len, uint64_t t) {
    if (c->preamble_left) {
        if (is_error(line, len)) { fprintf(stderr, "load: preamble refused: %.*s", (int)len, line); exit(1); }
        if (--c->preamble_left == 0) start_requests(c, t);
        return;
    }
    if (c->inflight == 0) { fprintf(stderr, "load: an unrequested reply: %.*s", (int)len, line); exit(1); }
    uint64_t latency = t - c->sent[c->head];
    c->head = (c->head + 1) % pipeline;
    c->inflight--;
    if (measuring) {
        record(&latencies, latency);
        if (is_error(line, len)) errors++;
    }
    send_request(c, t);
}

int main(int argc, char **argv) {
    const char *path = NULL, *request_file = NULL, *preamble_file = NULL;
    size_t connections = 1;
    double seconds = 10, warmup = 1;
    int opt;
    while ((opt = getopt(argc, argv, "s:c:P:d:w:r:p:")) != -1) {
        switch (opt) {
        case 's': path = optarg; break;
        case 'c': connections = strtoul(optarg, NULL, 10); break;
        case 'P': pipeline = strtoul(optarg, NULL, 10); break;
        case 'd': seconds = atof(optarg); break;
        case 'w': warmup = atof(optarg); break;
        case 'r': request_file = optarg; break;
        case 'p': preamble_file = optarg; break;
        default:
            fprintf(stderr, "usage: load -s SOCKET -r REQUESTS [-p PREAMBLE] [-c N] [-P N] [-d S] [-w S]\n");
            return 64;
        }
    }
    if (!path || !request_file || connections == 0 || pipeline == 0 || seconds <= 0) {
        fprintf(stderr, "load: -s and -r are required; -c, -P and -d must be positive\n");
        return 64;
    }
    requests = read_lines(request_file);
    if (requests.count == 0) { fprintf(stderr, "load: %s has no lines\n", request_file); return 64; }
    if (preamble_file) preamble = read_lines(preamble_file);

    epfd = -1;
    int poller = epoll_create1(EPOLL_CLOEXEC);
    struct conn *conns = calloc(connections, sizeof *conns);
    uint64_t t0 = now_ns();
    for (size_t i = 0; i < connections; i++) {
        struct conn *c = &conns[i];
        c->fd = connect_unix(path);
        c->sent = calloc(pipeline, sizeof *c->sent);
        c->preamble_left = preamble.count;
        for (size_t j = 0; j < preamble.count; j++) queue(c, preamble.text[j], preamble.len[j]);
        if (preamble.count == 0) start_requests(c, t0);
        struct epoll_event ev = { .events = EPOLLIN, .data.ptr = c };
        epoll_ctl(poller, EPOLL_CTL_ADD, c->fd, &ev);
    }
    epfd = poller;
    for (size_t i = 0; i < connections; i++) flush_out(&conns[i]);
    uint64_t measure_from = t0 + (uint64_t)(warmup * 1e9), measure_to = measure_from + (uint64_t)(seconds * 1e9);
    struct epoll_event events[512];
    for (;;) {
        int ready = epoll_wait(epfd, events, 512, 100);
        if (ready < 0 && errno != EINTR) fail("epoll_wait");
        uint64_t t = now_ns();
        if (!measuring && t >= measure_from && t < measure_to) measuring = 1;
        if (t >= measure_to) break;
        for (int i = 0; i < ready; i++) {
            struct conn *c = events[i].data.ptr;
            if (events[i].events & EPOLLOUT) flush_out(c);
            if (!(events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
            ssize_t n = recv(c->fd, c->in + c->in_len, IN_BUFFER - c->in_len, 0);
            if (n == 0) { fprintf(stderr, "load: the server closed a connection\n"); return 1; }
            if (n < 0) { if (errno == EAGAIN || errno == EINTR) continue; fail("recv"); }
            c->in_len += (size_t)n;
            char *start = c->in, *end = c->in + c->in_len, *nl;
            while ((nl = memchr(start, '\n', (size_t)(end - start)))) {
                replied(c, start, (size_t)(nl - start) + 1, t);
                start = nl + 1;
            }
            if (start == c->in && c->in_len == IN_BUFFER) { fprintf(stderr, "load: a reply over 64 KiB\n"); return 1; }
            c->in_len = (size_t)(end - start);
            memmove(c->in, start, c->in_len);
            flush_out(c);
        }
    }
    printf("{\"rps\": %.1f, \"requests\": %llu, \"errors\": %llu, \"connections\": %zu, \"pipeline\": %zu, "
           "\"latency_us\": {\"p50\": %.1f, \"p90\": %.1f, \"p99\": %.1f, \"p99.9\": %.1f, \"max\": %.1f}}\n",
           (double)latencies.n / seconds, (unsigned long long)latencies.n, (unsigned long long)errors, connections, pipeline,
           percentile(&latencies, 50), percentile(&latencies, 90), percentile(&latencies, 99), percentile(&latencies, 99.9),
           (double)latencies.worst / 1000.0);
    return latencies.n > 0 ? 0 : 1;
}
