#ifndef DETENT_ALLOCATION_COUNTER_H
#define DETENT_ALLOCATION_COUNTER_H

/* Counts heap allocations made by the calling thread between start and
   stop, for detent-bench (Benchmarks/InProcess). The executable that links this
   replaces malloc and friends with thin wrappers around glibc's own
   (glibc supports replacing malloc this way); under AddressSanitizer the
   wrappers are left out and counting is unavailable. */

/* Whether counting works in this build. */
int detent_allocations_available(void);
/* Starts counting this thread's allocations from zero. */
void detent_allocations_start(void);
/* Stops counting; returns how many allocations were made. */
long detent_allocations_stop(void);

#endif
