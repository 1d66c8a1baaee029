// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * The tables of replies.c, for the library's own sources.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TABLES_H
#define DETENT_TABLES_H

#include "internal.h"

extern const detent__enum detent__code_values;
extern const detent__enum detent__curve_values;
extern const detent__enum detent__mode_values;
extern const detent__enum detent__cause_values;
extern const detent__enum detent__align_values;
extern const detent__enum detent__contain_values;
extern const detent__enum detent__axis_values;
extern const detent__enum detent__source_values;
extern const detent__enum detent__phase_values;
extern const detent__enum detent__to_values;
extern const detent__enum detent__motion_values;
extern const detent__enum detent__swipes_values;
extern const detent__enum detent__verb_values;
/** Every reply kind, by its value - 1. */
extern const detent__reply_spec detent__replies[];
extern const size_t detent__reply_count;

#endif
