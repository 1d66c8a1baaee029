/*
 * detent-gtk.h: libdetent-gtk-1, GTK 4 widgets whose paging detentd
 * decides. DetentCarousel is libadwaita 1.2's AdwCarousel, name for name
 * (adw_carousel_ -> detent_carousel_), plus Detent's geometry and link.
 * See detent-carousel(3).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_GTK_H
#define DETENT_GTK_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#if defined(__GNUC__)
#define DETENT_GTK_API __attribute__((visibility("default"))) extern
#else
#define DETENT_GTK_API extern
#endif

#define DETENT_GTK_MAJOR_VERSION 1
#define DETENT_GTK_MINOR_VERSION 0
#define DETENT_GTK_MICRO_VERSION 0

DETENT_GTK_API void detent_gtk_init(void);

/**
 * DetentCarouselAlign:
 * @DETENT_CAROUSEL_ALIGN_DEFAULT: the plugin's own
 * @DETENT_CAROUSEL_ALIGN_START: a page's start edge at the carousel's start
 * @DETENT_CAROUSEL_ALIGN_CENTER: a page centred in the carousel
 * @DETENT_CAROUSEL_ALIGN_END: a page's end edge at the carousel's end
 *
 * Which edge of a page a resting carousel lines up (the protocol's `align`).
 */
typedef enum {
    DETENT_CAROUSEL_ALIGN_DEFAULT,
    DETENT_CAROUSEL_ALIGN_START,
    DETENT_CAROUSEL_ALIGN_CENTER,
    DETENT_CAROUSEL_ALIGN_END
} DetentCarouselAlign;

/**
 * DetentCarouselMotion:
 * @DETENT_CAROUSEL_MOTION_AUTO: follows GtkSettings:gtk-enable-animations, live
 *   (off: reduced; on: the daemon's configured motion)
 * @DETENT_CAROUSEL_MOTION_FULL: every decision animated
 * @DETENT_CAROUSEL_MOTION_REDUCED: every decision drawn at once
 *
 * The motion the carousel asks the daemon for.
 */
typedef enum {
    DETENT_CAROUSEL_MOTION_AUTO,
    DETENT_CAROUSEL_MOTION_FULL,
    DETENT_CAROUSEL_MOTION_REDUCED
} DetentCarouselMotion;

DETENT_GTK_API GType detent_carousel_align_get_type(void) G_GNUC_CONST;
#define DETENT_TYPE_CAROUSEL_ALIGN (detent_carousel_align_get_type())
DETENT_GTK_API GType detent_carousel_motion_get_type(void) G_GNUC_CONST;
#define DETENT_TYPE_CAROUSEL_MOTION (detent_carousel_motion_get_type())

#define DETENT_TYPE_CAROUSEL (detent_carousel_get_type())
DETENT_GTK_API
G_DECLARE_FINAL_TYPE(DetentCarousel, detent_carousel, DETENT, CAROUSEL, GtkWidget)

DETENT_GTK_API GtkWidget *detent_carousel_new(void) G_GNUC_WARN_UNUSED_RESULT;

DETENT_GTK_API void detent_carousel_prepend(DetentCarousel *self, GtkWidget *child);
DETENT_GTK_API void detent_carousel_append(DetentCarousel *self, GtkWidget *child);
DETENT_GTK_API void detent_carousel_insert(DetentCarousel *self, GtkWidget *child, int position);
DETENT_GTK_API void detent_carousel_reorder(DetentCarousel *self, GtkWidget *child, int position);
DETENT_GTK_API void detent_carousel_remove(DetentCarousel *self, GtkWidget *child);
DETENT_GTK_API void detent_carousel_scroll_to(DetentCarousel *self, GtkWidget *widget, gboolean animate);

DETENT_GTK_API GtkWidget *detent_carousel_get_nth_page(DetentCarousel *self, guint n);
DETENT_GTK_API guint detent_carousel_get_n_pages(DetentCarousel *self);
DETENT_GTK_API double detent_carousel_get_position(DetentCarousel *self);

