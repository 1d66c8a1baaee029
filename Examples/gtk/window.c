/*
 * The window, titled "Detent": a heading, where the daemon is, the strips
 * in two columns, and over them (not pushing them down) a red banner while
 * the daemon cannot be reached. Once it is mapped and every strip is open
 * the trace gets each strip's viewport and controls in window coordinates:
 *   strip s=NAME x=X y=Y width=W height=H
 *   control s=NAME name=prev|next|plugin|autoplay x=X y=Y width=W height=H
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static const char *css =
    "window { background: #f4f5f8; color: #1c2230; }\n"
    ".heading { font-size: 22px; font-weight: bold; }\n"
    ".subtitle, .dim, .intro, .about, .status, .reply, .where { color: #5d6678; }\n"
    ".subtitle { font-size: 14px; }\n"
    ".intro, .where { font-size: 12px; }\n"
    ".strip { background: #ffffff; border-radius: 14px; padding: 10px 12px 8px 12px;"
    " box-shadow: 0 1px 3px rgba(20, 30, 50, 0.12); }\n"
    ".strip.offline { opacity: 0.45; }\n"
    ".strip .title { font-size: 15px; font-weight: bold; }\n"
    ".dim { font-size: 12px; }\n"
    ".about { font-size: 11px; }\n"
    ".status { font-size: 12px; font-feature-settings: \"tnum\"; }\n"
    ".reply { font-family: monospace; font-size: 10px; }\n"
    ".banner { background: #b42318; color: #ffffff; padding: 10px 16px; font-size: 14px; }\n";

/** A widget's box in the window's (its X window's) coordinates. */
static void rect_of(GtkWidget *widget, GtkWidget *window, double *x, double *y, double *w, double *h)
{
    graphene_rect_t r;
    if (!gtk_widget_compute_bounds(widget, window, &r)) graphene_rect_init(&r, 0, 0, 0, 0);
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    *x = r.origin.x + sx;
    *y = r.origin.y + sy;
    *w = r.size.width;
    *h = r.size.height;
}

static void trace_rect(const char *what, Strip *s, const char *name, GtkWidget *widget)
{
    double x, y, w, h;
    char a[32], b[32], c[32], d[32];
    rect_of(widget, s->demo->window, &x, &y, &w, &h);
    trace_line("%s s=%s%s%s x=%s y=%s width=%s height=%s", what, s->spec->name, name ? " name=" : "", name ? name : "",
               trace_num(x, a), trace_num(y, b), trace_num(w, c), trace_num(h, d));
}

/** At start, once the window is mapped, laid out and every strip is open: where each strip is. */
void window_maybe_announce(Demo *d)
{
    if (d->announced || !d->mapped) return;
    for (int i = 0; i < DEMO_STRIPS; i++)
        if (!d->strips[i].ready || gtk_widget_get_width(d->strips[i].area) <= 0) return;
    d->announced = TRUE;
    for (int i = 0; i < DEMO_STRIPS; i++) {
        Strip *s = &d->strips[i];
        trace_rect("strip", s, NULL, s->area);
        trace_rect("control", s, "prev", s->prev);
        trace_rect("control", s, "next", s->next);
        trace_rect("control", s, "plugin", s->dropdown);
        if (s->autoplay) trace_rect("control", s, "autoplay", s->autoplay);
    }
    trace_line("ready strips=%d", DEMO_STRIPS);
}

/** The text of the first label at or under widget (a dropdown row's plugin). */
static const char *label_text(GtkWidget *widget)
{
    if (GTK_IS_LABEL(widget)) return gtk_label_get_text(GTK_LABEL(widget));
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        const char *text = label_text(child);
        if (text) return text;
    }
    return NULL;
}

/* focus on=...: each move of the keyboard focus (keys.c); popup s=NAME focus=PLUGIN: the row with the
 * keyboard focus in a strip's open dropdown list. */
