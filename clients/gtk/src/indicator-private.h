/*
 * What the two page indicators share (indicator.c): their GObject side,
 * the carousel they follow, the pages they read from it, their size and
 * where their marks start. indicator-dots.c and indicator-lines.c define
 * each type (its public calls, whose GIR and ABI stay) and draw its marks.
 *
 * The drawing rules and constants are libadwaita 1.2's (its
 * AdwCarouselIndicatorDots and AdwCarouselIndicatorLines, LGPL-2.1-or-later,
 * credited in NOTICE), restated here; no code was copied.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_INDICATOR_PRIVATE_H
#define DETENT_INDICATOR_PRIVATE_H

#include "detent-gtk.h"

/* Each widget's instance holds one, after its GtkWidget. */
typedef struct {
    GtkWidget *widget;        /* the indicator itself */
    DetentCarousel *carousel; /* a reference, as libadwaita's indicators hold theirs */
    GtkOrientation orientation;
    double drawn_position;    /* what the last snapshot drew: a notify with the same is no redraw */
    guint drawn_pages;
    gboolean drawn;
    double pitch;             /* a mark's length and the gap after it */
    int thickness, margin;    /* a mark's across the strip; the margin all round */
} DetentIndicator;

/* Both indicators' instance: the GtkWidget, then their shared part (each type's struct is one of these). */
typedef struct {
    GtkWidget parent_instance;
    DetentIndicator indicator;
} DetentIndicatorWidget;

#define DETENT_INDICATOR(widget) (&((DetentIndicatorWidget *)(widget))->indicator)

/* A type's class: its GObject calls (carousel and orientation properties, dispose), measure, snapshot and CSS
 * name; its instance: horizontal, marks of pitch, thickness and margin. */
void detent_indicator_class_init(GtkWidgetClass *widget_class, const char *css_name,
                                 void (*snapshot)(GtkWidget *, GtkSnapshot *));
void detent_indicator_init(GtkWidget *widget, double pitch, int thickness, int margin);

/* The public get_carousel and set_carousel of both types. */
DetentCarousel *detent_indicator_get_carousel(GtkWidget *widget);
void detent_indicator_follow(GtkWidget *widget, DetentCarousel *carousel);

/* The pages as libadwaita's indicators read them from a carousel: one
 * size per snap point (1 a page: a DetentCarousel's pages come and go at
 * once; a page being revealed would be less), never fewer than one point
 * when there is a carousel, and the position, mirrored under RTL when
 * horizontal. */
typedef struct {
    guint count;
    double *sizes;
    double position;
} DetentIndicatorPages;

/* A mark's pitch along the strip (its length and the gap after it), the
 * gap alone, and the widget's length along it: where the first mark
 * starts (the marks centred, on the pixel grid at rest). */
double detent_indicator_start(int length, double pitch, double gap, const DetentIndicatorPages *pages);

gboolean detent_indicator_pages(GtkWidget *widget, DetentIndicator *indicator, DetentIndicatorPages *pages);
void detent_indicator_pages_clear(DetentIndicatorPages *pages);

/* The widget's CSS colour (the indicators draw in it). */
void detent_indicator_color(GtkWidget *widget, GdkRGBA *color);

/* Linear interpolation from a to b. */
static inline double detent_indicator_mix(double a, double b, double t)
{
    return a + (b - a) * t;
}

#endif
