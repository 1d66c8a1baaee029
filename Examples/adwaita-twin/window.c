/*
 * The twin's window, titled "Detent: AdwCarousel twin": a heading, where
 * the daemon is, the AdwCarousel's section (carousel.c) above the
 * DetentCarousel's, and over them a red banner while no daemon answers
 * (its `connected`) or while it runs another plugin than the one asked for
 * (`running-plugin`: the daemon refused it). The DetentCarousel is the
 * widget as an app drops it in: AdwCarousel's geometry (every page the
 * carousel's size), spacing and allow-long-swipes as the AdwCarousel's.
 * Trace, once mapped with the DetentCarousel's session open: strip
 * s=carousel|strip x= y= width= height=, control s=carousel|strip
 * name=prev|next ..., then ready strips=2; banner shown=1|0 [text=];
 * focus on=carousel|strip|TYPE; the DetentCarousel's as Examples/gtk's
 * (s=strip).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "twin.h"

#include <math.h>
#include <string.h>

static const char *css =
    "window { background: #f4f5f8; color: #1c2230; }\n"
    ".heading { font-size: 22px; font-weight: bold; }\n"
    ".subtitle, .dim, .intro, .about, .status, .where { color: #5d6678; }\n"
    ".subtitle { font-size: 14px; }\n"
    ".intro, .where { font-size: 12px; }\n"
    ".strip { background: #ffffff; border-radius: 14px; padding: 10px 12px 8px 12px;"
    " box-shadow: 0 1px 3px rgba(20, 30, 50, 0.12); }\n"
    ".strip .title { font-size: 15px; font-weight: bold; }\n"
    ".dim { font-size: 12px; }\n"
    ".about { font-size: 11px; }\n"
    ".status { font-size: 12px; font-feature-settings: \"tnum\"; }\n"
    ".view { background: #e9ecf2; border-radius: 10px; }\n"
    ".banner { background: #b42318; color: #ffffff; padding: 10px 16px; font-size: 14px; }\n";

static GtkWidget *window, *strip, *status, *prev, *next, *banner, *banner_label;
static gboolean mapped, announced, shown_once;

/* Once mapped and laid out with the DetentCarousel's session open: where both are. */
static void after_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    if (announced || !mapped || !detent_carousel_get_running_plugin(DETENT_CAROUSEL(strip))) return;
    if (gtk_widget_get_width(strip) <= 0 || gtk_widget_get_width(carousel_area()) <= 0) return;
    announced = TRUE;
    trace_rect("strip", "carousel", NULL, carousel_area());
    trace_rect("control", "carousel", "prev", carousel_prev());
    trace_rect("control", "carousel", "next", carousel_next());
    trace_rect("strip", "strip", NULL, strip);
    trace_rect("control", "strip", "prev", prev);
    trace_rect("control", "strip", "next", next);
    trace_line("ready strips=2");
}

static void on_map(GtkWidget *widget, gpointer data)
{
    (void)data;
    mapped = TRUE;
    g_signal_connect(gtk_widget_get_frame_clock(widget), "after-paint", G_CALLBACK(after_paint), NULL);
    gtk_widget_queue_draw(widget);
}

static void on_focus(GtkWindow *w, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    trace_focus(gtk_window_get_focus(w), carousel_area(), "carousel");
}

