/*
 * The GTK demo of Detent: one window of paged strips, each a real session
 * of detentd reached through libdetent and its GLib adapter, all on the
 * main loop's one thread. What each file does:
 *   main.c     start-up: the application, the window, the connection
 *   specs.c    the six strips (the web demo's seed scenarios) and colours
 *   window.c   the window: heading, banner, the grid of strips; start-up trace
 *   strip.c    one strip's widgets, its items, how it is shown
 *   draw.c     the cards, drawn with cairo
 *   input.c    GtkGestureDrag to begin/move/end, the buttons, autoplay
 *   wheel.c    GtkEventControllerScroll to wheel (notches) and scroll (a touchpad)
 *   keys.c     focus, the keys to step, autoplay paused under focus or pointer
 *   access.c   the accessible label and "item N of M"; gtk-enable-animations to motion
 *   motion.c   the frame clock: a decision's motion, the drag's frames
 *   link.c     the connection: requests and replies, pushes, reconnecting
 *   session.c  open and reopen, which plugins page a strip, switching
 *   trace.c    DETENT_GTK_TRACE=1: lines on stdout, commands on stdin
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_GTK_DEMO_H
#define DETENT_GTK_DEMO_H

#include <detent/client.h>
#include <gtk/gtk.h>

#ifndef DEMO_STRIPS /* another window built on these files (Examples/adwaita-twin) may have fewer */
#define DEMO_STRIPS 6
#endif
#define DEMO_MAX_ITEMS 16
#define DEMO_MAX_PLUGINS 32
#define DEMO_RETRY_MS 1000
/** A reply outstanding longer than this shows "waiting for detentd". */
#define DEMO_SLOW_MS 250

typedef enum { KIND_CARD, KIND_PHOTO, KIND_BANNER, KIND_THUMB, KIND_ICON, KIND_SLIDE } ItemKind;

typedef struct StripSpec {
    const char *name;   /* the session, and the trace's s= */
    const char *plugin; /* the plugin it opens under */
    const char *seed, *title, *about;
    ItemKind kind;
    int height;         /* the viewport's height; its width is the geometry's viewport */
    int color_shift;    /* item i is painted demo_color(i + color_shift) */
    double autoplay_ms; /* > 0: the strip has an autoplay switch stepping this often */
    detent_geometry geometry;
} StripSpec;

typedef enum { STATE_REST, STATE_DRAG, STATE_MOVING } StripState;

typedef struct Demo Demo;

typedef struct Strip {
    const StripSpec *spec;
    Demo *demo;
    char plugin[64];
    char previous[64]; /* the plugin before a switch, to go back to if the new one will not open */
    guint epoch;     /* bumped whenever the session is reopened: older replies are dropped */
    gboolean ready;  /* its session is open */
    int64_t index;
    double offset;   /* where the content is drawn */
    StripState state;
    gboolean traced;
    int64_t traced_index;
    double traced_offset;
    StripState traced_state;

    /* The items drawn: for a loop the last two, all, then the first two. */
    int n_items, count;
    int logical[DEMO_MAX_ITEMS + 4];
    double start[DEMO_MAX_ITEMS + 4], size[DEMO_MAX_ITEMS + 4];
    double pad;

    struct {
        gboolean active;  /* a finger is down (until the end is sent) */
        gboolean began;   /* the began reply came: moves go out as they happen */
        gboolean ended;   /* the end went out (or waits for began): awaiting the decision */
        guint serial;
        double grab;      /* the offset under the finger at the press */
        gint64 press_us;
        double last_t;    /* the newest event's time sent */
        GArray *queued;   /* QueuedInput before the began reply */
    } drag;

    struct {
        gboolean active;  /* a touchpad gesture: its begin sent, its end not yet */
        guint serial;
        double last_t;    /* the newest wheel or touchpad event's time sent */
    } scroll;

    struct {
        gboolean active;
        detent_motion curve;
        gboolean has_jump, hold_jump, held;
        double jump;
        gint64 start_us; /* the frame time of its first frame (t = 0); 0 before it */
    } motion;
    guint tick_id;
    gint64 last_tick_us;  /* the frame time of the last frame drawn */
    GString *paint_note;  /* printed once a frame showing paint_offset is painted */
    double paint_offset;
    gboolean paint_seen;

    int pending;          /* requests of this strip awaiting replies */
    gint64 wait_since_us; /* since when no reply came while some are pending */

    gboolean autoplay_on;      /* its switch */
    gboolean autoplay_running; /* what the daemon was last told (a plugin's autoplayMs: on at open) */
    gboolean focused, hovered; /* the keyboard focus, the pointer in the viewport: autoplay paused */
    gboolean motion_sent;      /* the session was opened or laid out with motion=reduced */
    char described[48];        /* the accessible description: "item N of M" */
    gboolean offered;
    int offer_outstanding;
    gboolean offer_fits[DEMO_MAX_PLUGINS];
    gboolean quiet_choice; /* the dropdown is being set by the program, not a person */

    GtkWidget *section, *area, *dropdown, *prev, *next, *status, *reply, *autoplay;
    GtkStringList *choices;
} Strip;

