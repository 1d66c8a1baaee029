/*
 * DetentCarouselIndicatorLines: libadwaita 1.2's AdwCarouselIndicatorLines
 * for a DetentCarousel. A faint line a page, and a darker one of the same
 * length that slides over them with the position. CSS name
 * carouselindicatorlines.
 *
 * libadwaita's rule and constants (credited in NOTICE): lines 3 thick and
 * 35 long, 5 apart (a pitch of 40), at 0.3 of the CSS colour's alpha, the
 * current one at 0.9 drawn over them at position × 40 from the first;
 * a page's line shrinks with its size; a margin of 2 all round.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "indicator-private.h"

#define THICKNESS 3
#define LENGTH 35
#define GAP 5
#define ALPHA 0.3
#define ALPHA_CURRENT 0.9
#define MARGIN 2
#define PITCH (LENGTH + GAP)

struct _DetentCarouselIndicatorLines {
    DetentIndicatorWidget base; /* a GtkWidget first, then the shared part */
};

G_DEFINE_FINAL_TYPE_WITH_CODE(DetentCarouselIndicatorLines, detent_carousel_indicator_lines, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_ORIENTABLE, NULL))

/* A line from `along` for `length`, `across` from the edge. */
static void line(GtkSnapshot *snapshot, const GdkRGBA *color, gboolean horizontal, double along, double across,
                 double length)
{
    if (horizontal)
        gtk_snapshot_append_color(snapshot, color,
                                  &GRAPHENE_RECT_INIT((float)along, (float)across, (float)length, THICKNESS));
    else
        gtk_snapshot_append_color(snapshot, color,
                                  &GRAPHENE_RECT_INIT((float)across, (float)along, THICKNESS, (float)length));
}

static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    DetentIndicator *indicator = DETENT_INDICATOR(widget);
    DetentIndicatorPages pages;
    if (!detent_indicator_pages(widget, indicator, &pages)) return;
    if (pages.count < 2) { /* one page, or none: no lines */
        detent_indicator_pages_clear(&pages);
        return;
    }
    gboolean horizontal = indicator->orientation == GTK_ORIENTATION_HORIZONTAL;
    int length = horizontal ? gtk_widget_get_width(widget) : gtk_widget_get_height(widget);
    int thickness = horizontal ? gtk_widget_get_height(widget) : gtk_widget_get_width(widget);
    GdkRGBA css, color;
    detent_indicator_color(widget, &css);

    double start = detent_indicator_start(length, PITCH, GAP, &pages);
    double across = (thickness - THICKNESS) / 2; /* whole pixels across, as libadwaita's */
    double along = 0;
    color = css;
    color.alpha *= ALPHA;
    for (guint i = 0; i < pages.count; i++) {
        double span = PITCH * pages.sizes[i] - GAP;
        if (span > 0) line(snapshot, &color, horizontal, start + along, across, span);
        along += PITCH * pages.sizes[i];
    }
    color = css;
    color.alpha *= ALPHA_CURRENT;
    line(snapshot, &color, horizontal, start + pages.position * PITCH, across, LENGTH);
    detent_indicator_pages_clear(&pages);
}

/**
 * DetentCarouselIndicatorLines:carousel:
 *
 * The carousel whose pages the lines show.
 */

static void detent_carousel_indicator_lines_class_init(DetentCarouselIndicatorLinesClass *klass)
{
    detent_indicator_class_init(GTK_WIDGET_CLASS(klass), "carouselindicatorlines", snapshot);
}

static void detent_carousel_indicator_lines_init(DetentCarouselIndicatorLines *self)
{
    detent_indicator_init(GTK_WIDGET(self), PITCH, THICKNESS, MARGIN);
}

/**
 * detent_carousel_indicator_lines_new:
 *
 * Returns: (transfer full): a new lines indicator, showing no carousel
 */
GtkWidget *detent_carousel_indicator_lines_new(void)
{
    return g_object_new(DETENT_TYPE_CAROUSEL_INDICATOR_LINES, NULL);
}

/**
 * detent_carousel_indicator_lines_get_carousel:
 * @self: a lines indicator
 *
 * Returns: (nullable) (transfer none): the carousel it shows
 */
DetentCarousel *detent_carousel_indicator_lines_get_carousel(DetentCarouselIndicatorLines *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL_INDICATOR_LINES(self), NULL);
    return detent_indicator_get_carousel(GTK_WIDGET(self));
}

/**
 * detent_carousel_indicator_lines_set_carousel:
 * @self: a lines indicator
 * @carousel: (nullable): the carousel to show
 */
void detent_carousel_indicator_lines_set_carousel(DetentCarouselIndicatorLines *self, DetentCarousel *carousel)
{
    g_return_if_fail(DETENT_IS_CAROUSEL_INDICATOR_LINES(self));
    g_return_if_fail(carousel == NULL || DETENT_IS_CAROUSEL(carousel));
    detent_indicator_follow(GTK_WIDGET(self), carousel);
}
