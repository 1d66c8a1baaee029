/*
 * detent/client.h: libdetent, the C client of detentd. See detent-client(3).
 * SPDX-License-Identifier: Apache-2.0
 *
 * One opaque connection with two modes on one core:
 *   blocking      detent_connect(), then detent_open(), detent_end()...,
 *                 each waits for its reply (or the timeout);
 *   non-blocking  detent_connect_start(), detent_send_*() queue requests and
 *                 return their ids; the caller polls detent_fd() for
 *                 detent_events(), calls detent_io() and takes events one at
 *                 a time with detent_next_event().
 * Errors are kept on the connection: detent_get_error().
 * One connection is used by one thread at a time.
 */
#ifndef DETENT_CLIENT_H
#define DETENT_CLIENT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define DETENT_API __attribute__((visibility("default")))
#else
#define DETENT_API
#endif

#define DETENT_VERSION_MAJOR 1
#define DETENT_VERSION_MINOR 0
#define DETENT_VERSION_PATCH 0

/** An optional number of a request left out (v, target, t, goto's x). */
#define DETENT_NONE NAN
/** How long a reply may take unless detent_set_timeout() says otherwise. */
#define DETENT_DEFAULT_TIMEOUT_MS 5000
/** The longest reply line taken (bytes before the newline), by default... */
#define DETENT_DEFAULT_MAX_REPLY (1024 * 1024)
/** ...and the least detent_set_max_reply() accepts. */
#define DETENT_MIN_MAX_REPLY 64

typedef struct detent_connection detent_connection;
typedef struct detent_reader detent_reader;

/* ------------------------------------------------------------------ errors */

typedef enum detent_error_kind {
    DETENT_ERROR_NONE = 0,
    DETENT_ERROR_SERVER,    /**< the daemon answered error: code, message */
    DETENT_ERROR_IO,        /**< a system call failed: sys_errno */
    DETENT_ERROR_CLOSED,    /**< the daemon closed the connection */
    DETENT_ERROR_TIMEOUT,   /**< no reply within the timeout */
    DETENT_ERROR_PARSE,     /**< a reply that cannot be read, or not the one asked for */
    DETENT_ERROR_TOO_LONG,  /**< a reply line past the maximum (discarded) */
    DETENT_ERROR_DISCOVERY, /**< no daemon answers where the rule looks */
    DETENT_ERROR_ARGUMENT,  /**< a request this library will not send */
    DETENT_ERROR_STATE,     /**< not allowed in the connection's state */
    DETENT_ERROR_MEMORY     /**< out of memory */
} detent_error_kind;

/* The protocol's enumerations: detent_code, detent_reply_kind, the fields'
 * (detent_mode, detent_cause, detent_curve) and the keys' (detent_align,
 * detent_contain, detent_axis), generated from protocol/detent-protocol.json. */
#include "detent/protocol.h"

/** libdetent 1.0's name of detent_mode, kept. */
typedef detent_mode detent_snap_mode;
#define DETENT_SNAP_DECELERATE DETENT_MODE_DECELERATE
#define DETENT_SNAP_ANIMATE DETENT_MODE_ANIMATE

typedef struct detent_error {
    detent_error_kind kind;
    detent_code code;      /**< DETENT_ERROR_SERVER only */
    const char *code_name; /**< the code as the daemon wrote it, else "" */
    bool has_s;
    const char *s;         /**< the session the error reply names */
    int sys_errno;         /**< DETENT_ERROR_IO (and CLOSED when known) */
    const char *message;   /**< the daemon's msg, or the library's own */
    void *storage_;
} detent_error;

/* ------------------------------------------------------------------ motion */

/**
 * The path of a decision, detent-protocol(7) "Motion"; x is its target.
 * Written by hand, in the order of libdetent 1.0 (brake's fields came
 * after): the reply fields of group motion (detent-protocol.json) fill it.
 * Curves share places (anonymous unions, C11 and C++): the struct's size
 * and layout are libdetent 1.0's.
 */
typedef struct detent_motion {
    double from;
    double v;
    detent_curve curve;
    union {
        __extension__ struct {
            union {
                double rate; /**< DETENT_CURVE_DECAY */
                double aim;  /**< DETENT_CURVE_BRAKE: the ms it re-aims at, 0 none */
                double p1x;  /**< DETENT_CURVE_BEZIER: cubic-bezier(p1x, p1y, p2x, p2y) over ms */
            };
            union {
                double omega; /**< DETENT_CURVE_SPRING */
                double p1y;
            };
        };
        /**
         * DETENT_CURVE_PATH: its segments as sent, "at/span/from/to/p1x/p1y/p2x/p2y"
         * each, held by the reply (detent_motion_segment() reads one).
         */
        __extension__ struct {
            const char *const *path;
            size_t path_len;
        };
    };
    int64_t ms;
    double x;
    union {
        double accel; /**< DETENT_CURVE_BRAKE: the deceleration, pt/ms^2 */
        double p2x;
    };
    union {
        int64_t stop; /**< DETENT_CURVE_BRAKE: the ms it ends at, then an ease to x */
        double p2y;
    };
} detent_motion;

