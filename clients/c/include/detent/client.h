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
    DETENT_CODE_UNKNOWN     /**< a code this library does not know: code_name */
} detent_code;

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

/* ----------------------------------------------------------------- replies */

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
    DETENT_REPLY_ERROR
} detent_reply_kind;

typedef enum detent_snap_mode {
    DETENT_SNAP_DECELERATE = 1,
    DETENT_SNAP_ANIMATE
} detent_snap_mode;

typedef enum detent_cause {
    DETENT_CAUSE_RELEASE = 1,
    DETENT_CAUSE_CANCEL,
    DETENT_CAUSE_GOTO,
    DETENT_CAUSE_AUTOPLAY
} detent_cause;

typedef enum detent_curve {
    DETENT_CURVE_DECAY = 1,
    DETENT_CURVE_SPRING,
    DETENT_CURVE_EASE,
    DETENT_CURVE_BRAKE
} detent_curve;

typedef struct detent_hello_reply {
    int64_t proto;
    const char *server;
    const char *const *plugins;
    size_t plugins_len;
} detent_hello_reply;

typedef struct detent_plugins_reply {
    const char *const *names;
    size_t names_len;
    const char *default_; /**< the key default (a C keyword) */
} detent_plugins_reply;

typedef struct detent_opened_reply {
    const char *s;
    const char *plugin;
    int64_t index;
    double x;
    int64_t snaps;
    bool has_pad;
    double pad;
    bool has_dup;
    int64_t dup;
} detent_opened_reply;

typedef struct detent_began_reply {
    const char *s;
    int64_t index;
    double x;
    bool has_jump;
    double jump;
} detent_began_reply;

typedef struct detent_moved_reply {
    const char *s;
    double x;
} detent_moved_reply;

/** The path of a decision, detent-protocol(7) "Motion"; x is its target. */
typedef struct detent_motion {
    double from;
    double v;
    detent_curve curve;
    double rate;  /**< DETENT_CURVE_DECAY */
    double omega; /**< DETENT_CURVE_SPRING */
    int64_t ms;
    double x;
    double accel; /**< DETENT_CURVE_BRAKE: the deceleration, pt/ms^2 */
    int64_t stop; /**< DETENT_CURVE_BRAKE: the ms it ends at, then an ease to x */
} detent_motion;

typedef struct detent_snap_reply {
    const char *s;
    int64_t index;
    double x;
    detent_snap_mode mode;
    detent_cause cause;
    bool has_page;
    int64_t page;
    bool has_jump;
    double jump;
    detent_motion motion;
} detent_snap_reply;

typedef struct detent_ok_reply {
    const char *s;
    double every;
} detent_ok_reply;

typedef struct detent_closed_reply {
    const char *s;
} detent_closed_reply;

typedef struct detent_stats_reply {
    int64_t connections;
    int64_t sessions;
    int64_t requests;
    int64_t errors;
    int64_t uptime;
} detent_stats_reply;

typedef struct detent_error_reply {
    detent_code code;
    const char *code_name;
    bool has_s;
    const char *s;
    const char *msg;
} detent_error_reply;

/** A typed reply line; strings live until detent_reply_clear(). */
typedef struct detent_reply {
    detent_reply_kind kind;
    bool has_id;
    const char *id;
    union {
        detent_hello_reply hello;
        detent_plugins_reply plugins;
        detent_opened_reply opened;
        detent_began_reply began;
        detent_moved_reply moved;
        detent_snap_reply snap;
        detent_ok_reply ok;
        detent_closed_reply closed;
        detent_stats_reply stats;
        detent_error_reply error;
    };
    void *storage_;
} detent_reply;

/* ---------------------------------------------------------------- geometry */

typedef enum detent_align {
    DETENT_ALIGN_DEFAULT = 0, /**< the plugin's */
    DETENT_ALIGN_START,
    DETENT_ALIGN_CENTER,
    DETENT_ALIGN_END
} detent_align;

typedef enum detent_contain {
    DETENT_CONTAIN_DEFAULT = 0, /**< trim */
    DETENT_CONTAIN_TRIM,
    DETENT_CONTAIN_PAD
} detent_contain;

