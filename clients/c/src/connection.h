/*
 * The connection's state, shared by the core (events.c, connection.c,
 * pending.c), the socket (io.c), the requests (send.c, generated, and
 * connect.c) and the blocking calls (blocking.c, calls.c generated); its
 * calls by layer, lowest first (clients/c/README.md, "Layers").
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_CONNECTION_H
#define DETENT_CONNECTION_H

#include "internal.h"

/** A request waiting for its reply. */
typedef struct detent__pending {
    uint64_t id;
    detent_reply_kind expect; /**< DETENT_REPLY_NONE: any (a caller's own line) */
} detent__pending;

struct detent_connection {
    int fd;
    detent_state state;
    int timeout_ms;
    char *path;
    char *system_path, *fallback_path;
    uint64_t next_id;
    uint64_t greeting;        /**< the id of the hello sent on connecting */
    int bye;                  /**< quit was answered: the close that follows is no error */
    int fatal;                /**< error holds what ended the connection */
    detent_reply hello;       /**< the greeting's reply, kept */
    detent__buf hello_line;
    detent__buf out;          /**< requests not yet taken by the socket, from out_off */
    size_t out_off;
    detent_reader reader;
    detent__ring pending;     /**< detent__pending, in request order */
    int64_t progress_ms;      /**< the last reply, or when the first request began waiting */
    detent__ring events;      /**< detent_event, for the caller */
    detent_error error;
};

/* ------------------------------------------------ core: events.c */

int detent__event_push(detent_connection *c, detent_event *ev);
void detent__error_event(detent_connection *c, uint64_t request, const detent_error *err);
int detent__event_find(detent_connection *c, uint64_t request, detent_event *out);

/* -------------------------------------------- core: connection.c */

void detent__connection_release(detent_connection *c);
int detent__usable(detent_connection *c);
void detent__fail(detent_connection *c, const detent_error *err);
void detent__failf(detent_connection *c, detent_error_kind kind, int sys_errno, const char *fmt, ...)
    DETENT__PRINTF(4, 5);
int detent__connect_reset(detent_connection *c);
void detent__connect_opened(detent_connection *c, int fd, char *path);

/* ----------------------------------------------- core: pending.c */

int detent__request(detent_connection *c, detent__line *l, const char *verb);
uint64_t detent__queue(detent_connection *c, detent__line *l, detent_reply_kind expect);
void detent__handle_line(detent_connection *c, const char *line, size_t len, int too_long);
void detent__check_deadline(detent_connection *c);

/* ------------------------------------------------- socket: io.c */

void detent__hangup(detent_connection *c);
void detent__flush(detent_connection *c);
uint64_t detent__send(detent_connection *c, detent__line *l, detent_reply_kind expect);

/* --------------------------------------------- requests: connect.c */

int detent__connect_blocking(detent_connection *c, const char *path, const char *client);

/* --------------------------------------------- blocking: blocking.c */

void detent__call_begin(detent_connection *c);
int detent__call_finish(detent_connection *c, uint64_t request, detent_reply *out);

#endif
