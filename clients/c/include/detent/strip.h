/*
 * detent/strip.h: one paged strip's client-side logic, with no I/O, no main
 * loop, no toolkit and no clock of its own. See detent-strip(3).
 * SPDX-License-Identifier: Apache-2.0
 *
 * A widget feeds it the strip's geometry, its pointer, wheel, touchpad and
 * key events with their own times, and asks it, for any frame time, what to
 * draw. It hands back request lines for a connection to send, and takes
 * their replies (detent/pool.h does both for a whole app; a test can do it
 * by hand). What it owns, once for every toolkit (and in its JS twin):
 *   - moves held until `began`, then sent in order; `moved` drawn in a drag;
 *   - a decision's motion, held as a path of segments, followed frame by
 *     frame whatever its curve; a loop's jump at rest; `kept` changes
 *     nothing; curve=none drawn at once;
 *   - the wheel (notches) and the touchpad (`scroll` phases); keys as `step`;
 *   - reopening at the index it rested on after a reconnection; a live
 *     change of plugin (close, reopen at the same index); a refused plugin
 *     (by an open or a layout) replaced by the config's default, said once,
 *     and tried again with the next geometry when refused for one;
 *   - with no daemon, a local rule (detent-strip(3), "OFFLINE PAGING").
 *
 * Times: event times (t) are the toolkit's own event timestamps in ms, sent
 * to the daemon as they are; frame times (now) are any monotonic clock in
 * ms that only the frames use. The two are never compared.
 * Offsets are the content's scroll offset in points along the strip's axis
 * (detent-protocol(7), "Geometry"); for a loop, in the laid-out content
 * with detent_strip_dup() items before the first.
 * One strip is used by one thread at a time.
 */
#ifndef DETENT_STRIP_H
#define DETENT_STRIP_H

#include <detent/client.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct detent_strip detent_strip;

typedef enum detent_strip_state {
    DETENT_STRIP_REST = 0, /**< nothing moves until an event or a reply */
    DETENT_STRIP_DRAG,     /**< a finger or a touchpad holds the content */
    DETENT_STRIP_MOVING    /**< following a decision's motion */
} detent_strip_state;

typedef enum detent_strip_link {
    DETENT_STRIP_OFFLINE = 0, /**< no daemon: the local rule pages it */
    DETENT_STRIP_OPENING,     /**< connected; its open not answered yet (the local rule still pages it) */
    DETENT_STRIP_OPEN         /**< its session is open: the daemon decides */
} detent_strip_link;

/** What to draw at a frame time. */
typedef struct detent_strip_frame {
    double offset;            /**< the content's scroll offset */
    detent_strip_state state;
    int64_t index;            /**< the item it rests on, or the one its motion heads for */
    bool rest;                /**< at rest: no frame is needed until something changes */
} detent_strip_frame;

typedef enum detent_strip_note_kind {
    DETENT_STRIP_NOTE_NONE = 0,
    DETENT_STRIP_NOTE_INDEX,   /**< a decision changed the item it heads for: index, as soon as known */
    DETENT_STRIP_NOTE_REST,    /**< a motion (or a move drawn at once) came to rest: index */
    DETENT_STRIP_NOTE_KEPT,    /**< the daemon kept a wheel, step or touchpad end: index */
    DETENT_STRIP_NOTE_OPENED,  /**< its session opened (again): index, text = the plugin that runs */
    DETENT_STRIP_NOTE_LINK,    /**< detent_strip_get_link() changed */
    DETENT_STRIP_NOTE_LOG      /**< text: a line for the app's log (a refused plugin, once; an error reply) */
} detent_strip_note_kind;

/** Something the widget may want to tell its app; text lives until the next call on the strip. */
typedef struct detent_strip_note {
    detent_strip_note_kind kind;
    int64_t index;
    const char *text;
} detent_strip_note;

/** A request to send; line lives until the next call on the strip. */
typedef struct detent_strip_request {
    const char *line; /**< the text encoding, without id and newline */
    uint64_t token;   /**< given back with its reply */
} detent_strip_request;

typedef void (*detent_strip_hook)(detent_strip *strip, void *data);

/* ------------------------------------------------------------- the strip */

/** A strip whose session is named name ([A-Za-z0-9._-]{1,64}); NULL on a bad name or no memory. */
DETENT_API detent_strip *detent_strip_new(const char *name);
DETENT_API void detent_strip_free(detent_strip *s);
DETENT_API const char *detent_strip_get_name(const detent_strip *s);
/** Renames its session (a pool keeps names unique); reopens it if open. -1 on a bad name. */
DETENT_API int detent_strip_set_name(detent_strip *s, const char *name);

/**
 * The geometry (copied, sizes and points included). An open session is
 * laid out again (`layout`), keeping its item. has_index: the first open
 * opens there; later it moves the strip there at once (drawn at that
 * item's local snap, no REST note, `layout index=` sent), so a widget keeps
 * the page it shows when pages are inserted or removed before it. No items
 * (count 0, or sizes/points empty) closes the session and draws nothing
 * until items come. -1 and detent_strip_get_error() when it cannot be sent
 * (viewport <= 0, a NaN, ...).
 */
