/*
 * The AdwCarousel twin: one window, a real libadwaita AdwCarousel above a
 * strip of the same pages paged by detentd (through libdetent), so a person
 * drags either and compares the feel. The strip is Examples/gtk's own
 * (strip.c, draw.c, input.c, motion.c, link.c, session.c, trace.c, with
 * DEMO_STRIPS=1, and specs.c for its colours, compiled in); the files here
 * replace its main.c and window.c and add the carousel:
 *   main.c      the options, the application, the strip's spec
 *   window.c    the window (demo.h's window_* functions), the banner, and
 *               a refused plugin shown in it
 *   carousel.c  the AdwCarousel: its pages, its label, its trace
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_ADWAITA_TWIN_H
#define DETENT_ADWAITA_TWIN_H

#include "demo.h"

#include <adwaita.h>

typedef struct TwinOptions {
    const char *plugin; /* the strip's plugin (adwaita) */
    int pages, width, height, spacing, start;
    gboolean long_swipes; /* the carousel's allow-long-swipes */
} TwinOptions;

extern TwinOptions twin_options;

/* carousel.c */
GtkWidget *carousel_build(void);
GtkWidget *carousel_area(void); /* the AdwCarousel itself */
GtkWidget *carousel_prev(void);
GtkWidget *carousel_next(void);

#endif
