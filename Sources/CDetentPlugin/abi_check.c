/* The ABI is the layout: it must not move on any platform detentd builds on
   (x86_64 and aarch64 Linux: LP64). A change here is a new ABI version. */
#include "detent_plugin.h"

_Static_assert(sizeof(detent_release) == 56, "detent_release layout");
_Static_assert(offsetof(detent_release, k0) == 24 && offsetof(detent_release, snaps) == 32
               && offsetof(detent_release, max_offset) == 48, "detent_release layout");
_Static_assert(sizeof(detent_choice) == 8, "detent_choice layout");
_Static_assert(sizeof(detent_strategy_v1) == 48 && offsetof(detent_strategy_v1, decide) == 32,
               "detent_strategy_v1 layout");
_Static_assert(sizeof(detent_plugin_v1) == 48 && offsetof(detent_plugin_v1, strategy_count) == 32
               && offsetof(detent_plugin_v1, strategies) == 40, "detent_plugin_v1 layout");
