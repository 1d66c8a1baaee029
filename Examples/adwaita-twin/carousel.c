/*
 * The engine itself: a real AdwCarousel (libadwaita's swipe tracker and
 * spring, none of Detent's code) with the strip's pages, each drawn by
 * Examples/gtk's draw_page(), so the two halves show the same picture. Under it ◀ and ▶ (animated scroll_to, the
 * widget's goto) and a label in the strip's words:
 *   page I · at rest|dragging|moving · X pt     (X = position × (width + spacing))
 * It takes the keyboard focus (Tab): Left, Right, Page Up, Page Down, Home
 * and End page it through its own animated scroll_to, as the strip's keys
 * step it (libadwaita skips the animation when gtk-enable-animations is
 * off); its accessible description says "item N of M" as the strip's does.
 * Trace (DETENT_GTK_TRACE=1): state s=carousel state=rest|drag|moving index=I offset=X,
 * on every change, as the strip's state lines; input s=carousel phase=goto|step index=I;
 * access s=carousel description="..."; page-changed s=carousel index=I, each emission
 * (a scroll of no length included: Tests/AdwaitaTwin pairs them with the strip's decisions).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "twin.h"

#include <math.h>
#include <string.h>

typedef enum { STATE_REST, STATE_DRAG, STATE_MOVING } StripState;

static GtkWidget *carousel, *status, *prev, *next;
static gboolean button_down;
static int page;
static int target = -1; /* the page the last scroll_to goes to */
static char described[48];
static guint start_id;

static struct {
    gboolean traced;
    StripState state;
    int index;
    double offset;
} traced;

GtkWidget *carousel_area(void) { return carousel; }
GtkWidget *carousel_prev(void) { return prev; }
GtkWidget *carousel_next(void) { return next; }

static double distance(void)
{
    return twin_options.width + twin_options.spacing;
}

static double position(void)
{
    return adw_carousel_get_position(ADW_CAROUSEL(carousel));
}

static void describe(void)
{
    char text[sizeof described];
    g_snprintf(text, sizeof text, "item %d of %d", page + 1, twin_options.pages);
    if (strcmp(text, described) == 0) return;
    g_strlcpy(described, text, sizeof described);
    gtk_accessible_update_property(GTK_ACCESSIBLE(carousel), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    trace_line("access s=carousel description=\"%s\"", text);
}

/** The label and the trace, from where the carousel is now. */
static void refresh(void)
{
    double p = position();
    gboolean rest = !button_down && p == floor(p);
    StripState state = button_down ? STATE_DRAG : rest ? STATE_REST : STATE_MOVING;
    if (rest) page = (int)p;
    if (rest) describe();
    double offset = p * distance();
    const char *words = state == STATE_DRAG ? "dragging" : state == STATE_MOVING ? "moving" : "at rest";
    char text[128];
    g_snprintf(text, sizeof text, "page %d \u00b7 %s \u00b7 %.1f pt", page, words, offset);
    if (strcmp(gtk_label_get_text(GTK_LABEL(status)), text) != 0) gtk_label_set_text(GTK_LABEL(status), text);
    if (traced.traced && traced.state == state && traced.index == page && traced.offset == offset) return;
    traced.traced = TRUE;
    traced.state = state;
    traced.index = page;
    traced.offset = offset;
    char x[32];
    trace_line("state s=carousel state=%s index=%d offset=%s",
               state == STATE_DRAG ? "drag" : state == STATE_MOVING ? "moving" : "rest", page, trace_num(offset, x));
}

static void on_position(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    (void)pspec;
    (void)data;
    refresh();
}

static void on_page_changed(AdwCarousel *c, guint index, gpointer data)
{
    (void)c;
    (void)data;
    page = (int)index;
    trace_line("page-changed s=carousel index=%u", index);
    refresh();
}

/* Button 1 on the carousel, seen before the carousel's own swipe tracker (capture phase). */
static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
    (void)controller;
    (void)data;
    GdkEventType type = gdk_event_get_event_type(event);
    if (type == GDK_SCROLL) target = -1; /* the carousel's own wheel or swipe: no scroll_to target */
    if ((type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE) && gdk_button_event_get_button(event) == 1) {
        button_down = type == GDK_BUTTON_PRESS;
        if (button_down) target = -1; /* a swipe's own animation has no scroll_to target */
        refresh();
    }
    return GDK_EVENT_PROPAGATE;
}

/** The page a step starts from: where a scroll_to under way goes, else where it is. */
static int current_target(void)
{
    double p = position();
    return p != floor(p) && target >= 0 ? target : (int)lround(p);
}