/** One segment of a DETENT_CURVE_PATH: cubic-bezier(p1x, p1y, p2x, p2y) from `from` to `to` over [at, at + span] ms. */
typedef struct detent_segment {
    double at, span, from, to, p1x, p1y, p2x, p2y;
} detent_segment;

/* ---------------------------------------------------------------- geometry */

/**
 * The geometry of open and layout: uniform item+count unless sizes or
 * points is set. spacing, lead and trail are sent when not 0.
 */
typedef struct detent_geometry {
    double viewport;
    double item;
    int64_t count;
    const double *sizes;
    size_t sizes_len;
    const double *points;
    size_t points_len;
    double spacing;
    double lead;
    double trail;
    detent_align align;
    detent_contain contain;
    bool has_index;
    int64_t index;
    bool loop;
    detent_axis axis;
} detent_geometry;

/* The replies (detent_reply and its kinds' structs) and a queued and a
 * blocking request per verb, generated from protocol/detent-protocol.json. */
#include "detent/messages.h"

/* ------------------------------------------------------------------ events */

typedef enum detent_event_type {
    DETENT_EVENT_NONE = 0,
    DETENT_EVENT_READY, /**< the greeting's hello reply: reply */
    DETENT_EVENT_REPLY, /**< the reply to request: reply */
    DETENT_EVENT_PUSH,  /**< a pushed autoplay decision: reply.snap */
    DETENT_EVENT_ERROR  /**< request failed (request 0: the connection): error */
} detent_event_type;

typedef struct detent_event {
    detent_event_type type;
    uint64_t request;
    detent_reply reply;
    detent_error error;
} detent_event;

typedef enum detent_state {
    DETENT_STATE_IDLE = 0,   /**< not connected */
    DETENT_STATE_CONNECTING, /**< connected, the greeting not answered yet */
    DETENT_STATE_READY,
    DETENT_STATE_CLOSED      /**< ended: failed, or quit */
} detent_state;

/* -------------------------------------------------------------- connection */

DETENT_API detent_connection *detent_connection_new(void);
DETENT_API void detent_connection_free(detent_connection *c);
DETENT_API void detent_set_timeout(detent_connection *c, int timeout_ms);
DETENT_API int detent_get_timeout(const detent_connection *c);
DETENT_API int detent_set_max_reply(detent_connection *c, size_t bytes);
DETENT_API int detent_set_discovery_paths(detent_connection *c, const char *system_path,
                                          const char *fallback_path);
DETENT_API int detent_connect(detent_connection *c, const char *path, const char *client);
DETENT_API int detent_connect_start(detent_connection *c, const char *path, const char *client);
DETENT_API detent_state detent_get_state(const detent_connection *c);
DETENT_API const char *detent_path(const detent_connection *c);
DETENT_API const detent_hello_reply *detent_server_hello(const detent_connection *c);

DETENT_API const detent_error *detent_get_error(const detent_connection *c);
DETENT_API bool detent_clear_error(detent_connection *c);
DETENT_API void detent_error_clear(detent_error *e);
DETENT_API const char *detent_error_kind_name(detent_error_kind kind);
DETENT_API const char *detent_code_name(detent_code code);
DETENT_API detent_code detent_code_from_name(const char *name);

/* ---------------------------------------------------------- the async core */

DETENT_API int detent_fd(const detent_connection *c);
DETENT_API int detent_events(const detent_connection *c);
DETENT_API int detent_io(detent_connection *c, int revents);
DETENT_API int detent_timeout_ms(const detent_connection *c);
DETENT_API size_t detent_pending(const detent_connection *c);
DETENT_API size_t detent_event_count(const detent_connection *c);
DETENT_API int detent_next_event(detent_connection *c, detent_event *ev);
DETENT_API int detent_wait_event(detent_connection *c, detent_event *ev, int timeout_ms);
DETENT_API void detent_event_clear(detent_event *ev);

/* ---------------------------------- requests (per verb: detent/messages.h) */

/** A caller's own text line, queued; and blocking. */
DETENT_API uint64_t detent_send_line(detent_connection *c, const char *line);
DETENT_API int detent_request(detent_connection *c, const char *line, detent_reply *out);
DETENT_API int detent_wait_reply(detent_connection *c, uint64_t request, detent_reply *out);

/* ------------------------------------------------------ replies and motion */

DETENT_API int detent_reply_parse(const char *line, size_t len, detent_reply *out, detent_error *err);
DETENT_API void detent_reply_clear(detent_reply *r);
DETENT_API const char *detent_reply_kind_name(detent_reply_kind kind);
DETENT_API double detent_motion_position(const detent_motion *m, double t_ms);
/* Segment i of a DETENT_CURVE_PATH motion: 0, or -1 when i is out of range or it is not one. */
DETENT_API int detent_motion_segment(const detent_motion *m, size_t i, detent_segment *out);

DETENT_API detent_reader *detent_reader_new(size_t max_line);
DETENT_API void detent_reader_free(detent_reader *r);
DETENT_API int detent_reader_feed(detent_reader *r, const void *data, size_t len);
DETENT_API int detent_reader_next(detent_reader *r, detent_reply *out, detent_error *err);

#ifdef __cplusplus
}
#endif

#endif
