/*
 * The window, titled "Detent": a heading, where the daemon is, the strips
 * in two rows, and over them (not pushing them down) a red banner while
 * no daemon answers (the carousels' `connected`; they page by themselves
 * meanwhile, and find a daemon again by themselves). Once it is mapped and
 * every carousel has opened its session the trace gets each carousel's
 * box and its controls in window coordinates:
 *   strip s=NAME x=X y=Y width=W height=H
 *   control s=NAME name=prev|next|plugin|autoplay x=X y=Y width=W height=H
 *   ready strips=6
 * and: banner shown=1|0 [text="..."]; focus on=NAME|TYPE; popup s=NAME focus=PLUGIN
 * (the row with the keyboard focus in an open dropdown list).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <string.h>

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
    "carousel.view { background: #e9ecf2; border-radius: 10px; }\n"
    ".banner { background: #b42318; color: #ffffff; padding: 10px 16px; font-size: 14px; }\n";

/** At start, once the window is mapped, laid out and every carousel's session is open: where each strip is. */
void window_maybe_announce(Demo *d)
{
    if (d->announced || !d->mapped) return;
    for (int i = 0; i < DEMO_STRIPS; i++) {
        DetentCarousel *c = DETENT_CAROUSEL(d->strips[i].carousel);
        if (!detent_carousel_get_running_plugin(c) || gtk_widget_get_width(GTK_WIDGET(c)) <= 0) return;
    }
    d->announced = TRUE;
    for (int i = 0; i < DEMO_STRIPS; i++) {
        Strip *s = &d->strips[i];
        trace_rect("strip", s->spec->name, NULL, s->carousel);
        trace_rect("control", s->spec->name, "prev", s->prev);
        trace_rect("control", s->spec->name, "next", s->next);
        trace_rect("control", s->spec->name, "plugin", s->dropdown);
        if (s->autoplay) trace_rect("control", s->spec->name, "autoplay", s->autoplay);
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

static void on_focus(GtkWindow *window, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *d = data;
    GtkWidget *focus = gtk_window_get_focus(window);
    trace_focus(focus, NULL, NULL);
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

static void banner(Demo *d, gboolean shown)
{
    if (gtk_widget_get_visible(d->banner) == shown) return;
    GString *line = g_string_new(NULL);
    g_string_printf(line, "banner shown=%d", shown);
    if (shown) {
        char *text = g_strdup_printf("detentd is not reachable (tried %s). The strips page by themselves meanwhile.\n"
                                     "Retrying: the carousels look for it again by themselves. Is scripts/gtk-demo "
                                     "running? It starts detentd and this app.",
                                     relay_upstream());
        gtk_label_set_text(GTK_LABEL(d->banner_label), text);
        g_string_append(line, " text=");
        trace_quote(line, text);
        g_free(text);
    }
    gtk_widget_set_visible(d->banner, shown);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

/* No daemon 1.5 s after start: the banner too (not at once: the first connection takes a moment). */
static gboolean grace(gpointer data)
{
    Demo *d = data;
    d->grace_id = 0;
    if (!d->connected) banner(d, TRUE);
    return G_SOURCE_REMOVE;
}

/** The carousels' `connected` (one connection carries them all). */
void window_connected(Demo *d, gboolean connected)
{
    if (!d->grace_id && !d->connected && !connected) d->grace_id = g_timeout_add(1500, grace, d);
    if (d->connected == connected) return;
    d->connected = connected;
    banner(d, !connected);
    if (connected) offer_start(d);
    else gtk_label_set_text(GTK_LABEL(d->where), "Daemon: gone, looking for it again\u2026");
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
    GtkWidget *intro = label("Drag a strip with the mouse or a finger, scroll it, or Tab to it and page it with the "
                             "arrow keys, Home, End, Page Up and Page Down: each is a DetentCarousel, a session of "
                             "detentd that decides where it comes to rest. The dropdown switches a strip to "
                             "another plugin that pages it; \u25c0 and \u25b6 go to the previous and next item.",
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
