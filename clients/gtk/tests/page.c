/*
 * detent-gtk-page: a GNOME developer's page on DetentCarousel, built from
 * page.ui as libadwaita's demo page for AdwCarousel is (the switches are
 * bound in the .ui; the orientation switch and the return button are
 * here, making the demo's calls). The tests drive it with real X input.
 *   detent-gtk-page PAGE.ui [--rtl] [--socket PATH]
 * Trace on stdout, one line each: ready; page-changed index=I position=P;
 * position p=P; notify name=N value=V; returned position=P (after a
 * scroll_to command); where id=ID x= y= w= h= (in the X window);
 * value name=N value=V; prop id= name= value=; paints count=N; active id= value=0|1;
 * focused on=; log level=L
 * message="...".
 * Commands on stdin: scroll_to I 0|1, where ID, get PROP, set PROP VALUE,
 * prop ID PROP (of another object of page.ui; `carousel` for the carousel),
 * paints (frames painted since last asked),
 * remove I, append, insert I, focus, focused, active SWITCH-ID, animations 0|1
 * (GtkSettings' gtk-enable-animations), quit.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <detent-gtk.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GtkBuilder *builder;
static DetentCarousel *carousel;
static GtkWidget *window;
static GMainLoop *loop;
static guint paints; /* frames painted since the last `paints` command */

static const char css[] =
    ".page-first { background: #c01c28; color: white; }\n"
    ".page-second { background: #26a269; }\n"
    ".page-third { background: #1a5fb4; }\n";

static void on_page_changed(DetentCarousel *c, guint index, gpointer data)
{
    (void)data;
    printf("page-changed index=%u position=%.9g\n", index, detent_carousel_get_position(c));
}

static void on_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)data;
    GValue v = G_VALUE_INIT;
    g_value_init(&v, pspec->value_type);
    g_object_get_property(object, pspec->name, &v);
    if (strcmp(pspec->name, "position") == 0) {
        printf("position p=%.9g\n", g_value_get_double(&v));
    } else {
        char *text = G_VALUE_HOLDS_STRING(&v) ? g_strdup(g_value_get_string(&v) ? g_value_get_string(&v) : "(null)")
                     : G_VALUE_HOLDS_ENUM(&v) ? g_strdup_printf("%d", g_value_get_enum(&v))
                     : g_strdup_value_contents(&v);
        printf("notify name=%s value=%s\n", pspec->name, text);
        g_free(text);
    }
    g_value_unset(&v);
}

/* As the demo's notify_orientation_cb: the box across, the carousel along. */
static void on_vertical(GtkSwitch *sw, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    GtkOrientation o = gtk_switch_get_active(sw) ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
    gtk_orientable_set_orientation(GTK_ORIENTABLE(gtk_builder_get_object(builder, "box")), 1 - o);
    gtk_orientable_set_orientation(GTK_ORIENTABLE(carousel), o);
}

/* As the demo's notify_indicators_cb. */
static void on_lines(GtkSwitch *sw, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    gtk_stack_set_visible_child_name(GTK_STACK(gtk_builder_get_object(builder, "indicators_stack")),
                                     gtk_switch_get_active(sw) ? "lines" : "dots");
}

/* As the demo's carousel_return_cb. */
static void on_return(GSimpleAction *action, GVariant *parameter, gpointer data)
{
    (void)action;
    (void)parameter;
    (void)data;
    detent_carousel_scroll_to(carousel, detent_carousel_get_nth_page(carousel, 0), TRUE);
}

static void print_where(const char *id)
{
    GObject *o = gtk_builder_get_object(builder, id);
    GtkWidget *w = GTK_IS_WIDGET(o) ? GTK_WIDGET(o) : NULL;
    graphene_rect_t r;
    if (!w || !gtk_widget_compute_bounds(w, window, &r)) graphene_rect_init(&r, -1, -1, 0, 0);
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    printf("where id=%s x=%g y=%g w=%g h=%g\n", id, r.origin.x + sx, r.origin.y + sy, r.size.width, r.size.height);
}

typedef struct {
    char *id;
    gulong handler;
} Where;

static void after_paint(GdkFrameClock *clock, gpointer data)
{
    Where *w = data;
    g_signal_handler_disconnect(clock, w->handler);
    print_where(w->id);
    g_free(w->id);
    g_free(w);
}

