/*
 * The cards, with cairo and Pango: each item a rounded card in its colour
 * with its index large in the middle. Each item is placed on its own at
 * its start minus the offset, so an item is drawn alike wherever it is in
 * the content: a loop's duplicate and its real item are the same picture,
 * and the jump between them cannot be seen. While the viewport has the
 * keyboard focus a ring is drawn over its edge (3 px of #1c71d8, GNOME's
 * accent blue, inside the viewport so nothing around it moves).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <math.h>

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

/** Text centred on (cx, cy), in pixels of the given size. */
static void text(cairo_t *cr, const char *s, double cx, double cy, double px, gboolean bold)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_from_string(bold ? "DejaVu Sans Bold" : "DejaVu Sans");
    pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, s, -1);
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    cairo_move_to(cr, cx - w / 2.0, cy - h / 2.0);
    pango_cairo_show_layout(cr, layout);
    pango_font_description_free(font);
    g_object_unref(layout);
}

static void item(cairo_t *cr, const Strip *s, int i, double x, double h, double w)
{
    const StripSpec *spec = s->spec;
    double r, g, b;
    demo_color(i + spec->color_shift, &r, &g, &b);
    double top = 10, height = h - 20, cx = x + w / 2;
    char number[16], caption[64] = "";
    g_snprintf(number, sizeof number, "%d", i);
    double px = 52;
    switch (spec->kind) {
    case KIND_CARD:
        g_snprintf(caption, sizeof caption, "Account \u2022\u2022\u2022\u2022 %d", 4021 + 1111 * i);
        px = 64;
        break;
    case KIND_PHOTO: g_snprintf(caption, sizeof caption, "card %d of %d", i, s->count); break;
    case KIND_BANNER:
        g_snprintf(caption, sizeof caption, "Offer %d \u00b7 one page per drag", i);
        px = 56;
        break;
    case KIND_THUMB: px = 30; break;
    case KIND_ICON:
        g_snprintf(caption, sizeof caption, "App %c", 'A' + i);
        height = h - 40;
        px = 30;
        break;
    case KIND_SLIDE: g_snprintf(caption, sizeof caption, "slide %d of %d", i, s->count); break;
    }
    cairo_set_source_rgb(cr, r, g, b);
    rounded(cr, x, top, w, height, spec->kind == KIND_ICON ? 16 : 10);
    cairo_fill(cr);
    double cy = top + height / 2;
    if (spec->kind == KIND_ICON) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        text(cr, number, cx, cy, px, TRUE);
        cairo_set_source_rgb(cr, 0.36, 0.40, 0.47);
        text(cr, caption, cx, top + height + 14, 12, FALSE);
        return;
    }
    cairo_set_source_rgb(cr, 1, 1, 1);
    text(cr, number, cx, *caption ? cy - 10 : cy, px, TRUE);
    if (*caption) {
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
        text(cr, caption, cx, cy + px / 2 + 4, 13, FALSE);
    }
}

void draw_strip(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    Strip *s = data;
    rounded(cr, 0, 0, width, height, 10);
    cairo_set_source_rgb(cr, 0xe9 / 255.0, 0xec / 255.0, 0xf2 / 255.0);
    cairo_fill_preserve(cr);
    cairo_clip(cr);
    for (int p = 0; p < s->n_items; p++) {
        double x = s->start[p] - s->offset;
        if (x > width || x + s->size[p] < 0) continue;
        item(cr, s, s->logical[p], x, height, s->size[p]);
    }
    if (gtk_widget_has_focus(GTK_WIDGET(area))) {
        cairo_reset_clip(cr);
        rounded(cr, 1.5, 1.5, width - 3, height - 3, 9);
        cairo_set_source_rgb(cr, 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0);
        cairo_set_line_width(cr, 3);
        cairo_stroke(cr);
    }
    if (s->paint_note && s->offset == s->paint_offset) s->paint_seen = TRUE;
}
