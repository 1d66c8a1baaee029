/*
 * detent-qt-demo: a real Qt Quick SwipeView (Basic style) above
 * Detent.Controls' SwipeView with the same pages, paged by detentd's plugin
 * (qt-swipeview), one window (window.qml, next to the binary). The module
 * reaches detentd (DETENT_SOCKET first, then detentd(8)'s rule; under the
 * trace through the app's relay); everything runs on Qt's event loop. The
 * module is found on QML_IMPORT_PATH (scripts/qt-demo sets it).
 *
 * Options (argv, or the environment when an option is not given):
 *   --plugin NAME   DETENT_QT_PLUGIN    the view's plugin (qt-swipeview); refused, the config's default
 *   --pages N       DETENT_QT_PAGES     page count, 1 to 16 (6)
 *   --width W       DETENT_QT_WIDTH     page width: both views (400)
 *   --height H      DETENT_QT_HEIGHT    page height (200)
 *   --spacing S     DETENT_QT_SPACING   the gap between pages (0)
 *   --start I       DETENT_QT_START     the page both open on (0)
 *   --motion M      DETENT_QT_MOTION    auto (GNOME's enable-animations), full or reduced (auto)
 *   DETENT_QT_TRACE=1   the test hooks on stdout (README.md)
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <QtCore/QDir>
#include <QtGui/QGuiApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

Demo demo;

/** --name VALUE from argv, else the environment's variable, else fallback. */
static const char *option(int argc, char **argv, const char *name, const char *env, const char *fallback)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    const char *v = getenv(env);
    return v && *v ? v : fallback;
}

static bool number(int argc, char **argv, const char *name, const char *env, const char *fallback, int low, int high,
                   int *out)
{
    const char *text = option(argc, argv, name, env, fallback);
    char *end = nullptr;
    long v = strtol(text, &end, 10);
    if (*text && !*end && v >= low && v <= high) {
        *out = (int)v;
        return true;
    }
    fprintf(stderr, "detent-qt-demo: %s (or %s) must be a whole number from %d to %d, not \"%s\"\n", name, env, low,
            high, text);
    return false;
}

static void usage(FILE *to, const char *argv0)
{
    fprintf(to,
            "usage: %s [--plugin NAME] [--pages N] [--width W] [--height H] [--spacing S] [--start I]\n"
            "       [--motion auto|full|reduced]\n"
            "A real Qt Quick SwipeView above Detent.Controls' SwipeView of the same pages paged by detentd's\n"
            "plugin NAME (qt-swipeview; when detentd refuses it, the config's default).\n"
            "Each option may come from the environment instead: DETENT_QT_PLUGIN, _PAGES, _WIDTH, _HEIGHT,\n"
            "_SPACING, _START, _MOTION (auto: reduced when GNOME's enable-animations is off).\n"
            "DETENT_SOCKET says where detentd is (scripts/qt-demo starts one and sets it);\n"
            "QML_IMPORT_PATH names the folder with Detent/Controls; DETENT_QT_TRACE=1 prints the test hooks.\n",
            argv0);
}

int main(int argc, char **argv)
{
    static const char *const known[] = { "--plugin", "--pages", "--width", "--height", "--spacing", "--start",
                                         "--motion" };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout, argv[0]);
            return 0;
        }
        bool ok = false;
        for (const char *k : known)
            if (strcmp(argv[i], k) == 0) ok = i + 1 < argc;
        if (!ok) {
            fprintf(stderr, "detent-qt-demo: unknown option or missing value: %s\n", argv[i]);
            usage(stderr, argv[0]);
            return 2;
        }
        i++;
    }
    Options &o = demo.options;
    o.plugin = option(argc, argv, "--plugin", "DETENT_QT_PLUGIN", o.plugin.c_str());
    o.motion = option(argc, argv, "--motion", "DETENT_QT_MOTION", o.motion.c_str());
    bool good = number(argc, argv, "--pages", "DETENT_QT_PAGES", "6", 1, DEMO_MAX_PAGES, &o.pages) &&
                number(argc, argv, "--width", "DETENT_QT_WIDTH", "400", 16, 2000, &o.width) &&
                number(argc, argv, "--height", "DETENT_QT_HEIGHT", "200", 16, 2000, &o.height) &&
                number(argc, argv, "--spacing", "DETENT_QT_SPACING", "0", 0, 1000, &o.spacing) &&
                number(argc, argv, "--start", "DETENT_QT_START", "0", 0, DEMO_MAX_PAGES - 1, &o.start);
    if (good && o.start >= o.pages) {
        fprintf(stderr, "detent-qt-demo: --start %d is past the last page (%d)\n", o.start, o.pages - 1);
        good = false;
    }
    if (good && (o.plugin.empty() || o.plugin.size() > 200)) {
        fprintf(stderr, "detent-qt-demo: --plugin needs a name\n");
        good = false;
    }
    if (!good) {
        usage(stderr, argv[0]);
        return 2;
    }

    setenv("QT_QUICK_CONTROLS_STYLE", "Basic", 1);
    const char *socket = getenv("DETENT_SOCKET");
    demo.tried = socket && *socket ? socket
                                   : "$XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock, /tmp/detent-UID.sock";
    int qt_argc = 1; /* the options are ours, not Qt's */
    QGuiApplication app(qt_argc, argv);
    const char *relay = nullptr;
    if (trace_on() && !(relay = relay_start())) {
        fprintf(stderr, "detent-qt-demo: the trace's relay could not listen\n");
        return 1;
    }
    demo.socket = relay ? relay : "";
    QUrl qml = QUrl::fromLocalFile(QDir(QCoreApplication::applicationDirPath()).filePath("window.qml"));
    if (!host_build(&demo, qml)) return 1;
    offer_start(&demo);
    demo.view->show();
    demo.view->requestActivate();
    int status = app.exec();
    relay_stop();
    return status;
}
