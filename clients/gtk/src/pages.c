/*
 * The pages: real child widgets, in order. A change of pages at rest keeps
 * the page shown, as AdwCarousel 1.2 does (measured: an insert before the
 * page on 2 rests on 3, a removal of the page shown rests on the one before
 * it, no page-changed for any): the strip is laid out again at that index.
 * During a motion it keeps the item it heads for (measured: the page
 * scrolled to removed, AdwCarousel goes on to the page now in its place).
 * scroll_to is the strip's goto; before the carousel was ever laid out it
 * rests there at once and opens there.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

/* The index shown now: where it rests or heads, or where it will open. */
int64_t detent_carousel_shown_index(DetentCarousel *self)
{
    if (self->keep_index >= 0) return self->keep_index;
    if (self->laid_out) return self->index;
    return self->pending >= 0 ? self->pending : 0;
}

static void keep(DetentCarousel *self, int64_t index, gboolean counted)
{
    guint n = self->pages->len;
    if (index >= (int64_t)n) index = n > 0 ? n - 1 : 0;
    if (index < 0) index = 0;
    if (!self->laid_out && self->pending >= 0) self->pending = index;
    else if (!(self->laid_out && detent_strip_animating(self->strip))) self->keep_index = index;
    /* moving, the strip keeps the item it heads for (AdwCarousel's motion keeps its target's place too) */
    self->pages_dirty = TRUE;
    gtk_widget_queue_resize(GTK_WIDGET(self));
    if (counted) g_object_notify_by_pspec(G_OBJECT(self), detent_carousel_props[PROP_N_PAGES]);
    detent_carousel_describe(self);
}

void detent_carousel_prepend(DetentCarousel *self, GtkWidget *child)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    detent_carousel_insert(self, child, 0);
}

void detent_carousel_append(DetentCarousel *self, GtkWidget *child)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    detent_carousel_insert(self, child, -1);
}

/**
 * detent_carousel_insert:
 * @self: a carousel
 * @child: a widget to add
 * @position: where to insert it; -1, or past the last page: at the end
 */
void detent_carousel_insert(DetentCarousel *self, GtkWidget *child, int position)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    g_return_if_fail(gtk_widget_get_parent(child) == NULL);
    g_return_if_fail(position >= -1);
    int64_t shown = detent_carousel_shown_index(self);
    guint n = self->pages->len;
    guint at = position < 0 || (guint)position > n ? n : (guint)position;
    g_ptr_array_insert(self->pages, (int)at, child);
    gtk_widget_set_parent(child, GTK_WIDGET(self));
    keep(self, n > 0 && at <= shown ? shown + 1 : shown, TRUE);
}

/**
 * detent_carousel_reorder:
 * @self: a carousel
 * @child: a page of @self
 * @position: where to move it; -1, or past the last page: to the end
 */
void detent_carousel_reorder(DetentCarousel *self, GtkWidget *child, int position)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    g_return_if_fail(gtk_widget_get_parent(child) == GTK_WIDGET(self));
    g_return_if_fail(position >= -1);
    guint from, n = self->pages->len;
    if (!g_ptr_array_find(self->pages, child, &from)) return;
    guint to = position < 0 || (guint)position >= n ? n - 1 : (guint)position;
    if (to == from) return;
    int64_t shown = detent_carousel_shown_index(self);
    GtkWidget *was = shown < (int64_t)n ? g_ptr_array_index(self->pages, shown) : NULL;
    g_ptr_array_remove_index(self->pages, from);
    g_ptr_array_insert(self->pages, (int)to, child);
    guint now = 0;
    if (was) g_ptr_array_find(self->pages, was, &now);
    keep(self, now, FALSE); /* the count is the same: no n-pages, as AdwCarousel */
}

void detent_carousel_remove(DetentCarousel *self, GtkWidget *child)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    g_return_if_fail(gtk_widget_get_parent(child) == GTK_WIDGET(self));
    guint at;
    if (!g_ptr_array_find(self->pages, child, &at)) return;
    int64_t shown = detent_carousel_shown_index(self);
    g_ptr_array_remove_index(self->pages, at);
    gtk_widget_unparent(child);
    if (gtk_widget_in_destruction(GTK_WIDGET(self))) return;
    keep(self, at <= shown ? shown - 1 : shown, TRUE);
    if (self->pages->len == 0) detent_carousel_set_position_at(self, 0);
}

/**
 * detent_carousel_scroll_to:
 * @self: a carousel
 * @widget: a page of @self
 * @animate: whether to move there as the daemon decides (%TRUE) or at once
 *
 * With @animate %FALSE, or under reduced motion, the carousel rests on
 * @widget and emits #DetentCarousel::page-changed before this returns (the
 * daemon is told after); with %TRUE it emits it when the motion ends.
 */
void detent_carousel_scroll_to(DetentCarousel *self, GtkWidget *widget, gboolean animate)
{
    g_return_if_fail(DETENT_IS_CAROUSEL(self));
    g_return_if_fail(GTK_IS_WIDGET(widget));
    g_return_if_fail(gtk_widget_get_parent(widget) == GTK_WIDGET(self));
    guint index;
    if (!g_ptr_array_find(self->pages, widget, &index)) return;
    if (!self->laid_out) { /* nothing drawn yet: it will open there */
        self->pending = self->index = index;
        self->keep_index = -1;
        detent_carousel_set_position_at(self, index);
        detent_carousel_describe(self);
        g_signal_emit(self, detent_carousel_page_changed, 0, index);
        return;
    }
    detent_carousel_layout_now(self); /* pages changed since the last layout: the strip learns them first */
    detent_carousel_input_yield(self); /* a held strip takes no goto */
    detent_strip_goto(self->strip, index, animate && !detent_carousel_reduced(self));
}

/**
 * detent_carousel_get_nth_page:
 * @self: a carousel
 * @n: a page's index, less than the number of pages
 *
 * Returns: (transfer none): the page
 */
GtkWidget *detent_carousel_get_nth_page(DetentCarousel *self, guint n)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), NULL);
    g_return_val_if_fail(n < self->pages->len, NULL);
    return g_ptr_array_index(self->pages, n);
}

guint detent_carousel_get_n_pages(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), 0);
    return self->pages->len;
}

/**
 * detent_carousel_get_position:
 * @self: a carousel
 *
 * Returns: where it is drawn, in pages (1.0 a page; a loop's within [0, n-pages))
 */
double detent_carousel_get_position(DetentCarousel *self)
{
    g_return_val_if_fail(DETENT_IS_CAROUSEL(self), 0.0);
    return self->position;
}
