/*
 * The page indicators' shared part: following a DetentCarousel (a redraw
 * when its position changes, a new size when its page count does, nothing
 * at rest), reading its pages as libadwaita 1.2's indicators read an
 * AdwCarousel's snap points, their size and the centring of their marks.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "indicator-private.h"

#include <math.h>

/* A notify with the position already drawn (AdwCarousel's notify even when
 * it does not move, and so may a DetentCarousel) costs no frame. */
static void position_cb(GObject *carousel, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    DetentIndicator *indicator = data;
    double position = detent_carousel_get_position(DETENT_CAROUSEL(carousel));
    if (!indicator->drawn || position != indicator->drawn_position) gtk_widget_queue_draw(indicator->widget);
}

/* libadwaita's indicators resize on every n-pages, for the length of the
 * carousel's reveal animation; a DetentCarousel reveals at once, so once. */
static void pages_cb(GObject *carousel, GParamSpec *pspec, gpointer data)
{
    (void)carousel;
    (void)pspec;
    gtk_widget_queue_resize(((DetentIndicator *)data)->widget);
}

gboolean detent_indicator_set_carousel(GtkWidget *widget, DetentIndicator *indicator, DetentCarousel *carousel)
{
    if (indicator->carousel == carousel) return FALSE;
    indicator->widget = widget;
    if (indicator->carousel) {
        g_signal_handlers_disconnect_by_data(indicator->carousel, indicator);
        g_clear_object(&indicator->carousel);
    }
    if (carousel) {
        indicator->carousel = g_object_ref(carousel);
        g_signal_connect(carousel, "notify::position", G_CALLBACK(position_cb), indicator);
        g_signal_connect(carousel, "notify::n-pages", G_CALLBACK(pages_cb), indicator);
    }
    indicator->drawn = FALSE;
    gtk_widget_queue_resize(widget);
    return TRUE;
}

gboolean detent_indicator_set_orientation(GtkWidget *widget, DetentIndicator *indicator, GtkOrientation orientation)
{
    if (indicator->orientation == orientation) return FALSE;
    indicator->orientation = orientation;
    gtk_widget_queue_resize(widget);
    return TRUE;
}

/* libadwaita's carousel has a snap point a page, and one when it has none. */
static guint point_count(DetentIndicator *indicator)
{
    if (!indicator->carousel) return 0;
    return MAX(detent_carousel_get_n_pages(indicator->carousel), 1u);
}

gboolean detent_indicator_pages(GtkWidget *widget, DetentIndicator *indicator, DetentIndicatorPages *pages)
{
    pages->count = 0;
    pages->sizes = NULL;
    if (!indicator->carousel) return FALSE;
    pages->position = detent_carousel_get_position(indicator->carousel);
    indicator->drawn = TRUE;
    indicator->drawn_position = pages->position;
    indicator->drawn_pages = detent_carousel_get_n_pages(indicator->carousel);
    pages->count = point_count(indicator);
    pages->sizes = g_new(double, pages->count);
    double last = -1;
    for (guint i = 0; i < pages->count; i++) {
        pages->sizes[i] = 1;
        last += pages->sizes[i];
    }
    if (indicator->orientation == GTK_ORIENTATION_HORIZONTAL && gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL)
        pages->position = last - pages->position;
    return TRUE;
}

void detent_indicator_pages_clear(DetentIndicatorPages *pages)
{
    g_clear_pointer(&pages->sizes, g_free);
    pages->count = 0;
}

double detent_indicator_start(int length, double pitch, double gap, const DetentIndicatorPages *pages)
{
    double marks = -gap;
    for (guint i = 0; i < pages->count; i++) marks += pitch * pages->sizes[i];
    /* At rest the marks span whole pitches; an odd leftover would put them
     * half a pixel off the grid, so it is made even. */
    int whole = (int)(round(marks / pitch) * pitch);
    if ((length - whole) % 2 == 0) length--;
    return (length - marks) / 2.0;
}

void detent_indicator_measure(DetentIndicator *indicator, GtkOrientation orientation, double pitch, int thickness,
                              int margin, int *minimum, int *natural)
{
    int size = thickness;
    if (orientation == indicator->orientation) size = (int)ceil(pitch * point_count(indicator));
    size += 2 * margin;
    if (minimum) *minimum = size;
    if (natural) *natural = size;
}

void detent_indicator_color(GtkWidget *widget, GdkRGBA *color)
{
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}
