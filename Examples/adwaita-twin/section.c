/*
 * What the twin's two sections are made of, alike: a white card with a
 * title and a dim note on one line, a line about it, the carousel, and a
 * footer of ◀, a status label and ▶ (animated scroll_to both).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "twin.h"

GtkWidget *twin_label(const char *text, const char *css_class)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(l), 20); /* at most: the column's width decides */
    if (css_class) gtk_widget_add_css_class(l, css_class);
    return l;
}

GtkWidget *twin_section(const char *title, const char *dim, const char *about)
{
    GtkWidget *section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_add_css_class(section, "strip");
    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *heading = twin_label(title, "title");
    gtk_widget_set_hexpand(heading, TRUE);
    gtk_box_append(GTK_BOX(header), heading);
    gtk_box_append(GTK_BOX(header), twin_label(dim, "dim"));
    gtk_box_append(GTK_BOX(section), header);
    GtkWidget *line = twin_label(about, "about");
    gtk_widget_set_size_request(line, twin_options.width, 30);
    gtk_box_append(GTK_BOX(section), line);
    return section;
}

static GtkWidget *arrow(const char *text, const char *tooltip, GCallback clicked, gpointer data)
{
    GtkWidget *b = gtk_button_new_with_label(text);
    gtk_widget_set_tooltip_text(b, tooltip);
    g_signal_connect(b, "clicked", clicked, data);
    return b;
}

GtkWidget *twin_footer(TwinFooter *out, GCallback on_prev, gpointer prev_data, GCallback on_next, gpointer next_data)
{
    GtkWidget *footer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    out->prev = arrow("\u25c0", "previous page (animated scroll_to)", on_prev, prev_data);
    out->status = twin_label("", "status");
    gtk_widget_set_hexpand(out->status, TRUE);
    gtk_label_set_xalign(GTK_LABEL(out->status), 0.5);
    out->next = arrow("\u25b6", "next page (animated scroll_to)", on_next, next_data);
    gtk_box_append(GTK_BOX(footer), out->prev);
    gtk_box_append(GTK_BOX(footer), out->status);
    gtk_box_append(GTK_BOX(footer), out->next);
    return footer;
}
