/*
 * One strip: its title and plugin dropdown (offer.c), what it shows, the
 * DetentCarousel with its pages (draw.c), ◀ and ▶ (scroll_to the previous
 * and next page, animated), the autoplay switch, and a status line. The
 * carousel's properties come from the spec's geometry, so it sends the
 * web demo's layout: page-size or natural-sizes, spacing, lead, trail,
 * align, pad, loop. Its widget name is the spec's, so its session is too.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <math.h>
#include <string.h>

static GtkWidget *label(const char *text, const char *css_class)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    if (css_class) gtk_widget_add_css_class(l, css_class);
    return l;
}

static DetentCarouselAlign align_of(detent_align a)
{
    return a == DETENT_ALIGN_START ? DETENT_CAROUSEL_ALIGN_START
           : a == DETENT_ALIGN_CENTER ? DETENT_CAROUSEL_ALIGN_CENTER
           : a == DETENT_ALIGN_END ? DETENT_CAROUSEL_ALIGN_END
                                   : DETENT_CAROUSEL_ALIGN_DEFAULT;
}

/* "item N · at rest · X pt", from the carousel's own properties. */
static void refresh(Strip *s)
{
    DetentCarousel *c = DETENT_CAROUSEL(s->carousel);
    DetentCarouselState state = detent_carousel_get_state(c);
    const char *words = state == DETENT_CAROUSEL_STATE_DRAG     ? "dragging"
                        : state == DETENT_CAROUSEL_STATE_MOVING ? "moving"
                                                                : "at rest";
    char text[128];
    g_snprintf(text, sizeof text, "item %ld \u00b7 %s \u00b7 %.1f pt%s", lround(detent_carousel_get_position(c)), words,
               detent_carousel_get_offset(c), detent_carousel_get_connected(c) ? "" : " \u00b7 offline");
    if (strcmp(gtk_label_get_text(GTK_LABEL(s->status)), text) != 0) gtk_label_set_text(GTK_LABEL(s->status), text);
}

static void on_change(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    (void)pspec;
    refresh(data);
}

/* ◀ and ▶: the page before or after the one it shows (around a loop), animated as the daemon decides. */
static void go(Strip *s, int delta)
{
    DetentCarousel *c = DETENT_CAROUSEL(s->carousel);
    int n = (int)detent_carousel_get_n_pages(c);
    if (n == 0 || detent_carousel_get_state(c) == DETENT_CAROUSEL_STATE_DRAG) return;
    long at = lround(detent_carousel_get_position(c)) + delta;
    at = detent_carousel_get_loop(c) ? ((at % n) + n) % n : CLAMP(at, 0, n - 1);
    detent_carousel_scroll_to(c, detent_carousel_get_nth_page(c, (guint)at), TRUE);
}

static void on_prev(GtkButton *button, gpointer data)
{
    (void)button;
    go(data, -1);
}

static void on_next(GtkButton *button, gpointer data)
{
    (void)button;
    go(data, 1);
}

static void on_autoplay(GtkCheckButton *button, gpointer data)
{
    Strip *s = data;
    detent_carousel_set_autoplay(DETENT_CAROUSEL(s->carousel),
                                 gtk_check_button_get_active(button) ? s->spec->autoplay_ms : 0);
}