/* Answered after the next frame is painted: the allocation a scroll_to just asked for is done. */
static void where(const char *id)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    Where *w = g_new0(Where, 1);
    w->id = g_strdup(id);
    w->handler = g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), w);
    gtk_widget_queue_draw(window);
}

static void command(char *line)
{
    char *args[4] = { 0 };
    int n = 0;
    for (char *tok = strtok(line, " \n"); tok && n < 4; tok = strtok(NULL, " \n")) args[n++] = tok;
    if (n == 0) return;
    if (!strcmp(args[0], "quit")) {
        g_main_loop_quit(loop);
    } else if (!strcmp(args[0], "scroll_to") && n == 3) {
        detent_carousel_scroll_to(carousel, detent_carousel_get_nth_page(carousel, (guint)atoi(args[1])),
                                  atoi(args[2]));
        printf("returned position=%.9g\n", detent_carousel_get_position(carousel));
    } else if (!strcmp(args[0], "where") && n == 2) {
        where(args[1]);
    } else if (!strcmp(args[0], "get") && n == 2) {
        GValue v = G_VALUE_INIT;
        GParamSpec *p = g_object_class_find_property(G_OBJECT_GET_CLASS(carousel), args[1]);
        if (!p) return;
        g_value_init(&v, p->value_type);
        g_object_get_property(G_OBJECT(carousel), args[1], &v);
        char *text = g_strdup_value_contents(&v);
        printf("value name=%s value=%s\n", args[1], text);
        g_free(text);
        g_value_unset(&v);
    } else if (!strcmp(args[0], "set") && n == 3) {
        GValue v = G_VALUE_INIT;
        GParamSpec *p = g_object_class_find_property(G_OBJECT_GET_CLASS(carousel), args[1]);
        GError *error = NULL;
        if (p && gtk_builder_value_from_string_type(builder, p->value_type, args[2], &v, &error)) {
            g_object_set_property(G_OBJECT(carousel), args[1], &v);
            g_value_unset(&v);
        } else {
            printf("error message=\"%s\"\n", error ? error->message : "no such property");
            g_clear_error(&error);
        }
    } else if (!strcmp(args[0], "remove") && n == 2) {
        detent_carousel_remove(carousel, detent_carousel_get_nth_page(carousel, (guint)atoi(args[1])));
    } else if (!strcmp(args[0], "append")) {
        detent_carousel_append(carousel, gtk_label_new("appended"));
    } else if (!strcmp(args[0], "insert") && n == 2) {
        detent_carousel_insert(carousel, gtk_label_new("inserted"), atoi(args[1]));
    } else if (!strcmp(args[0], "focus")) {
        gtk_widget_grab_focus(GTK_WIDGET(carousel));
    } else if (!strcmp(args[0], "prop") && n == 3) {
        GObject *o = gtk_builder_get_object(builder, args[1]);
        GParamSpec *p = o ? g_object_class_find_property(G_OBJECT_GET_CLASS(o), args[2]) : NULL;
        if (!p) return;
        GValue v = G_VALUE_INIT;
        g_value_init(&v, p->value_type);
        g_object_get_property(o, args[2], &v);
        const char *text = G_VALUE_HOLDS_OBJECT(&v) ? (g_value_get_object(&v) == (GObject *)carousel ? "carousel" : "other")
                           : NULL;
        char *contents = text ? g_strdup(text) : G_VALUE_HOLDS_ENUM(&v) ? g_strdup_printf("%d", g_value_get_enum(&v))
                                                                          : g_strdup_value_contents(&v);
        printf("prop id=%s name=%s value=%s\n", args[1], args[2], contents);
        g_free(contents);
        g_value_unset(&v);
    } else if (!strcmp(args[0], "active") && n == 2) {
        GObject *o = gtk_builder_get_object(builder, args[1]);
        printf("active id=%s value=%d\n", args[1], GTK_IS_SWITCH(o) ? gtk_switch_get_active(GTK_SWITCH(o)) : -1);
    } else if (!strcmp(args[0], "animations") && n == 2) {
        g_object_set(gtk_settings_get_default(), "gtk-enable-animations", atoi(args[1]) != 0, NULL);
    } else if (!strcmp(args[0], "paints")) {
        printf("paints count=%u\n", paints);
        paints = 0;
    } else if (!strcmp(args[0], "focused")) {
        GtkWidget *f = gtk_root_get_focus(GTK_ROOT(window));
        printf("focused on=%s\n", f == GTK_WIDGET(carousel) ? "carousel" : f ? G_OBJECT_TYPE_NAME(f) : "none");
    }
    fflush(stdout);
}

