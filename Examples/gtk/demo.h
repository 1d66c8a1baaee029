/*
 * The GTK demo of Detent: one window of six DetentCarousels (libdetent-gtk-1),
 * each paged by detentd. The widget pages; these files only build the app:
 *   main.c    start-up: the application, the window, the trace
 *   specs.c   the six strips (the web demo's seed scenarios)
 *   window.c  the window: heading, banner (from `connected`), the strips; start-up trace
 *   strip.c   one strip: its title, plugin dropdown, carousel and pages, buttons, autoplay switch
 *   offer.c   which plugins page a strip (each tried once under a trial session), the dropdown
 *   draw.c, trace.c, relay.c, wire.c: common.h's
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_GTK_DEMO_H
#define DETENT_GTK_DEMO_H

#include "common.h"

#define DEMO_STRIPS 6
#define DEMO_MAX_PLUGINS 32

typedef struct StripSpec {
    const char *name;   /* the session (the carousel's widget name), and the trace's s= */
    const char *plugin; /* the plugin it opens under */
    const char *seed, *title, *about;
    ItemKind kind;
    int height;         /* the carousel's height; its width is the geometry's viewport */
    int color_shift;    /* item i is painted demo_color(i + color_shift) */
    guint autoplay_ms;  /* > 0: the strip has an autoplay switch stepping this often */
    detent_geometry geometry; /* as the carousel's properties send it */
} StripSpec;

typedef struct Demo Demo;

typedef struct Strip {
    const StripSpec *spec;
    Demo *demo;
    GtkWidget *section, *carousel, *dropdown, *prev, *next, *status, *autoplay;
    GtkStringList *choices;
    gboolean quiet_choice; /* the dropdown is being set by the program, not a person */
} Strip;

struct Demo {
    GtkApplication *app;
    GtkWidget *window, *banner, *banner_label, *where;
    Strip strips[DEMO_STRIPS];
    gboolean mapped, announced, connected;
    guint grace_id;
    const char *socket; /* the carousels' (the trace's relay), NULL: the discovery rule */
};

/* specs.c */
extern const StripSpec demo_specs[DEMO_STRIPS];
int spec_count(const StripSpec *spec);

/* window.c */
void window_build(Demo *d);
void window_maybe_announce(Demo *d);
void window_connected(Demo *d, gboolean connected);

/* strip.c */
GtkWidget *strip_build(Strip *s);

/* offer.c */
void offer_start(Demo *d);
void offer_attach(Strip *s);

#endif
