// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * detent/messages.h: the replies and requests of detent-protocol(7) (included by detent/client.h).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_MESSAGES_H
#define DETENT_MESSAGES_H

#ifndef DETENT_API
#error "include <detent/client.h>, not <detent/messages.h>"
#endif

/** The daemon's greeting. */
typedef struct detent_hello_reply {
    int64_t proto; /**< the protocol's version */
    const char *server; /**< detentd/VERSION */
    const char *const *plugins; /**< the configured plugins */
    size_t plugins_len;
} detent_hello_reply;

/** The configured plugins. */
typedef struct detent_plugins_reply {
    const char *const *names; /**< every configured plugin */
    size_t names_len;
    const char *default_; /**< the plugin of an open without plugin (default: a C keyword) */
} detent_plugins_reply;

/** A session's resting snap, after open or layout. */
typedef struct detent_opened_reply {
    const char *s;
    const char *plugin; /**< the session's plugin */
    int64_t index; /**< the resting item */
    double x; /**< the resting offset */
    int64_t snaps; /**< the number of snaps */
    bool has_pad;
    double pad; /**< the trailing space to add, exactly with contain=pad */
    bool has_dup;
    int64_t dup; /**< the items duplicated at each end, exactly for loops */
} detent_opened_reply;

/** The resting snap a gesture starts from. */
typedef struct detent_began_reply {
    const char *s;
    int64_t index; /**< the item */
    double x; /**< its offset */
    bool has_jump;
    double jump; /**< in a loop, the real item's offset to set at once */
} detent_began_reply;

/** Where to draw the content during a drag. */
typedef struct detent_moved_reply {
    const char *s;
    double x; /**< the offset to draw */
} detent_moved_reply;

/** A decision: where the collection comes to rest and the motion there. */
typedef struct detent_snap_reply {
    const char *s;
    int64_t index; /**< the item it rests on (for loops the logical one) */
    double x; /**< the offset it rests at */
    detent_mode mode; /**< keep the momentum, or stop and animate */
    detent_cause cause; /**< what led to it */
    bool has_page;
    int64_t page; /**< the page, with the page strategies */
    bool has_jump;
    double jump; /**< for loops, the equivalent offset to set once at rest */
    detent_motion motion;
} detent_snap_reply;

/** Autoplay set. */
typedef struct detent_ok_reply {
    const char *s;
    double every; /**< the period in ms, 0 when stopped */
} detent_ok_reply;

/** A session forgotten. */
typedef struct detent_closed_reply {
    const char *s;
} detent_closed_reply;

/** The daemon's counters. */
typedef struct detent_stats_reply {
    int64_t connections; /**< open connections, refused ones excluded */
    int64_t sessions; /**< open sessions on all of them */
    int64_t requests; /**< request lines answered since start */
    int64_t errors; /**< error replies sent since start */
    int64_t uptime; /**< whole seconds since start */
} detent_stats_reply;

/** A refusal: the connection stays open and the session keeps its state unless said. */
typedef struct detent_error_reply {
    detent_code code; /**< the error code */
    const char *code_name; /**< as the daemon wrote it */
    bool has_s;
    const char *s; /**< the session, when valid */
    const char *msg; /**< what was wrong, in words */
} detent_error_reply;

/** A wheel event, a touchpad gesture's end, a step or a scrollby that changes nothing (a lock, a motion under way, a bound, the other axis, a touchpad hold): where the collection rests. */
typedef struct detent_kept_reply {
    const char *s;
    int64_t index; /**< the item of the last decision */
} detent_kept_reply;

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
        detent_kept_reply kept;
    };
    void *storage_;
} detent_reply;

/* Queued: each returns the request's id, 0 when it was not sent (detent_get_error()). */
DETENT_API uint64_t detent_send_hello(detent_connection *c, const char *client);
DETENT_API uint64_t detent_send_ping(detent_connection *c);
DETENT_API uint64_t detent_send_plugins(detent_connection *c);
DETENT_API uint64_t detent_send_open(detent_connection *c, const char *s, const char *plugin,
                                     const detent_geometry *g);
DETENT_API uint64_t detent_send_open2(detent_connection *c, const char *s, const char *plugin,
                                      const detent_geometry *g, detent_motion_setting motion);
DETENT_API uint64_t detent_send_open3(detent_connection *c, const char *s, const char *plugin,
                                      const detent_geometry *g, detent_motion_setting motion,
                                      detent_swipes swipes);
