/*
 * The AdwCarousel twin: one window, a real libadwaita AdwCarousel above a
 * DetentCarousel (libdetent-gtk-1, plugin adwaita) of the same pages, so a
 * person drags either and compares the feel, and a test pages both alike.
 * Examples/gtk's draw.c, trace.c, relay.c and wire.c are compiled in
 * (common.h); the files here:
 *   main.c      the options, the application
 *   window.c    the window: heading, banner, the two sections; the start-up trace
 *   carousel.c  the AdwCarousel: its pages, its keys, its label and trace
 *   section.c   what both sections are made of: labels, the card's heading, the footer
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_ADWAITA_TWIN_H
#define DETENT_ADWAITA_TWIN_H

#include "common.h"

#include <adwaita.h>

#define TWIN_MAX_PAGES 16

typedef struct TwinOptions {
    const char *plugin; /* the DetentCarousel's plugin (adwaita) */
    int pages, width, height, spacing, start;
    gboolean long_swipes; /* both carousels' allow-long-swipes */
} TwinOptions;

extern TwinOptions twin_options;

/* carousel.c */
GtkWidget *carousel_build(void);
GtkWidget *carousel_area(void); /* the AdwCarousel itself */
GtkWidget *carousel_prev(void);
GtkWidget *carousel_next(void);

/* section.c */
typedef struct TwinFooter {
    GtkWidget *prev, *status, *next;
} TwinFooter;

GtkWidget *twin_label(const char *text, const char *css_class);
/* A card: the title and a dim note on one line, then a line about it; the caller appends the rest. */
GtkWidget *twin_section(const char *title, const char *dim, const char *about);
/* ◀, a status label, ▶: the footer under a carousel. */
GtkWidget *twin_footer(TwinFooter *out, GCallback on_prev, gpointer prev_data, GCallback on_next, gpointer next_data);

/* window.c */
GtkWidget *twin_window(GtkApplication *app, const char *socket);

#endif
