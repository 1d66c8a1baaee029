/*
 * detent-adw-recorder: a real libadwaita AdwCarousel in one window, and a
 * line on stdout (flushed) for everything the carousel is handed and does,
 * so that a test can drive it with real X pointer drags and replay each
 * gesture elsewhere. No Detent code: this is the engine being recorded.
 *
 * Options (argv, or the environment when an option is not given):
 *   --pages N         DETENT_ADW_PAGES        page count (6)
 *   --width W         DETENT_ADW_WIDTH        page width in pt; the carousel is exactly this wide (400)
 *   --height H        DETENT_ADW_HEIGHT       page height (240)
 *   --spacing S       DETENT_ADW_SPACING      the carousel's spacing (0)
 *   --long-swipes B   DETENT_ADW_LONG_SWIPES  allow-long-swipes, 0 or 1 (0)
 *   --start I         DETENT_ADW_START        the page it opens on (0)
 *   --scroll-wheel B  DETENT_ADW_SCROLL_WHEEL allow-scroll-wheel, 0 or 1 (0: drags only)
 *
 * Lines (Tests/Adwaita/README.md has the whole list):
 *   config pages=.. width=.. height=.. spacing=.. long-swipes=.. start=.. adwaita=.. gtk=..
 *   ready x=.. y=.. width=.. height=.. surface-x=.. surface-y=.. distance=..
 *   press|release x=.. y=.. t=.. button=.. frame=..
 *   motion x=.. y=.. t=.. button=.. frame=..   (button=1 while button 1 is down)
 *   position p=.. frame=..                     every notify::position
 *   paint p=.. frame=..                        after a frame painted a position not painted before
 *   page-changed index=.. p=.. frame=..
 *   settled index=.. p=.. via=page-changed|quiet frame=..
 *   goto|animate index=.. frame=..             a `goto` or `animate` command taken
 *   spring damping-ratio=.. mass=.. stiffness=..   the carousel's scroll-params, once
 *   prepare direction=.. frame=..              } the carousel's own AdwSwipeTracker's signals
 *   begin-swipe p=.. frame=..                  } (emission hooks): the drag is pending, takes hold,
 *   end-swipe velocity=.. to=.. frame=..       } ends (velocity as handed to the spring, `to` in pages)
 *   scroll x=.. y=.. t=.. dir=.. dx=.. dy=.. unit=.. stop=.. source=.. p=.. frame=.. now=..
 *                                              each scroll event the carousel is handed (capture phase)
 *   client-scroll-begin|client-scroll|client-scroll-end dx=.. dy=.. t=.. frame=..
 *                                              what a GtkEventControllerScroll on the carousel emits
 * Commands on stdin, one a line: `goto I` (adw_carousel_scroll_to without
 * animation; a settled line follows), `animate I` (the same with its spring),
 * `quit`. End of input quits too.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <adwaita.h>
#include <gio/gunixinputstream.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A settle with no page-changed (a drag that never took hold moves
 * nothing and starts no animation): the position integral and unchanged
 * for this long after the release. */
#define QUIET_MS 250

typedef struct {
    int pages, width, height, spacing, long_swipes, start, scroll_wheel;
} Options;

static Options opt = {6, 400, 240, 0, 0, 0, 0};
static GtkWidget *window, *carousel;
static GMainLoop *loop;
static gboolean awaiting_settle;   /* a release or goto not yet followed by its settled line */
static gboolean button_down;
static gint64 last_change_us;      /* monotonic µs of the last position change (or release / goto) */
static double last_position = NAN, painted_position = NAN;
static double pointer_x = NAN, pointer_y = NAN; /* the last pointer event's, in window coordinates */
static guint quiet_id;

static void line(const char *format, ...) G_GNUC_PRINTF(1, 2);

static void line(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vfprintf(stdout, format, args);
    va_end(args);
    fputc('\n', stdout);
    fflush(stdout);
}

/** %.17g through g_ascii_formatd (no locale), -0 as 0. */
static const char *num(double x, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
    if (x == 0) x = 0;
    return g_ascii_formatd(buf, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", x);
}

static gint64 frame_time(void)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(carousel);
    return clock ? gdk_frame_clock_get_frame_time(clock) : -1;
}

static double position(void)
{
    return adw_carousel_get_position(ADW_CAROUSEL(carousel));
}

static gboolean integral(double p)
{
    return p == floor(p);
}

