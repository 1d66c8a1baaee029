/*
 * DetentCarouselIndicatorDots: libadwaita 1.2's AdwCarouselIndicatorDots
 * for a DetentCarousel. A dot a page; the dots of the pages the position
 * lies between grow and darken with it, so the current page's dot is the
 * large, opaque one at rest. CSS name carouselindicatordots.
 *
 * libadwaita's rule and constants (credited in NOTICE): dots of radius 3,
 * the current one 4, opacity 0.3 and 0.9 of the CSS colour, 7 between the
 * largest dots (a pitch of 15), a margin of 6 all round. Page i's share of
 * the current state is its span [i, i+1) less the position, clamped to
 * what the pages before it left of 1; radius and opacity go linearly with
 * it, and shrink with a page's size.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "indicator-private.h"

#define RADIUS 3
#define RADIUS_CURRENT 4
#define OPACITY 0.3
#define OPACITY_CURRENT 0.9
#define GAP 7
#define MARGIN 6
#define PITCH (2 * RADIUS_CURRENT + GAP)

struct _DetentCarouselIndicatorDots {
    DetentIndicatorWidget base; /* a GtkWidget first, then the shared part */
};

G_DEFINE_FINAL_TYPE_WITH_CODE(DetentCarouselIndicatorDots, detent_carousel_indicator_dots, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_ORIENTABLE, NULL))

/* One dot: a square of side 2·RADIUS round its centre, scaled to the
 * dot's radius and clipped round, at its opacity (GSK then draws the same
 * nodes libadwaita's dots make, so the same pixels). */
static void dot(GtkSnapshot *snapshot, const GdkRGBA *color, float x, float y, double radius, double opacity)
{
    graphene_rect_t square = GRAPHENE_RECT_INIT(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS);
    GskRoundedRect round;
    gsk_rounded_rect_init_from_rect(&round, &square, (float)radius);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(x, y));
    gtk_snapshot_scale(snapshot, (float)(radius / RADIUS), (float)(radius / RADIUS));
    gtk_snapshot_push_rounded_clip(snapshot, &round);
    gtk_snapshot_push_opacity(snapshot, opacity);
    gtk_snapshot_append_color(snapshot, color, &square);
    gtk_snapshot_pop(snapshot);
    gtk_snapshot_pop(snapshot);
    gtk_snapshot_restore(snapshot);
}

static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    DetentIndicator *indicator = DETENT_INDICATOR(widget);
    DetentIndicatorPages pages;
    if (!detent_indicator_pages(widget, indicator, &pages)) return;
    if (pages.count < 2) { /* one page, or none: no dots */
        detent_indicator_pages_clear(&pages);
        return;
    }
    gboolean horizontal = indicator->orientation == GTK_ORIENTATION_HORIZONTAL;
    int length = horizontal ? gtk_widget_get_width(widget) : gtk_widget_get_height(widget);
    int thickness = horizontal ? gtk_widget_get_height(widget) : gtk_widget_get_width(widget);
    GdkRGBA color;
    detent_indicator_color(widget, &color);

    double along = detent_indicator_start(length, PITCH, GAP, &pages);
    double across = thickness / 2; /* whole pixels across, as libadwaita's */
    double end = 0, unclaimed = 1;
    for (guint i = 0; i < pages.count; i++) {
        double size = pages.sizes[i];
        along += PITCH * size / 2;
        end += size;
        double share = CLAMP(end - pages.position, 0, unclaimed);
        unclaimed -= share;
        double radius = detent_indicator_mix(RADIUS, RADIUS_CURRENT, share) * size;
        double opacity = detent_indicator_mix(OPACITY, OPACITY_CURRENT, share) * size;
        if (horizontal)
            dot(snapshot, &color, (float)along, (float)across, radius, opacity);
        else
            dot(snapshot, &color, (float)across, (float)along, radius, opacity);
        along += PITCH * size / 2;
    }
    detent_indicator_pages_clear(&pages);
}

/**
 * DetentCarouselIndicatorDots:carousel:
 *
 * The carousel whose pages the dots show.
 */

static void detent_carousel_indicator_dots_class_init(DetentCarouselIndicatorDotsClass *klass)
{
    detent_indicator_class_init(GTK_WIDGET_CLASS(klass), "carouselindicatordots", snapshot);
}

static void detent_carousel_indicator_dots_init(DetentCarouselIndicatorDots *self)
{
    detent_indicator_init(GTK_WIDGET(self), PITCH, 2 * RADIUS_CURRENT, MARGIN);
}

/**
 * detent_carousel_indicator_dots_new:
 *
 * Returns: (transfer full): a new dots indicator, showing no carousel
 */
GtkWidget *detent_carousel_indicator_dots_new(void)
{
    return g_object_new(DETENT_TYPE_CAROUSEL_INDICATOR_DOTS, NULL);
}

/**
 * detent_carousel_indicator_dots_get_carousel:
 * @self: a dots indicator
 *
 * Returns: (nullable) (transfer none): the carousel it shows
 */
DetentCarousel *detent_carousel_indicator_dots_get_carousel(DetentCarouselIndicatorDots *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL_INDICATOR_DOTS(self), NULL);
    return detent_indicator_get_carousel(GTK_WIDGET(self));
}

/**
 * detent_carousel_indicator_dots_set_carousel:
 * @self: a dots indicator
 * @carousel: (nullable): the carousel to show
 */
void detent_carousel_indicator_dots_set_carousel(DetentCarouselIndicatorDots *self, DetentCarousel *carousel)
{
    g_return_if_fail(DETENT_IS_CAROUSEL_INDICATOR_DOTS(self));
    g_return_if_fail(carousel == NULL || DETENT_IS_CAROUSEL(carousel));
    detent_indicator_follow(GTK_WIDGET(self), carousel);
}
