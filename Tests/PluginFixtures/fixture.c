/*
 * A plugin library for the tests, built with -D flags into good and bad
 * variants (Tests/DetentServerTests/PluginLibraryTests.swift):
 *   FIXTURE_PREFIX="fx-"   prefix of its strategy names
 *   FIXTURE_MAGIC, FIXTURE_ABI, FIXTURE_PLUGIN_SIZE   override the checked fields
 *   FIXTURE_WIDE           built as if against a newer header: larger structs
 *   FIXTURE_CLASH          its first strategy is named "nearest", as a built-in
 *   FIXTURE_NO_ENTRY       exports no detent_plugin_entry_v1
 *   FIXTURE_NULL_ENTRY     its entry returns NULL
 *   FIXTURE_CRASH          adds crashes (a decide that dereferences NULL),
 *                          for the test under a real systemd (Tests/System)
 * Strategies: ok (the snap nearest the target, animate), fails (an error
 * with a message), silent (an error without one), wild (a snap past the
 * end), moody (an unknown mode). create refuses options holding "refuse".
 */
#include <detent_plugin.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FIXTURE_PREFIX
#define FIXTURE_PREFIX "fx-"
#endif
#ifndef FIXTURE_MAGIC
#define FIXTURE_MAGIC DETENT_PLUGIN_MAGIC
#endif
#ifndef FIXTURE_ABI
#define FIXTURE_ABI DETENT_PLUGIN_ABI_VERSION
#endif

typedef struct wide_strategy { detent_strategy_v1 base; void *added_later[3]; } wide_strategy;
typedef struct wide_plugin { detent_plugin_v1 base; void *added_later[3]; } wide_plugin;

#ifdef FIXTURE_WIDE
typedef wide_strategy strategy_t;
typedef wide_plugin plugin_t;
#define BASE(x) { x }
#else
typedef detent_strategy_v1 strategy_t;
typedef detent_plugin_v1 plugin_t;
#define BASE(x) x
#endif
#ifndef FIXTURE_PLUGIN_SIZE
#define FIXTURE_PLUGIN_SIZE sizeof(plugin_t)
#endif

typedef struct instance { int kind; } instance;

static void *create(const char *options, size_t len, char *err, size_t err_len, int kind) {
    if (strlen(options) != len) {
        snprintf(err, err_len, "the options are %zu bytes, not %zu", strlen(options), len);
        return NULL;
    }
    if (strstr(options, "\"refuse\"")) {
        snprintf(err, err_len, "refused as asked: the options say refuse");
        return NULL;
    }
    instance *self = malloc(sizeof *self);
    self->kind = kind;
    return self;
}

static int decide(void *raw, const detent_release *in, detent_choice *out, char *err, size_t err_len) {
    const instance *self = raw;
    int32_t k = 0; /* the nearest, lower on a tie */
    for (int32_t i = 1; i < in->count; i++) {
        if (fabs(in->snaps[i] - in->target) < fabs(in->snaps[k] - in->target)) k = i;
    }
    out->snap = k;
    out->mode = DETENT_MODE_ANIMATE;
    switch (self->kind) {
    case 1: snprintf(err, err_len, "no decision today (k0 %d of %d)", in->k0, in->count); return 2;
    case 2: return 3;
    case 3: out->snap = in->count + 5; return 0;
    case 4: out->mode = 7; return 0;
    case 5: return *(volatile int *)(uintptr_t)(in->count - in->count); /* NULL: SIGSEGV */
    default: return 0;
    }
}

static void destroy(void *self) { free(self); }

#define KIND(n) \
    static void *create##n(const char *o, size_t l, char *e, size_t el) { return create(o, l, e, el, n); }
KIND(0) KIND(1) KIND(2) KIND(3) KIND(4) KIND(5)

#ifdef FIXTURE_CLASH
#define FIRST_NAME "nearest"
#else
#define FIRST_NAME FIXTURE_PREFIX "ok"
#endif

static const strategy_t strategies[] = {
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIRST_NAME, "the snap nearest the target", create0, decide, destroy })),
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIXTURE_PREFIX "fails", "fails with a message", create1, decide, destroy })),
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIXTURE_PREFIX "silent", "fails without one", create2, decide, destroy })),
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIXTURE_PREFIX "wild", "a snap past the end", create3, decide, destroy })),
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIXTURE_PREFIX "moody", "an unknown mode", create4, decide, destroy })),
#ifdef FIXTURE_CRASH
    BASE(((detent_strategy_v1){ sizeof(strategy_t), FIXTURE_PREFIX "crashes", "takes the process down", create5, decide, destroy })),
#endif
};

static const plugin_t plugin = BASE(((detent_plugin_v1){
    FIXTURE_MAGIC, FIXTURE_ABI, FIXTURE_PLUGIN_SIZE, "fixture", "0.1",
    sizeof strategies / sizeof strategies[0], (const detent_strategy_v1 *)strategies }));

#ifndef FIXTURE_NO_ENTRY
DETENT_PLUGIN_EXPORT const detent_plugin_v1 *detent_plugin_entry_v1(void) {
#ifdef FIXTURE_NULL_ENTRY
    return NULL;
#else
    return (const detent_plugin_v1 *)&plugin;
#endif
}
#endif
