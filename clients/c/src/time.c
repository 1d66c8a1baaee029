/*
 * The clock of the deadlines: monotonic milliseconds, which a changed
 * wall clock does not move.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <time.h>

int64_t detent__now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