DETENT_GTK_API gboolean detent_carousel_get_interactive(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_interactive(DetentCarousel *self, gboolean interactive);
DETENT_GTK_API guint detent_carousel_get_spacing(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_spacing(DetentCarousel *self, guint spacing);
DETENT_GTK_API gboolean detent_carousel_get_allow_mouse_drag(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_allow_mouse_drag(DetentCarousel *self, gboolean allow_mouse_drag);
DETENT_GTK_API gboolean detent_carousel_get_allow_scroll_wheel(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_allow_scroll_wheel(DetentCarousel *self, gboolean allow_scroll_wheel);
DETENT_GTK_API gboolean detent_carousel_get_allow_long_swipes(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_allow_long_swipes(DetentCarousel *self, gboolean allow_long_swipes);
DETENT_GTK_API guint detent_carousel_get_reveal_duration(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_reveal_duration(DetentCarousel *self, guint reveal_duration);

/* Detent's geometry (beyond AdwCarousel; the defaults are AdwCarousel's). */
DETENT_GTK_API double detent_carousel_get_page_size(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_page_size(DetentCarousel *self, double page_size);
DETENT_GTK_API gboolean detent_carousel_get_natural_sizes(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_natural_sizes(DetentCarousel *self, gboolean natural_sizes);
DETENT_GTK_API double detent_carousel_get_lead(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_lead(DetentCarousel *self, double lead);
DETENT_GTK_API double detent_carousel_get_trail(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_trail(DetentCarousel *self, double trail);
DETENT_GTK_API DetentCarouselAlign detent_carousel_get_align(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_align(DetentCarousel *self, DetentCarouselAlign align);
DETENT_GTK_API gboolean detent_carousel_get_pad(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_pad(DetentCarousel *self, gboolean pad);
DETENT_GTK_API gboolean detent_carousel_get_loop(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_loop(DetentCarousel *self, gboolean loop);

/* Detent's link. */
DETENT_GTK_API const char *detent_carousel_get_plugin(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_plugin(DetentCarousel *self, const char *plugin);
DETENT_GTK_API const char *detent_carousel_get_socket(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_socket(DetentCarousel *self, const char *socket);
DETENT_GTK_API gboolean detent_carousel_get_connected(DetentCarousel *self);
DETENT_GTK_API const char *detent_carousel_get_running_plugin(DetentCarousel *self);
DETENT_GTK_API DetentCarouselMotion detent_carousel_get_motion(DetentCarousel *self);
DETENT_GTK_API void detent_carousel_set_motion(DetentCarousel *self, DetentCarouselMotion motion);

/* AdwCarouselIndicatorDots and AdwCarouselIndicatorLines of libadwaita 1.2, for a DetentCarousel
 * (detent-carousel(3), "Page indicators"). */
#define DETENT_TYPE_CAROUSEL_INDICATOR_DOTS (detent_carousel_indicator_dots_get_type())
DETENT_GTK_API
G_DECLARE_FINAL_TYPE(DetentCarouselIndicatorDots, detent_carousel_indicator_dots, DETENT, CAROUSEL_INDICATOR_DOTS,
                     GtkWidget)

DETENT_GTK_API GtkWidget *detent_carousel_indicator_dots_new(void) G_GNUC_WARN_UNUSED_RESULT;
DETENT_GTK_API DetentCarousel *detent_carousel_indicator_dots_get_carousel(DetentCarouselIndicatorDots *self);
DETENT_GTK_API void detent_carousel_indicator_dots_set_carousel(DetentCarouselIndicatorDots *self,
                                                                DetentCarousel *carousel);

#define DETENT_TYPE_CAROUSEL_INDICATOR_LINES (detent_carousel_indicator_lines_get_type())
DETENT_GTK_API
G_DECLARE_FINAL_TYPE(DetentCarouselIndicatorLines, detent_carousel_indicator_lines, DETENT, CAROUSEL_INDICATOR_LINES,
                     GtkWidget)

DETENT_GTK_API GtkWidget *detent_carousel_indicator_lines_new(void) G_GNUC_WARN_UNUSED_RESULT;
DETENT_GTK_API DetentCarousel *detent_carousel_indicator_lines_get_carousel(DetentCarouselIndicatorLines *self);
DETENT_GTK_API void detent_carousel_indicator_lines_set_carousel(DetentCarouselIndicatorLines *self,
                                                                 DetentCarousel *carousel);

G_END_DECLS

#endif