static void go(int index, const char *phase)
{
    int n = (int)adw_carousel_get_n_pages(ADW_CAROUSEL(carousel));
    target = index < 0 ? 0 : index >= n ? n - 1 : index;
    trace_line("input s=carousel phase=%s index=%d", phase, target);
    adw_carousel_scroll_to(ADW_CAROUSEL(carousel), adw_carousel_get_nth_page(ADW_CAROUSEL(carousel), (guint)target),
                           TRUE);
}

static void step(int delta)
{
    if (!button_down) go(current_target() + delta, "goto");
}

static gboolean on_key(GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType state, gpointer data)
{
    (void)c;
    (void)keycode;
    (void)data;
    int base = current_target(), to;
    if (button_down || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))) return FALSE;
    switch (keyval) {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: to = base - 1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: to = base + 1; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: to = 0; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: to = twin_options.pages - 1; break;
    default: return FALSE;
    }
    go(to, "step");
    return TRUE;
}

static void on_prev(GtkButton *button, gpointer data)
{
    (void)button;
    (void)data;
    step(-1);
}

static void on_next(GtkButton *button, gpointer data)
{
    (void)button;
    (void)data;
    step(1);
}

/* The start page: scroll_to needs the carousel allocated, so it waits for that. */
static gboolean go_to_start(gpointer data)
{
    (void)data;
    if (gtk_widget_get_width(carousel) <= 0) return G_SOURCE_CONTINUE;
    if (position() != twin_options.start) {
        adw_carousel_scroll_to(ADW_CAROUSEL(carousel),
                               adw_carousel_get_nth_page(ADW_CAROUSEL(carousel), (guint)twin_options.start), FALSE);
        return G_SOURCE_CONTINUE;
    }
    start_id = 0;
    refresh();
    return G_SOURCE_REMOVE;
}

static void on_map(GtkWidget *widget, gpointer data)
{
    (void)widget;
    (void)data;
    if (!start_id) start_id = g_timeout_add(20, go_to_start, NULL);
}

/** The carousel's section, laid out as a strip's: title, about, the pages, ◀ label ▶. */
GtkWidget *carousel_build(void)
{
    const TwinOptions *o = &twin_options;
    char *version = g_strdup_printf("libadwaita %u.%u.%u", adw_get_major_version(), adw_get_minor_version(),
                                    adw_get_micro_version());
    char *about = g_strdup_printf("The engine itself: libadwaita's own widget, its swipe tracker and spring "
                                  "(allow-long-swipes %s). No Detent code.",
                                  o->long_swipes ? "on" : "off");
    GtkWidget *section = twin_section("AdwCarousel", version, about);
    g_free(version);
    g_free(about);

    carousel = adw_carousel_new();
    AdwCarousel *c = ADW_CAROUSEL(carousel);
    adw_carousel_set_spacing(c, (guint)o->spacing);
    adw_carousel_set_allow_long_swipes(c, o->long_swipes);
    adw_carousel_set_allow_mouse_drag(c, TRUE);
    adw_carousel_set_allow_scroll_wheel(c, TRUE); /* the strip has a wheel too */
    gtk_widget_set_size_request(carousel, o->width, o->height);
    gtk_widget_set_halign(carousel, GTK_ALIGN_START);
    gtk_widget_set_overflow(carousel, GTK_OVERFLOW_HIDDEN);
    gtk_widget_add_css_class(carousel, "view");
    gtk_widget_set_cursor_from_name(carousel, "grab");
    for (int i = 0; i < o->pages; i++) {
        GtkWidget *area = draw_page(KIND_SLIDE, i, o->pages, 0, o->width, o->height);
        gtk_widget_set_size_request(area, o->width, o->height);
        adw_carousel_append(c, area);
    }
    g_signal_connect(carousel, "notify::position", G_CALLBACK(on_position), NULL);
    g_signal_connect(carousel, "page-changed", G_CALLBACK(on_page_changed), NULL);
    g_signal_connect(carousel, "map", G_CALLBACK(on_map), NULL);
    GtkEventController *legacy = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE);
    g_signal_connect(legacy, "event", G_CALLBACK(on_event), NULL);
    gtk_widget_add_controller(carousel, legacy);
    gtk_widget_set_focusable(carousel, TRUE);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), NULL);
    gtk_widget_add_controller(carousel, keys);
    gtk_accessible_update_property(GTK_ACCESSIBLE(carousel), GTK_ACCESSIBLE_PROPERTY_LABEL, "AdwCarousel", -1);
    gtk_box_append(GTK_BOX(section), carousel);

    page = o->start;
    TwinFooter f;
    gtk_box_append(GTK_BOX(section), twin_footer(&f, G_CALLBACK(on_prev), NULL, G_CALLBACK(on_next), NULL));
    prev = f.prev, status = f.status, next = f.next;
    gtk_label_set_wrap(GTK_LABEL(status), FALSE); /* one line, at least 20 characters wide */
    gtk_label_set_width_chars(GTK_LABEL(status), 20);
    return section;
}