static void show_banner(const char *text)
{
    gboolean shown = text != NULL;
    if (shown) gtk_label_set_text(GTK_LABEL(banner_label), text);
    if (shown == gtk_widget_get_visible(banner)) return;
    gtk_widget_set_visible(banner, shown);
    GString *line = g_string_new(NULL);
    g_string_printf(line, "banner shown=%d", shown);
    if (shown) {
        g_string_append(line, " text=");
        trace_quote(line, text);
    }
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

/* The banner: no daemon (after a moment at start), or another plugin than the one asked for runs. And the
 * status line under the DetentCarousel, from its own properties. */
static void refresh(void)
{
    DetentCarousel *c = DETENT_CAROUSEL(strip);
    gboolean connected = detent_carousel_get_connected(c);
    const char *running = detent_carousel_get_running_plugin(c);
    char *text = NULL;
    if (!connected && shown_once)
        text = g_strdup_printf("detentd is not reachable (tried %s); the DetentCarousel pages by itself meanwhile "
                               "and finds it again by itself. Is scripts/adwaita-twin running?",
                               relay_upstream());
    else if (connected && running && strcmp(running, twin_options.plugin) != 0)
        text = g_strdup_printf("detentd will not page the DetentCarousel with plugin \u201c%s\u201d (unknown to it, "
                               "or a layout it refuses): it runs \u201c%s\u201d, the config's default. Start with "
                               "another: --plugin NAME, or give a --config that has it.",
                               twin_options.plugin, running);
    show_banner(text);
    g_free(text);
    DetentCarouselState state = detent_carousel_get_state(c);
    char *line = g_strdup_printf("item %ld \u00b7 %s \u00b7 %.1f pt", lround(detent_carousel_get_position(c)),
                                 state == DETENT_CAROUSEL_STATE_DRAG     ? "dragging"
                                 : state == DETENT_CAROUSEL_STATE_MOVING ? "moving"
                                                                         : "at rest",
                                 detent_carousel_get_offset(c));
    gtk_label_set_text(GTK_LABEL(status), line);
    g_free(line);
}

static void on_change(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    (void)pspec;
    (void)data;
    refresh();
}

static gboolean grace(gpointer data)
{
    (void)data;
    shown_once = TRUE;
    refresh();
    return G_SOURCE_REMOVE;
}

static void go(GtkButton *button, gpointer data)
{
    (void)button;
    DetentCarousel *c = DETENT_CAROUSEL(strip);
    long at = lround(detent_carousel_get_position(c)) + GPOINTER_TO_INT(data);
    at = CLAMP(at, 0, (long)detent_carousel_get_n_pages(c) - 1);
    detent_carousel_scroll_to(c, detent_carousel_get_nth_page(c, (guint)at), TRUE);
}

static GtkWidget *strip_build(const char *socket)
{
    const TwinOptions *o = &twin_options;
    char *plugin = g_strdup_printf("plugin %s", o->plugin);
    GtkWidget *section = twin_section("DetentCarousel", plugin, "The same pages in a DetentCarousel, AdwCarousel's "
                                                               "API: detentd decides where it comes to rest.");
    g_free(plugin);

    strip = g_object_new(DETENT_TYPE_CAROUSEL, "name", "strip", "plugin", o->plugin, "socket", socket, "spacing",
                         (guint)o->spacing, "allow-long-swipes", o->long_swipes, NULL);
    for (int i = 0; i < o->pages; i++)
        detent_carousel_append(DETENT_CAROUSEL(strip), draw_page(KIND_SLIDE, i, o->pages, 0, o->width, o->height));
    if (o->start > 0) /* before it is laid out: it opens there */
        detent_carousel_scroll_to(DETENT_CAROUSEL(strip), detent_carousel_get_nth_page(DETENT_CAROUSEL(strip),
                                                                                       (guint)o->start), FALSE);
    gtk_widget_set_size_request(strip, o->width, o->height);
    gtk_widget_set_halign(strip, GTK_ALIGN_START);
    gtk_widget_add_css_class(strip, "view");
    gtk_widget_set_cursor_from_name(strip, "grab");
    gtk_accessible_update_property(GTK_ACCESSIBLE(strip), GTK_ACCESSIBLE_PROPERTY_LABEL, "DetentCarousel", -1);
    for (const char *const *p = (const char *const[]){ "notify::offset", "notify::state", "notify::connected",
                                                        "notify::running-plugin", NULL };
         *p; p++)
        g_signal_connect(strip, *p, G_CALLBACK(on_change), NULL);
    trace_watch(DETENT_CAROUSEL(strip), "strip");
    gtk_box_append(GTK_BOX(section), strip);

    TwinFooter f;
    gtk_box_append(GTK_BOX(section),
                   twin_footer(&f, G_CALLBACK(go), GINT_TO_POINTER(-1), G_CALLBACK(go), GINT_TO_POINTER(1)));
    prev = f.prev, status = f.status, next = f.next;
    return section;
}

GtkWidget *twin_window(GtkApplication *app, const char *socket)
{
    const TwinOptions *o = &twin_options;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
    window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Detent: AdwCarousel twin");
    gtk_window_set_resizable(GTK_WINDOW(window), FALSE);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(window, "notify::focus-widget", G_CALLBACK(on_focus), NULL);

    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(page, 16);
    gtk_widget_set_margin_end(page, 16);
    gtk_widget_set_margin_top(page, 14);
    gtk_widget_set_margin_bottom(page, 16);
    GtkWidget *heading = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10);
    gtk_box_append(GTK_BOX(heading), twin_label("Detent", "heading"));
    gtk_box_append(GTK_BOX(heading), twin_label("GNOME's feel, twice", "subtitle"));
    gtk_box_append(GTK_BOX(page), heading);
    char *intro = g_strdup_printf("Drag either with the mouse or a finger, scroll it, or Tab to it and use the keys. "
                                  "Above, libadwaita's own AdwCarousel; below, a DetentCarousel of the same %d pages "
                                  "(%d pt, %d pt apart) paged by detentd's plugin \u201c%s\u201d. Both should feel "
                                  "the same.", o->pages, o->width, o->spacing, o->plugin);
    GtkWidget *text = twin_label(intro, "intro");
    g_free(intro);
    gtk_widget_set_size_request(text, o->width + 24, -1);
    gtk_box_append(GTK_BOX(page), text);
    char *where = g_strdup_printf("Daemon: %s", relay_upstream());
    gtk_box_append(GTK_BOX(page), twin_label(where, "where"));
    g_free(where);

    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 14);
    gtk_widget_set_margin_top(column, 6);
    gtk_box_append(GTK_BOX(column), carousel_build());
    gtk_box_append(GTK_BOX(column), strip_build(socket));
    gtk_box_append(GTK_BOX(page), column);

    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), page);
    banner = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(banner, "banner");
    gtk_widget_set_valign(banner, GTK_ALIGN_START);
    banner_label = twin_label("", "banner-text");
    gtk_widget_set_hexpand(banner_label, TRUE);
    gtk_box_append(GTK_BOX(banner), banner_label);
    gtk_widget_set_visible(banner, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), banner);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    g_timeout_add(1500, grace, NULL);
    refresh();
    return window;
}
