/*
 * Measure and allocation. Each allocation works out the strip's geometry
 * and lays it out again when it changed (spacing, orientation, the pages'
 * sizes reach the decision live), then puts every page at its offset.
 * - AdwCarousel's geometry (page-size 0, natural-sizes off, lead and trail
 *   0): every page as long as the longest page's natural length (the whole
 *   carousel for a page that expands), centred; sent as viewport = item =
 *   that length, so `adwaita` pages it as AdwCarousel does.
 * - Otherwise Detent's: the carousel is the viewport; pages page-size
 *   long, or each its natural length (sizes=); lead, trail, align, pad.
 * A loop draws each page once, at its copy nearest the viewport
 * (detent_strip_place). Right-to-left mirrors a horizontal carousel.
 * Pages are placed on whole pixels, as AdwCarousel's are.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

#include <math.h>
#include <string.h>

gboolean detent_carousel_is_vertical(DetentCarousel *self)
{
    return self->orientation == GTK_ORIENTATION_VERTICAL;
}

gboolean detent_carousel_is_mirrored(DetentCarousel *self)
{
    return !detent_carousel_is_vertical(self) && gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
}

static gboolean adwaita_geometry(DetentCarousel *self)
{
    return self->page_size == 0 && !self->natural_sizes && self->lead == 0 && self->trail == 0;
}

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                    int *minimum_baseline, int *natural_baseline)
{
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    for (guint i = 0; i < self->pages->len; i++) {
        GtkWidget *child = g_ptr_array_index(self->pages, i);
        if (!gtk_widget_get_visible(child)) continue;
        int min = 0, nat = 0;
        gtk_widget_measure(child, orientation, for_size, &min, &nat, NULL, NULL);
        *minimum = MAX(*minimum, min);
        *natural = MAX(*natural, nat);
    }
}

static void compute_expand(GtkWidget *widget, gboolean *hexpand, gboolean *vexpand)
{
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    *hexpand = *vexpand = FALSE;
    for (guint i = 0; i < self->pages->len; i++) {
        GtkWidget *child = g_ptr_array_index(self->pages, i);
        *hexpand = *hexpand || gtk_widget_compute_expand(child, GTK_ORIENTATION_HORIZONTAL);
        *vexpand = *vexpand || gtk_widget_compute_expand(child, GTK_ORIENTATION_VERTICAL);
    }
}

static GtkSizeRequestMode request_mode(GtkWidget *widget)
{
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    for (guint i = 0; i < self->pages->len; i++)
        if (gtk_widget_get_request_mode(g_ptr_array_index(self->pages, i)) != GTK_SIZE_REQUEST_CONSTANT_SIZE)
            return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
    return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* Each page's length along the axis (in self->lengths); the longest is returned. */
static double page_lengths(DetentCarousel *self, double along, double across)
{
    guint n = self->pages->len;
    double longest = 0;
    self->lengths = g_renew(double, self->lengths, MAX(n, 1));
    for (guint i = 0; i < n; i++) {
        GtkWidget *child = g_ptr_array_index(self->pages, i);
        int min = 0, nat = 0;
        gtk_widget_measure(child, self->orientation, (int)across, &min, &nat, NULL, NULL);
        double size = CLAMP((double)nat, (double)min, along);
        if (gtk_widget_compute_expand(child, self->orientation) && !self->natural_sizes) size = along;
        if (!gtk_widget_get_visible(child) && !self->natural_sizes) size = 0;
        else if (self->natural_sizes) size = MAX(size, 1); /* an item has a length (detent-protocol(7)) */
        self->lengths[i] = size;
        longest = MAX(longest, size);
    }
    if (self->natural_sizes) return longest;
    double each = self->page_size > 0 ? self->page_size : longest;
    for (guint i = 0; i < n; i++) self->lengths[i] = each;
    return each;
}

static detent_align align_of(DetentCarouselAlign a)
{
    switch (a) {
    case DETENT_CAROUSEL_ALIGN_START: return DETENT_ALIGN_START;
    case DETENT_CAROUSEL_ALIGN_CENTER: return DETENT_ALIGN_CENTER;
    case DETENT_CAROUSEL_ALIGN_END: return DETENT_ALIGN_END;
    default: return DETENT_ALIGN_DEFAULT;
    }
}

