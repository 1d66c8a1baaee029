// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * The names of detent-protocol(7)'s enumerations, and each reply's fields: where the parser (reply.c) puts them.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "tables.h"

#include <stddef.h>

_Static_assert(sizeof(detent_code) == sizeof(int), "the parser stores enumerations as int");
static const char *const code_names[] = {
    "", "bad-line", "line-too-long", "unknown-verb", "unknown-key", "missing-key", "bad-value",
    "unknown-session", "session-exists", "unknown-plugin", "too-many-sessions", "bad-layout",
    "unsupported-layout", "busy", "forbidden", "plugin-failed"
};
const detent__enum detent__code_values = { code_names, 16,
    "a code" };

_Static_assert(sizeof(detent_curve) == sizeof(int), "the parser stores enumerations as int");
static const char *const curve_names[] = {
    NULL, "decay", "spring", "ease", "brake", "none", "bezier", "path"
};
const detent__enum detent__curve_values = { curve_names, 8,
    "decay, spring, ease, brake, none, bezier or path" };
const char *detent_curve_name(detent_curve curve) { return detent__enum_name(&detent__curve_values, (unsigned)curve); }

_Static_assert(sizeof(detent_mode) == sizeof(int), "the parser stores enumerations as int");
static const char *const mode_names[] = {
    NULL, "decelerate", "animate"
};
const detent__enum detent__mode_values = { mode_names, 3,
    "decelerate or animate" };
const char *detent_mode_name(detent_mode mode) { return detent__enum_name(&detent__mode_values, (unsigned)mode); }

_Static_assert(sizeof(detent_cause) == sizeof(int), "the parser stores enumerations as int");
static const char *const cause_names[] = {
    NULL, "release", "cancel", "goto", "autoplay", "wheel", "scroll", "step", "scrollby"
};
const detent__enum detent__cause_values = { cause_names, 9,
    "release, cancel, goto, autoplay, wheel, scroll, step or scrollby" };
const char *detent_cause_name(detent_cause cause) { return detent__enum_name(&detent__cause_values, (unsigned)cause); }

_Static_assert(sizeof(detent_align) == sizeof(int), "the parser stores enumerations as int");
static const char *const align_names[] = {
    NULL, "start", "center", "end"
};
const detent__enum detent__align_values = { align_names, 4,
    "start, center or end" };

_Static_assert(sizeof(detent_contain) == sizeof(int), "the parser stores enumerations as int");
static const char *const contain_names[] = {
    NULL, "trim", "pad"
};
const detent__enum detent__contain_values = { contain_names, 3,
    "trim or pad" };

_Static_assert(sizeof(detent_axis) == sizeof(int), "the parser stores enumerations as int");
static const char *const axis_names[] = {
    NULL, "x", "y"
};
const detent__enum detent__axis_values = { axis_names, 3,
    "x or y" };

_Static_assert(sizeof(detent_source) == sizeof(int), "the parser stores enumerations as int");
static const char *const source_names[] = {
    NULL, "mouse", "other"
};
const detent__enum detent__source_values = { source_names, 3,
    "mouse or other" };

_Static_assert(sizeof(detent_phase) == sizeof(int), "the parser stores enumerations as int");
static const char *const phase_names[] = {
    NULL, "begin", "end"
};
const detent__enum detent__phase_values = { phase_names, 3,
    "begin or end" };

_Static_assert(sizeof(detent_to) == sizeof(int), "the parser stores enumerations as int");
static const char *const to_names[] = {
    NULL, "next", "prev", "first", "last"
};
const detent__enum detent__to_values = { to_names, 5,
    "next, prev, first or last" };

_Static_assert(sizeof(detent_motion_setting) == sizeof(int), "the parser stores enumerations as int");
static const char *const motion_names[] = {
    NULL, "full", "reduced"
};
const detent__enum detent__motion_values = { motion_names, 3,
    "full or reduced" };

_Static_assert(sizeof(detent_swipes) == sizeof(int), "the parser stores enumerations as int");
static const char *const swipes_names[] = {
    NULL, "short", "long"
};
const detent__enum detent__swipes_values = { swipes_names, 3,
    "short or long" };

_Static_assert(sizeof(detent_verb) == sizeof(int), "the parser stores enumerations as int");
static const char *const verb_names[] = {
    NULL, "hello", "ping", "plugins", "open", "layout", "begin", "move", "end", "cancel", "goto", "autoplay",
    "close", "stats", "quit", "wheel", "scroll", "step", "scrollby"
};
const detent__enum detent__verb_values = { verb_names, 19,
    "hello, ping, plugins, open, layout, begin, move, end, cancel, goto, autoplay, close, stats, quit, wheel, scroll, step or scrollby" };
const char *detent_verb_name(detent_verb verb) { return detent__enum_name(&detent__verb_values, (unsigned)verb); }

