/*
 * The twin's window, titled "Detent: AdwCarousel twin" (demo.h's window_*
 * functions, in place of Examples/gtk's window.c): a heading, where the
 * daemon is, the AdwCarousel's section above the strip's, and over them a
 * red banner while the daemon cannot be reached or will not page the strip
 * with its plugin (an unknown name, an unsupported layout): the banner then
 * says what detentd answered and which plugins it has.
 * Trace, once mapped with the strip open: strip s=strip|carousel x= y=
 * width= height=, control s=strip|carousel name=prev|next[|plugin] ...,
 * then ready strips=2.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "twin.h"

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
    ".reply { font-family: monospace; font-size: 10px; }\n"
    ".twin-carousel { background: #e9ecf2; border-radius: 10px; }\n"
    ".twin-carousel:focus { outline: 3px solid #1c71d8; outline-offset: -3px; }\n"
    ".banner { background: #b42318; color: #ffffff; padding: 10px 16px; font-size: 14px; }\n";

static gboolean refused; /* the banner shows the daemon's refusal of the plugin */

static void show_banner(Demo *d, const char *text);

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

static void trace_rect(Demo *d, const char *what, const char *s, const char *name, GtkWidget *widget)
{
    double x, y, w, h;
    char a[32], b[32], c[32], e[32];
    rect_of(widget, d->window, &x, &y, &w, &h);
    trace_line("%s s=%s%s%s x=%s y=%s width=%s height=%s", what, s, name ? " name=" : "", name ? name : "",
               trace_num(x, a), trace_num(y, b), trace_num(w, c), trace_num(h, e));
}

/** Once the window is mapped and laid out and the strip is open: where both are. */
void window_maybe_announce(Demo *d)
{
    Strip *s = &d->strips[0];
    if (s->ready && refused) show_banner(d, NULL); /* it opened after all (another plugin, a new daemon) */
    if (d->announced || !d->mapped) return;
    if (!s->ready || gtk_widget_get_width(s->area) <= 0 || gtk_widget_get_width(carousel_area()) <= 0) return;
    d->announced = TRUE;
    trace_rect(d, "strip", "carousel", NULL, carousel_area());
    trace_rect(d, "control", "carousel", "prev", carousel_prev());
    trace_rect(d, "control", "carousel", "next", carousel_next());
    trace_rect(d, "strip", s->spec->name, NULL, s->area);
    trace_rect(d, "control", s->spec->name, "prev", s->prev);
    trace_rect(d, "control", s->spec->name, "next", s->next);
    trace_rect(d, "control", s->spec->name, "plugin", s->dropdown);
    trace_line("ready strips=2");
}