static gboolean same_geometry(DetentCarousel *self, const detent_geometry *g)
{
    const detent_geometry *s = &self->sent;
    if (!self->laid_out || s->viewport != g->viewport || s->item != g->item || s->count != g->count ||
        s->sizes_len != g->sizes_len || s->spacing != g->spacing || s->lead != g->lead || s->trail != g->trail ||
        s->align != g->align || s->contain != g->contain || s->loop != g->loop || s->axis != g->axis)
        return FALSE;
    return g->sizes_len == 0 || memcmp(self->sent_sizes, g->sizes, g->sizes_len * sizeof(double)) == 0;
}

static gboolean take(DetentCarousel *self, detent_geometry *g);

/* Lays the strip out when its geometry changed; false while nothing can be laid out. */
static gboolean lay_out(DetentCarousel *self, double along, double across)
{
    guint n = self->pages->len;
    if (n == 0 && self->laid_out) { /* no items: the strip closes its session until pages come */
        detent_geometry none = { .viewport = along > 0 ? along : 1, .item = 1, .count = 0 };
        if (!same_geometry(self, &none)) take(self, &none);
        return FALSE;
    }
    if (n == 0 || along <= 0) return FALSE;
    self->pages_dirty = FALSE;
    double each = page_lengths(self, along, across);
    if (each <= 0) return FALSE;
    gboolean adw = adwaita_geometry(self);
    detent_geometry g = {
        .viewport = adw ? each : along, .count = n, .spacing = self->spacing, .lead = self->lead,
        .trail = self->trail, .align = align_of(self->align),
        .contain = self->pad ? DETENT_CONTAIN_PAD : DETENT_CONTAIN_DEFAULT, .loop = self->loop,
        .axis = detent_carousel_is_vertical(self) ? DETENT_AXIS_Y : DETENT_AXIS_DEFAULT,
    };
    if (self->natural_sizes) {
        g.sizes = self->lengths;
        g.sizes_len = n;
    } else {
        g.item = each;
    }
    self->shift = adw ? (along - each) / 2 : 0;
    /* a page kept in view (keep_index) is laid out again even when the geometry is the same (a reorder) */
    gboolean same = same_geometry(self, &g);
    if (same && self->keep_index == detent_strip_get_index(self->strip)) self->keep_index = -1;
    if ((!same || self->keep_index >= 0) && !take(self, &g)) return self->laid_out;
    if (self->plugin_due) { /* the geometry first: a new plugin opens on it, not on the old one */
        self->plugin_due = FALSE;
        detent_strip_set_plugin(self->strip, self->plugin);
    }
    return TRUE;
}

/* The pages changed since the strip was last laid out: laid out now at the last allocation's size (the next
 * allocation does it again if the size changed), so that a scroll_to in the same call finds its page there. */
void detent_carousel_layout_now(DetentCarousel *self)
{
    if (!self->laid_out || !self->pages_dirty || self->allocating) return;
    GtkWidget *widget = GTK_WIDGET(self);
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    gboolean vertical = detent_carousel_is_vertical(self);
    lay_out(self, vertical ? height : width, vertical ? width : height);
}

/* The strip lays out g (at the index a change of pages keeps); false when it refuses it. */
static gboolean take(DetentCarousel *self, detent_geometry *g)
{
    int64_t at = self->keep_index >= 0 ? self->keep_index : self->pending;
    g->has_index = at >= 0 && at < (g->sizes_len ? (int64_t)g->sizes_len : g->count);
    g->index = at >= 0 ? at : 0;
    detent_carousel_link_attach(self, TRUE);
    if (detent_strip_set_geometry(self->strip, g) != 0) {
        g_warning("DetentCarousel: the geometry was refused: %s", detent_strip_get_error(self->strip));
        return FALSE;
    }
    self->sent = *g;
    self->sent_sizes = g_renew(double, self->sent_sizes, MAX(g->sizes_len, 1));
    if (g->sizes_len) memcpy(self->sent_sizes, g->sizes, g->sizes_len * sizeof(double));
    self->sent.sizes = NULL;
    self->laid_out = TRUE;
    self->keep_index = self->pending = -1;
    return TRUE;
}