static GtkWidget *carousel_build(Strip *s)
{
    const StripSpec *spec = s->spec;
    const detent_geometry *g = &spec->geometry;
    GtkWidget *widget = g_object_new(DETENT_TYPE_CAROUSEL, "name", spec->name, NULL);
    DetentCarousel *c = DETENT_CAROUSEL(widget);
    if (g->sizes) detent_carousel_set_natural_sizes(c, TRUE);
    else detent_carousel_set_page_size(c, g->item);
    detent_carousel_set_spacing(c, (guint)g->spacing);
    detent_carousel_set_lead(c, g->lead);
    detent_carousel_set_trail(c, g->trail);
    detent_carousel_set_align(c, align_of(g->align));
    detent_carousel_set_pad(c, g->contain == DETENT_CONTAIN_PAD);
    detent_carousel_set_loop(c, g->loop);
    detent_carousel_set_plugin(c, spec->plugin);
    detent_carousel_set_autoplay(c, spec->autoplay_ms);
    detent_carousel_set_socket(c, s->demo->socket);
    int count = spec_count(spec);
    for (int i = 0; i < count; i++) {
        int width = (int)(g->sizes ? g->sizes[i] : g->item);
        detent_carousel_append(c, draw_page(spec->kind, i, count, spec->color_shift, width, spec->height));
    }
    gtk_widget_set_size_request(widget, (int)g->viewport, spec->height);
    gtk_widget_set_halign(widget, GTK_ALIGN_START);
    gtk_widget_add_css_class(widget, "view");
    gtk_widget_set_cursor_from_name(widget, "grab");
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, spec->title, -1);
    for (const char *const *p = (const char *const[]){ "notify::offset", "notify::state", "notify::connected", NULL };
         *p; p++)
        g_signal_connect(widget, *p, G_CALLBACK(on_change), s);
    trace_watch(c, spec->name);
    return widget;
}

GtkWidget *strip_build(Strip *s)
{
    const StripSpec *spec = s->spec;
    GtkWidget *section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_add_css_class(section, "strip");
    s->section = section;

    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *title = label(spec->title, "title");
    gtk_widget_set_hexpand(title, TRUE);
    gtk_box_append(GTK_BOX(header), title);
    gtk_box_append(GTK_BOX(header), label("plugin", "dim"));
    const char *initial[] = { spec->plugin, NULL };
    s->choices = gtk_string_list_new(initial);
    s->dropdown = gtk_drop_down_new(G_LIST_MODEL(s->choices), NULL);
    gtk_widget_set_size_request(s->dropdown, 160, -1);
    gtk_widget_set_tooltip_text(s->dropdown, "the plugins of detentd that page this strip");
    gtk_box_append(GTK_BOX(header), s->dropdown);
    gtk_box_append(GTK_BOX(section), header);

    char *about = g_strdup_printf("%s Seed %s.", spec->about, spec->seed);
    GtkWidget *text = label(about, "about");
    g_free(about);
    gtk_label_set_wrap(GTK_LABEL(text), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(text), 20); /* at most: the section's width decides */
    gtk_widget_set_size_request(text, (int)spec->geometry.viewport, 30);
    gtk_box_append(GTK_BOX(section), text);

    s->carousel = carousel_build(s);
    gtk_box_append(GTK_BOX(section), s->carousel);

    GtkWidget *footer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    s->prev = gtk_button_new_with_label("\u25c0");
    gtk_widget_set_tooltip_text(s->prev, "previous item (scroll_to)");
    g_signal_connect(s->prev, "clicked", G_CALLBACK(on_prev), s);
    gtk_box_append(GTK_BOX(footer), s->prev);
    s->status = label("", "status");
    gtk_widget_set_hexpand(s->status, TRUE);
    gtk_label_set_xalign(GTK_LABEL(s->status), 0.5);
    gtk_label_set_width_chars(GTK_LABEL(s->status), 20);
    gtk_label_set_max_width_chars(GTK_LABEL(s->status), 20);
    gtk_label_set_ellipsize(GTK_LABEL(s->status), PANGO_ELLIPSIZE_END);
    gtk_box_append(GTK_BOX(footer), s->status);
    if (spec->autoplay_ms > 0) {
        s->autoplay = gtk_check_button_new_with_label("autoplay");
        gtk_check_button_set_active(GTK_CHECK_BUTTON(s->autoplay), TRUE);
        g_signal_connect(s->autoplay, "toggled", G_CALLBACK(on_autoplay), s);
        gtk_box_append(GTK_BOX(footer), s->autoplay);
    }
    s->next = gtk_button_new_with_label("\u25b6");
    gtk_widget_set_tooltip_text(s->next, "next item (scroll_to)");
    g_signal_connect(s->next, "clicked", G_CALLBACK(on_next), s);
    gtk_box_append(GTK_BOX(footer), s->next);
    gtk_box_append(GTK_BOX(section), footer);
    offer_attach(s);
    refresh(s);
    return section;
}