#define AT(member) offsetof(detent_reply, member)
#define COUNTED(table) table, sizeof table / sizeof *table
#define FITS(table) _Static_assert(sizeof table / sizeof *table <= DETENT__MAX_FIELDS, #table)

static const detent__field hello_fields[] = {
    { "proto", DETENT__T_INT, 1, 0, 0, AT(hello.proto), DETENT__NO_FLAG, 0, NULL },
    { "server", DETENT__T_STR, 1, 0, 0, AT(hello.server), DETENT__NO_FLAG, 0, NULL },
    { "plugins", DETENT__T_LIST, 1, 0, 0, AT(hello.plugins), DETENT__NO_FLAG, AT(hello.plugins_len), NULL },
};
FITS(hello_fields);

static const detent__field plugins_fields[] = {
    { "names", DETENT__T_LIST, 1, 0, 0, AT(plugins.names), DETENT__NO_FLAG, AT(plugins.names_len), NULL },
    { "default", DETENT__T_STR, 1, 0, 0, AT(plugins.default_), DETENT__NO_FLAG, 0, NULL },
};
FITS(plugins_fields);

static const detent__field opened_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(opened.s), DETENT__NO_FLAG, 0, NULL },
    { "plugin", DETENT__T_STR, 1, 0, 0, AT(opened.plugin), DETENT__NO_FLAG, 0, NULL },
    { "index", DETENT__T_INT, 1, 0, 0, AT(opened.index), DETENT__NO_FLAG, 0, NULL },
    { "x", DETENT__T_NUM, 1, 0, 0, AT(opened.x), DETENT__NO_FLAG, 0, NULL },
    { "snaps", DETENT__T_INT, 1, 0, 0, AT(opened.snaps), DETENT__NO_FLAG, 0, NULL },
    { "pad", DETENT__T_NUM, 0, 0, 0, AT(opened.pad), AT(opened.has_pad), 0, NULL },
    { "dup", DETENT__T_INT, 0, 0, 0, AT(opened.dup), AT(opened.has_dup), 0, NULL },
};
FITS(opened_fields);

static const detent__field began_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(began.s), DETENT__NO_FLAG, 0, NULL },
    { "index", DETENT__T_INT, 1, 0, 0, AT(began.index), DETENT__NO_FLAG, 0, NULL },
    { "x", DETENT__T_NUM, 1, 0, 0, AT(began.x), DETENT__NO_FLAG, 0, NULL },
    { "jump", DETENT__T_NUM, 0, 0, 0, AT(began.jump), AT(began.has_jump), 0, NULL },
};
FITS(began_fields);

static const detent__field moved_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(moved.s), DETENT__NO_FLAG, 0, NULL },
    { "x", DETENT__T_NUM, 1, 0, 0, AT(moved.x), DETENT__NO_FLAG, 0, NULL },
};
FITS(moved_fields);

static const detent__field snap_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(snap.s), DETENT__NO_FLAG, 0, NULL },
    { "index", DETENT__T_INT, 1, 0, 0, AT(snap.index), DETENT__NO_FLAG, 0, NULL },
    { "x", DETENT__T_NUM, 1, 0, 0, AT(snap.x), DETENT__NO_FLAG, 0, NULL },
    { "mode", DETENT__T_ENUM, 1, 0, 0, AT(snap.mode), DETENT__NO_FLAG, 0, &detent__mode_values },
    { "cause", DETENT__T_ENUM, 1, 0, 0, AT(snap.cause), DETENT__NO_FLAG, 0, &detent__cause_values },
    { "page", DETENT__T_INT, 0, 0, 0, AT(snap.page), AT(snap.has_page), 0, NULL },
    { "jump", DETENT__T_NUM, 0, 0, 0, AT(snap.jump), AT(snap.has_jump), 0, NULL },
    { "from", DETENT__T_NUM, 1, 0, 0, AT(snap.motion.from), DETENT__NO_FLAG, 0, NULL },
    { "v", DETENT__T_NUM, 1, 0, 0, AT(snap.motion.v), DETENT__NO_FLAG, 0, NULL },
    { "curve", DETENT__T_CURVE, 1, 0, 0, AT(snap.motion.curve), DETENT__NO_FLAG, 0, &detent__curve_values },
    { "rate", DETENT__T_NUM, 0, DETENT_CURVE_DECAY, 0, AT(snap.motion.rate), DETENT__NO_FLAG, 0, NULL },
    { "omega", DETENT__T_NUM, 0, DETENT_CURVE_SPRING, 0, AT(snap.motion.omega), DETENT__NO_FLAG, 0, NULL },
    { "accel", DETENT__T_NUM, 0, DETENT_CURVE_BRAKE, 0, AT(snap.motion.accel), DETENT__NO_FLAG, 0, NULL },
    { "stop", DETENT__T_INT, 0, DETENT_CURVE_BRAKE, 0, AT(snap.motion.stop), DETENT__NO_FLAG, 0, NULL },
    { "aim", DETENT__T_NUM, 0, DETENT_CURVE_BRAKE, 1, AT(snap.motion.aim), DETENT__NO_FLAG, 0, NULL },
    { "p1x", DETENT__T_NUM, 0, DETENT_CURVE_BEZIER, 0, AT(snap.motion.p1x), DETENT__NO_FLAG, 0, NULL },
    { "p1y", DETENT__T_NUM, 0, DETENT_CURVE_BEZIER, 0, AT(snap.motion.p1y), DETENT__NO_FLAG, 0, NULL },
    { "p2x", DETENT__T_NUM, 0, DETENT_CURVE_BEZIER, 0, AT(snap.motion.p2x), DETENT__NO_FLAG, 0, NULL },
    { "p2y", DETENT__T_NUM, 0, DETENT_CURVE_BEZIER, 0, AT(snap.motion.p2y), DETENT__NO_FLAG, 0, NULL },
    { "path", DETENT__T_LIST, 0, DETENT_CURVE_PATH, 0, AT(snap.motion.path), DETENT__NO_FLAG, AT(snap.motion.path_len), NULL },
    { "ms", DETENT__T_INT, 1, 0, 0, AT(snap.motion.ms), DETENT__NO_FLAG, 0, NULL },
};
FITS(snap_fields);

