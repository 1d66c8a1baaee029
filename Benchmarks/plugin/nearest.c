/*
 * The built-in `nearest` rule (snap type mandatory, stop normal) as a
 * plugin library, to measure what a decision through the C ABI costs
 * against the same rule compiled in (scripts/bench; BENCHMARKS.md).
 * It finds the snap the way SnapSet does: evenly spaced snaps by
 * arithmetic, confirmed by the snaps around the guess; else a binary search.
 */
#include <detent_plugin.h>

#include <math.h>
#include <stdlib.h>

/* The first snap at or past x (count if none). */
static int32_t first_at_or_above(const detent_release *in, double x) {
    const double *o = in->snaps;
    int32_t n = in->count;
    if (n >= 8) {
        double step = o[2] - o[1];
        if (step > 0 && fabs((o[n - 2] - o[1]) - step * (n - 3)) <= 1e-7 * fmax(1, fabs(o[n - 2]))) {
            double guess = (x - o[1]) / step + 1;
            if (guess >= 1 && guess < n - 1) {
                int32_t i = (int32_t)guess;
                if (o[i] < x) {
                    if (!(o[i + 1] < x)) return i + 1;
                } else if (o[i - 1] < x) {
                    return i;
                }
            }
        }
    }
    int32_t low = 0, high = n;
    while (low < high) {
        int32_t mid = low + (high - low) / 2;
        if (o[mid] < x) low = mid + 1; else high = mid;
    }
    return low;
}

static void *create(const char *options, size_t len, char *err, size_t err_len) {
    (void)options; (void)len; (void)err; (void)err_len;
    return malloc(1);
}

static int decide(void *self, const detent_release *in, detent_choice *out, char *err, size_t err_len) {
    (void)self; (void)err; (void)err_len;
    int32_t high = first_at_or_above(in, in->target);
    int32_t k;
    if (high == in->count) k = in->count - 1;
    else if (high == 0) k = 0;
    else {
        double below = in->target - in->snaps[high - 1], above = in->snaps[high] - in->target;
        k = fabs(below - above) <= 1e-9 ? high - 1 : (above < below ? high : high - 1);
    }
    out->snap = k;
    out->mode = DETENT_MODE_DECELERATE;
    return 0;
}

static const detent_strategy_v1 strategies[] = {{
    sizeof(detent_strategy_v1), "nearest-abi", "the built-in nearest rule, through the C ABI", create, decide, free,
}};

static const detent_plugin_v1 plugin = {
    DETENT_PLUGIN_MAGIC, DETENT_PLUGIN_ABI_VERSION, sizeof(detent_plugin_v1), "nearest-abi", "1.0.0", 1, strategies,
};

DETENT_PLUGIN_EXPORT const detent_plugin_v1 *detent_plugin_entry_v1(void) {
    return &plugin;
}