typedef enum detent_axis {
    DETENT_AXIS_DEFAULT = 0,
    DETENT_AXIS_X,
    DETENT_AXIS_Y
} detent_axis;

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

/* ------------------------------------------- requests, queued (return ids) */

DETENT_API uint64_t detent_send_hello(detent_connection *c, const char *client);
DETENT_API uint64_t detent_send_ping(detent_connection *c);
DETENT_API uint64_t detent_send_plugins(detent_connection *c);
DETENT_API uint64_t detent_send_open(detent_connection *c, const char *s, const char *plugin,
                                     const detent_geometry *g);
DETENT_API uint64_t detent_send_layout(detent_connection *c, const char *s, const detent_geometry *g);
DETENT_API uint64_t detent_send_begin(detent_connection *c, const char *s, double x, double t);
DETENT_API uint64_t detent_send_move(detent_connection *c, const char *s, double x, double t);
DETENT_API uint64_t detent_send_end(detent_connection *c, const char *s, double x, double v,
                                    double target, double t);
DETENT_API uint64_t detent_send_cancel(detent_connection *c, const char *s);
DETENT_API uint64_t detent_send_goto(detent_connection *c, const char *s, int64_t index, double x);
DETENT_API uint64_t detent_send_autoplay(detent_connection *c, const char *s, double every);
DETENT_API uint64_t detent_send_close(detent_connection *c, const char *s);
DETENT_API uint64_t detent_send_stats(detent_connection *c);
DETENT_API uint64_t detent_send_quit(detent_connection *c);
DETENT_API uint64_t detent_send_line(detent_connection *c, const char *line);

/* ------------------------------------------ requests, blocking (0 or -1) */

DETENT_API int detent_wait_reply(detent_connection *c, uint64_t request, detent_reply *out);
DETENT_API int detent_hello(detent_connection *c, const char *client, detent_reply *out);
DETENT_API int detent_ping(detent_connection *c, detent_reply *out);
DETENT_API int detent_plugins(detent_connection *c, detent_reply *out);
DETENT_API int detent_open(detent_connection *c, const char *s, const char *plugin,
                           const detent_geometry *g, detent_reply *out);
DETENT_API int detent_layout(detent_connection *c, const char *s, const detent_geometry *g,
                             detent_reply *out);
DETENT_API int detent_begin(detent_connection *c, const char *s, double x, double t, detent_reply *out);
DETENT_API int detent_move(detent_connection *c, const char *s, double x, double t, detent_reply *out);
DETENT_API int detent_end(detent_connection *c, const char *s, double x, double v, double target,
                          double t, detent_reply *out);
DETENT_API int detent_cancel(detent_connection *c, const char *s, detent_reply *out);
DETENT_API int detent_goto(detent_connection *c, const char *s, int64_t index, double x,
                           detent_reply *out);
DETENT_API int detent_autoplay(detent_connection *c, const char *s, double every, detent_reply *out);
DETENT_API int detent_close(detent_connection *c, const char *s, detent_reply *out);
DETENT_API int detent_stats(detent_connection *c, detent_reply *out);
DETENT_API int detent_quit(detent_connection *c, detent_reply *out);
DETENT_API int detent_request(detent_connection *c, const char *line, detent_reply *out);

/* ------------------------------------------------------ replies and motion */

DETENT_API int detent_reply_parse(const char *line, size_t len, detent_reply *out, detent_error *err);
DETENT_API void detent_reply_clear(detent_reply *r);
DETENT_API const char *detent_reply_kind_name(detent_reply_kind kind);
DETENT_API const char *detent_mode_name(detent_snap_mode mode);
DETENT_API const char *detent_cause_name(detent_cause cause);
DETENT_API const char *detent_curve_name(detent_curve curve);
DETENT_API double detent_motion_position(const detent_motion *m, double t_ms);

DETENT_API detent_reader *detent_reader_new(size_t max_line);
DETENT_API void detent_reader_free(detent_reader *r);
DETENT_API int detent_reader_feed(detent_reader *r, const void *data, size_t len);
DETENT_API int detent_reader_next(detent_reader *r, detent_reply *out, detent_error *err);

#ifdef __cplusplus
}
#endif

#endif
