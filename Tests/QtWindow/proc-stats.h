/*
 * What adapter-test.cpp and pool-test.cpp read of their own process: its
 * threads (an adapter must start none) and the CPU it used (an idle loop
 * must cost next to nothing).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_PROC_STATS_H
#define DETENT_PROC_STATS_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>

/** The process's threads now (/proc/self/status), or -1. */
static int threads()
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "Threads:", 8) == 0) n = atoi(line + 8);
    if (f) fclose(f);
    return n;
}

/** User and system CPU seconds the process has used. */
static double cpu_seconds()
{
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

#endif
