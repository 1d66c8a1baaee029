/*
 * What the strip controller's files share (detent/strip.h, detent-strip(3)):
 *   strip.c         settings, the queues of requests and notes, the hooks
 *   strip_settings.c  geometry (checked, copied), plugin, motion, swipes, autoplay, name
 *   strip_input.c   press, drag, release, cancel, step, goto
 *   strip_wheel.c   the wheel and the touchpad
 *   strip_link.c    online, offline; opening and reopening; opened, began, moved
 *   strip_reply.c   replies routed by token and epoch; decisions, errors, pushes
 *   strip_path.c    a decision's motion as a path of segments, the frames
 *   strip_layout.c  the laid-out items and the local snaps (OFFLINE PAGING)
 * They use the codec layer only (request lines, replies, motion, numbers,
 * buffers, errors): no connection, no socket, no clock. Among themselves
 * they call down this order, never up (clients/c/README.md, "Layers"):
 * strip.c, strip_layout.c, strip_path.c, strip_input.c, strip_wheel.c,
 * strip_link.c, strip_reply.c, strip_settings.c.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_STRIP_INTERNAL_H
#define DETENT_STRIP_INTERNAL_H

#include "internal.h"

#include "detent/strip.h"

/** A path's segments: a curve=path's (css-snap's notches: two or three), else one. */
#define DETENT__STRIP_SEGS 16
/** Unread notes kept; past it the oldest goes. */
#define DETENT__STRIP_NOTES 64
#define DETENT__STRIP_TEXT 256
/** The local rule's motion: curve=ease over this long (none under motion=reduced). */
#define DETENT__STRIP_EASE_MS 200
/** The local rule's wheel lock after a step (the generic rule's default wheelLockMs). */
#define DETENT__STRIP_LOCK_MS 150
/** The most items a strip takes (its local snaps are computed for each). */
#define DETENT__STRIP_MAX_ITEMS 1048576
/** Two offsets this close are the same (the daemon's Tolerance.length). */
#define DETENT__STRIP_TOL 1e-9
/** The largest magnitude taken for an offset, a length, a delta or a time: past it sums lose their units. */
#define DETENT__STRIP_MAX 1e15

typedef enum { DETENT__HOLD_NONE = 0, DETENT__HOLD_FINGER, DETENT__HOLD_PAD } detent__hold;

/** What a request was, for its reply. */
typedef enum {
    DETENT__RQ_OPEN = 1,
    DETENT__RQ_LAYOUT,
    DETENT__RQ_CLOSE,
    DETENT__RQ_AUTOPLAY,
    DETENT__RQ_BEGIN,
    DETENT__RQ_MOVE,
    DETENT__RQ_END,
    DETENT__RQ_CANCEL,
    DETENT__RQ_GOTO,         /**< animated: followed */
    DETENT__RQ_GOTO_QUIET,   /**< goto(animate false): its x drawn at once */
    DETENT__RQ_GOTO_RELEASE, /**< a local gesture's end once a session opened */
    DETENT__RQ_WHEEL,
    DETENT__RQ_SCROLL_BEGIN,
    DETENT__RQ_SCROLL,
    DETENT__RQ_SCROLL_END,
    DETENT__RQ_STEP
} detent__rq_kind;

typedef struct detent__strip_rq {
    uint64_t token, epoch;
    unsigned serial; /**< the gesture it belongs to (0: none) */
    int kind;        /**< detent__rq_kind */
    size_t at, len;  /**< its line in lines, while queued */
} detent__strip_rq;

typedef struct detent__strip_noted {
    detent_strip_note_kind kind;
    int64_t index;
    bool has_text;
    char text[DETENT__STRIP_TEXT];
} detent__strip_noted;

/** A finger's input made before `began`, sent in order once it comes. */
typedef struct detent__strip_queued {
    double delta, t;
    bool end;
} detent__strip_queued;

typedef struct detent__strip_seg {
    detent_motion m; /**< a curve=path's segment: a curve=bezier from its from to its to */
    double start;    /**< ms into the path */
    double span;     /**< its length in ms (a path's segment's, fractional) */
} detent__strip_seg;

/** A decision's motion: segments, resting at x (a loop's jump instead, when it has one). */
typedef struct detent__strip_path {
    detent__strip_seg seg[DETENT__STRIP_SEGS];
    int n;
    bool started; /**< t = 0 taken: the first frame asked after it began */
    double t0;
    bool has_jump;
    double jump;
} detent__strip_path;

typedef struct detent__strip_gesture {
    detent__hold hold;
    unsigned serial;
    bool local;     /**< paged by the local rule */
    bool began;     /**< `began` came: moves go out as they happen */
    bool awaiting;  /**< ended; its decision has not come */
    bool cancelled; /**< what it awaits is a cancel's */
    double grab;    /**< the offset under the finger at the press */
    double start;   /**< the offset drawn at the press: the direction's origin */
    bool finger;    /**< a finger's (else the touchpad's) */
    double delta;   /**< the finger's last delta */
    double sum;     /**< the touchpad's deltas along the axis since its begin */
    detent__ring queued;
} detent__strip_gesture;

