/*
 * A strip's session: opened (again, after a reconnection, at the index it
 * rested on), the plugins offered in its dropdown (those the daemon says
 * page its layout: each is tried under a trial session, then closed), a
 * switch to another plugin (close, open under it where it rested), and its
 * autoplay switch.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <string.h>

enum { OPEN_CONNECT = 1, OPEN_SWITCH, OPEN_SWITCH_BACK };

static void populate(Strip *s);

static void on_autoplay(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    (void)tag;
    char every[32];
    if (e) {
        strip_set_reply(s, e->message);
        return;
    }
    trace_line("autoplay s=%s every=%s", s->spec->name, trace_num(r->ok.every, every));
}

void session_set_autoplay(Strip *s, gboolean on)
{
    link_track(s, detent_send_autoplay(s->demo->connection, s->spec->name, on ? s->spec->autoplay_ms : 0), on_autoplay,
               0);
}

static void on_opened(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    if (e) {
        strip_set_reply(s, e->message);
        if (tag == OPEN_SWITCH) {
            /* That plugin would not open: back to the one before, where it rested. */
            g_strlcpy(s->plugin, s->previous, sizeof s->plugin);
            populate(s);
            session_open(s);
        }
        return;
    }
    strip_lay_items(s, r->opened.has_dup ? (int)r->opened.dup : 0);
    s->pad = r->opened.has_pad ? r->opened.pad : 0;
    s->index = r->opened.index;
    s->ready = TRUE;
    g_strlcpy(s->plugin, r->opened.plugin, sizeof s->plugin);
    strip_show(s, STATE_REST, r->opened.x);
    GString *text = g_string_new(NULL);
    link_describe(r, text);
    strip_set_reply(s, text->str);
    g_string_free(text, TRUE);
    char x[32];
    trace_line("opened s=%s plugin=%s index=%lld x=%s motion=%s", s->spec->name, s->plugin, (long long)s->index,
               trace_num(r->opened.x, x), s->motion_sent ? "reduced" : "default");
    /* A plugin's autoplayMs starts autoplay at open; the switch or the pause may stop it. */
    s->autoplay_running = s->spec->autoplay_ms > 0;
    keys_apply_autoplay(s);
    access_flush(s); /* animations turned on or off while it opened */
    if (tag == OPEN_CONNECT) session_offer(s);
    window_maybe_announce(s->demo);
}

static void open_tagged(Strip *s, guint64 tag)
{
    motion_stop(s);
    s->drag.active = s->drag.ended = FALSE;
    s->scroll.active = FALSE;
    s->ready = FALSE;
    s->epoch++;
    detent_geometry g = s->spec->geometry;
    g.has_index = true;
    g.index = s->index;
    uint64_t id = detent_send_open2(s->demo->connection, s->spec->name, s->plugin, &g, access_open_motion(s));
    link_track(s, id, on_opened, tag);
}

void session_open(Strip *s)
{
    open_tagged(s, OPEN_SWITCH_BACK);
}

void session_open_all(Demo *d)
{
    for (int i = 0; i < DEMO_STRIPS; i++) {
        d->strips[i].offered = FALSE;
        open_tagged(&d->strips[i], OPEN_CONNECT);
    }
}

/** The dropdown lists the plugins that fit, the current one selected. */
static void populate(Strip *s)
{
    GPtrArray *plugins = s->demo->plugins;
    GPtrArray *names = g_ptr_array_new();
    guint selected = 0;
    for (guint i = 0; i < plugins->len && i < DEMO_MAX_PLUGINS; i++) {
        if (!s->offer_fits[i]) continue;
        if (strcmp(plugins->pdata[i], s->plugin) == 0) selected = names->len;
        g_ptr_array_add(names, plugins->pdata[i]);
    }
    g_ptr_array_add(names, NULL);
    s->quiet_choice = TRUE;
    guint old = g_list_model_get_n_items(G_LIST_MODEL(s->choices));
    gtk_string_list_splice(s->choices, 0, old, (const char *const *)names->pdata);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(s->dropdown), selected);
    s->quiet_choice = FALSE;
    char *list = g_strjoinv(",", (char **)names->pdata);
    trace_line("offer s=%s plugins=%s", s->spec->name, list);
    g_free(list);
    g_ptr_array_free(names, TRUE);
}

static void on_trial(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    (void)r;
    if (tag < DEMO_MAX_PLUGINS) s->offer_fits[tag] = e == NULL;
    if (--s->offer_outstanding > 0) return;
    s->offered = TRUE;
    populate(s);
}

/** Asks the daemon which of its plugins page this strip: each one opened once under a trial session. */
void session_offer(Strip *s)
{
    GPtrArray *plugins = s->demo->plugins;
    detent_connection *c = s->demo->connection;
    s->offer_outstanding = 1; /* held until every trial is queued */
    for (guint i = 0; i < plugins->len && i < DEMO_MAX_PLUGINS; i++) {
        const char *plugin = plugins->pdata[i];
        s->offer_fits[i] = strcmp(plugin, s->plugin) == 0;
        if (s->offer_fits[i]) continue;
        char trial[96];
        g_snprintf(trial, sizeof trial, "try.%s.%u", s->spec->name, i);
        if (link_track(s, detent_send_open(c, trial, plugin, &s->spec->geometry), on_trial, i)) {
            s->offer_outstanding++;
            link_track(s, detent_send_close(c, trial), NULL, 0);
        }
    }
    on_trial(s, NULL, NULL, G_MAXUINT64);
}

/** Pages the strip under another plugin: its session closes and opens again under it, where it rested. */
void session_choose(Strip *s, const char *plugin)
{
    if (!s->ready || strcmp(plugin, s->plugin) == 0) {
        if (!s->ready) populate(s); /* not now: the dropdown shows the plugin it has */
        return;
    }
    char x[32];
    trace_line("choose s=%s plugin=%s from=%s offset=%s", s->spec->name, plugin, s->plugin, trace_num(s->offset, x));
    link_track(s, detent_send_close(s->demo->connection, s->spec->name), NULL, 0);
    g_strlcpy(s->previous, s->plugin, sizeof s->previous);
    g_strlcpy(s->plugin, plugin, sizeof s->plugin);
    open_tagged(s, OPEN_SWITCH);
}

/** A decision that answers a request (release, goto, step, cancel): the strip follows it. */
void session_follow_reply(Strip *s, const detent_reply *r, const detent_error *e, guint64 tag)
{
    (void)tag;
    if (e) {
        strip_set_reply(s, e->message);
        /* plugin-failed and the like: the session stays where it rested; go back there. */
        if (e->kind == DETENT_ERROR_SERVER && s->ready && !s->drag.active)
            link_track(s, detent_send_cancel(s->demo->connection, s->spec->name), session_follow_reply, 0);
        return;
    }
    s->drag.ended = FALSE;
    if (!s->ready || s->drag.active || s->scroll.active) return; /* a finger or a touchpad holds it again */
    GString *text = g_string_new(NULL);
    link_describe(r, text);
    strip_set_reply(s, text->str);
    g_string_free(text, TRUE);
    motion_follow(s, &r->snap);
    access_flush(s); /* animations turned on or off during the gesture */
}
