/*
 * The page indicators' shared part: following a DetentCarousel (a redraw
 * when its position changes, a new size when its page count does, nothing
 * at rest), reading its pages as libadwaita 1.2's indicators read an
 * AdwCarousel's snap points, their size and the centring of their marks;
 * and both types' GObject side (the carousel and orientation properties,
 * dispose, measure), so that each type's file holds only its drawing.
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

/* Follows `carousel` (or none); FALSE when it was already the one. */
static gboolean set_carousel(GtkWidget *widget, DetentIndicator *indicator, DetentCarousel *carousel)
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

DetentCarousel *detent_indicator_get_carousel(GtkWidget *widget)
{
    return DETENT_INDICATOR(widget)->carousel;
}

void detent_indicator_follow(GtkWidget *widget, DetentCarousel *carousel)
{
    if (set_carousel(widget, DETENT_INDICATOR(widget), carousel)) g_object_notify(G_OBJECT(widget), "carousel");
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

/* Along the strip, a pitch a point plus both margins; across, a mark's thickness plus both margins. */
static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                    int *minimum_baseline, int *natural_baseline)
{
    (void)for_size;
    DetentIndicator *indicator = DETENT_INDICATOR(widget);
    int size = indicator->thickness;
    if (orientation == indicator->orientation) size = (int)ceil(indicator->pitch * point_count(indicator));
    size += 2 * indicator->margin;
    if (minimum) *minimum = size;
    if (natural) *natural = size;
    if (minimum_baseline) *minimum_baseline = -1;
    if (natural_baseline) *natural_baseline = -1;
}

void detent_indicator_color(GtkWidget *widget, GdkRGBA *color)
{
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}

/* ------------------------------------------------------- the two types' GObject side */

enum { PROP_0, PROP_CAROUSEL, PROP_ORIENTATION };

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    DetentIndicator *indicator = DETENT_INDICATOR(object);
    switch (id) {
    case PROP_CAROUSEL: g_value_set_object(value, indicator->carousel); break;
    case PROP_ORIENTATION: g_value_set_enum(value, indicator->orientation); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    DetentIndicator *indicator = DETENT_INDICATOR(object);
    switch (id) {
    case PROP_CAROUSEL: detent_indicator_follow(GTK_WIDGET(object), g_value_get_object(value)); break;
    case PROP_ORIENTATION:
        if (indicator->orientation == (GtkOrientation)g_value_get_enum(value)) break;
        indicator->orientation = g_value_get_enum(value);
        gtk_widget_queue_resize(GTK_WIDGET(object));
        g_object_notify(object, "orientation");
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dispose(GObject *object)
{
    set_carousel(GTK_WIDGET(object), DETENT_INDICATOR(object), NULL);
    G_OBJECT_CLASS(g_type_class_peek(GTK_TYPE_WIDGET))->dispose(object);
}

void detent_indicator_class_init(GtkWidgetClass *widget_class, const char *css_name,
                                 void (*snapshot)(GtkWidget *, GtkSnapshot *))
{
    GObjectClass *object_class = G_OBJECT_CLASS(widget_class);
    object_class->get_property = get_property;
    object_class->set_property = set_property;
    object_class->dispose = dispose;
    widget_class->measure = measure;
    widget_class->snapshot = snapshot;
    g_object_class_install_property(object_class, PROP_CAROUSEL,
                                    g_param_spec_object("carousel", NULL, NULL, DETENT_TYPE_CAROUSEL,
                                                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                            G_PARAM_EXPLICIT_NOTIFY));
    g_object_class_override_property(object_class, PROP_ORIENTATION, "orientation");
    gtk_widget_class_set_css_name(widget_class, css_name);
}

void detent_indicator_init(GtkWidget *widget, double pitch, int thickness, int margin)
{
    DetentIndicator *indicator = DETENT_INDICATOR(widget);
    indicator->widget = widget;
    indicator->orientation = GTK_ORIENTATION_HORIZONTAL;
    indicator->pitch = pitch;
    indicator->thickness = thickness;
    indicator->margin = margin;
}