DETENT_API uint64_t detent_send_open4(detent_connection *c, const char *s, const char *plugin,
                                      const detent_geometry *g, detent_motion_setting motion,
                                      detent_swipes swipes, bool moved);
DETENT_API uint64_t detent_send_layout(detent_connection *c, const char *s, const detent_geometry *g);
DETENT_API uint64_t detent_send_layout2(detent_connection *c, const char *s, const detent_geometry *g,
                                        detent_motion_setting motion);
DETENT_API uint64_t detent_send_layout3(detent_connection *c, const char *s, const detent_geometry *g,
                                        detent_motion_setting motion, detent_swipes swipes);
DETENT_API uint64_t detent_send_begin(detent_connection *c, const char *s, double x, double t);
DETENT_API uint64_t detent_send_move(detent_connection *c, const char *s, double x, double t);
DETENT_API uint64_t detent_send_end(detent_connection *c, const char *s, double x, double v, double target,
                                    double t);
DETENT_API uint64_t detent_send_cancel(detent_connection *c, const char *s);
DETENT_API uint64_t detent_send_goto(detent_connection *c, const char *s, int64_t index, double x);
DETENT_API uint64_t detent_send_autoplay(detent_connection *c, const char *s, double every);
DETENT_API uint64_t detent_send_close(detent_connection *c, const char *s);
DETENT_API uint64_t detent_send_stats(detent_connection *c);
DETENT_API uint64_t detent_send_quit(detent_connection *c);
DETENT_API uint64_t detent_send_wheel(detent_connection *c, const char *s, double dx, double dy, double t,
                                      detent_source source, double x);
DETENT_API uint64_t detent_send_scroll(detent_connection *c, const char *s, double dx, double dy, double t,
                                       detent_phase phase, double x);
DETENT_API uint64_t detent_send_step(detent_connection *c, const char *s, detent_to to, double x, double t);
DETENT_API uint64_t detent_send_scrollby(detent_connection *c, const char *s, double by, double x, double t);

/* Blocking: 0 and the reply in out, or -1 (detent_get_error()). */
DETENT_API int detent_hello(detent_connection *c, const char *client, detent_reply *out);
DETENT_API int detent_ping(detent_connection *c, detent_reply *out);
DETENT_API int detent_plugins(detent_connection *c, detent_reply *out);
DETENT_API int detent_open(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                           detent_reply *out);
DETENT_API int detent_open2(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                            detent_motion_setting motion, detent_reply *out);
DETENT_API int detent_open3(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                            detent_motion_setting motion, detent_swipes swipes, detent_reply *out);
DETENT_API int detent_open4(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                            detent_motion_setting motion, detent_swipes swipes, bool moved,
                            detent_reply *out);
DETENT_API int detent_layout(detent_connection *c, const char *s, const detent_geometry *g,
                             detent_reply *out);
DETENT_API int detent_layout2(detent_connection *c, const char *s, const detent_geometry *g,
                              detent_motion_setting motion, detent_reply *out);
DETENT_API int detent_layout3(detent_connection *c, const char *s, const detent_geometry *g,
                              detent_motion_setting motion, detent_swipes swipes, detent_reply *out);
DETENT_API int detent_begin(detent_connection *c, const char *s, double x, double t, detent_reply *out);
DETENT_API int detent_move(detent_connection *c, const char *s, double x, double t, detent_reply *out);
DETENT_API int detent_end(detent_connection *c, const char *s, double x, double v, double target, double t,
                          detent_reply *out);
DETENT_API int detent_cancel(detent_connection *c, const char *s, detent_reply *out);
DETENT_API int detent_goto(detent_connection *c, const char *s, int64_t index, double x, detent_reply *out);
DETENT_API int detent_autoplay(detent_connection *c, const char *s, double every, detent_reply *out);
DETENT_API int detent_close(detent_connection *c, const char *s, detent_reply *out);
DETENT_API int detent_stats(detent_connection *c, detent_reply *out);
DETENT_API int detent_quit(detent_connection *c, detent_reply *out);
DETENT_API int detent_wheel(detent_connection *c, const char *s, double dx, double dy, double t,
                            detent_source source, double x, detent_reply *out);
DETENT_API int detent_scroll(detent_connection *c, const char *s, double dx, double dy, double t,
                             detent_phase phase, double x, detent_reply *out);
DETENT_API int detent_step(detent_connection *c, const char *s, detent_to to, double x, double t,
                           detent_reply *out);
DETENT_API int detent_scrollby(detent_connection *c, const char *s, double by, double x, double t,
                               detent_reply *out);

#endif
