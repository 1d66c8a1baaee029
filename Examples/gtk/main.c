/*
 * detent-gtk-demo: the native twin of the web demo (Examples/web), six
 * DetentCarousels (libdetent-gtk-1) paged by detentd, found by libdetent's
 * rule (DETENT_SOCKET first). Everything runs on GTK's main loop; the
 * widget reaches the daemon and reconnects by itself.
 *   DETENT_SOCKET=/tmp/detent.sock detent-gtk-demo
 *   DETENT_GTK_TRACE=1 ...  the test hooks on stdout (trace.c; through relay.c)
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <glib-unix.h>
#include <signal.h>
#include <stdlib.h>

static void on_connected(GObject *carousel, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    window_connected(data, detent_carousel_get_connected(DETENT_CAROUSEL(carousel)));
}

static void activate(GtkApplication *app, gpointer data)
{
    Demo *d = data;
    if (d->window) {
        gtk_window_present(GTK_WINDOW(d->window));
        return;
    }
    d->app = app;
    if (trace_on()) {
        d->socket = relay_start();
        if (!d->socket) g_error("detent-gtk-demo: the trace's relay could not listen");
        atexit(relay_stop);
        trace_animations();
    }
    for (int i = 0; i < DEMO_STRIPS; i++) {
        d->strips[i].spec = &demo_specs[i];
        d->strips[i].demo = d;
    }
    window_build(d);
    /* One connection carries every carousel: the first one's `connected` is theirs. */
    g_signal_connect(d->strips[0].carousel, "notify::connected", G_CALLBACK(on_connected), d);
    window_connected(d, FALSE);
    gtk_window_present(GTK_WINDOW(d->window));
}

/* SIGTERM and SIGINT end the application as closing its window does (atexit's handlers run). */
static gboolean on_signal(gpointer data)
{
    g_application_quit(G_APPLICATION(data));
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv)
{
    static Demo demo;
    GtkApplication *app = gtk_application_new("org.detent.GtkDemo", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), &demo);
    g_unix_signal_add(SIGTERM, on_signal, app);
    g_unix_signal_add(SIGINT, on_signal, app);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
