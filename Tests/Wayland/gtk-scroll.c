/* gtk-scroll: a GTK 4 window whose GtkEventControllerScroll (BOTH_AXES)
 * prints, one line each, what a scroll gesture brings:
 *   begin t=T source=S            scroll-begin (T: the current event's ms)
 *   scroll dx=DX dy=DY t=T source=S unit=U stop=0|1 dir=D
 *   end t=T stop=0|1              scroll-end
 * S is the event's device source (touchpad, mouse, ...), D its direction
 * (up, down, left, right: a discrete event; smooth). Prints `mapped`
 * once the window is mapped and `enter` when the pointer comes in. The proof test of the Wayland tool. */
#include <gtk/gtk.h>

static const char *source_of(GdkEvent *e) {
	if (!e)
		return "none";
	switch (gdk_device_get_source(gdk_event_get_device(e))) {
	case GDK_SOURCE_MOUSE: return "mouse";
	case GDK_SOURCE_TOUCHPAD: return "touchpad";
	case GDK_SOURCE_TRACKPOINT: return "trackpoint";
	case GDK_SOURCE_TOUCHSCREEN: return "touchscreen";
	default: return "other";
	}
}

static GdkEvent *current(GtkEventController *c) {
	return gtk_event_controller_get_current_event(c);
}

static guint32 time_of(GdkEvent *e) {
	return e ? gdk_event_get_time(e) : 0;
}

static int stop_of(GdkEvent *e) {
	return e && gdk_event_get_event_type(e) == GDK_SCROLL && gdk_scroll_event_is_stop(e);
}

static void on_begin(GtkEventController *c, gpointer data) {
	(void)data;
	GdkEvent *e = current(c);
	g_print("begin t=%u source=%s\n", time_of(e), source_of(e));
}

static const char *dir_of(GdkEvent *e) {
	static const char *const dirs[] = {"up", "down", "left", "right", "smooth"};
	if (!e || gdk_event_get_event_type(e) != GDK_SCROLL)
		return "none";
	GdkScrollDirection d = gdk_scroll_event_get_direction(e);
	return d <= GDK_SCROLL_SMOOTH ? dirs[d] : "other";
}

static gboolean on_scroll(GtkEventController *c, double dx, double dy, gpointer data) {
	(void)data;
	GdkEvent *e = current(c);
	const char *unit = gtk_event_controller_scroll_get_unit(GTK_EVENT_CONTROLLER_SCROLL(c))
		== GDK_SCROLL_UNIT_WHEEL ? "wheel" : "surface";
	g_print("scroll dx=%g dy=%g t=%u source=%s unit=%s stop=%d dir=%s\n", dx, dy, time_of(e),
		source_of(e), unit, stop_of(e), dir_of(e));
	return TRUE;
}

static void on_end(GtkEventController *c, gpointer data) {
	(void)data;
	GdkEvent *e = current(c);
	g_print("end t=%u stop=%d\n", time_of(e), stop_of(e));
}

static void on_map(GtkWidget *w, gpointer data) {
	(void)w;
	(void)data;
	g_print("mapped\n");
}

static void on_enter(GtkEventControllerMotion *c, double x, double y, gpointer data) {
	(void)c;
	(void)data;
	g_print("enter x=%g y=%g\n", x, y);
}

static void activate(GtkApplication *app, gpointer data) {
	(void)data;
	GtkWidget *win = gtk_application_window_new(app);
	gtk_window_set_default_size(GTK_WINDOW(win), 320, 240);
	GtkEventController *c = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
	g_signal_connect(c, "scroll-begin", G_CALLBACK(on_begin), NULL);
	g_signal_connect(c, "scroll", G_CALLBACK(on_scroll), NULL);
	g_signal_connect(c, "scroll-end", G_CALLBACK(on_end), NULL);
	gtk_widget_add_controller(win, c);
	GtkEventController *motion = gtk_event_controller_motion_new();
	g_signal_connect(motion, "enter", G_CALLBACK(on_enter), NULL);
	gtk_widget_add_controller(win, motion);
	g_signal_connect(win, "map", G_CALLBACK(on_map), NULL);
	gtk_window_present(GTK_WINDOW(win));
}

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	GtkApplication *app = gtk_application_new("org.detent.WaylandScroll", G_APPLICATION_NON_UNIQUE);
	g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
	int status = g_application_run(G_APPLICATION(app), argc, argv);
	g_object_unref(app);
	return status;
}
