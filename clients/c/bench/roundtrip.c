/*
 * A blocking `end` round trip through libdetent against the same line
 * written and its reply read on a raw socket, on one daemon: the median
 * of several runs each, in ns, and the ratio (target: at most 1.2).
 *   make -C clients/c bench DETENT_BIN=/folder/with/detentd
 *   roundtrip [ITERATIONS [RUNS]]     default 20000 and 7
 * With DETENT_BENCH_SOCKET it measures the daemon serving there (scripts/bench
 * starts one pinned to another CPU) instead of starting its own; either way
 * the session opens under the daemon's default plugin.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct raw {
    int fd;
    char buf[65536];
    size_t len;
    unsigned long long id;
} raw;

/** Writes a line and reads one reply line, as a hand-written client would. */
static int raw_roundtrip(raw *r, const char *line)
{
    size_t n = strlen(line);
    if (send(r->fd, line, n, MSG_NOSIGNAL) != (ssize_t)n) return -1;
    for (;;) {
        char *nl = memchr(r->buf, '\n', r->len);
        if (nl) {
            size_t used = (size_t)(nl - r->buf) + 1;
            memmove(r->buf, r->buf + used, r->len - used);
            r->len -= used;
            return 0;
        }
        ssize_t got = recv(r->fd, r->buf + r->len, sizeof r->buf - r->len, 0);
        if (got <= 0) return -1;
        r->len += (size_t)got;
    }
}

static double run_raw(raw *r, int iterations)
{
    char line[128];
    double start = now_ns();
    for (int i = 0; i < iterations; i++) {
        snprintf(line, sizeof line, "end s=b x=90 v=1.4 id=%llu\n", ++r->id);
        if (raw_roundtrip(r, line) < 0) {
            fprintf(stderr, "raw: the daemon went away\n");
            exit(1);
        }
    }
    return (now_ns() - start) / iterations;
}

static double run_lib(detent_connection *c, int iterations)
{
    double start = now_ns();
    for (int i = 0; i < iterations; i++) {
        detent_reply r;
        if (detent_end(c, "b", 90, 1.4, DETENT_NONE, DETENT_NONE, &r) < 0) {
            fprintf(stderr, "libdetent: %s\n", detent_get_error(c)->message);
            exit(1);
        }
        detent_reply_clear(&r);
    }
    return (now_ns() - start) / iterations;
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 20000, runs = argc > 2 ? atoi(argv[2]) : 7;
    if (iterations < 1 || runs < 1 || runs > 99) return 64;
    h_begin("bench", 600);
    h_daemon d = { 0 };
    const char *given = getenv("DETENT_BENCH_SOCKET");
    const char *sock = given;
    if (given == NULL || *given == '\0') {
        if (h_daemon_start(&d, "bench", NULL) < 0) return 1;
        sock = d.sock;
        given = NULL;
    }

    detent_connection *c = detent_connection_new();
    detent_geometry g = { .viewport = 375, .item = 100, .count = 50 };
    if (detent_connect(c, sock, "bench") < 0 || detent_open(c, "b", NULL, &g, NULL) < 0) {
        fprintf(stderr, "libdetent: %s\n", detent_get_error(c)->message);
        return 1;
    }
    raw r = { .fd = socket(AF_UNIX, SOCK_STREAM, 0) };
    struct sockaddr_un addr;
    h_sockaddr(&addr, sock);
    if (connect(r.fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
        raw_roundtrip(&r, "open s=b viewport=375 item=100 count=50\n") < 0) {
        fprintf(stderr, "raw: cannot connect to %s\n", sock);
        return 1;
    }
    run_raw(&r, iterations / 10 + 1); /* warm both up */
    run_lib(c, iterations / 10 + 1);
    double lib[99], rawt[99];
    for (int i = 0; i < runs; i++) {
        rawt[i] = run_raw(&r, iterations);
        lib[i] = run_lib(c, iterations);
    }
    double ml = median(lib, runs), mr = median(rawt, runs);
    printf("end round trip, %d iterations x %d runs, medians:\n", iterations, runs);
    printf("  raw socket  %10.0f ns\n", mr);
    printf("  libdetent   %10.0f ns\n", ml);
    printf("  ratio       %10.3f (target <= 1.2)\n", ml / mr);
    close(r.fd);
    detent_connection_free(c);
    if (given == NULL) h_daemon_stop(&d);
    return 0;
}
