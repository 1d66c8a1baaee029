/*
 * A page: a drawing area with a rounded card in its colour and its index
 * large in the middle (the web demo's cards). Each page is a real child
 * widget of its DetentCarousel, which places it; a loop's page is drawn
 * once, at its copy nearest the view, so the jump back is never seen.
 * Colours: the web demo's, item i in (i + shift) mod 8; a test reads the
 * resting card's colour off a screenshot.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "common.h"

#include <math.h>

static const guint32 palette[] = { 0x2d6cdf, 0x1f9d74, 0xc2410c, 0x7c3aed, 0xbe185d, 0x0e7490, 0xa16207, 0x4d7c0f };

typedef struct Page {
    ItemKind kind;
    int index, count, shift;
} Page;

void demo_color(int i, double *r, double *g, double *b)
{
    guint32 c = palette[((i % 8) + 8) % 8];
    *r = ((c >> 16) & 0xff) / 255.0;
    *g = ((c >> 8) & 0xff) / 255.0;
    *b = (c & 0xff) / 255.0;
}

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

static void draw(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data)
{
    (void)area;
    const Page *p = data;
    int i = p->index;
    double r, g, b;
    demo_color(i + p->shift, &r, &g, &b);
    double top = 10, height = h - 20, cx = w / 2.0;
    char number[16], caption[64] = "";
    g_snprintf(number, sizeof number, "%d", i);
    double px = 52;
    switch (p->kind) {
    case KIND_CARD:
        g_snprintf(caption, sizeof caption, "Account \u2022\u2022\u2022\u2022 %d", 4021 + 1111 * i);
        px = 64;
        break;
    case KIND_PHOTO: g_snprintf(caption, sizeof caption, "card %d of %d", i, p->count); break;
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
    case KIND_SLIDE: g_snprintf(caption, sizeof caption, "slide %d of %d", i, p->count); break;
    }
    cairo_set_source_rgb(cr, r, g, b);
    rounded(cr, 0, top, w, height, p->kind == KIND_ICON ? 16 : 10);
    cairo_fill(cr);
    double cy = top + height / 2;
    cairo_set_source_rgb(cr, 1, 1, 1);
    if (p->kind == KIND_ICON) {
        text(cr, number, cx, cy, px, TRUE);
        cairo_set_source_rgb(cr, 0.36, 0.40, 0.47);
        text(cr, caption, cx, top + height + 14, 12, FALSE);
        return;
    }
    text(cr, number, cx, *caption ? cy - 10 : cy, px, TRUE);
    if (*caption) {
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
        text(cr, caption, cx, cy + px / 2 + 4, 13, FALSE);
    }
}

GtkWidget *draw_page(ItemKind kind, int index, int count, int shift, int width, int height)
{
    Page *p = g_new(Page, 1);
    *p = (Page){ kind, index, count, shift };
    GtkWidget *area = gtk_drawing_area_new();
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(area), width);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), height);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, p, g_free);
    return area;
}
