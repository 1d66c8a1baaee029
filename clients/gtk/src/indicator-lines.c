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
    GtkWidget parent_instance;
    DetentIndicator indicator;
};

G_DEFINE_FINAL_TYPE_WITH_CODE(DetentCarouselIndicatorLines, detent_carousel_indicator_lines, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_ORIENTABLE, NULL))

enum { PROP_0, PROP_CAROUSEL, PROP_ORIENTATION, N_PROPS = PROP_ORIENTATION };
static GParamSpec *props[N_PROPS];

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
    DetentCarouselIndicatorLines *self = DETENT_CAROUSEL_INDICATOR_LINES(widget);
    DetentIndicatorPages pages;
    if (!detent_indicator_pages(widget, &self->indicator, &pages)) return;
    if (pages.count < 2) { /* one page, or none: no lines */
        detent_indicator_pages_clear(&pages);
        return;
    }
    gboolean horizontal = self->indicator.orientation == GTK_ORIENTATION_HORIZONTAL;
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

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                    int *minimum_baseline, int *natural_baseline)
{
    (void)for_size;
    DetentCarouselIndicatorLines *self = DETENT_CAROUSEL_INDICATOR_LINES(widget);
    detent_indicator_measure(&self->indicator, orientation, PITCH, THICKNESS, MARGIN, minimum, natural);
    if (minimum_baseline) *minimum_baseline = -1;
    if (natural_baseline) *natural_baseline = -1;
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    DetentCarouselIndicatorLines *self = DETENT_CAROUSEL_INDICATOR_LINES(object);
    switch (id) {
    case PROP_CAROUSEL: g_value_set_object(value, self->indicator.carousel); break;
    case PROP_ORIENTATION: g_value_set_enum(value, self->indicator.orientation); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    DetentCarouselIndicatorLines *self = DETENT_CAROUSEL_INDICATOR_LINES(object);
    switch (id) {
    case PROP_CAROUSEL: detent_carousel_indicator_lines_set_carousel(self, g_value_get_object(value)); break;
    case PROP_ORIENTATION:
        if (detent_indicator_set_orientation(GTK_WIDGET(self), &self->indicator, g_value_get_enum(value)))
            g_object_notify(object, "orientation");
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dispose(GObject *object)
{
    DetentCarouselIndicatorLines *self = DETENT_CAROUSEL_INDICATOR_LINES(object);
    detent_indicator_set_carousel(GTK_WIDGET(self), &self->indicator, NULL);
    G_OBJECT_CLASS(detent_carousel_indicator_lines_parent_class)->dispose(object);
}

static void detent_carousel_indicator_lines_class_init(DetentCarouselIndicatorLinesClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->get_property = get_property;
    object_class->set_property = set_property;
    object_class->dispose = dispose;
    widget_class->measure = measure;
    widget_class->snapshot = snapshot;

    /**
     * DetentCarouselIndicatorLines:carousel:
     *
     * The carousel whose pages the lines show.
     */
    props[PROP_CAROUSEL] = g_param_spec_object("carousel", NULL, NULL, DETENT_TYPE_CAROUSEL,
                                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, props);
    g_object_class_override_property(object_class, PROP_ORIENTATION, "orientation");
    gtk_widget_class_set_css_name(widget_class, "carouselindicatorlines");
}

static void detent_carousel_indicator_lines_init(DetentCarouselIndicatorLines *self)
{
    self->indicator.widget = GTK_WIDGET(self);
    self->indicator.orientation = GTK_ORIENTATION_HORIZONTAL;
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
    return self->indicator.carousel;
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
    if (detent_indicator_set_carousel(GTK_WIDGET(self), &self->indicator, carousel))
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_CAROUSEL]);
}