typedef void (*ReplyFn)(Strip *s, const detent_reply *reply, const detent_error *error, guint64 tag);

struct Demo {
    GtkApplication *app;
    GtkWidget *window, *banner, *banner_label, *where;
    detent_connection *connection;
    GSource *source;
    gboolean connected;
    int attempt;
    guint retry_id;
    char *tried;              /* where the last attempt looked */
    GPtrArray *plugins;       /* the daemon's plugins, from its greeting */
    GHashTable *requests;     /* request id -> Request */
    Strip strips[DEMO_STRIPS];
    gboolean mapped, announced;
    gboolean reduced;         /* gtk-enable-animations is off: sessions get motion=reduced */
};

/* specs.c */
extern const StripSpec demo_specs[DEMO_STRIPS];
void demo_color(int i, double *r, double *g, double *b);
int spec_count(const StripSpec *spec);

/* window.c */
void window_build(Demo *d);
void window_set_banner(Demo *d, const char *text);
void window_set_where(Demo *d, const char *text);
void window_maybe_announce(Demo *d);

/* strip.c */
GtkWidget *strip_build(Strip *s);
void strip_lay_items(Strip *s, int dup);
void strip_show(Strip *s, StripState state, double offset);
void strip_offline(Strip *s);
void strip_set_reply(Strip *s, const char *text);
void strip_refresh_status(Strip *s);
void strip_kept(Strip *s, const detent_reply *r);
Strip *strip_named(Demo *d, const char *name);

/* draw.c */
void draw_strip(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data);

/* input.c */
void input_attach(Strip *s);

/* wheel.c */
void wheel_attach(Strip *s);

/* keys.c */
void keys_attach(Strip *s);
gboolean keys_autoplay_wanted(const Strip *s);
void keys_apply_autoplay(Strip *s);
void keys_trace_focus(Demo *d, GtkWidget *focus, GtkWidget *other, const char *other_name);

/* access.c */
void access_init(Demo *d);
void access_attach(Strip *s);
void access_describe(Strip *s);
int access_open_motion(Strip *s);
void access_flush(Strip *s);

/* motion.c */
void motion_follow(Strip *s, const detent_snap_reply *snap);
void motion_stop(Strip *s);
void motion_ensure_tick(Strip *s);
void motion_release_jump(Strip *s);
void motion_attach(Strip *s);

/* link.c */
void link_start(Demo *d);
uint64_t link_track(Strip *s, uint64_t id, ReplyFn fn, guint64 tag);
void link_describe(const detent_reply *r, GString *out);

/* session.c */
void session_open_all(Demo *d);
void session_open(Strip *s);
void session_offer(Strip *s);
void session_choose(Strip *s, const char *plugin);
void session_set_autoplay(Strip *s, gboolean on);
void session_follow_reply(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag);

/* trace.c */
gboolean trace_on(void);
void trace_init(Demo *d);
void trace_line(const char *format, ...) G_GNUC_PRINTF(1, 2);
const char *trace_num(double x, char buf[32]);
void trace_quote(GString *out, const char *text);
void trace_state(Strip *s);
void trace_decision(Strip *s, const detent_snap_reply *snap);

#endif
