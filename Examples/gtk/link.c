/*
 * The connection to detentd: libdetent's non-blocking core driven by its
 * GLib adapter on the main loop, so no reply is ever waited for: requests
 * are queued with detent_send_*() and their replies come back as events,
 * matched by id to what asked. When the daemon is gone a banner says
 * where the app looked, and it tries again every DEMO_RETRY_MS; once it
 * answers, every strip reopens where it rested.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <detent/glib.h>

typedef struct Request {
    Strip *strip;
    guint epoch;
    ReplyFn fn;
    guint64 tag;
} Request;

static void connect_now(Demo *d);

uint64_t link_track(Strip *s, uint64_t id, ReplyFn fn, guint64 tag)
{
    Demo *d = s->demo;
    if (id == 0) {
        strip_set_reply(s, detent_get_error(d->connection)->message);
        return 0;
    }
    Request *r = g_new0(Request, 1);
    r->strip = s;
    r->epoch = s->epoch;
    r->fn = fn;
    r->tag = tag;
    g_hash_table_insert(d->requests, GSIZE_TO_POINTER((gsize)id), r);
    if (s->pending++ == 0) s->wait_since_us = g_get_monotonic_time();
    return id;
}

/** A reply (or the error) to a request: to whoever asked, unless its session was reopened since. */
static void answer(Demo *d, uint64_t id, const detent_reply *reply, const detent_error *error)
{
    gpointer key = GSIZE_TO_POINTER((gsize)id);
    Request *r = g_hash_table_lookup(d->requests, key);
    if (!r) return;
    g_hash_table_steal(d->requests, key);
    Strip *s = r->strip;
    if (s->pending > 0 && --s->pending > 0) s->wait_since_us = g_get_monotonic_time();
    if (r->epoch == s->epoch && r->fn) r->fn(s, reply, error, r->tag);
    g_free(r);
    strip_refresh_status(s);
}

static void banner_text(Demo *d, const char *why)
{
    GString *text = g_string_new(NULL);
    g_string_printf(text,
                    "detentd is not reachable (tried %s): %s\n"
                    "Retrying every %d s; attempt %d. Is scripts/gtk-demo running? It starts detentd and this app.",
                    d->tried, why, DEMO_RETRY_MS / 1000, d->attempt);
    window_set_banner(d, text->str);
    g_string_free(text, TRUE);
}

static gboolean retry(gpointer data)
{
    Demo *d = data;
    d->retry_id = 0;
    connect_now(d);
    return G_SOURCE_REMOVE;
}

/** The daemon is gone (or never answered): offline, banner, and a retry. */
static void down(Demo *d, const char *why)
{
    d->connected = FALSE;
    d->attempt++;
    for (int i = 0; i < DEMO_STRIPS; i++) strip_offline(&d->strips[i]);
    banner_text(d, why);
    GString *line = g_string_new("connection state=down attempt=");
    g_string_append_printf(line, "%d tried=", d->attempt);
    trace_quote(line, d->tried);
    g_string_append(line, " msg=");
    trace_quote(line, why);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
    if (!d->retry_id) d->retry_id = g_timeout_add(DEMO_RETRY_MS, retry, d);
}

static void ready(Demo *d, const detent_hello_reply *hello)
{
    d->connected = TRUE;
    d->attempt = 0;
    g_ptr_array_set_size(d->plugins, 0);
    for (size_t i = 0; i < hello->plugins_len && i < DEMO_MAX_PLUGINS; i++)
        g_ptr_array_add(d->plugins, g_strdup(hello->plugins[i]));
    const char *path = detent_path(d->connection);
    char *where = g_strdup_printf("%s (%s)", path ? path : "?", hello->server);
    window_set_where(d, where);
    g_free(where);
    window_set_banner(d, NULL);
    GString *line = g_string_new("connection state=ready path=");
    trace_quote(line, path ? path : "");
    g_string_append(line, " server=");
    trace_quote(line, hello->server);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
    session_open_all(d);
}

static void on_event(detent_connection *c, detent_event *ev, gpointer data)
{
    Demo *d = data;
    switch (ev->type) {
    case DETENT_EVENT_READY:
        ready(d, &ev->reply.hello);
        break;
    case DETENT_EVENT_REPLY:
        answer(d, ev->request, &ev->reply, NULL);
        break;
    case DETENT_EVENT_PUSH: {
        Strip *s = strip_named(d, ev->reply.snap.s);
        /* None while a finger is down, nor before the session is open. */
        gboolean follow = s && s->ready && s->state != STATE_DRAG;
        trace_line("push s=%s index=%lld followed=%d", ev->reply.snap.s, (long long)ev->reply.snap.index, follow);
        if (follow) {
            GString *text = g_string_new(NULL);
            link_describe(&ev->reply, text);
            strip_set_reply(s, text->str);
            g_string_free(text, TRUE);
            motion_follow(s, &ev->reply.snap);
        }
        break;
    }
    case DETENT_EVENT_ERROR:
        if (ev->request) answer(d, ev->request, NULL, &ev->error);
        else if (detent_get_state(c) == DETENT_STATE_CLOSED) down(d, ev->error.message);
        else g_warning("detent: %s", ev->error.message);
        break;
    default:
        break;
    }
}

static void connect_now(Demo *d)
{
    if (d->source) {
        g_source_destroy(d->source);
        g_source_unref(d->source);
        d->source = NULL;
    }
    const char *socket = g_getenv("DETENT_SOCKET");
    g_free(d->tried);
    d->tried = g_strdup(socket && *socket ? socket
                                          : "$XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock, /tmp/detent-UID.sock");
    if (detent_connect_start(d->connection, NULL, "detent-gtk-demo") < 0) {
        down(d, detent_get_error(d->connection)->message);
        return;
    }
    d->source = detent_glib_source_new(d->connection, on_event, d, NULL);
    g_source_attach(d->source, NULL);
}

void link_start(Demo *d)
{
    d->requests = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    d->plugins = g_ptr_array_new_with_free_func(g_free);
    d->connection = detent_connection_new();
    if (!d->connection) g_error("out of memory");
    connect_now(d);
}

/** A reply in a few words, for the line under a strip. */
void link_describe(const detent_reply *r, GString *out)
{
    char a[32], b[32], c[32];
    switch (r->kind) {
    case DETENT_REPLY_OPENED:
        g_string_printf(out, "opened plugin=%s index=%lld x=%s snaps=%lld", r->opened.plugin,
                        (long long)r->opened.index, trace_num(r->opened.x, a), (long long)r->opened.snaps);
        break;
    case DETENT_REPLY_SNAP:
        g_string_printf(out, "snap index=%lld x=%s %s %s, %s from %s over %lld ms%s%s", (long long)r->snap.index,
                        trace_num(r->snap.x, a), detent_mode_name(r->snap.mode), detent_cause_name(r->snap.cause),
                        detent_curve_name(r->snap.motion.curve), trace_num(r->snap.motion.from, b),
                        (long long)r->snap.motion.ms, r->snap.has_jump ? ", then jump to " : "",
                        r->snap.has_jump ? trace_num(r->snap.jump, c) : "");
        break;
    case DETENT_REPLY_OK:
        g_string_printf(out, "ok every=%s", trace_num(r->ok.every, a));
        break;
    default:
        g_string_printf(out, "%s", detent_reply_kind_name(r->kind));
        break;
    }
}
