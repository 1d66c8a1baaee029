#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define DETENT_NO_INTERPOSE 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#  define DETENT_NO_INTERPOSE 1
#endif

static __thread long counted;
static __thread int counting;

#ifndef DETENT_NO_INTERPOSE

/* glibc's allocator under its internal names: our wrappers only count. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

void *malloc(size_t size) {
    if (counting) counted++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) counted++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) counted++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    if (counting) counted++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

int detent_allocations_available(void) { return 1; }

#else

int detent_allocations_available(void) { return 0; }

#endif

void detent_allocations_start(void) {
    counted = 0;
    counting = 1;
}

long detent_allocations_stop(void) {
    counting = 0;
    return counted;
}