struct detent_strip {
    char name[65];
    /* settings */
    bool has_geometry; /* a geometry with items: something to page */
    bool geometry_set; /* a geometry, with items or not */
    detent_geometry g; /* sizes and points owned */
    char *plugin;      /* asked for; NULL: the config's default */
    char *running;     /* the daemon's word */
    detent_motion_setting motion;
    detent_swipes swipes;
    bool autoplay_set;
    double autoplay;
    char error[DETENT__STRIP_TEXT];
    /* the layout */
    int64_t dup;
    double pad;
    detent_align align;    /* the local rule's: the geometry's, else learnt, else start */
    double *starts;        /* with sizes: each laid-out item's start */
    double *snap_x;        /* the local snaps, ascending */
    int64_t *snap_index;
    size_t snaps;
    /* the link */
    detent_strip_link link;
    uint64_t epoch, next_token;
    bool opened_once, fallback, fallback_said, open_pending, relayout;
    bool fallback_layout;  /* the plugin was refused for the geometry: the next one tries it again */
    int64_t open_index;    /* the index its open asked for */
    uint64_t layout_token; /* the latest layout's: a refusal of an earlier one is overtaken */
    bool goto_pending;     /* an animated goto awaits its decision */
    int64_t goto_index;
    uint64_t barrier;      /* the token that told the daemon the latest local decision: replies to earlier ones are stale */
    bool barrier_waiting;  /* its reply not read yet: a push read now was made before the daemon read it */
    /* what is drawn */
    int64_t index;
    double drawn;
    detent_strip_state state;
    bool moved;            /* drawn in a motion or a drag: an open says moved=1 */
    detent__strip_path path;
    double last_now;
    detent__strip_gesture gesture;
    bool has_scroll_t;
    double scroll_t;       /* the newest wheel or scroll t sent: none runs backwards */
    double wheel_sum;      /* the local rule's partial notches */
    bool has_lock;
    double lock_t;
    /* queues */
    detent__buf lines;
    detent__ring out, wait, notes;
    detent__strip_noted note_now;
    unsigned notes_made;
    detent_error line_error;
    /* hooks */
    detent_strip_hook on_request, on_change;
    void *request_data, *change_data;
    bool request_dirty, change_dirty, hooking;
};

/** A number the strip takes: finite, and at most DETENT__STRIP_MAX in magnitude. */
static inline bool detent__strip_num(double v)
{
    return v >= -DETENT__STRIP_MAX && v <= DETENT__STRIP_MAX;
}

/* strip.c */
bool detent__strip_good_name(const char *name);
void detent__strip_note(detent_strip *s, detent_strip_note_kind kind, int64_t index, const char *fmt, ...)
    DETENT__PRINTF(4, 5);
void detent__strip_fail(detent_strip *s, const char *fmt, ...) DETENT__PRINTF(2, 3);
void detent__strip_line(detent_strip *s, detent__line *l, const char *verb);
uint64_t detent__strip_queue(detent_strip *s, detent__line *l, detent__rq_kind kind, unsigned serial);
void detent__strip_drop_requests(detent_strip *s);
void detent__strip_decided_here(detent_strip *s);
void detent__strip_set_index(detent_strip *s, int64_t index);
void detent__strip_set_link(detent_strip *s, detent_strip_link link);
void detent__strip_changed(detent_strip *s);
void detent__strip_done(detent_strip *s);

/* strip_layout.c */
int detent__strip_relayout(detent_strip *s);
int64_t detent__strip_count(const detent_strip *s);
size_t detent__strip_nearest(const detent_strip *s, double x);
size_t detent__strip_goto_snap(const detent_strip *s, int64_t item);
void detent__strip_learn_align(detent_strip *s, const detent_opened_reply *o);

/* strip_path.c */
void detent__strip_follow(detent_strip *s, const detent_snap_reply *snap);
void detent__strip_glide(detent_strip *s, size_t snap);
void detent__strip_glide_to(detent_strip *s, double x);
void detent__strip_draw(detent_strip *s, double x, detent_strip_state state);
void detent__strip_rest(detent_strip *s, double x);
void detent__strip_shift(detent_strip *s, double d);
void detent__strip_stop(detent_strip *s);
double detent__strip_target(const detent_strip *s);
bool detent__strip_snap_ok(const detent_snap_reply *snap);

/* strip_input.c */
void detent__strip_local_release(detent_strip *s);
void detent__strip_send_move(detent_strip *s, double delta, double t, bool end);
void detent__strip_take(detent_strip *s, detent__hold hold);
bool detent__strip_one_snap(detent_strip *s, int dir);
double detent__strip_clamp(const detent_strip *s, double x);
void detent__strip_go_local(detent_strip *s);

/* strip_link.c */
void detent__strip_open(detent_strip *s);
void detent__strip_reopen(detent_strip *s);
void detent__strip_layout(detent_strip *s);
void detent__strip_autoplay(detent_strip *s);
void detent__strip_close(detent_strip *s);
void detent__strip_opened(detent_strip *s, const detent_opened_reply *o);
void detent__strip_laid_out(detent_strip *s, const detent_opened_reply *o, bool stale);
void detent__strip_began(detent_strip *s, const detent__strip_rq *rq, const detent_began_reply *b);
void detent__strip_moved(detent_strip *s, const detent__strip_rq *rq, const detent_moved_reply *m);

#endif
