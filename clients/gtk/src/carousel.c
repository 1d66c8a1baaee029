/*
 * DetentCarousel: the type, its properties and its signal. AdwCarousel
 * 1.2's names, types, ranges and defaults; then Detent's geometry and
 * link. Each property's calls are in props.c.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "carousel-private.h"

/**
 * DetentCarousel:
 *
 * A paged carousel whose pages come to rest where detentd decides:
 * libadwaita 1.2's AdwCarousel, name for name. Its CSS node is `carousel`.
 */

static void detent_carousel_buildable_init(GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(DetentCarousel, detent_carousel, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_ORIENTABLE, NULL)
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_BUILDABLE, detent_carousel_buildable_init))

GParamSpec *detent_carousel_props[N_PROPS];
guint detent_carousel_page_changed;
static GtkBuildableIface *parent_buildable;

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    DetentCarousel *self = DETENT_CAROUSEL(object);
    switch (id) {
    case PROP_N_PAGES: g_value_set_uint(value, detent_carousel_get_n_pages(self)); break;
    case PROP_POSITION: g_value_set_double(value, self->position); break;
    case PROP_INTERACTIVE: g_value_set_boolean(value, self->interactive); break;
    case PROP_SPACING: g_value_set_uint(value, self->spacing); break;
    case PROP_ALLOW_MOUSE_DRAG: g_value_set_boolean(value, self->allow_mouse_drag); break;
    case PROP_ALLOW_SCROLL_WHEEL: g_value_set_boolean(value, self->allow_scroll_wheel); break;
    case PROP_ALLOW_LONG_SWIPES: g_value_set_boolean(value, self->allow_long_swipes); break;
    case PROP_REVEAL_DURATION: g_value_set_uint(value, self->reveal_duration); break;
    case PROP_PAGE_SIZE: g_value_set_double(value, self->page_size); break;
    case PROP_NATURAL_SIZES: g_value_set_boolean(value, self->natural_sizes); break;
    case PROP_LEAD: g_value_set_double(value, self->lead); break;
    case PROP_TRAIL: g_value_set_double(value, self->trail); break;
    case PROP_ALIGN: g_value_set_enum(value, self->align); break;
    case PROP_PAD: g_value_set_boolean(value, self->pad); break;
    case PROP_LOOP: g_value_set_boolean(value, self->loop); break;
    case PROP_PLUGIN: g_value_set_string(value, self->plugin); break;
    case PROP_SOCKET: g_value_set_string(value, self->socket); break;
    case PROP_CONNECTED: g_value_set_boolean(value, self->connected); break;
    case PROP_RUNNING_PLUGIN: g_value_set_string(value, detent_carousel_get_running_plugin(self)); break;
    case PROP_MOTION: g_value_set_enum(value, self->motion); break;
    case PROP_ORIENTATION: g_value_set_enum(value, self->orientation); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void set_orientation(DetentCarousel *self, GtkOrientation orientation)
{
    if (self->orientation == orientation) return;
    self->orientation = orientation;
    gboolean vertical = orientation == GTK_ORIENTATION_VERTICAL;
    gtk_widget_add_css_class(GTK_WIDGET(self), vertical ? "vertical" : "horizontal");
    gtk_widget_remove_css_class(GTK_WIDGET(self), vertical ? "horizontal" : "vertical");
    gtk_widget_queue_resize(GTK_WIDGET(self));
    g_object_notify(G_OBJECT(self), "orientation");
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    DetentCarousel *self = DETENT_CAROUSEL(object);
    switch (id) {
    case PROP_INTERACTIVE: detent_carousel_set_interactive(self, g_value_get_boolean(value)); break;
    case PROP_SPACING: detent_carousel_set_spacing(self, g_value_get_uint(value)); break;
    case PROP_ALLOW_MOUSE_DRAG: detent_carousel_set_allow_mouse_drag(self, g_value_get_boolean(value)); break;
    case PROP_ALLOW_SCROLL_WHEEL: detent_carousel_set_allow_scroll_wheel(self, g_value_get_boolean(value)); break;
    case PROP_ALLOW_LONG_SWIPES: detent_carousel_set_allow_long_swipes(self, g_value_get_boolean(value)); break;
    case PROP_REVEAL_DURATION: detent_carousel_set_reveal_duration(self, g_value_get_uint(value)); break;
    case PROP_PAGE_SIZE: detent_carousel_set_page_size(self, g_value_get_double(value)); break;
    case PROP_NATURAL_SIZES: detent_carousel_set_natural_sizes(self, g_value_get_boolean(value)); break;
    case PROP_LEAD: detent_carousel_set_lead(self, g_value_get_double(value)); break;
    case PROP_TRAIL: detent_carousel_set_trail(self, g_value_get_double(value)); break;
    case PROP_ALIGN: detent_carousel_set_align(self, g_value_get_enum(value)); break;
    case PROP_PAD: detent_carousel_set_pad(self, g_value_get_boolean(value)); break;
    case PROP_LOOP: detent_carousel_set_loop(self, g_value_get_boolean(value)); break;
    case PROP_PLUGIN: detent_carousel_set_plugin(self, g_value_get_string(value)); break;
    case PROP_SOCKET: detent_carousel_set_socket(self, g_value_get_string(value)); break;
    case PROP_MOTION: detent_carousel_set_motion(self, g_value_get_enum(value)); break;
    case PROP_ORIENTATION: set_orientation(self, g_value_get_enum(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dispose(GObject *object)
{
    DetentCarousel *self = DETENT_CAROUSEL(object);
    detent_carousel_input_stop(self);
    detent_carousel_link_stop(self);
    while (self->pages && self->pages->len > 0)
        detent_carousel_remove(self, g_ptr_array_index(self->pages, self->pages->len - 1));
    G_OBJECT_CLASS(detent_carousel_parent_class)->dispose(object);
}

static void finalize(GObject *object)
{
    DetentCarousel *self = DETENT_CAROUSEL(object);
    detent_strip_free(self->strip);
    g_ptr_array_unref(self->pages);
    g_free(self->sent_sizes);
    g_free(self->lengths);
    g_free(self->plugin);
    g_free(self->socket);
    G_OBJECT_CLASS(detent_carousel_parent_class)->finalize(object);
}

#define RW (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)
#define RO (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static GParamSpec *flag(const char *name, gboolean value)
{
    return g_param_spec_boolean(name, NULL, NULL, value, RW);
}

static GParamSpec *length(const char *name)
{
    return g_param_spec_double(name, NULL, NULL, 0, G_MAXDOUBLE, 0, RW);
}

static void detent_carousel_class_init(DetentCarouselClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GParamSpec **p = detent_carousel_props;

    object_class->get_property = get_property;
    object_class->set_property = set_property;
    object_class->dispose = dispose;
    object_class->finalize = finalize;
    detent_carousel_layout_class_init(widget_class);

    /* AdwCarousel 1.2's, with its ranges and defaults. */
    p[PROP_N_PAGES] = g_param_spec_uint("n-pages", NULL, NULL, 0, G_MAXUINT, 0, RO);
    p[PROP_POSITION] = g_param_spec_double("position", NULL, NULL, 0, G_MAXDOUBLE, 0, RO);
    p[PROP_INTERACTIVE] = flag("interactive", TRUE);
    p[PROP_SPACING] = g_param_spec_uint("spacing", NULL, NULL, 0, G_MAXUINT, 0, RW);
    p[PROP_ALLOW_MOUSE_DRAG] = flag("allow-mouse-drag", TRUE);
    p[PROP_ALLOW_SCROLL_WHEEL] = flag("allow-scroll-wheel", TRUE);
    p[PROP_ALLOW_LONG_SWIPES] = flag("allow-long-swipes", FALSE);
    p[PROP_REVEAL_DURATION] = g_param_spec_uint("reveal-duration", NULL, NULL, 0, G_MAXUINT, 0, RW);
    /* Detent's geometry: the defaults leave AdwCarousel's. */
    p[PROP_PAGE_SIZE] = length("page-size");
    p[PROP_NATURAL_SIZES] = flag("natural-sizes", FALSE);
    p[PROP_LEAD] = length("lead");
    p[PROP_TRAIL] = length("trail");
    p[PROP_ALIGN] = g_param_spec_enum("align", NULL, NULL, DETENT_TYPE_CAROUSEL_ALIGN,
                                      DETENT_CAROUSEL_ALIGN_DEFAULT, RW);
    p[PROP_PAD] = flag("pad", FALSE);
    p[PROP_LOOP] = flag("loop", FALSE);
    /* Detent's link. */
    p[PROP_PLUGIN] = g_param_spec_string("plugin", NULL, NULL, "adwaita", RW);
    p[PROP_SOCKET] = g_param_spec_string("socket", NULL, NULL, NULL, RW);
    p[PROP_CONNECTED] = g_param_spec_boolean("connected", NULL, NULL, FALSE, RO);
    p[PROP_RUNNING_PLUGIN] = g_param_spec_string("running-plugin", NULL, NULL, NULL, RO);
    p[PROP_MOTION] = g_param_spec_enum("motion", NULL, NULL, DETENT_TYPE_CAROUSEL_MOTION,
                                       DETENT_CAROUSEL_MOTION_AUTO, RW);
    g_object_class_install_properties(object_class, N_PROPS, p);
    g_object_class_override_property(object_class, PROP_ORIENTATION, "orientation");

    /**
     * DetentCarousel::page-changed:
     * @self: the carousel
     * @index: the page it rests on
     *
     * Emitted when a scroll comes to rest, on the same page too, as AdwCarousel
     * 1.2 emits it (detent-carousel(3) lists the moments); never on first show.
     */
    detent_carousel_page_changed = g_signal_new("page-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

    gtk_widget_class_set_css_name(widget_class, "carousel");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void detent_carousel_init(DetentCarousel *self)
{
    self->pages = g_ptr_array_new();
    self->interactive = self->allow_mouse_drag = self->allow_scroll_wheel = TRUE;
    self->orientation = GTK_ORIENTATION_HORIZONTAL;
    self->plugin = g_strdup("adwaita");
    self->keep_index = self->pending = -1;
    gtk_widget_add_css_class(GTK_WIDGET(self), "horizontal");
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    detent_carousel_link_init(self);
    detent_carousel_input_init(self);
}

static void buildable_add_child(GtkBuildable *buildable, GtkBuilder *builder, GObject *child, const char *type)
{
    if (GTK_IS_WIDGET(child)) detent_carousel_append(DETENT_CAROUSEL(buildable), GTK_WIDGET(child));
    else parent_buildable->add_child(buildable, builder, child, type);
}

static void detent_carousel_buildable_init(GtkBuildableIface *iface)
{
    parent_buildable = g_type_interface_peek_parent(iface);
    iface->add_child = buildable_add_child;
}

/**
 * detent_carousel_new:
 *
 * Returns: a new carousel, with no pages
 */
GtkWidget *detent_carousel_new(void)
{
    return g_object_new(DETENT_TYPE_CAROUSEL, NULL);
}
