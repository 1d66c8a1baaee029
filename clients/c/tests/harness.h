/*
 * The tests' own helpers: checks that count, a time limit per program, and
 * real detentd daemons on temporary sockets (DETENT_BIN names the folder
 * holding detentd).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TEST_HARNESS_H
#define DETENT_TEST_HARNESS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <detent/client.h>

#include <stdio.h>
#include <sys/types.h>

/** Starts a program: a name for the report and a time limit (SIGALRM fails it). */
void h_begin(const char *program, unsigned seconds);
/** A named case: checks that fail within it make it "not ok". */
void h_case(const char *name);
/** Whether any check has failed so far. */
int h_failed(void);
/** Ends the program: prints the tally, returns the exit status. */
int h_end(void);

void h_check(int ok, const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#define CHECK(cond, ...) h_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_EQ_INT(a, b) \
    h_check((long long)(a) == (long long)(b), __FILE__, __LINE__, "%s == %s (%lld vs %lld)", #a, #b, (long long)(a), (long long)(b))
#define CHECK_EQ_NUM(a, b) \
    h_check((double)(a) == (double)(b), __FILE__, __LINE__, "%s == %s (%.17g vs %.17g)", #a, #b, (double)(a), (double)(b))
#define CHECK_EQ_STR(a, b) h_check(h_streq((a), (b)), __FILE__, __LINE__, "%s == %s (\"%s\" vs \"%s\")", #a, #b, \
                                   h_str(a), h_str(b))
int h_streq(const char *a, const char *b);
const char *h_str(const char *s);

/** The repository (DETENT_REPO) and a fresh temporary folder under it. */
const char *h_repo(void);
const char *h_tmp(void);

typedef struct h_daemon {
    pid_t pid;
    char sock[256];
    char config[256];
    char log[256];
    char name[64];
} h_daemon;

/** Writes config (NULL: the bundled plugins.json) and starts detentd on a new socket; waits for it by polling. */
int h_daemon_start(h_daemon *d, const char *name, const char *config_json);
void h_daemon_stop(h_daemon *d);
/** The parts of h_daemon_start: names its socket, log and config; */
int h_daemon_prepare(h_daemon *d, const char *name, const char *config_json);
/** starts it without waiting (activated: under systemd-socket-activate, which starts it at the first connection); */
int h_daemon_launch(h_daemon *d, int activated);
/** waits until its socket accepts (by polling). */
int h_daemon_wait_listening(h_daemon *d);
void h_daemon_kill(h_daemon *d, int sig);

/** A connection to d, greeted (blocking), with the given timeout; aborts the case on failure. */
detent_connection *h_connect(const h_daemon *d, int timeout_ms);

/** Writes text to path. */
int h_write_file(const char *path, const char *text);

struct sockaddr_un;
/** Fills a Unix socket address; -1 when the path does not fit. */
int h_sockaddr(struct sockaddr_un *addr, const char *path);

/** Monotonic milliseconds. */
long long h_now_ms(void);

#endif
