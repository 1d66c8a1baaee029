/*
 * Error values: a kind, the daemon's code when it answered error, and a
 * message; the strings live in one block the error owns.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
    [DETENT_ERROR_NONE] = "none",
    [DETENT_ERROR_SERVER] = "server",
    [DETENT_ERROR_IO] = "io",
    [DETENT_ERROR_CLOSED] = "closed",
    [DETENT_ERROR_TIMEOUT] = "timeout",
    [DETENT_ERROR_PARSE] = "parse",
    [DETENT_ERROR_TOO_LONG] = "too-long",
    [DETENT_ERROR_DISCOVERY] = "discovery",
    [DETENT_ERROR_ARGUMENT] = "argument",
    [DETENT_ERROR_STATE] = "state",
    [DETENT_ERROR_MEMORY] = "memory",
};

const char *detent_error_kind_name(detent_error_kind kind)
{
    if ((unsigned)kind >= sizeof kind_names / sizeof *kind_names) return "unknown";
    return kind_names[kind];
}

void detent__error_init(detent_error *e)
{
    memset(e, 0, sizeof *e);
    e->code_name = "";
    e->message = "";
}

void detent_error_clear(detent_error *e)
{
    if (!e) return;
    free(e->storage_);
    detent__error_init(e);
}

/** Fills e from strings copied into one block; out of memory leaves a static message. */
static void fill(detent_error *e, detent_error_kind kind, detent_code code, int sys_errno, const char *code_name,
                 const char *s, const char *message)
{
    size_t ln = strlen(code_name) + 1, ls = s ? strlen(s) + 1 : 0, lm = strlen(message) + 1;
    detent_error_clear(e);
    e->kind = kind;
    e->code = code;
    e->sys_errno = sys_errno;
    char *block = malloc(ln + ls + lm);
    if (!block) {
        e->message = "out of memory (describing an error)";
        return;
    }
    e->storage_ = block;
    e->code_name = memcpy(block, code_name, ln);
    if (s) {
        e->has_s = true;
        e->s = memcpy(block + ln, s, ls);
    }
    e->message = memcpy(block + ln + ls, message, lm);
}

void detent__error_vset(detent_error *e, detent_error_kind kind, int sys_errno, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *text = small;
    if (n >= (int)sizeof small && (text = malloc((size_t)n + 1)) != NULL) {
        vsnprintf(text, (size_t)n + 1, fmt, again);
    } else if (!text) {
        text = small;
    }
    va_end(again);
    fill(e, kind, DETENT_CODE_NONE, sys_errno, "", NULL, n < 0 ? "(unprintable error)" : text);
    if (text != small) free(text);
}

void detent__error_set(detent_error *e, detent_error_kind kind, int sys_errno, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    detent__error_vset(e, kind, sys_errno, fmt, ap);
    va_end(ap);
}

void detent__error_server(detent_error *e, const detent_error_reply *r)
{
    fill(e, DETENT_ERROR_SERVER, r->code, 0, r->code_name, r->has_s ? r->s : NULL, r->msg);
}

void detent__error_copy(detent_error *dst, const detent_error *src)
{
    if (src->kind == DETENT_ERROR_NONE) {
        detent_error_clear(dst);
        return;
    }
    fill(dst, src->kind, src->code, src->sys_errno, src->code_name, src->has_s ? src->s : NULL, src->message);
}
