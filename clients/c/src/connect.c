/*
 * Connecting: the last connection forgotten (the core), the daemon found
 * and the socket connected (discovery.c), then the greeting, a queued
 * hello (send.c): so this sits above the queued requests
 * (clients/c/README.md, "Layers").
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

static int start(detent_connection *c, const char *path, const char *client, int blocking)
{
    if (detent__connect_reset(c) < 0) return -1;
    detent__found found;
    if (detent__discover(path, c->system_path, c->fallback_path, blocking, c->timeout_ms, &found, &c->error) < 0)
        return -1;
    detent__connect_opened(c, found.fd, found.path);
    /* The greeting: the one verb the connection names itself. */
    uint64_t id = detent_send_hello(c, client ? client : "libdetent");
    if (id == 0) {
        detent_error err;
        detent__error_init(&err);
        detent__error_copy(&err, &c->error);
        detent__fail(c, &err);
        detent__hangup(c);
        detent_error_clear(&err);
        return -1;
    }
    c->greeting = id;
    return 0;
}

int detent_connect_start(detent_connection *c, const char *path, const char *client)
{
    return start(c, path, client, 0);
}

int detent__connect_blocking(detent_connection *c, const char *path, const char *client)
{
    return start(c, path, client, 1);
}
