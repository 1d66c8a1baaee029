/*
 * detent_plugin.h: the C ABI of Detent's loadable strategies, version 1.
 * See detent-plugin(3).
 *
 * A plugin is a shared object exporting one function,
 * detent_plugin_entry_v1, that returns a detent_plugin_v1 describing its
 * strategies. detentd checks the magic, the ABI version and the struct
 * sizes before trusting it. Fields may only ever be added at the end of a
 * struct: struct_size tells detentd how large the plugin's copy is, so a
 * plugin built against a newer header still loads.
 *
 * detentd calls create, decide and destroy on its event-loop thread only.
 */
#ifndef DETENT_PLUGIN_H
#define DETENT_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DETENT_PLUGIN_MAGIC 0x504E5444u          /* "DTNP" */
#define DETENT_PLUGIN_ABI_VERSION 1u
enum { DETENT_MODE_ANIMATE = 0, DETENT_MODE_DECELERATE = 1 };

/* Marks the entry point exported even when the plugin hides its symbols
   (-fvisibility=hidden). */
#define DETENT_PLUGIN_EXPORT __attribute__((visibility("default")))

/* A finger leaving the screen, as the strategy sees it. */
typedef struct detent_release {
    double x, v, target;      /* release offset, velocity (pt/ms), projected target T */
    int32_t k0;               /* resting snap the gesture started from */
    int32_t count;            /* number of snaps, >= 1 */
    const double *snaps;      /* their offsets, ascending */
    double viewport, max_offset;
} detent_release;

/* The decision: a snap in [0, count - 1] and a DETENT_MODE_*. */
typedef struct detent_choice { int32_t snap; int32_t mode; } detent_choice;

typedef struct detent_strategy_v1 {
    uint32_t struct_size;
    const char *name;          /* what "strategy" says in plugins.json */
    const char *description;   /* one line, shown by --check */
    /* options: the plugin entry's "options" object as JSON text ("{}" if none).
       Return NULL and write a message into err to refuse them. */
    void *(*create)(const char *options_json, size_t len, char *err, size_t err_len);
    /* Return 0 with *out filled, or non-zero with a message in err. */
    int (*decide)(void *instance, const detent_release *in, detent_choice *out, char *err, size_t err_len);
    void (*destroy)(void *instance);
} detent_strategy_v1;

typedef struct detent_plugin_v1 {
    uint32_t magic, abi_version, struct_size;
    const char *name, *version;
    uint32_t strategy_count;
    const detent_strategy_v1 *strategies;
} detent_plugin_v1;

const detent_plugin_v1 *detent_plugin_entry_v1(void);   /* the one exported symbol */

#ifdef __cplusplus
}
#endif

#endif /* DETENT_PLUGIN_H */