/* focus on=carousel|strip|TYPE: each move of the keyboard focus (a test tabs to either). */
static void on_focus(GtkWindow *window, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    keys_trace_focus(data, gtk_window_get_focus(window), carousel_area(), "carousel");
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

static void show_banner(Demo *d, const char *text)
{
    gboolean shown = text != NULL;
    refused = FALSE;
    char *own = NULL;
    if (shown) {
        /* link.c's text names the GTK demo's script; this window has its own. */
        const char *theirs = strstr(text, "scripts/gtk-demo");
        if (theirs)
            own = g_strdup_printf("%.*sscripts/adwaita-twin%s", (int)(theirs - text), text,
                                  theirs + strlen("scripts/gtk-demo"));
        gtk_label_set_text(GTK_LABEL(d->banner_label), own ? own : text);
    }
    gtk_widget_set_visible(d->banner, shown);
    GString *line = g_string_new(NULL);
    g_string_printf(line, "banner shown=%d", shown);
    if (shown) {
        g_string_append(line, " text=");
        trace_quote(line, own ? own : text);
    }
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
    g_free(own);
}

void window_set_banner(Demo *d, const char *text)
{
    /* NULL comes when the daemon answers again, before the strip's open: an error equal to the last must
     * still change the reply line (on_reply). */
    if (!text) gtk_label_set_text(GTK_LABEL(d->strips[0].reply), "");
    show_banner(d, text);
}

void window_set_where(Demo *d, const char *text)
{
    char *where = g_strdup_printf("Daemon: %s", text);
    gtk_label_set_text(GTK_LABEL(d->where), where);
    g_free(where);
}

/*
 * The strip's reply line changed. While connected with the session not open, the only text it can get
 * is the daemon's error to the open: the plugin was refused. Say so over the window, not only in small type.
 */
static void on_reply(GObject *label, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *d = data;
    Strip *s = &d->strips[0];
    const char *text = gtk_label_get_text(GTK_LABEL(label));
    if (!d->connected || s->ready || !*text) return;
    GString *have = g_string_new(NULL);
    gboolean known = FALSE;
    for (guint i = 0; i < d->plugins->len; i++) {
        const char *name = d->plugins->pdata[i];
        g_string_append_printf(have, "%s%s", i ? ", " : "", name);
        known = known || strcmp(name, s->plugin) == 0;
    }
    char *why = known ? g_strdup_printf("detentd will not page the strip with plugin \u201c%s\u201d: %s\n"
                                        "Start with another: --plugin NAME (scripts/adwaita-twin --plugin paging).",
                                        s->plugin, text)
                      : g_strdup_printf("detentd has no plugin \u201c%s\u201d. Its plugins: %s.\n"
                                        "Start with one of them: --plugin NAME (scripts/adwaita-twin --plugin "
                                        "paging), or give a --config that has it.",
                                        s->plugin, have->str);
    show_banner(d, why);
    refused = TRUE;
    g_free(why);
    g_string_free(have, TRUE);
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
    const TwinOptions *o = &twin_options;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);

    d->window = gtk_application_window_new(d->app);
    gtk_window_set_title(GTK_WINDOW(d->window), "Detent: AdwCarousel twin");
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
    GtkWidget *subtitle = label("GNOME's feel, twice", "subtitle");
    gtk_widget_set_valign(subtitle, GTK_ALIGN_BASELINE);
    gtk_box_append(GTK_BOX(heading), subtitle);
    gtk_box_append(GTK_BOX(page), heading);
    char *intro_text = g_strdup_printf(
        "Drag either with the mouse or a finger. Above, libadwaita's own AdwCarousel; below, a strip of the "
        "same %d pages (%d pt, %d pt apart) paged by detentd's plugin \u201c%s\u201d: drawn where the daemon "
        "says while dragging, then along the decision's curve. Both should feel the same.",
        o->pages, o->width, o->spacing, o->plugin);
    GtkWidget *intro = label(intro_text, "intro");
    g_free(intro_text);
    gtk_label_set_max_width_chars(GTK_LABEL(intro), 20);
    gtk_widget_set_size_request(intro, o->width + 24, -1);
    gtk_box_append(GTK_BOX(page), intro);
    d->where = label("Daemon: connecting\u2026", "where");
    gtk_box_append(GTK_BOX(page), d->where);

    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 14);
    gtk_widget_set_margin_top(column, 6);
    gtk_box_append(GTK_BOX(column), carousel_build());
    Strip *s = &d->strips[0];
    GtkWidget *section = strip_build(s);
    /* strip_build's second row is the spec's about text and its seed: the strip's own words here. */
    GtkWidget *about = gtk_widget_get_next_sibling(gtk_widget_get_first_child(section));
    if (GTK_IS_LABEL(about))
        gtk_label_set_text(GTK_LABEL(about), "Paged by detentd through libdetent: begin, move and end with the "
                                             "events' own times; the dropdown switches its plugin.");
    gtk_widget_set_halign(section, GTK_ALIGN_FILL);
    gtk_box_append(GTK_BOX(column), section);
    gtk_box_append(GTK_BOX(page), column);
    g_signal_connect(s->reply, "notify::label", G_CALLBACK(on_reply), d);

    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), page);
    d->banner = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(d->banner, "banner");
    gtk_widget_set_valign(d->banner, GTK_ALIGN_START);
    d->banner_label = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(d->banner_label), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(d->banner_label), 20);
    gtk_label_set_xalign(GTK_LABEL(d->banner_label), 0);
    gtk_widget_set_hexpand(d->banner_label, TRUE);
    gtk_box_append(GTK_BOX(d->banner), d->banner_label);
    gtk_widget_set_visible(d->banner, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), d->banner);
    gtk_window_set_child(GTK_WINDOW(d->window), overlay);
}
