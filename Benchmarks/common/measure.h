/* What the C load generators (Benchmarks/load, Benchmarks/paced) share: a
 * clock, a latency histogram in 100 ns steps up to 100 ms, and a
 * non-blocking connection to a Unix socket. Header-only: each generator is
 * one `cc -O2` of its own file. */
#ifndef DETENT_BENCH_MEASURE_H
#define DETENT_BENCH_MEASURE_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>

#define BUCKETS 1000000 /* latency in 100 ns steps, up to 100 ms */

struct hist { uint64_t count[BUCKETS + 1], n, worst; };

static void fail(const char *what) { perror(what); exit(1); }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void record(struct hist *h, uint64_t latency) {
    uint64_t bucket = latency / 100;
    h->count[bucket < BUCKETS ? bucket : BUCKETS]++;
    if (latency > h->worst) h->worst = latency;
    h->n++;
}

/* The p-th percentile in µs (the bucket's upper edge; the worst past 100 ms). */
static double percentile(const struct hist *h, double p) {
    uint64_t want = (uint64_t)(p / 100.0 * (double)h->n + 0.5), seen = 0;
    if (want == 0) want = 1;
    for (size_t i = 0; i <= BUCKETS; i++) {
        seen += h->count[i];
        if (seen >= want) return i == BUCKETS ? (double)h->worst / 1000.0 : (double)(i + 1) / 10.0;
    }
    return (double)h->worst / 1000.0;
}

/* A non-blocking stream connection to the Unix socket `path`; exits on failure. */
static int connect_unix(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) fail("socket");
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof address)) fail(path);
    fcntl(fd, F_SETFL, O_NONBLOCK);
    return fd;
}

#endif
