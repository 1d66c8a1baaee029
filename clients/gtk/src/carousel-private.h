/*
 * DetentCarousel's inside, shared by its files:
 *   carousel.c  the type, its properties and their calls
 *   pages.c     the pages (insert, reorder, remove, scroll_to, GtkBuildable)
 *   layout.c    measure, allocation, the geometry sent, the focus ring
 *   input.c     drags, wheel, touchpad and keys, fed to the strip
 *   link.c      the pools (one per socket), the strip's notes, the frames
 *   autoplay.c  autoplay, paused while the focus or the pointer is in it; the session's name
 * The strip (<detent/strip.h>) owns every paging rule; these files only
 * turn GTK's events into its calls and its frames into allocations.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_CAROUSEL_PRIVATE_H
#define DETENT_CAROUSEL_PRIVATE_H

#include "detent-gtk.h"

#include <detent/strip.h>

typedef struct PoolEntry PoolEntry;

enum {
    PROP_0,
    PROP_N_PAGES,
    PROP_POSITION,
    PROP_INTERACTIVE,
    PROP_SPACING,
    PROP_ALLOW_MOUSE_DRAG,
    PROP_ALLOW_SCROLL_WHEEL,
    PROP_ALLOW_LONG_SWIPES,
    PROP_REVEAL_DURATION,
    PROP_PAGE_SIZE,
    PROP_NATURAL_SIZES,
    PROP_LEAD,
    PROP_TRAIL,
    PROP_ALIGN,
    PROP_PAD,
    PROP_LOOP,
    PROP_PLUGIN,
    PROP_SOCKET,
    PROP_CONNECTED,
    PROP_RUNNING_PLUGIN,
    PROP_MOTION,
    PROP_AUTOPLAY,
    PROP_STATE,
    PROP_OFFSET,
    PROP_ORIENTATION, /* GtkOrientable's, overridden */
    N_PROPS = PROP_ORIENTATION
};

extern GParamSpec *detent_carousel_props[N_PROPS];
extern guint detent_carousel_page_changed;

struct _DetentCarousel {
    GtkWidget parent_instance;

    GPtrArray *pages; /* GtkWidget *, in order */

    /* AdwCarousel's properties */
    gboolean interactive, allow_mouse_drag, allow_scroll_wheel, allow_long_swipes;
    guint spacing, reveal_duration;
    GtkOrientation orientation;
    /* Detent's geometry */
    double page_size, lead, trail;
    gboolean natural_sizes, pad, loop;
    DetentCarouselAlign align;
    /* Detent's link */
    char *plugin, *socket;
    DetentCarouselMotion motion;
    gboolean connected;
    gboolean plugin_due; /* plugin changed while laid out: sent after the next geometry */
    guint autoplay;          /* ms, 0 off */
    double autoplay_sent;    /* what the strip was last given (0 while paused), -1 before */
    gboolean focus_within, pointer_within;

    /* the strip and what it drew last */
    detent_strip *strip;
    PoolEntry *pool;
    gboolean in_pool;
    gboolean laid_out;   /* a geometry was taken */
    detent_geometry sent; /* the last one taken (sizes in sent_sizes) */
    double *sent_sizes;
    double *lengths;     /* each page's length along the axis, as laid out */
    double shift;        /* AdwCarousel's centring of a page narrower than the carousel */
    double offset, position;
    DetentCarouselState state;
    double shown_offset;       /* offset and state as last notified */
    DetentCarouselState shown_state;
    int64_t index;       /* where it rests or heads */
    int64_t keep_index;  /* the index to lay out at after a change of pages, or -1 */
    int64_t pending;     /* scroll_to before any geometry: the index, or -1 */
    gboolean pages_dirty; /* pages came, went or moved since the strip was last laid out */
    guint tick_id;
    gboolean syncing, dirty, allocating;
    guint idle_id;
    char described[64];

    /* input */
    GtkGesture *drag;
    gboolean press_pending, pressed, claimed;
    double press_t, last_t;
    gboolean scrolling;
    gboolean keyed; /* keys paged it since the last press or focus change: the ring shows */
};

/* layout.c */
void detent_carousel_layout_class_init(GtkWidgetClass *widget_class);
gboolean detent_carousel_is_vertical(DetentCarousel *self);
gboolean detent_carousel_is_mirrored(DetentCarousel *self);
void detent_carousel_layout_now(DetentCarousel *self);

/* input.c */
void detent_carousel_input_init(DetentCarousel *self);
void detent_carousel_input_stop(DetentCarousel *self);
void detent_carousel_input_update(DetentCarousel *self);
void detent_carousel_input_yield(DetentCarousel *self);

/* pages.c */
int64_t detent_carousel_shown_index(DetentCarousel *self);

/* link.c */
void detent_carousel_link_init(DetentCarousel *self);
void detent_carousel_link_join(DetentCarousel *self);
void detent_carousel_link_leave(DetentCarousel *self);
void detent_carousel_link_stop(DetentCarousel *self);
void detent_carousel_link_attach(DetentCarousel *self, gboolean attach);
void detent_carousel_link_motion(DetentCarousel *self);
gboolean detent_carousel_reduced(DetentCarousel *self);
void detent_carousel_sync(DetentCarousel *self);
void detent_carousel_sync_later(DetentCarousel *self);
void detent_carousel_frame_now(DetentCarousel *self);
void detent_carousel_describe(DetentCarousel *self);
void detent_carousel_set_position_at(DetentCarousel *self, double position);
void detent_carousel_publish(DetentCarousel *self);

/* autoplay.c */
void detent_carousel_autoplay_init(DetentCarousel *self);
void detent_carousel_autoplay_apply(DetentCarousel *self);

#endif