static void settled(const char *via)
{
    if (!awaiting_settle) return;
    awaiting_settle = FALSE;
    char p[G_ASCII_DTOSTR_BUF_SIZE];
    line("settled index=%d p=%s via=%s frame=%" G_GINT64_FORMAT, (int)position(), num(position(), p), via,
         frame_time());
}

static gboolean quiet_cb(gpointer data)
{
    (void)data;
    if (!awaiting_settle || button_down) {
        quiet_id = 0;
        return G_SOURCE_REMOVE;
    }
    double p = position();
    if (integral(p) && g_get_monotonic_time() - last_change_us >= QUIET_MS * 1000) {
        settled("quiet");
        quiet_id = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static void await_settle(void)
{
    awaiting_settle = TRUE;
    last_change_us = g_get_monotonic_time();
    if (!quiet_id) quiet_id = g_timeout_add(20, quiet_cb, NULL);
}

/* ---- what the carousel sees: every pointer event, before it does (capture phase on the window) ---- */

static gboolean event_cb(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
    (void)controller;
    (void)data;
    GdkEventType type = gdk_event_get_event_type(event);
    const char *verb = type == GDK_BUTTON_PRESS ? "press"
                       : type == GDK_BUTTON_RELEASE ? "release"
                       : type == GDK_MOTION_NOTIFY ? "motion" : NULL;
    if (!verb) return GDK_EVENT_PROPAGATE;
    double sx = 0, sy = 0, x = 0, y = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    gdk_event_get_position(event, &x, &y);
    x -= sx;
    y -= sy;
    pointer_x = x;
    pointer_y = y;
    int button;
    if (type == GDK_MOTION_NOTIFY)
        button = (gdk_event_get_modifier_state(event) & GDK_BUTTON1_MASK) ? 1 : 0;
    else
        button = (int)gdk_button_event_get_button(event);
    char bx[G_ASCII_DTOSTR_BUF_SIZE], by[G_ASCII_DTOSTR_BUF_SIZE];
    line("%s x=%s y=%s t=%u button=%d frame=%" G_GINT64_FORMAT, verb, num(x, bx), num(y, by),
         gdk_event_get_time(event), button, frame_time());
    if (type == GDK_BUTTON_PRESS && button == 1) {
        button_down = TRUE;
        awaiting_settle = FALSE;
    } else if (type == GDK_BUTTON_RELEASE && button == 1) {
        button_down = FALSE;
        await_settle();
    }
    return GDK_EVENT_PROPAGATE;
}

/* ---- every scroll event the carousel is handed, before its own controllers (capture phase on it) ---- */

static const char *source_name(GdkInputSource source)
{
    switch (source) {
    case GDK_SOURCE_MOUSE: return "mouse";
    case GDK_SOURCE_PEN: return "pen";
    case GDK_SOURCE_KEYBOARD: return "keyboard";
    case GDK_SOURCE_TOUCHSCREEN: return "touchscreen";
    case GDK_SOURCE_TOUCHPAD: return "touchpad";
    case GDK_SOURCE_TRACKPOINT: return "trackpoint";
    case GDK_SOURCE_TABLET_PAD: return "tablet-pad";
    default: return "other";
    }
}

static gboolean scroll_event_cb(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
    (void)controller;
    (void)data;
    if (gdk_event_get_event_type(event) != GDK_SCROLL) return GDK_EVENT_PROPAGATE;
    static const char *const dirs[] = {"up", "down", "left", "right", "smooth"};
    GdkScrollDirection dir = gdk_scroll_event_get_direction(event);
    double dx = 0, dy = 0, x = 0, y = 0;
    gdk_scroll_event_get_deltas(event, &dx, &dy);
    /* X11 scroll events carry no position (NaN): then the last pointer event's */
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    if (gdk_event_get_position(event, &x, &y) && !isnan(x) && !isnan(y)) {
        x -= sx;
        y -= sy;
    } else {
        x = pointer_x;
        y = pointer_y;
    }
    GdkDevice *device = gdk_event_get_device(event);
    char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE],
        d[G_ASCII_DTOSTR_BUF_SIZE], e[G_ASCII_DTOSTR_BUF_SIZE];
    line("scroll x=%s y=%s t=%u dir=%s dx=%s dy=%s unit=%s stop=%d source=%s p=%s frame=%" G_GINT64_FORMAT
         " now=%" G_GINT64_FORMAT,
         num(x, a), num(y, b), gdk_event_get_time(event), dir <= GDK_SCROLL_SMOOTH ? dirs[dir] : "?",
         num(dx, c), num(dy, d), gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL ? "wheel" : "surface",
         gdk_scroll_event_is_stop(event), device ? source_name(gdk_device_get_source(device)) : "none",
         num(position(), e), frame_time(), g_get_monotonic_time());
    await_settle();
    return GDK_EVENT_PROPAGATE;
}

/* A client's view: what a GtkEventControllerScroll (both axes, smooth) emits for the same events. It
 * handles nothing, so the carousel's own controllers are untouched. */
static guint32 client_time(GtkEventController *controller)
{
    return gtk_event_controller_get_current_event_time(controller);
}

static void client_begin_cb(GtkEventControllerScroll *controller, gpointer data)
{
    (void)data;
    line("client-scroll-begin t=%u frame=%" G_GINT64_FORMAT, client_time(GTK_EVENT_CONTROLLER(controller)),
         frame_time());
}

static gboolean client_scroll_cb(GtkEventControllerScroll *controller, double dx, double dy, gpointer data)
{
    (void)data;
    char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
    line("client-scroll dx=%s dy=%s t=%u frame=%" G_GINT64_FORMAT, num(dx, a), num(dy, b),
         client_time(GTK_EVENT_CONTROLLER(controller)), frame_time());
    return FALSE;
}

static void client_end_cb(GtkEventControllerScroll *controller, gpointer data)
{
    (void)data;
    line("client-scroll-end t=%u frame=%" G_GINT64_FORMAT, client_time(GTK_EVENT_CONTROLLER(controller)),
         frame_time());
}

/* ---- what the engine decides: the carousel's own AdwSwipeTracker's signals, through emission hooks
 * (they run just before the carousel's handlers: end-swipe's handler starts the release animation) ---- */

static gboolean tracker_hook(GSignalInvocationHint *hint, guint n, const GValue *values, gpointer data)
{
    (void)data;
    gint64 frame = frame_time(); /* first: the frame time the carousel's animation is about to read */
    const char *name = g_signal_name(hint->signal_id);
    char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
    if (strcmp(name, "end-swipe") == 0 && n >= 3)
        line("end-swipe velocity=%s to=%s frame=%" G_GINT64_FORMAT, num(g_value_get_double(&values[1]), a),
             num(g_value_get_double(&values[2]), b), frame);
    else if (strcmp(name, "prepare") == 0 && n >= 2)
        line("prepare direction=%d frame=%" G_GINT64_FORMAT, g_value_get_enum(&values[1]), frame);
    else if (strcmp(name, "begin-swipe") == 0)
        line("begin-swipe p=%s frame=%" G_GINT64_FORMAT, num(position(), a), frame);
    return TRUE;
}

static void hook_tracker(void)
{
    gpointer klass = g_type_class_ref(ADW_TYPE_SWIPE_TRACKER);
    static const char *const names[] = {"prepare", "begin-swipe", "end-swipe"};
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        guint id = g_signal_lookup(names[i], ADW_TYPE_SWIPE_TRACKER);
        if (id) g_signal_add_emission_hook(id, 0, tracker_hook, NULL, NULL);
    }
    g_type_class_unref(klass);
}

