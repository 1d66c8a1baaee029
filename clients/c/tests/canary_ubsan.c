/*
 * The sanitizer canary: a signed overflow that UBSan, built with
 * -fno-sanitize-recover=all, must stop. run-tests requires this to FAIL.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    (void)argv;
    volatile int big = INT_MAX;
    int sum = big + argc; /* undefined: INT_MAX + 1 */
    printf("the overflow ran on: %d (UBSan is not stopping runs)\n", sum);
    return 0;
}