DETENT_API int detent_strip_set_geometry(detent_strip *s, const detent_geometry *g);
DETENT_API const detent_geometry *detent_strip_get_geometry(const detent_strip *s);
/** The plugin asked for (NULL: the config's default); an open session is closed and reopened under it. */
DETENT_API int detent_strip_set_plugin(detent_strip *s, const char *plugin);
/** The plugin that runs (the daemon's word), NULL until a session opened. */
DETENT_API const char *detent_strip_get_plugin(const detent_strip *s);
/** motion=full|reduced on open and layout; DETENT_MOTION_DEFAULT: the config's. */
DETENT_API void detent_strip_set_motion(detent_strip *s, detent_motion_setting motion);
DETENT_API detent_motion_setting detent_strip_get_motion(const detent_strip *s);
/** swipes=short|long on open and layout (a widget's allow-long-swipes); DETENT_SWIPES_DEFAULT: the plugin's. */
DETENT_API void detent_strip_set_swipes(detent_strip *s, detent_swipes swipes);
DETENT_API detent_swipes detent_strip_get_swipes(const detent_strip *s);
/** The autoplay period in ms (0: off); sent while open, and again after a reopen. */
DETENT_API void detent_strip_set_autoplay(detent_strip *s, double every_ms);
DETENT_API const char *detent_strip_get_error(const detent_strip *s);

/* ---------------------------------------------------------------- input */

/**
 * A finger (or the mouse's button) goes down at t: the content stays where
 * it is drawn. false when it cannot take it (another gesture holds it).
 */
DETENT_API bool detent_strip_press(detent_strip *s, double t);
/** The pointer moved delta points along the axis since the press (the content follows: offset = grab - delta). */
DETENT_API void detent_strip_drag(detent_strip *s, double delta, double t);
DETENT_API void detent_strip_release(detent_strip *s, double delta, double t);
/** The toolkit took the gesture away: back to the resting snap. */
DETENT_API void detent_strip_cancel(detent_strip *s);
/** A wheel event in notches (detent-protocol(7), `wheel`). */
DETENT_API void detent_strip_wheel(detent_strip *s, double dx, double dy, double t, detent_source source);
/** A touchpad event in points: phase BEGIN, DEFAULT (an update), END (`scroll`). false when not taken. */
DETENT_API bool detent_strip_scroll(detent_strip *s, double dx, double dy, double t, detent_phase phase);
/** A key: next, prev, first or last (`step`). */
DETENT_API void detent_strip_step(detent_strip *s, detent_to to, double t);
/**
 * To an item (0 <= index < count): animated as the daemon decides, or, with
 * animate false, drawn at once at the local snap of that item (a REST note
 * before this returns), the daemon told after: replies to requests sent
 * before it move nothing, and its own reply moves it (one more REST note)
 * only where the daemon's index or x differs.
 */
DETENT_API void detent_strip_goto(detent_strip *s, int64_t index, bool animate);

/* --------------------------------------------------------------- drawing */

/** What to draw at frame time now (ms); a motion's t = 0 is the first frame asked after it began. */
DETENT_API void detent_strip_frame_at(detent_strip *s, double now, detent_strip_frame *out);
/** Whether frames are wanted (a motion, a drag or a touchpad gesture until its decision, an animated goto until its
 * decision): a widget at rest wakes for nothing. */
DETENT_API bool detent_strip_animating(const detent_strip *s);
DETENT_API int64_t detent_strip_get_index(const detent_strip *s);
DETENT_API detent_strip_link detent_strip_get_link(const detent_strip *s);
/** Items a loop lays out before the first and after the last (0 unless a loop is open). */
DETENT_API int64_t detent_strip_dup(const detent_strip *s);
/** The trailing space to add after the last item (contain=pad), else 0. */
DETENT_API double detent_strip_pad(const detent_strip *s);
/** Items laid out: count + 2 * dup. */
DETENT_API int64_t detent_strip_laid_count(const detent_strip *s);
/** Laid-out item p (0 <= p < laid count): its logical item, its start and length. */
DETENT_API int64_t detent_strip_laid_item(const detent_strip *s, int64_t p, double *start, double *length);
/** Where to draw item (its start in content coordinates) at offset: a loop's copy nearest the viewport. */
DETENT_API double detent_strip_place(const detent_strip *s, int64_t item, double offset);
/** The position at offset in items, 1.0 an item (AdwCarousel's `position`), a loop's wrapped into [0, count). */
DETENT_API double detent_strip_position(const detent_strip *s, double offset);

/* ---------------------------------------------------------- notes, hooks */

DETENT_API bool detent_strip_next_note(detent_strip *s, detent_strip_note *out);
/** Called at the end of a call that left requests to take (a pool sets it). */
DETENT_API void detent_strip_on_request(detent_strip *s, detent_strip_hook fn, void *data);
/** Called at the end of a call that left notes to read or a change to draw (a widget sets it). */
DETENT_API void detent_strip_on_change(detent_strip *s, detent_strip_hook fn, void *data);

/* ---------------------------------------------------- the connection side */

/** The connection is ready (its greeting): the strip opens (again) where it rests. */
DETENT_API void detent_strip_online(detent_strip *s, const detent_hello_reply *hello);
/** The connection is gone: its requests are dropped, the local rule pages it. */
DETENT_API void detent_strip_offline(detent_strip *s);
DETENT_API bool detent_strip_next_request(detent_strip *s, detent_strip_request *out);
/** The reply (or the error, reply NULL) to the request of token. */
DETENT_API void detent_strip_reply(detent_strip *s, uint64_t token, const detent_reply *reply,
                                   const detent_error *error);
/** A pushed autoplay decision for its session. */
DETENT_API void detent_strip_push(detent_strip *s, const detent_snap_reply *snap);

#ifdef __cplusplus
}
#endif

#endif
