/*
 * What the GTK demo shares with the AdwCarousel twin (Examples/adwaita-twin
 * compiles these files in, it does not copy them):
 *   draw.c   a page: a card drawn with cairo and Pango
 *   trace.c  DETENT_GTK_TRACE=1: the lines, a carousel's state and frames
 *            from its properties and signals, the focus
 *   relay.c  under the trace, the carousels reach detentd through a relay
 *   wire.c   of the app's own that prints what they sent and were answered
 * Neither holds a paging rule: DetentCarousel (libdetent-gtk-1) pages.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_GTK_DEMO_COMMON_H
#define DETENT_GTK_DEMO_COMMON_H

#include <detent-gtk.h>
#include <detent/client.h>

typedef enum { KIND_CARD, KIND_PHOTO, KIND_BANNER, KIND_THUMB, KIND_ICON, KIND_SLIDE } ItemKind;

/* draw.c */
void demo_color(int i, double *r, double *g, double *b);
/** Page `index` of `count` as a drawing area `width` by `height`, in colour index + shift. */
GtkWidget *draw_page(ItemKind kind, int index, int count, int shift, int width, int height);

/* trace.c */
gboolean trace_on(void);
void trace_line(const char *format, ...) G_GNUC_PRINTF(1, 2);
const char *trace_num(double x, char buf[32]);
void trace_quote(GString *out, const char *text);
/** Traces a carousel as NAME: its state lines, frames, page-changed, and the loop jumps it draws. */
void trace_watch(DetentCarousel *carousel, const char *name);
/** The relay saw a decision for NAME (relay.c): its motion starts at from; jump, a loop's. */
void trace_decided(const char *name, const detent_snap_reply *snap);
/** Whether a finger holds the carousel traced as NAME (its state is drag). */
gboolean trace_held(const char *name);
/** focus on=NAME|TYPE: a watched carousel's name, `extra`'s name for another widget, else its type. */
void trace_focus(GtkWidget *focus, GtkWidget *extra, const char *extra_name);
/** motion reduced=0|1 now and at each change of gtk-enable-animations. */
void trace_animations(void);
/** The widget's box in its window's surface coordinates. */
void trace_rect(const char *what, const char *name, const char *control, GtkWidget *widget);

/* relay.c */
/** The path the carousels are to use: a relay to the daemon's socket (DETENT_SOCKET), or NULL on failure. */
const char *relay_start(void);
/** The daemon's socket as libdetent's rule finds it: DETENT_SOCKET, else the places it tries. */
const char *relay_upstream(void);
/** Removes the relay's socket (at exit). */
void relay_stop(void);

#endif