/* ---- what it does and draws ---- */

static void position_cb(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    (void)pspec;
    (void)data;
    double p = position();
    char b[G_ASCII_DTOSTR_BUF_SIZE];
    line("position p=%s frame=%" G_GINT64_FORMAT, num(p, b), frame_time());
    if (p != last_position) last_change_us = g_get_monotonic_time();
    last_position = p;
}

static void after_paint_cb(GdkFrameClock *clock, gpointer data)
{
    (void)data;
    double p = position();
    if (p == painted_position) return;
    painted_position = p;
    char b[G_ASCII_DTOSTR_BUF_SIZE];
    line("paint p=%s frame=%" G_GINT64_FORMAT, num(p, b), gdk_frame_clock_get_frame_time(clock));
}

static void page_changed_cb(AdwCarousel *c, guint index, gpointer data)
{
    (void)c;
    (void)data;
    double p = position();
    char b[G_ASCII_DTOSTR_BUF_SIZE];
    line("page-changed index=%u p=%s frame=%" G_GINT64_FORMAT, index, num(p, b), frame_time());
    if (!button_down && integral(p)) settled("page-changed");
}

static void draw_page(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    (void)area;
    int i = GPOINTER_TO_INT(data);
    /* A distinct colour per page, and its number, so a screenshot says which page is where. */
    static const double colours[][3] = {{0.80, 0.20, 0.20}, {0.20, 0.60, 0.25}, {0.20, 0.35, 0.80},
                                        {0.85, 0.60, 0.10}, {0.55, 0.25, 0.70}, {0.10, 0.60, 0.65}};
    const double *c = colours[i % G_N_ELEMENTS(colours)];
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_font_size(cr, height / 3.0);
    char label[16];
    g_snprintf(label, sizeof label, "%d", i);
    cairo_move_to(cr, width / 2.0 - height / 10.0, height / 2.0 + height / 8.0);
    cairo_show_text(cr, label);
}