static const detent__field ok_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(ok.s), DETENT__NO_FLAG, 0, NULL },
    { "every", DETENT__T_NUM, 1, 0, 0, AT(ok.every), DETENT__NO_FLAG, 0, NULL },
};
FITS(ok_fields);

static const detent__field closed_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(closed.s), DETENT__NO_FLAG, 0, NULL },
};
FITS(closed_fields);

static const detent__field stats_fields[] = {
    { "connections", DETENT__T_INT, 1, 0, 0, AT(stats.connections), DETENT__NO_FLAG, 0, NULL },
    { "sessions", DETENT__T_INT, 1, 0, 0, AT(stats.sessions), DETENT__NO_FLAG, 0, NULL },
    { "requests", DETENT__T_INT, 1, 0, 0, AT(stats.requests), DETENT__NO_FLAG, 0, NULL },
    { "errors", DETENT__T_INT, 1, 0, 0, AT(stats.errors), DETENT__NO_FLAG, 0, NULL },
    { "uptime", DETENT__T_INT, 1, 0, 0, AT(stats.uptime), DETENT__NO_FLAG, 0, NULL },
};
FITS(stats_fields);

static const detent__field error_fields[] = {
    { "code", DETENT__T_CODE, 1, 0, 0, AT(error.code), DETENT__NO_FLAG, AT(error.code_name), &detent__code_values },
    { "s", DETENT__T_STR, 0, 0, 0, AT(error.s), AT(error.has_s), 0, NULL },
    { "msg", DETENT__T_STR, 1, 0, 0, AT(error.msg), DETENT__NO_FLAG, 0, NULL },
};
FITS(error_fields);

static const detent__field kept_fields[] = {
    { "s", DETENT__T_STR, 1, 0, 0, AT(kept.s), DETENT__NO_FLAG, 0, NULL },
    { "index", DETENT__T_INT, 1, 0, 0, AT(kept.index), DETENT__NO_FLAG, 0, NULL },
};
FITS(kept_fields);

const detent__reply_spec detent__replies[] = {
    { "hello", DETENT_REPLY_HELLO, COUNTED(hello_fields), DETENT__NO_FLAG, 0 },
    { "pong", DETENT_REPLY_PONG, NULL, 0, DETENT__NO_FLAG, 0 },
    { "plugins", DETENT_REPLY_PLUGINS, COUNTED(plugins_fields), DETENT__NO_FLAG, 0 },
    { "opened", DETENT_REPLY_OPENED, COUNTED(opened_fields), DETENT__NO_FLAG, 0 },
    { "began", DETENT_REPLY_BEGAN, COUNTED(began_fields), DETENT__NO_FLAG, 0 },
    { "moved", DETENT_REPLY_MOVED, COUNTED(moved_fields), DETENT__NO_FLAG, 0 },
    { "snap", DETENT_REPLY_SNAP, COUNTED(snap_fields), AT(snap.motion), 1 },
    { "ok", DETENT_REPLY_OK, COUNTED(ok_fields), DETENT__NO_FLAG, 0 },
    { "closed", DETENT_REPLY_CLOSED, COUNTED(closed_fields), DETENT__NO_FLAG, 0 },
    { "stats", DETENT_REPLY_STATS, COUNTED(stats_fields), DETENT__NO_FLAG, 0 },
    { "bye", DETENT_REPLY_BYE, NULL, 0, DETENT__NO_FLAG, 0 },
    { "error", DETENT_REPLY_ERROR, COUNTED(error_fields), DETENT__NO_FLAG, 0 },
    { "kept", DETENT_REPLY_KEPT, COUNTED(kept_fields), DETENT__NO_FLAG, 0 },
};
const size_t detent__reply_count = sizeof detent__replies / sizeof *detent__replies;
