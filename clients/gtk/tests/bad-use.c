/*
 * detent-gtk-bad-use: DetentCarousel used wrongly gets what AdwCarousel
 * 1.2.2 gives (clients/gtk/tests/adw-measure measured it): a g_critical,
 * no crash, nothing lost. Shown in a window on $DISPLAY, its daemon found
 * by the discovery rule ($DETENT_SOCKET). Prints `ok - ...` or
 * `not ok - ...` per check; exits 1 on a failure.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <detent-gtk.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int criticals, failed;
static GArray *changed; /* guint: every page-changed index */

static void check(const char *name, gboolean ok)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", name);
    fflush(stdout);
    failed += !ok;
}

static GLogWriterOutput on_log(GLogLevelFlags level, const GLogField *fields, gsize n, gpointer data)
{
    if (level & G_LOG_LEVEL_CRITICAL) criticals++;
    return g_log_writer_default(level, fields, n, data);
}

static void on_changed(DetentCarousel *c, guint index, gpointer data)
{
    (void)c;
    (void)data;
    g_array_append_val(changed, index);
}

typedef gboolean (*Condition)(DetentCarousel *c);

/* Runs the main loop until cond holds or ms pass; whether it held. */
static gboolean run_until(DetentCarousel *c, Condition cond, int ms)
{
    gint64 end = g_get_monotonic_time() + ms * 1000;
    while (!(cond && cond(c)) && g_get_monotonic_time() < end) g_main_context_iteration(NULL, FALSE), g_usleep(1000);
    return cond && cond(c);
}

static gboolean ready(DetentCarousel *c)
{
    return detent_carousel_get_connected(c) && detent_carousel_get_running_plugin(c) != NULL;
}

static gboolean moving(DetentCarousel *c)
{
    return detent_carousel_get_position(c) > 0.3;
}

static gboolean changed_once(DetentCarousel *c)
{
    (void)c;
    return changed->len > 0;
}

static DetentCarousel *shown(int pages, GtkWidget **window)
{
    GtkWidget *c = detent_carousel_new();
    for (int i = 0; i < pages; i++) detent_carousel_append(DETENT_CAROUSEL(c), gtk_label_new("page"));
    g_signal_connect(c, "page-changed", G_CALLBACK(on_changed), NULL);
    *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(*window), 300, 200);
    gtk_window_set_child(GTK_WINDOW(*window), c);
    gtk_window_present(GTK_WINDOW(*window));
    return DETENT_CAROUSEL(c);
}

static void empty(void)
{
    GtkWidget *window;
    DetentCarousel *c = shown(0, &window);
    run_until(c, NULL, 300);
    int before = criticals;
    GtkWidget *none = detent_carousel_get_nth_page(c, 0);
    check("0 pages: n-pages 0, position 0", detent_carousel_get_n_pages(c) == 0 && detent_carousel_get_position(c) == 0);
    check("0 pages: get_nth_page(0) is a g_critical and NULL", none == NULL && criticals == before + 1);
    GtkWidget *page = gtk_label_new("one");
    detent_carousel_append(c, page);
    run_until(c, NULL, 200);
    detent_carousel_remove(c, page);
    run_until(c, NULL, 200);
    check("0 pages again after one came and went: drawn without a crash or a critical",
          detent_carousel_get_n_pages(c) == 0 && criticals == before + 1);
    gtk_window_destroy(GTK_WINDOW(window));
}