static guint map_idle_id;

static gboolean report_ready(gpointer data)
{
    (void)data;
    graphene_rect_t r;
    if (!gtk_widget_compute_bounds(carousel, window, &r) || r.size.width <= 0) return G_SOURCE_CONTINUE;
    if (position() != opt.start) {
        adw_carousel_scroll_to(ADW_CAROUSEL(carousel),
                               adw_carousel_get_nth_page(ADW_CAROUSEL(carousel), (guint)opt.start), FALSE);
        return G_SOURCE_CONTINUE; /* the ready line once the carousel is there */
    }
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE],
        d[G_ASCII_DTOSTR_BUF_SIZE], e[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE], g[G_ASCII_DTOSTR_BUF_SIZE];
    line("ready x=%s y=%s width=%s height=%s surface-x=%s surface-y=%s distance=%d p=%s",
         num(r.origin.x, a), num(r.origin.y, b), num(r.size.width, c), num(r.size.height, d), num(sx, e),
         num(sy, f), opt.width + opt.spacing, num(position(), g));
    GdkFrameClock *clock = gtk_widget_get_frame_clock(carousel);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint_cb), NULL);
    map_idle_id = 0;
    return G_SOURCE_REMOVE;
}

static void map_cb(GtkWidget *widget, gpointer data)
{
    (void)widget;
    (void)data;
    /* Once laid out: the start page (scroll_to needs the carousel allocated), then the ready line. */
    if (!map_idle_id) map_idle_id = g_timeout_add(50, report_ready, NULL);
}

/* ---- commands ---- */

static void read_command(GObject *source, GAsyncResult *result, gpointer data)
{
    GDataInputStream *in = G_DATA_INPUT_STREAM(source);
    gsize length = 0;
    GError *error = NULL;
    char *text = g_data_input_stream_read_line_finish(in, result, &length, &error);
    (void)data;
    if (!text) {
        if (error) g_error_free(error);
        g_main_loop_quit(loop);
        return;
    }
    g_strstrip(text);
    int index;
    gboolean animate = FALSE;
    if (sscanf(text, "goto %d", &index) == 1 || (animate = sscanf(text, "animate %d", &index) == 1)) {
        guint n = adw_carousel_get_n_pages(ADW_CAROUSEL(carousel));
        if (index < 0 || (guint)index >= n) {
            line("error what=\"no page %d\"", index);
        } else {
            /* animate: the spring a wheel click starts (v = 0 from where it is drawn) */
            line("%s index=%d frame=%" G_GINT64_FORMAT, animate ? "animate" : "goto", index, frame_time());
            await_settle();
            adw_carousel_scroll_to(ADW_CAROUSEL(carousel), adw_carousel_get_nth_page(ADW_CAROUSEL(carousel), index),
                                   animate);
        }
    } else if (strcmp(text, "quit") == 0) {
        g_free(text);
        g_main_loop_quit(loop);
        return;
    } else if (*text) {
        line("error what=\"unknown command\"");
    }
    g_free(text);
    g_data_input_stream_read_line_async(in, G_PRIORITY_DEFAULT, NULL, read_command, NULL);
}

/* ---- options ---- */

static int option(int argc, char **argv, const char *name, const char *env, int fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return atoi(argv[i + 1]);
    const char *v = g_getenv(env);
    return v && *v ? atoi(v) : fallback;
}

