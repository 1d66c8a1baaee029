/*
 * libFuzzer target for the reply reader and parser: the input as one line,
 * then as a stream fed whole and fed in chunks whose sizes come from the
 * input itself; both feeds must give the same replies and errors.
 * Built by `make fuzz` (clang -fsanitize=fuzzer,address,undefined).
 * SPDX-License-Identifier: Apache-2.0
 */
#include <detent/client.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/** Reads every string and number the reply holds, so a bad pointer shows. */
static size_t touch(const detent_reply *r)
{
    size_t n = r->has_id ? strlen(r->id) : 0;
    switch (r->kind) {
    case DETENT_REPLY_HELLO:
        n += strlen(r->hello.server);
        for (size_t i = 0; i < r->hello.plugins_len; i++) n += strlen(r->hello.plugins[i]);
        break;
    case DETENT_REPLY_PLUGINS:
        n += strlen(r->plugins.default_);
        for (size_t i = 0; i < r->plugins.names_len; i++) n += strlen(r->plugins.names[i]);
        break;
    case DETENT_REPLY_OPENED: n += strlen(r->opened.s) + strlen(r->opened.plugin); break;
    case DETENT_REPLY_BEGAN: n += strlen(r->began.s); break;
    case DETENT_REPLY_MOVED: n += strlen(r->moved.s); break;
    case DETENT_REPLY_SNAP:
        n += strlen(r->snap.s);
        n += detent_motion_position(&r->snap.motion, 16) > 0;
        break;
    case DETENT_REPLY_OK: n += strlen(r->ok.s); break;
    case DETENT_REPLY_CLOSED: n += strlen(r->closed.s); break;
    case DETENT_REPLY_ERROR:
        n += strlen(r->error.code_name) + strlen(r->error.msg) + (r->error.has_s ? strlen(r->error.s) : 0);
        break;
    default: break;
    }
    return n;
}

#define MAX_TRACE 256

/** Feeds data in chunks (sizes from seed bytes, or whole) and records each result's kind. */
static size_t run(const uint8_t *data, size_t size, const uint8_t *seed, size_t seed_len, int *trace)
{
    detent_reader *r = detent_reader_new(256);
    size_t at = 0, k = 0, n = 0;
    while (at < size) {
        size_t step = seed_len ? (size_t)seed[k++ % seed_len] % 17 + 1 : size;
        if (step > size - at) step = size - at;
        if (detent_reader_feed(r, data + at, step) < 0) abort();
        at += step;
        detent_reply reply;
        detent_error err = { 0 };
        int rc;
        while ((rc = detent_reader_next(r, &reply, &err)) != 0) {
            if (n < MAX_TRACE) trace[n] = rc > 0 ? (int)reply.kind : -1 - (int)err.kind;
            n++;
            if (rc > 0) {
                touch(&reply);
                detent_reply_clear(&reply);
            } else {
                if (strlen(err.message) == 0) abort();
                detent_error_clear(&err);
            }
        }
    }
    detent_reader_free(r);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    detent_reply reply;
    detent_error err = { 0 };
    if (detent_reply_parse((const char *)data, size, &reply, &err) == 0) {
        touch(&reply);
        detent_reply_clear(&reply);
    } else {
        detent_error_clear(&err);
    }
    static int whole[MAX_TRACE], split[MAX_TRACE];
    size_t a = run(data, size, NULL, 0, whole);
    size_t b = run(data, size, data, size < 32 ? size : 32, split);
    if (a != b || memcmp(whole, split, sizeof(int) * (a < MAX_TRACE ? a : MAX_TRACE)) != 0) abort();
    return 0;
}