/* Where page i starts in the content before the strip knows a geometry: at the page it will open on. */
static double own_start(DetentCarousel *self, guint i)
{
    double e = self->lead;
    for (guint j = 0; j < i; j++) e += self->lengths[j] + self->spacing;
    return e;
}

static void size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    gboolean vertical = detent_carousel_is_vertical(self), mirrored = detent_carousel_is_mirrored(self);
    double along = vertical ? height : width, across = vertical ? width : height;
    guint n = self->pages->len;
    self->allocating = TRUE;
    gboolean placed = lay_out(self, along, across);
    if (placed) detent_carousel_frame_now(self);
    self->allocating = FALSE;
    if (self->dirty) detent_carousel_sync_later(self);
    if (n == 0) return;
    guint from = (guint)MIN(detent_carousel_shown_index(self), (int64_t)n - 1);
    double offset = placed ? self->offset : own_start(self, from) - self->lead;
    double snap = 0;
    for (guint i = 0; i < n; i++) {
        GtkWidget *child = g_ptr_array_index(self->pages, i);
        double len = self->lengths[i];
        double start = placed ? detent_strip_place(self->strip, i, offset) : own_start(self, i);
        double at = start - offset + self->shift;
        if (mirrored) at = along - at - len;
        /* Whole pixels, as AdwCarousel 1.2.2 draws: the first page's place truncated toward zero, the others
         * moved with it (measured; BENCHMARKS.md, issue 38). A motion's sub-pixel steps then move nothing,
         * and GTK repaints nothing for them. */
        if (i == 0) snap = trunc(at) - at;
        at += snap;
        if (!gtk_widget_get_visible(child)) continue;
        GskTransform *t = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(vertical ? 0 : (float)at,
                                                                             vertical ? (float)at : 0));
        int w = vertical ? width : (int)round(len), h = vertical ? (int)round(len) : height;
        gtk_widget_allocate(child, MAX(w, 0), MAX(h, 0), baseline, t);
    }
}

/* The focus ring: Adwaita's (2 px of the accent colour at half alpha), inside the edge, while GTK shows
 * focus or keys page the carousel (input.c). */
static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    DetentCarousel *self = DETENT_CAROUSEL(widget);
    for (guint i = 0; i < self->pages->len; i++) gtk_widget_snapshot_child(widget, g_ptr_array_index(self->pages, i), snapshot);
    if (!gtk_widget_has_visible_focus(widget) && !(gtk_widget_has_focus(widget) && self->keyed)) return;
    float w = (float)gtk_widget_get_width(widget), h = (float)gtk_widget_get_height(widget);
    GskRoundedRect ring;
    gsk_rounded_rect_init_from_rect(&ring, &GRAPHENE_RECT_INIT(0, 0, w, h), 0);
    const GdkRGBA accent = { 53 / 255.0f, 132 / 255.0f, 228 / 255.0f, 0.5f };
    const float widths[4] = { 2, 2, 2, 2 };
    const GdkRGBA colors[4] = { accent, accent, accent, accent };
    gtk_snapshot_append_border(snapshot, &ring, widths, colors);
}

static void state_flags_changed(GtkWidget *widget, GtkStateFlags previous)
{
    GtkWidgetClass *parent = g_type_class_peek(GTK_TYPE_WIDGET);
    if (parent->state_flags_changed) parent->state_flags_changed(widget, previous);
    GtkStateFlags changed = previous ^ gtk_widget_get_state_flags(widget);
    if (changed & GTK_STATE_FLAG_FOCUSED) DETENT_CAROUSEL(widget)->keyed = FALSE;
    if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE)) gtk_widget_queue_draw(widget); /* the ring */
}

static void direction_changed(GtkWidget *widget, GtkTextDirection previous)
{
    GtkWidgetClass *parent = g_type_class_peek(GTK_TYPE_WIDGET);
    if (parent->direction_changed) parent->direction_changed(widget, previous);
    gtk_widget_queue_allocate(widget);
}

void detent_carousel_layout_class_init(GtkWidgetClass *widget_class)
{
    widget_class->measure = measure;
    widget_class->size_allocate = size_allocate;
    widget_class->snapshot = snapshot;
    widget_class->compute_expand = compute_expand;
    widget_class->get_request_mode = request_mode;
    widget_class->direction_changed = direction_changed;
    widget_class->state_flags_changed = state_flags_changed;
}
