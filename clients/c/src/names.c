/*
 * The names a caller looks up in the generated tables (replies.c): the
 * error codes' (one past the last is "unknown") and the reply kinds'.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "tables.h"

#include <string.h>

const char *detent_code_name(detent_code code)
{
    if ((unsigned)code >= detent__code_values.count) return "unknown";
    return detent__code_values.names[code];
}

detent_code detent_code_from_name(const char *name)
{
    if (!name || !*name) return DETENT_CODE_NONE;
    for (unsigned i = 1; i < detent__code_values.count; i++) {
        if (strcmp(detent__code_values.names[i], name) == 0) return (detent_code)i;
    }
    return DETENT_CODE_UNKNOWN;
}

const char *detent_reply_kind_name(detent_reply_kind kind)
{
    if (kind < 1 || (size_t)kind > detent__reply_count) return "none";
    return detent__replies[kind - 1].name;
}
