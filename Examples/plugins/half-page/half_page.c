/*
 * half-page: a Detent strategy written in C, loaded by detentd from a
 * shared object (detent-plugin(3)).
 *
 * The rule: the snap nearest the projected target, lower on a tie, but
 * never more than maxStep snaps (default 1) from where the drag started;
 * the momentum is kept (mode decelerate).
 *
 *   make                      builds libhalf-page.so here
 *   plugins.json:             { "name": "half", "library": "libhalf-page.so",
 *                               "strategy": "half-page", "options": { "maxStep": 1 } }
 */
#include <detent_plugin.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct half_page {
    int max_step;
} half_page;

/* The number after "key": in the options object, if the key is there.
   detentd passes the entry's whole "options" object, its own options
   (decelerationRate, rubberBand, ...) included: look only for ours. */
static int find_number(const char *json, const char *key, double *value) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = strstr(json, quoted);
    if (!at) return 0;
    at += strlen(quoted);
    while (isspace((unsigned char)*at)) at++;
    if (*at != ':') return -1;
    at++;
    char *end;
    *value = strtod(at, &end);
    return end == at ? -1 : 1;
}

static void *create(const char *options_json, size_t len, char *err, size_t err_len) {
    (void)len; /* detentd terminates the text too */
    half_page *self = calloc(1, sizeof *self);
    if (!self) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    self->max_step = 1;
    double step;
    int found = find_number(options_json, "maxStep", &step);
    if (found < 0 || (found > 0 && (step < 1 || step > 1000000 || floor(step) != step))) {
        snprintf(err, err_len, "maxStep must be a whole number of snaps from 1 to 1000000");
        free(self);
        return NULL;
    }
    if (found > 0) self->max_step = (int)step;
    return self;
}

static int decide(void *instance, const detent_release *in, detent_choice *out, char *err, size_t err_len) {
    const half_page *self = instance;
    if (!isfinite(in->target)) {
        snprintf(err, err_len, "the target is not a finite number");
        return 1;
    }
    /* The first snap at or past the target, then the nearer of it and the one before. */
    int32_t low = 0, high = in->count;
    while (low < high) {
        int32_t mid = low + (high - low) / 2;
        if (in->snaps[mid] < in->target) low = mid + 1; else high = mid;
    }
    int32_t k = low;
    if (k == in->count) k = in->count - 1;
    else if (k > 0 && in->target - in->snaps[k - 1] <= in->snaps[k] - in->target) k -= 1;
    if (k > in->k0 + self->max_step) k = in->k0 + self->max_step;
    if (k < in->k0 - self->max_step) k = in->k0 - self->max_step;
    if (k < 0) k = 0;
    if (k > in->count - 1) k = in->count - 1;
    out->snap = k;
    out->mode = DETENT_MODE_DECELERATE;
    return 0;
}

static void destroy(void *instance) {
    free(instance);
}

static const detent_strategy_v1 strategies[] = {
    {
        .struct_size = sizeof(detent_strategy_v1),
        .name = "half-page",
        .description = "the snap nearest the projected target, at most maxStep (1) snaps from where the drag started",
        .create = create,
        .decide = decide,
        .destroy = destroy,
    },
};

static const detent_plugin_v1 plugin = {
    .magic = DETENT_PLUGIN_MAGIC,
    .abi_version = DETENT_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(detent_plugin_v1),
    .name = "half-page-example",
    .version = "1.0.0",
    .strategy_count = sizeof strategies / sizeof strategies[0],
    .strategies = strategies,
};

DETENT_PLUGIN_EXPORT const detent_plugin_v1 *detent_plugin_entry_v1(void) {
    return &plugin;
}
