/*
 * detent_gtk_init() and the enumerations' types.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

/**
 * detent_gtk_init:
 *
 * Initializes GTK (as gtk_init() does) and registers libdetent-gtk's types,
 * so a GtkBuilder file can name them (`<object class="DetentCarousel">`),
 * as adw_init() does for libadwaita's. Safe to call more than once.
 */
void detent_gtk_init(void)
{
    gtk_init();
    g_type_ensure(DETENT_TYPE_CAROUSEL);
    g_type_ensure(DETENT_TYPE_CAROUSEL_INDICATOR_DOTS);
    g_type_ensure(DETENT_TYPE_CAROUSEL_INDICATOR_LINES);
}

GType detent_carousel_align_get_type(void)
{
    static gsize type = 0;
    static const GEnumValue values[] = {
        { DETENT_CAROUSEL_ALIGN_DEFAULT, "DETENT_CAROUSEL_ALIGN_DEFAULT", "default" },
        { DETENT_CAROUSEL_ALIGN_START, "DETENT_CAROUSEL_ALIGN_START", "start" },
        { DETENT_CAROUSEL_ALIGN_CENTER, "DETENT_CAROUSEL_ALIGN_CENTER", "center" },
        { DETENT_CAROUSEL_ALIGN_END, "DETENT_CAROUSEL_ALIGN_END", "end" },
        { 0, NULL, NULL },
    };
    if (g_once_init_enter(&type)) g_once_init_leave(&type, g_enum_register_static("DetentCarouselAlign", values));
    return type;
}

GType detent_carousel_motion_get_type(void)
{
    static gsize type = 0;
    static const GEnumValue values[] = {
        { DETENT_CAROUSEL_MOTION_AUTO, "DETENT_CAROUSEL_MOTION_AUTO", "auto" },
        { DETENT_CAROUSEL_MOTION_FULL, "DETENT_CAROUSEL_MOTION_FULL", "full" },
        { DETENT_CAROUSEL_MOTION_REDUCED, "DETENT_CAROUSEL_MOTION_REDUCED", "reduced" },
        { 0, NULL, NULL },
    };
    if (g_once_init_enter(&type)) g_once_init_leave(&type, g_enum_register_static("DetentCarouselMotion", values));
    return type;
}
