// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * detent/protocol.h: the enumerations of detent-protocol(7) (included by detent/client.h).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_PROTOCOL_H
#define DETENT_PROTOCOL_H

#ifndef DETENT_API
#error "include <detent/client.h>, not <detent/protocol.h>"
#endif

/** The codes of detent-protocol(7), "Errors". */
typedef enum detent_code {
    DETENT_CODE_NONE = 0,
    DETENT_CODE_BAD_LINE,
    DETENT_CODE_LINE_TOO_LONG,
    DETENT_CODE_UNKNOWN_VERB,
    DETENT_CODE_UNKNOWN_KEY,
    DETENT_CODE_MISSING_KEY,
    DETENT_CODE_BAD_VALUE,
    DETENT_CODE_UNKNOWN_SESSION,
    DETENT_CODE_SESSION_EXISTS,
    DETENT_CODE_UNKNOWN_PLUGIN,
    DETENT_CODE_TOO_MANY_SESSIONS,
    DETENT_CODE_BAD_LAYOUT,
    DETENT_CODE_UNSUPPORTED_LAYOUT,
    DETENT_CODE_BUSY,
    DETENT_CODE_FORBIDDEN,
    DETENT_CODE_PLUGIN_FAILED,
    DETENT_CODE_UNKNOWN /**< a code this library does not know: code_name */
} detent_code;

/** The replies of detent-protocol(7), by their verb. */
typedef enum detent_reply_kind {
    DETENT_REPLY_NONE = 0,
    DETENT_REPLY_HELLO,
    DETENT_REPLY_PONG,
    DETENT_REPLY_PLUGINS,
    DETENT_REPLY_OPENED,
    DETENT_REPLY_BEGAN,
    DETENT_REPLY_MOVED,
    DETENT_REPLY_SNAP,
    DETENT_REPLY_OK,
    DETENT_REPLY_CLOSED,
    DETENT_REPLY_STATS,
    DETENT_REPLY_BYE,
    DETENT_REPLY_ERROR,
    DETENT_REPLY_KEPT
} detent_reply_kind;

typedef enum detent_curve {
    DETENT_CURVE_DECAY = 1,
    DETENT_CURVE_SPRING,
    DETENT_CURVE_EASE,
    DETENT_CURVE_BRAKE,
    DETENT_CURVE_NONE,
    DETENT_CURVE_BEZIER,
    DETENT_CURVE_PATH
} detent_curve;

typedef enum detent_mode {
    DETENT_MODE_DECELERATE = 1,
    DETENT_MODE_ANIMATE
} detent_mode;

typedef enum detent_cause {
    DETENT_CAUSE_RELEASE = 1,
    DETENT_CAUSE_CANCEL,
    DETENT_CAUSE_GOTO,
    DETENT_CAUSE_AUTOPLAY,
    DETENT_CAUSE_WHEEL,
    DETENT_CAUSE_SCROLL,
    DETENT_CAUSE_STEP,
    DETENT_CAUSE_SCROLLBY
} detent_cause;

typedef enum detent_align {
    DETENT_ALIGN_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_ALIGN_START,
    DETENT_ALIGN_CENTER,
    DETENT_ALIGN_END
} detent_align;

typedef enum detent_contain {
    DETENT_CONTAIN_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_CONTAIN_TRIM,
    DETENT_CONTAIN_PAD
} detent_contain;

typedef enum detent_axis {
    DETENT_AXIS_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_AXIS_X,
    DETENT_AXIS_Y
} detent_axis;

typedef enum detent_source {
    DETENT_SOURCE_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_SOURCE_MOUSE,
    DETENT_SOURCE_OTHER
} detent_source;

typedef enum detent_phase {
    DETENT_PHASE_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_PHASE_BEGIN,
    DETENT_PHASE_END
} detent_phase;

typedef enum detent_to {
    DETENT_TO_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_TO_NEXT,
    DETENT_TO_PREV,
    DETENT_TO_FIRST,
    DETENT_TO_LAST
} detent_to;

typedef enum detent_motion_setting {
    DETENT_MOTION_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_MOTION_FULL,
    DETENT_MOTION_REDUCED
} detent_motion_setting;

typedef enum detent_swipes {
    DETENT_SWIPES_DEFAULT = 0, /**< left out: the daemon's default */
    DETENT_SWIPES_SHORT,
    DETENT_SWIPES_LONG
} detent_swipes;

typedef enum detent_verb {
    DETENT_VERB_NONE = 0, /**< no verb */
    DETENT_VERB_HELLO,
    DETENT_VERB_PING,
    DETENT_VERB_PLUGINS,
    DETENT_VERB_OPEN,
    DETENT_VERB_LAYOUT,
    DETENT_VERB_BEGIN,
    DETENT_VERB_MOVE,
    DETENT_VERB_END,
    DETENT_VERB_CANCEL,
    DETENT_VERB_GOTO,
    DETENT_VERB_AUTOPLAY,
    DETENT_VERB_CLOSE,
    DETENT_VERB_STATS,
    DETENT_VERB_QUIT,
    DETENT_VERB_WHEEL,
    DETENT_VERB_SCROLL,
    DETENT_VERB_STEP,
    DETENT_VERB_SCROLLBY
} detent_verb;

DETENT_API const char *detent_curve_name(detent_curve curve);
DETENT_API const char *detent_mode_name(detent_mode mode);
DETENT_API const char *detent_cause_name(detent_cause cause);
DETENT_API const char *detent_verb_name(detent_verb verb);

#endif
