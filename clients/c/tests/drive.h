/*
 * Running one request in either mode, so that every case runs through the
 * blocking calls and through the non-blocking core with the test's own
 * poll loop (which never calls a blocking function of the library).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TEST_DRIVE_H
#define DETENT_TEST_DRIVE_H

#include "harness.h"

typedef enum run_mode { BLOCKING, ASYNC } run_mode;

typedef struct outcome {
    int ok;
    detent_reply reply;
    detent_error_kind kind;
    detent_code code;
    int sys_errno;
    char code_name[64];
    char message[4096];
    int has_s;
    char s[128];
} outcome;

/** Where blocking calls put their reply: DO() moves it into the outcome. */
extern detent_reply R;
/** Pushes the non-blocking loop met while waiting (counted, then dropped). */
extern int pushes_seen;
/** Iterations of the non-blocking loop (to show it kept running). */
extern long loop_turns;

const char *mode_name(run_mode m);
outcome from_blocking(detent_connection *c, int rc);
outcome async_wait(detent_connection *c, uint64_t id);
/** Connects in mode m; the outcome holds the greeting's error when it fails. */
detent_connection *connect_mode(run_mode m, const char *path, int timeout_ms, outcome *o);
void outcome_clear(outcome *o);
/** connect_mode that must connect: a failure is checked at the caller's line. */
detent_connection *connect_checked(run_mode m, const char *path, int timeout_ms, const char *file, int line);
#define CONNECT(m, path, timeout_ms) connect_checked((m), (path), (timeout_ms), __FILE__, __LINE__)

#define DO(m, c, SEND, BLOCK) ((m) == ASYNC ? async_wait((c), (SEND)) : from_blocking((c), (BLOCK)))

/** Checks an outcome is the daemon's error reply with this code. */
#define CHECK_CODE(o, want)                                                                                     \
    h_check(!(o).ok && (o).kind == DETENT_ERROR_SERVER && (o).code == (want), __FILE__, __LINE__,              \
            "expected server error %s, got %s (kind %s, code %s): %s", detent_code_name(want),                 \
            (o).ok ? "a reply" : "an error", detent_error_kind_name((o).kind), (o).code_name, (o).message)
#define CHECK_OK(o, want_kind)                                                                                  \
    h_check((o).ok && (o).reply.kind == (want_kind), __FILE__, __LINE__, "expected a %s reply, got %s: %s",     \
            detent_reply_kind_name(want_kind), (o).ok ? detent_reply_kind_name((o).reply.kind) : "an error",    \
            (o).ok ? "" : (o).message)
/** An open or layout answered `opened` (the outcome, an expression, cleared). */
#define CHECK_OPENED(expr)                                                                                      \
    do {                                                                                                        \
        outcome opened_ = (expr);                                                                               \
        CHECK_OK(opened_, DETENT_REPLY_OPENED);                                                                 \
        outcome_clear(&opened_);                                                                                \
    } while (0)

#endif