static void close_cb(GtkWindow *w, gpointer data)
{
    (void)w;
    (void)data;
    g_main_loop_quit(loop);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: %s [--pages N] [--width W] [--height H] [--spacing S] [--long-swipes 0|1] [--start I] [--scroll-wheel 0|1]\n",
                   argv[0]);
            return 0;
        }
    }
    opt.pages = option(argc, argv, "--pages", "DETENT_ADW_PAGES", opt.pages);
    opt.width = option(argc, argv, "--width", "DETENT_ADW_WIDTH", opt.width);
    opt.height = option(argc, argv, "--height", "DETENT_ADW_HEIGHT", opt.height);
    opt.spacing = option(argc, argv, "--spacing", "DETENT_ADW_SPACING", opt.spacing);
    opt.long_swipes = option(argc, argv, "--long-swipes", "DETENT_ADW_LONG_SWIPES", opt.long_swipes) != 0;
    opt.start = option(argc, argv, "--start", "DETENT_ADW_START", opt.start);
    opt.scroll_wheel = option(argc, argv, "--scroll-wheel", "DETENT_ADW_SCROLL_WHEEL", opt.scroll_wheel) != 0;
    if (opt.pages < 1 || opt.width < 16 || opt.height < 16 || opt.spacing < 0 || opt.start < 0 ||
        opt.start >= opt.pages) {
        fprintf(stderr, "detent-adw-recorder: bad options\n");
        return 2;
    }

    adw_init();
    loop = g_main_loop_new(NULL, FALSE);
    line("config pages=%d width=%d height=%d spacing=%d long-swipes=%d start=%d scroll-wheel=%d adwaita=%u.%u.%u "
         "gtk=%u.%u.%u",
         opt.pages, opt.width, opt.height, opt.spacing, opt.long_swipes, opt.start, opt.scroll_wheel,
         adw_get_major_version(),
         adw_get_minor_version(), adw_get_micro_version(), gtk_get_major_version(), gtk_get_minor_version(),
         gtk_get_micro_version());

    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Detent adwaita recorder");
    gtk_window_set_resizable(GTK_WINDOW(window), FALSE);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    g_signal_connect(window, "close-request", G_CALLBACK(close_cb), NULL);

    hook_tracker();
    carousel = adw_carousel_new();
    AdwCarousel *c = ADW_CAROUSEL(carousel);
    AdwSpringParams *spring = adw_carousel_get_scroll_params(c);
    char d[G_ASCII_DTOSTR_BUF_SIZE], m[G_ASCII_DTOSTR_BUF_SIZE], k[G_ASCII_DTOSTR_BUF_SIZE];
    line("spring damping-ratio=%s mass=%s stiffness=%s", num(adw_spring_params_get_damping_ratio(spring), d),
         num(adw_spring_params_get_mass(spring), m), num(adw_spring_params_get_stiffness(spring), k));
    adw_carousel_set_spacing(c, (guint)opt.spacing);
    adw_carousel_set_allow_long_swipes(c, opt.long_swipes);
    adw_carousel_set_allow_mouse_drag(c, TRUE);
    adw_carousel_set_allow_scroll_wheel(c, opt.scroll_wheel);
    gtk_widget_set_size_request(carousel, opt.width, opt.height);
    gtk_widget_set_halign(carousel, GTK_ALIGN_START);
    gtk_widget_set_valign(carousel, GTK_ALIGN_START);
    for (int i = 0; i < opt.pages; i++) {
        GtkWidget *page = gtk_drawing_area_new();
        gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(page), opt.width);
        gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(page), opt.height);
        gtk_widget_set_size_request(page, opt.width, opt.height);
        gtk_widget_set_hexpand(page, FALSE);
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(page), draw_page, GINT_TO_POINTER(i), NULL);
        adw_carousel_append(c, page);
    }
    gtk_window_set_child(GTK_WINDOW(window), carousel);

    GtkEventController *legacy = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE);
    g_signal_connect(legacy, "event", G_CALLBACK(event_cb), NULL);
    gtk_widget_add_controller(window, legacy);

    GtkEventController *scrolls = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(scrolls, GTK_PHASE_CAPTURE);
    g_signal_connect(scrolls, "event", G_CALLBACK(scroll_event_cb), NULL);
    gtk_widget_add_controller(carousel, scrolls);
    GtkEventController *client = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    g_signal_connect(client, "scroll-begin", G_CALLBACK(client_begin_cb), NULL);
    g_signal_connect(client, "scroll", G_CALLBACK(client_scroll_cb), NULL);
    g_signal_connect(client, "scroll-end", G_CALLBACK(client_end_cb), NULL);
    gtk_widget_add_controller(carousel, client);

    g_signal_connect(carousel, "notify::position", G_CALLBACK(position_cb), NULL);
    g_signal_connect(carousel, "page-changed", G_CALLBACK(page_changed_cb), NULL);
    g_signal_connect(carousel, "map", G_CALLBACK(map_cb), NULL);

    GInputStream *raw = g_unix_input_stream_new(0, FALSE);
    GDataInputStream *in = g_data_input_stream_new(raw);
    g_data_input_stream_read_line_async(in, G_PRIORITY_DEFAULT, NULL, read_command, NULL);

    gtk_window_present(GTK_WINDOW(window));
    g_main_loop_run(loop);

    line("bye");
    g_object_unref(in);
    g_object_unref(raw);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}
