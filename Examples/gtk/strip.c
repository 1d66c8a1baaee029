/*
 * One strip: its title and plugin dropdown, the viewport (a drawing area
 * the cards are drawn in), the previous and next buttons around its
 * status, and the last reply under them. strip_show() is the one way the
 * strip moves: it redraws, reports the change to the trace and, at rest,
 * tells a screen reader where it rests. The viewport is a focusable group
 * (GTK_ACCESSIBLE_ROLE_GROUP) labelled with the strip's title.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <string.h>

Strip *strip_named(Demo *d, const char *name)
{
    for (int i = 0; i < DEMO_STRIPS; i++)
        if (strcmp(d->strips[i].spec->name, name) == 0) return &d->strips[i];
    return NULL;
}

static void on_choice(GObject *dropdown, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Strip *s = data;
    if (s->quiet_choice) return;
    GtkStringObject *item = gtk_drop_down_get_selected_item(GTK_DROP_DOWN(dropdown));
    if (item) session_choose(s, gtk_string_object_get_string(item));
}

/* popup s=NAME shown=1|0: the dropdown's list opened or closed (a test waits for it before choosing). */
static void on_popup(GtkWidget *popover, gpointer data)
{
    Strip *s = data;
    trace_line("popup s=%s shown=%d", s->spec->name, gtk_widget_get_mapped(popover));
}

static void watch_popup(Strip *s)
{
    for (GtkWidget *child = gtk_widget_get_first_child(s->dropdown); child; child = gtk_widget_get_next_sibling(child)) {
        if (!GTK_IS_POPOVER(child)) continue;
        g_signal_connect_after(child, "map", G_CALLBACK(on_popup), s);
        g_signal_connect_after(child, "unmap", G_CALLBACK(on_popup), s);
    }
}

static GtkWidget *label(const char *text, const char *css_class)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    if (css_class) gtk_widget_add_css_class(l, css_class);
    return l;
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
    g_signal_connect(s->dropdown, "notify::selected", G_CALLBACK(on_choice), s);
    watch_popup(s);
    gtk_box_append(GTK_BOX(header), s->dropdown);
    gtk_box_append(GTK_BOX(section), header);

    char *about = g_strdup_printf("%s Seed %s.", spec->about, spec->seed);
    GtkWidget *text = label(about, "about");
    g_free(about);
    gtk_label_set_wrap(GTK_LABEL(text), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(text), 20); /* at most: the section's width decides */
    gtk_widget_set_size_request(text, (int)spec->geometry.viewport, 30);
    gtk_box_append(GTK_BOX(section), text);

    /* The role is fixed once its accessible exists: given at construction. */
    s->area = g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(s->area), (int)spec->geometry.viewport);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(s->area), spec->height);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(s->area), draw_strip, s, NULL);
    gtk_widget_set_halign(s->area, GTK_ALIGN_START);
    gtk_widget_set_cursor_from_name(s->area, "grab");
    gtk_box_append(GTK_BOX(section), s->area);

    GtkWidget *footer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    s->prev = gtk_button_new_with_label("\u25c0");
    gtk_widget_set_tooltip_text(s->prev, "previous item (goto)");
    gtk_box_append(GTK_BOX(footer), s->prev);
    s->status = label("connecting\u2026", "status");
    gtk_widget_set_hexpand(s->status, TRUE);
    gtk_label_set_xalign(GTK_LABEL(s->status), 0.5);
    gtk_label_set_width_chars(GTK_LABEL(s->status), 20);
    gtk_label_set_max_width_chars(GTK_LABEL(s->status), 20);
    gtk_label_set_ellipsize(GTK_LABEL(s->status), PANGO_ELLIPSIZE_END);
    gtk_box_append(GTK_BOX(footer), s->status);
    if (spec->autoplay_ms > 0) {
        s->autoplay = gtk_check_button_new_with_label("autoplay");
        gtk_check_button_set_active(GTK_CHECK_BUTTON(s->autoplay), TRUE);
        gtk_box_append(GTK_BOX(footer), s->autoplay);
    }
    s->next = gtk_button_new_with_label("\u25b6");
    gtk_widget_set_tooltip_text(s->next, "next item (goto)");
    gtk_box_append(GTK_BOX(footer), s->next);
    gtk_box_append(GTK_BOX(section), footer);

    s->reply = label("", "reply");
    gtk_label_set_ellipsize(GTK_LABEL(s->reply), PANGO_ELLIPSIZE_END);
    gtk_label_set_width_chars(GTK_LABEL(s->reply), 20);
    gtk_label_set_max_width_chars(GTK_LABEL(s->reply), 20);
    gtk_label_set_selectable(GTK_LABEL(s->reply), FALSE);
    gtk_box_append(GTK_BOX(section), s->reply);

    input_attach(s);
    wheel_attach(s);
    keys_attach(s);
    motion_attach(s);
    access_attach(s);
    return section;
}