static void strangers(void)
{
    GtkWidget *window, *other_window;
    DetentCarousel *c = shown(3, &window), *other = shown(1, &other_window);
    run_until(c, ready, 3000);
    g_array_set_size(changed, 0);
    int before = criticals;
    GtkWidget *stranger = gtk_label_new("stranger");
    g_object_ref_sink(stranger);
    detent_carousel_scroll_to(c, stranger, TRUE);
    detent_carousel_scroll_to(c, detent_carousel_get_nth_page(other, 0), FALSE);
    run_until(c, NULL, 400);
    check("scroll_to a widget that is not a page (a loose one, another carousel's): a g_critical each, nothing moves",
          criticals == before + 2 && detent_carousel_get_position(c) == 0 && changed->len == 0);
    before = criticals;
    detent_carousel_remove(c, stranger);
    detent_carousel_reorder(c, stranger, 0);
    detent_carousel_insert(c, detent_carousel_get_nth_page(other, 0), 0);
    detent_carousel_insert(c, stranger, -2);
    detent_carousel_set_page_size(c, -1);
    check("remove, reorder or insert a widget that is not its page (or has a parent, or at -2), a negative "
          "page-size: a g_critical each, nothing lost",
          criticals == before + 5 && detent_carousel_get_n_pages(c) == 3 && detent_carousel_get_n_pages(other) == 1 &&
              gtk_widget_get_parent(stranger) == NULL);
    g_object_unref(stranger);
    gtk_window_destroy(GTK_WINDOW(window));
    gtk_window_destroy(GTK_WINDOW(other_window));
}

static void removed_in_motion(void)
{
    GtkWidget *window;
    DetentCarousel *c = shown(4, &window);
    check("4 pages: connected and open", run_until(c, ready, 3000));
    g_array_set_size(changed, 0);
    int before = criticals;
    GtkWidget *target = g_object_ref(detent_carousel_get_nth_page(c, 3));
    detent_carousel_scroll_to(c, target, TRUE);
    gboolean moved = run_until(c, moving, 3000);
    detent_carousel_remove(c, target);
    run_until(c, changed_once, 3000);
    run_until(c, NULL, 500);
    double p = detent_carousel_get_position(c);
    guint last = changed->len ? g_array_index(changed, guint, changed->len - 1) : G_MAXUINT;
    gboolean kept = TRUE;
    for (guint i = 0; i < 3; i++)
        kept = kept && gtk_widget_get_parent(detent_carousel_get_nth_page(c, i)) == GTK_WIDGET(c);
    check("the page scrolled to, removed during its motion: no critical, it rests on the last page left (2), "
          "page-changed(2) once, the other pages kept",
          moved && criticals == before && changed->len == 1 && last == 2 && p == 2 && kept &&
              detent_carousel_get_n_pages(c) == 3 && gtk_widget_get_parent(target) == NULL);
    g_object_unref(target);
    gtk_window_destroy(GTK_WINDOW(window));
}

static gboolean at_500(DetentCarousel *c)
{
    return detent_carousel_get_position(c) == 500 && changed->len > 0;
}

static void thousand(void)
{
    GtkWidget *window;
    DetentCarousel *c = shown(1000, &window);
    check("1,000 pages: connected and open", run_until(c, ready, 5000));
    g_array_set_size(changed, 0);
    detent_carousel_scroll_to(c, detent_carousel_get_nth_page(c, 999), FALSE);
    check("1,000 pages: scroll_to(999, FALSE) rests there and emits page-changed(999) before it returns",
          detent_carousel_get_position(c) == 999 && changed->len == 1 && g_array_index(changed, guint, 0) == 999);
    g_array_set_size(changed, 0);
    gint64 t0 = g_get_monotonic_time();
    detent_carousel_scroll_to(c, detent_carousel_get_nth_page(c, 500), TRUE);
    gboolean there = run_until(c, at_500, 5000);
    printf("# 1,000 pages: 999 -> 500 animated in %.0f ms\n", (g_get_monotonic_time() - t0) / 1000.0);
    check("1,000 pages: scroll_to(500, TRUE) comes to rest on 500 with page-changed(500)",
          there && g_array_index(changed, guint, 0) == 500 && detent_carousel_get_n_pages(c) == 1000);
    gtk_window_destroy(GTK_WINDOW(window));
}

int main(void)
{
    g_log_set_writer_func(on_log, NULL, NULL);
    detent_gtk_init();
    changed = g_array_new(FALSE, FALSE, sizeof(guint));
    empty();
    strangers();
    removed_in_motion();
    thousand();
    return failed ? 1 : 0;
}
