/*
 * What a screen reader hears, and what the desktop asks for.
 * - Each viewport is a group (strip.c) labelled with the strip's title; its
 *   description says where it rests, "item N of M" (N from 1), changed when
 *   it comes to rest, so Orca reads the focused strip's new place.
 * - GtkSettings' gtk-enable-animations (the desktop's enable-animations,
 *   through XSETTINGS or the portal) chooses the sessions' motion: off, a
 *   session opens with motion=reduced (every decision drawn at once, as
 *   libadwaita does); on, with the config's motion. A change, heard from
 *   the setting's notify signal, sends `layout ... motion=full|reduced` to
 *   every open session (after the gesture, where a finger holds one).
 * Trace: access s=NAME label="..." description="..."; motion reduced=0|1
 * (at start and on each change); layout s=NAME motion=full|reduced index=I x=X.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <string.h>

static void trace_access(Strip *s, const char *label, const char *description)
{
    if (!trace_on()) return;
    GString *line = g_string_new(NULL);
    g_string_printf(line, "access s=%s", s->spec->name);
    if (label) {
        g_string_append(line, " label=");
        trace_quote(line, label);
    }
    g_string_append(line, " description=");
    trace_quote(line, description);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

/** The description "item N of M", set only when it changes (each change is an event Orca hears). */
void access_describe(Strip *s)
{
    char text[sizeof s->described];
    g_snprintf(text, sizeof text, "item %lld of %d", (long long)s->index + 1, spec_count(s->spec));
    if (strcmp(text, s->described) == 0) return;
    g_strlcpy(s->described, text, sizeof s->described);
    gtk_accessible_update_property(GTK_ACCESSIBLE(s->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    trace_access(s, NULL, text);
}

void access_attach(Strip *s)
{
    gtk_accessible_update_property(GTK_ACCESSIBLE(s->area), GTK_ACCESSIBLE_PROPERTY_LABEL, s->spec->title, -1);
    g_snprintf(s->described, sizeof s->described, "item %lld of %d", (long long)s->index + 1, spec_count(s->spec));
    gtk_accessible_update_property(GTK_ACCESSIBLE(s->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, s->described, -1);
    trace_access(s, s->spec->title, s->described);
}

/** The motion to open a session with: reduced while animations are off, else the config's. */
int access_open_motion(Strip *s)
{
    s->motion_sent = s->demo->reduced;
    return s->demo->reduced ? DETENT_MOTION_REDUCED : DETENT_MOTION_DEFAULT;
}

static void on_layout(Strip *s, const detent_reply *r, const detent_error *e, guint64 reduced)
{
    if (e) {
        strip_set_reply(s, e->message);
        return;
    }
    char x[32];
    trace_line("layout s=%s motion=%s index=%lld x=%s", s->spec->name, reduced ? "reduced" : "full",
               (long long)r->opened.index, trace_num(r->opened.x, x));
    if (s->state == STATE_REST && !s->motion.active && !s->drag.active && !s->scroll.active) {
        s->index = r->opened.index;
        strip_show(s, STATE_REST, r->opened.x);
    }
}

/** Sends the window's motion to a session that has another, unless a gesture holds it (then after). */
void access_flush(Strip *s)
{
    Demo *d = s->demo;
    if (!s->ready || s->drag.active || s->drag.ended || s->scroll.active || s->motion_sent == d->reduced) return;
    s->motion_sent = d->reduced;
    detent_geometry g = s->spec->geometry;
    g.has_index = false; /* the session keeps its index */
    link_track(s,
               detent_send_layout2(d->connection, s->spec->name, &g,
                                  d->reduced ? DETENT_MOTION_REDUCED : DETENT_MOTION_FULL),
               on_layout, (guint64)d->reduced);
}

static void on_animations(GtkSettings *settings, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *d = data;
    gboolean on = TRUE;
    g_object_get(settings, "gtk-enable-animations", &on, NULL);
    if (d->reduced == !on) return;
    d->reduced = !on;
    trace_line("motion reduced=%d", d->reduced);
    for (int i = 0; i < DEMO_STRIPS; i++) access_flush(&d->strips[i]);
}

/** Before the first open: the setting now, and its changes from here on. */
void access_init(Demo *d)
{
    GtkSettings *settings = gtk_settings_get_default();
    gboolean on = TRUE;
    g_object_get(settings, "gtk-enable-animations", &on, NULL);
    d->reduced = !on;
    trace_line("motion reduced=%d", d->reduced);
    g_signal_connect(settings, "notify::gtk-enable-animations", G_CALLBACK(on_animations), d);
}
