/*
 * detent-adwaita-twin: a real AdwCarousel above a DetentCarousel paged by
 * detentd, the same pages (size, spacing, count), one window. The
 * DetentCarousel finds detentd by libdetent's rule (DETENT_SOCKET first);
 * everything runs on GTK's main loop.
 *
 * Options (argv, or the environment when an option is not given):
 *   --plugin NAME     DETENT_TWIN_PLUGIN       the DetentCarousel's plugin (adwaita)
 *   --pages N         DETENT_TWIN_PAGES        page count, 1 to 16 (6)
 *   --width W         DETENT_TWIN_WIDTH        page width in pt: both are exactly this wide (400)
 *   --height H        DETENT_TWIN_HEIGHT       page height (200)
 *   --spacing S       DETENT_TWIN_SPACING      the gap between pages (0)
 *   --long-swipes B   DETENT_TWIN_LONG_SWIPES  both carousels' allow-long-swipes, 0 or 1 (0)
 *   --start I         DETENT_TWIN_START        the page both open on (0)
 *   DETENT_GTK_TRACE=1  Examples/gtk's test hooks on stdout, the carousel's too (README.md)
 * SPDX-License-Identifier: Apache-2.0
 */
#include "twin.h"

#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TwinOptions twin_options = { "adwaita", 6, 400, 200, 0, 0, FALSE };

static void activate(GtkApplication *app, gpointer data)
{
    GtkWidget **window = data;
    if (*window) {
        gtk_window_present(GTK_WINDOW(*window));
        return;
    }
    adw_init();
    const char *socket = NULL;
    if (trace_on()) {
        socket = relay_start();
        if (!socket) g_error("detent-adwaita-twin: the trace's relay could not listen");
        atexit(relay_stop);
        trace_animations();
    }
    *window = twin_window(app, socket);
    gtk_window_present(GTK_WINDOW(*window));
}

/** --name VALUE from argv, else the environment's variable, else fallback. */
static const char *option(int argc, char **argv, const char *name, const char *env, const char *fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    const char *v = g_getenv(env);
    return v && *v ? v : fallback;
}

/** The option as a whole number in [low, high], else a message naming it. */
static gboolean number(int argc, char **argv, const char *name, const char *env, const char *fallback, int low,
                       int high, int *out)
{
    const char *text = option(argc, argv, name, env, fallback);
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (*text && !*end && v >= low && v <= high) {
        *out = (int)v;
        return TRUE;
    }
    fprintf(stderr, "detent-adwaita-twin: %s (or %s) must be a whole number from %d to %d, not \"%s\"\n", name, env,
            low, high, text);
    return FALSE;
}

static void usage(FILE *to, const char *argv0)
{
    fprintf(to,
            "usage: %s [--plugin NAME] [--pages N] [--width W] [--height H] [--spacing S]\n"
            "       [--long-swipes 0|1] [--start I]\n"
            "A real AdwCarousel above a DetentCarousel paged by detentd's plugin NAME (adwaita), the same pages.\n"
            "Each option may come from the environment instead: DETENT_TWIN_PLUGIN, _PAGES, _WIDTH, _HEIGHT,\n"
            "_SPACING, _LONG_SWIPES, _START. DETENT_SOCKET says where detentd is (scripts/adwaita-twin\n"
            "starts one and sets it).\n",
            argv0);
}

/* SIGTERM and SIGINT end the application as closing its window does (atexit's handlers run). */
static gboolean on_signal(gpointer data)
{
    g_application_quit(G_APPLICATION(data));
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv)
{
    static const char *const known[] = { "--plugin", "--pages", "--width", "--height", "--spacing", "--long-swipes",
                                          "--start" };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout, argv[0]);
            return 0;
        }
        gboolean ok = FALSE;
        for (size_t k = 0; k < G_N_ELEMENTS(known); k++)
            if (strcmp(argv[i], known[k]) == 0) ok = i + 1 < argc;
        if (!ok) {
            fprintf(stderr, "detent-adwaita-twin: unknown option or missing value: %s\n", argv[i]);
            usage(stderr, argv[0]);
            return 2;
        }
        i++;
    }
    TwinOptions *o = &twin_options;
    int long_swipes = 0;
    o->plugin = option(argc, argv, "--plugin", "DETENT_TWIN_PLUGIN", o->plugin);
    gboolean good = number(argc, argv, "--pages", "DETENT_TWIN_PAGES", "6", 1, TWIN_MAX_PAGES, &o->pages) &&
                    number(argc, argv, "--width", "DETENT_TWIN_WIDTH", "400", 16, 2000, &o->width) &&
                    number(argc, argv, "--height", "DETENT_TWIN_HEIGHT", "200", 16, 2000, &o->height) &&
                    number(argc, argv, "--spacing", "DETENT_TWIN_SPACING", "0", 0, 1000, &o->spacing) &&
                    number(argc, argv, "--long-swipes", "DETENT_TWIN_LONG_SWIPES", "0", 0, 1, &long_swipes) &&
                    number(argc, argv, "--start", "DETENT_TWIN_START", "0", 0, TWIN_MAX_PAGES - 1, &o->start);
    if (good && o->start >= o->pages) {
        fprintf(stderr, "detent-adwaita-twin: --start %d is past the last page (%d)\n", o->start, o->pages - 1);
        good = FALSE;
    }
    if (good && !*o->plugin) {
        fprintf(stderr, "detent-adwaita-twin: --plugin needs a name\n");
        good = FALSE;
    }
    if (!good) {
        usage(stderr, argv[0]);
        return 2;
    }
    o->long_swipes = long_swipes;

    static GtkWidget *window;
    GtkApplication *app = gtk_application_new("org.detent.AdwaitaTwin", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), &window);
    char *args[] = { argv[0], NULL }; /* the options are ours, not GApplication's */
    g_unix_signal_add(SIGTERM, on_signal, app);
    g_unix_signal_add(SIGINT, on_signal, app);
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