static gboolean on_stdin(GIOChannel *channel, GIOCondition condition, gpointer data)
{
    (void)condition;
    (void)data;
    char *line = NULL;
    GIOStatus status = g_io_channel_read_line(channel, &line, NULL, NULL, NULL);
    if (status == G_IO_STATUS_EOF || status == G_IO_STATUS_ERROR) {
        g_main_loop_quit(loop);
        return G_SOURCE_REMOVE;
    }
    if (line) command(line);
    g_free(line);
    return G_SOURCE_CONTINUE;
}

static GLogWriterOutput on_log(GLogLevelFlags level, const GLogField *fields, gsize n, gpointer data)
{
    (void)data;
    const char *message = "";
    for (gsize i = 0; i < n; i++)
        if (!strcmp(fields[i].key, "MESSAGE")) message = fields[i].value;
    if (level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE)) {
        char *quoted = g_strescape(message, NULL);
        printf("log level=%s message=\"%s\"\n",
               level & G_LOG_LEVEL_CRITICAL ? "critical" : level & G_LOG_LEVEL_WARNING ? "warning" : "message",
               quoted);
        g_free(quoted);
        fflush(stdout);
    }
    return g_log_writer_default(level, fields, n, data);
}

static void count_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    paints++;
}

/* Once the first frame is drawn: laid out, the carousel's box known. */
static gboolean announce(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)widget;
    (void)clock;
    (void)data;
    if (gtk_widget_get_width(GTK_WIDGET(carousel)) == 0) return G_SOURCE_CONTINUE;
    printf("ready\n");
    print_where("carousel");
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(count_paint), NULL);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: detent-gtk-page PAGE.ui [--rtl] [--socket PATH]\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    g_log_set_writer_func(on_log, NULL, NULL);
    detent_gtk_init();
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--rtl")) gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL);
    builder = gtk_builder_new_from_file(argv[1]);
    window = GTK_WIDGET(gtk_builder_get_object(builder, "window"));
    carousel = DETENT_CAROUSEL(gtk_builder_get_object(builder, "carousel"));
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--socket")) detent_carousel_set_socket(carousel, argv[i + 1]);

    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GSimpleActionGroup *actions = g_simple_action_group_new();
    GSimpleAction *ret = g_simple_action_new("return", NULL);
    g_signal_connect(ret, "activate", G_CALLBACK(on_return), NULL);
    g_action_map_add_action(G_ACTION_MAP(actions), G_ACTION(ret));
    gtk_widget_insert_action_group(window, "carousel", G_ACTION_GROUP(actions));
    g_signal_connect(gtk_builder_get_object(builder, "vertical"), "notify::active", G_CALLBACK(on_vertical), NULL);
    g_signal_connect(gtk_builder_get_object(builder, "indicator_lines"), "notify::active", G_CALLBACK(on_lines), NULL);

    g_signal_connect(carousel, "page-changed", G_CALLBACK(on_page_changed), NULL);
    const char *watched[] = { "position", "connected", "running-plugin", "n-pages", "allow-scroll-wheel",
                              "allow-long-swipes", "orientation" };
    for (size_t i = 0; i < G_N_ELEMENTS(watched); i++) {
        char *signal = g_strconcat("notify::", watched[i], NULL);
        g_signal_connect(carousel, signal, G_CALLBACK(on_notify), NULL);
        g_free(signal);
    }
    GIOChannel *in = g_io_channel_unix_new(0);
    g_io_add_watch(in, G_IO_IN | G_IO_HUP, on_stdin, NULL);
    loop = g_main_loop_new(NULL, FALSE);
    g_signal_connect_swapped(window, "destroy", G_CALLBACK(g_main_loop_quit), loop);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_add_tick_callback(window, announce, NULL, NULL);
    g_main_loop_run(loop);
    return 0;
}
