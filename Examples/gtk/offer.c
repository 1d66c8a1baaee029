/*
 * The plugin dropdowns. Which plugins page a strip is the daemon's word:
 * once the carousels are connected, a thread of its own opens a
 * connection (libdetent's blocking calls, the same socket rule), opens
 * each plugin once under a trial session with the strip's geometry, and
 * closes it; the main loop never waits for it. Choosing a plugin sets the
 * carousel's `plugin` (the widget reopens its session under it, where it
 * rests); the dropdown shows the plugin that runs (`running-plugin`: the
 * config's default when one is refused).
 * Trace: offer s=NAME plugins=A,B,...; choose s=NAME plugin=P from=Q
 * offset=X; popup s=NAME shown=1|0 (the list opened or closed).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <string.h>

typedef struct Offer {
    char **plugins; /* the daemon's, NULL-terminated */
    gboolean fits[DEMO_STRIPS][DEMO_MAX_PLUGINS];
    char *where;    /* "PATH (SERVER)" */
} Offer;

static void offer_free(gpointer data)
{
    Offer *o = data;
    g_strfreev(o->plugins);
    g_free(o->where);
    g_free(o);
}

/* In the thread: each plugin tried once per strip (a strip's own plugin is taken as it is). */
static void trials(GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
    (void)source;
    (void)data;
    (void)cancellable;
    detent_connection *c = detent_connection_new();
    Offer *o = g_new0(Offer, 1);
    detent_reply r;
    if (!c || (detent_set_timeout(c, 3000), detent_connect(c, NULL, "detent-gtk-demo-offer")) != 0) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                                c ? detent_get_error(c)->message : "out of memory");
        offer_free(o);
        detent_connection_free(c);
        return;
    }
    const detent_hello_reply *hello = detent_server_hello(c);
    o->where = g_strdup_printf("%s (%s)", detent_path(c), hello->server);
    o->plugins = g_new0(char *, hello->plugins_len + 1);
    for (size_t i = 0; i < hello->plugins_len; i++) o->plugins[i] = g_strdup(hello->plugins[i]);
    for (int k = 0; k < DEMO_STRIPS; k++) {
        const StripSpec *spec = &demo_specs[k];
        for (size_t i = 0; o->plugins[i] && i < DEMO_MAX_PLUGINS; i++) {
            char trial[96];
            g_snprintf(trial, sizeof trial, "try.%s.%zu", spec->name, i);
            o->fits[k][i] = strcmp(o->plugins[i], spec->plugin) == 0;
            if (o->fits[k][i]) continue;
            o->fits[k][i] = detent_open(c, trial, o->plugins[i], &spec->geometry, &r) == 0;
            if (o->fits[k][i]) detent_reply_clear(&r), detent_close(c, trial, &r), detent_reply_clear(&r);
            else detent_clear_error(c);
        }
    }
    detent_connection_free(c);
    g_task_return_pointer(task, o, offer_free);
}

/** The dropdown lists the plugins that fit, the running one selected, quietly. */
static void populate(Strip *s, char **plugins, const gboolean *fits)
{
    const char *running = detent_carousel_get_running_plugin(DETENT_CAROUSEL(s->carousel));
    GPtrArray *names = g_ptr_array_new();
    guint selected = 0;
    for (size_t i = 0; plugins && plugins[i] && i < DEMO_MAX_PLUGINS; i++) {
        if (!fits[i]) continue;
        if (g_strcmp0(plugins[i], running ? running : s->spec->plugin) == 0) selected = names->len;
        g_ptr_array_add(names, plugins[i]);
    }
    g_ptr_array_add(names, NULL);
    s->quiet_choice = TRUE;
    gtk_string_list_splice(s->choices, 0, g_list_model_get_n_items(G_LIST_MODEL(s->choices)),
                           (const char *const *)names->pdata);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(s->dropdown), selected);
    s->quiet_choice = FALSE;
    char *list = g_strjoinv(",", (char **)names->pdata);
    trace_line("offer s=%s plugins=%s", s->spec->name, list);
    g_free(list);
    g_ptr_array_free(names, TRUE);
}

static void on_offer(GObject *source, GAsyncResult *result, gpointer data)
{
    (void)source;
    Demo *d = data;
    GError *error = NULL;
    Offer *o = g_task_propagate_pointer(G_TASK(result), &error);
    if (!o) {
        g_message("detent-gtk-demo: which plugins page the strips: %s", error->message);
        g_error_free(error);
        return;
    }
    char *where = g_strdup_printf("Daemon: %s", o->where);
    gtk_label_set_text(GTK_LABEL(d->where), where);
    g_free(where);
    for (int k = 0; k < DEMO_STRIPS; k++) populate(&d->strips[k], o->plugins, o->fits[k]);
    offer_free(o);
}

void offer_start(Demo *d)
{
    GTask *task = g_task_new(NULL, NULL, on_offer, d);
    g_task_run_in_thread(task, trials);
    g_object_unref(task);
}

static const char *chosen(Strip *s)
{
    GtkStringObject *item = gtk_drop_down_get_selected_item(GTK_DROP_DOWN(s->dropdown));
    return item ? gtk_string_object_get_string(item) : NULL;
}

static void on_choice(GObject *dropdown, GParamSpec *pspec, gpointer data)
{
    (void)dropdown;
    (void)pspec;
    Strip *s = data;
    DetentCarousel *c = DETENT_CAROUSEL(s->carousel);
    const char *plugin = chosen(s);
    if (s->quiet_choice || !plugin || g_strcmp0(plugin, detent_carousel_get_plugin(c)) == 0) return;
    char x[32];
    trace_line("choose s=%s plugin=%s from=%s offset=%s", s->spec->name, plugin, detent_carousel_get_plugin(c),
               trace_num(detent_carousel_get_offset(c), x));
    detent_carousel_set_plugin(c, plugin);
}

/* The plugin that runs (a refused one's replacement too) is the one shown. */
static void on_running(GObject *carousel, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Strip *s = data;
    const char *running = detent_carousel_get_running_plugin(DETENT_CAROUSEL(carousel));
    GListModel *model = G_LIST_MODEL(s->choices);
    for (guint i = 0; running && i < g_list_model_get_n_items(model); i++) {
        if (g_strcmp0(gtk_string_list_get_string(s->choices, i), running) != 0) continue;
        s->quiet_choice = TRUE;
        gtk_drop_down_set_selected(GTK_DROP_DOWN(s->dropdown), i);
        s->quiet_choice = FALSE;
    }
}

/* popup s=NAME shown=1|0: the dropdown's list opened or closed (a test waits for it before choosing). */
static void on_popup(GtkWidget *popover, gpointer data)
{
    Strip *s = data;
    trace_line("popup s=%s shown=%d", s->spec->name, gtk_widget_get_mapped(popover));
}

void offer_attach(Strip *s)
{
    g_signal_connect(s->dropdown, "notify::selected", G_CALLBACK(on_choice), s);
    g_signal_connect(s->carousel, "notify::running-plugin", G_CALLBACK(on_running), s);
    for (GtkWidget *child = gtk_widget_get_first_child(s->dropdown); child; child = gtk_widget_get_next_sibling(child)) {
        if (!GTK_IS_POPOVER(child)) continue;
        g_signal_connect_after(child, "map", G_CALLBACK(on_popup), s);
        g_signal_connect_after(child, "unmap", G_CALLBACK(on_popup), s);
    }
}