static void on_focus(GtkWindow *window, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *d = data;
    GtkWidget *focus = gtk_window_get_focus(window);
    keys_trace_focus(d, focus, NULL, NULL);
    for (int i = 0; focus && i < DEMO_STRIPS; i++) {
        if (!gtk_widget_is_ancestor(focus, d->strips[i].dropdown)) continue;
        if (!gtk_widget_get_ancestor(focus, GTK_TYPE_POPOVER)) continue; /* the button, not a row */
        const char *text = label_text(focus);
        if (text) trace_line("popup s=%s focus=%s", d->strips[i].spec->name, text);
    }
}

static void after_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    window_maybe_announce(data);
}

static void on_map(GtkWidget *window, gpointer data)
{
    Demo *d = data;
    d->mapped = TRUE;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), d);
    gtk_widget_queue_draw(window);
}

void window_set_banner(Demo *d, const char *text)
{
    gboolean shown = text != NULL;
    if (shown) gtk_label_set_text(GTK_LABEL(d->banner_label), text);
    gtk_widget_set_visible(d->banner, shown);
    GString *line = g_string_new(NULL);
    g_string_printf(line, "banner shown=%d", shown);
    if (shown) {
        g_string_append(line, " text=");
        trace_quote(line, text);
    }
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

void window_set_where(Demo *d, const char *text)
{
    char *where = g_strdup_printf("Daemon: %s", text);
    gtk_label_set_text(GTK_LABEL(d->where), where);
    g_free(where);
}

static GtkWidget *label(const char *text, const char *css_class)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_widget_add_css_class(l, css_class);
    return l;
}

void window_build(Demo *d)
{
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);

    d->window = gtk_application_window_new(d->app);
    gtk_window_set_title(GTK_WINDOW(d->window), "Detent");
    gtk_window_set_resizable(GTK_WINDOW(d->window), FALSE);
    g_signal_connect(d->window, "map", G_CALLBACK(on_map), d);
    g_signal_connect(d->window, "notify::focus-widget", G_CALLBACK(on_focus), d);

    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(page, 16);
    gtk_widget_set_margin_end(page, 16);
    gtk_widget_set_margin_top(page, 14);
    gtk_widget_set_margin_bottom(page, 16);
    GtkWidget *heading = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10);
    gtk_box_append(GTK_BOX(heading), label("Detent", "heading"));
    GtkWidget *subtitle = label("every strip pages through detentd", "subtitle");
    gtk_widget_set_valign(subtitle, GTK_ALIGN_BASELINE);
    gtk_box_append(GTK_BOX(heading), subtitle);
    gtk_box_append(GTK_BOX(page), heading);
    GtkWidget *intro = label("Drag a strip with the mouse or a finger: each is a session of detentd, sent begin, move "
                             "and end with the events' own timestamps. It is drawn where the daemon says while "
                             "dragging, then follows the decision's own curve. The dropdown switches a strip to "
                             "another plugin that pages it; \u25c0 and \u25b6 go to the previous and next item. "
                             "Tab to a strip: the arrow keys, Home, End, Page Up and Page Down page it.",
                             "intro");
    gtk_label_set_max_width_chars(GTK_LABEL(intro), 60);
    gtk_box_append(GTK_BOX(page), intro);
    d->where = label("Daemon: connecting\u2026", "where");
    gtk_box_append(GTK_BOX(page), d->where);

    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 14);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 14);
    gtk_widget_set_margin_top(grid, 6);
    for (int i = 0; i < DEMO_STRIPS; i++)
        gtk_grid_attach(GTK_GRID(grid), strip_build(&d->strips[i]), i % 3, i / 3, 1, 1);
    gtk_box_append(GTK_BOX(page), grid);

    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), page);
    d->banner = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(d->banner, "banner");
    gtk_widget_set_valign(d->banner, GTK_ALIGN_START);
    d->banner_label = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(d->banner_label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(d->banner_label), 0);
    gtk_box_append(GTK_BOX(d->banner), d->banner_label);
    gtk_widget_set_visible(d->banner, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), d->banner);
    gtk_window_set_child(GTK_WINDOW(d->window), overlay);
}
