/*
 * detent-gtk-demo: the native twin of the web demo (Examples/web). Every
 * strip pages through detentd, found by libdetent's rule (DETENT_SOCKET
 * first); everything runs on GTK's main loop, with no thread of its own.
 *   DETENT_SOCKET=/tmp/detent.sock detent-gtk-demo
 *   DETENT_GTK_TRACE=1 ...  prints the test hooks on stdout (trace.c)
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static void activate(GtkApplication *app, gpointer data)
{
    Demo *d = data;
    if (d->window) {
        gtk_window_present(GTK_WINDOW(d->window));
        return;
    }
    d->app = app;
    for (int i = 0; i < DEMO_STRIPS; i++) {
        Strip *s = &d->strips[i];
        s->spec = &demo_specs[i];
        s->demo = d;
        g_strlcpy(s->plugin, s->spec->plugin, sizeof s->plugin);
        s->index = s->spec->geometry.has_index ? s->spec->geometry.index : 0;
        s->autoplay_on = s->spec->autoplay_ms > 0;
    }
    trace_init(d);
    access_init(d); /* before the strips are built and opened: their motion */
    window_build(d);
    link_start(d);
    gtk_window_present(GTK_WINDOW(d->window));
}

int main(int argc, char **argv)
{
    static Demo demo;
    GtkApplication *app = gtk_application_new("org.detent.GtkDemo", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), &demo);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