/** The items the client draws: for a loop (dup = 2) the last two, all, then the first two. */
void strip_lay_items(Strip *s, int dup)
{
    const detent_geometry *g = &s->spec->geometry;
    int count = spec_count(s->spec);
    if (count > DEMO_MAX_ITEMS) count = DEMO_MAX_ITEMS;
    if (dup > 2) dup = 2;
    s->count = count;
    s->n_items = 0;
    double e = g->lead;
    for (int p = 0; p < count + 2 * dup; p++) {
        int item = ((p - dup) % count + count) % count;
        double size = g->sizes ? g->sizes[item] : g->item;
        s->logical[s->n_items] = item;
        s->start[s->n_items] = e;
        s->size[s->n_items] = size;
        s->n_items++;
        e += size + g->spacing;
    }
}

void strip_set_reply(Strip *s, const char *text)
{
    gtk_label_set_text(GTK_LABEL(s->reply), text);
}

void strip_refresh_status(Strip *s)
{
    char text[128];
    gint64 waited = s->pending > 0 ? (g_get_monotonic_time() - s->wait_since_us) / 1000 : 0;
    if (!s->demo->connected) {
        g_snprintf(text, sizeof text, "offline");
    } else if (!s->ready) {
        g_snprintf(text, sizeof text, "opening\u2026");
    } else if (waited > DEMO_SLOW_MS) {
        g_snprintf(text, sizeof text, "waiting for detentd \u00b7 %.1f s", waited / 1000.0);
    } else {
        const char *words = s->state == STATE_DRAG ? "dragging" : s->state == STATE_MOVING ? "moving" : "at rest";
        g_snprintf(text, sizeof text, "item %lld \u00b7 %s \u00b7 %.1f pt", (long long)s->index, words, s->offset);
    }
    if (strcmp(gtk_label_get_text(GTK_LABEL(s->status)), text) != 0) gtk_label_set_text(GTK_LABEL(s->status), text);
}

/** Draws the strip at offset, in state; the trace hears of every change. */
void strip_show(Strip *s, StripState state, double offset)
{
    s->offset = offset;
    s->state = state;
    gtk_widget_remove_css_class(s->section, "offline");
    gtk_widget_queue_draw(s->area);
    trace_state(s);
    strip_refresh_status(s);
    if (state == STATE_REST) access_describe(s);
}

/** A `kept` reply: a lock, a bound, a motion it keeps, a gesture the engine refused. Nothing changes. */
void strip_kept(Strip *s, const detent_reply *r)
{
    char *text = g_strdup_printf("kept index=%lld", (long long)r->kept.index);
    strip_set_reply(s, text);
    g_free(text);
    trace_line("kept s=%s index=%lld", s->spec->name, (long long)r->kept.index);
}

/** The daemon went away: nothing moves until the session is open again. */
void strip_offline(Strip *s)
{
    s->ready = FALSE;
    s->epoch++;
    s->drag.active = s->drag.ended = FALSE;
    s->scroll.active = FALSE;
    motion_stop(s);
    if (s->state != STATE_REST) strip_show(s, STATE_REST, s->offset);
    gtk_widget_add_css_class(s->section, "offline");
    strip_refresh_status(s);
}
