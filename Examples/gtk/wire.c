/*
 * The relay's lines, traced (relay.c lists the trace lines). Requests are
 * read field by field as the pool wrote them (unquoted `key=value`);
 * replies with libdetent's own parser.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "relay.h"

#include <stdlib.h>
#include <string.h>

/** The value of KEY in a request line, copied into out; FALSE when it has none. */
static gboolean field(const char *line, const char *key, char *out, size_t size)
{
    size_t k = strlen(key);
    for (const char *p = strchr(line, ' '); p; p = strchr(p + 1, ' ')) {
        if (strncmp(p + 1, key, k) != 0 || p[1 + k] != '=') continue;
        const char *v = p + 2 + k;
        size_t n = strcspn(v, " ");
        if (n >= size) n = size - 1;
        memcpy(out, v, n);
        out[n] = '\0';
        return TRUE;
    }
    *out = '\0';
    return FALSE;
}

/* input s=NAME phase=P t= dx= x=: dx the begin's x minus this one (the finger's way, along the content). */
static void gesture(Session *s, const char *name, const char *phase, const char *line)
{
    char t[40], x[40], dx[32];
    field(line, "t", t, sizeof t);
    field(line, "x", x, sizeof x);
    if (strcmp(phase, "begin") == 0) s->grab = g_ascii_strtod(x, NULL);
    trace_line("input s=%s phase=%s t=%s dx=%s x=%s", name, phase, t, trace_num(s->grab - g_ascii_strtod(x, NULL), dx),
               x);
}

void relay_line_up(Pipe *p, const char *line)
{
    char verb[16] = "", name[80], a[40], b[40], c[40], d[40], e[40];
    sscanf(line, "%15s", verb);
    if (!field(line, "s", name, sizeof name)) return;
    if (field(line, "id", a, sizeof a)) g_hash_table_insert(p->asked, g_strdup(a), g_strdup_printf("%s %s", verb, name));
    Session *s = relay_session(name);
    if (!strcmp(verb, "begin") || !strcmp(verb, "move") || !strcmp(verb, "end")) {
        gesture(s, name, verb, line);
    } else if (!strcmp(verb, "cancel")) {
        trace_line("input s=%s phase=cancel", name);
    } else if (!strcmp(verb, "wheel")) {
        field(line, "dx", a, sizeof a), field(line, "dy", b, sizeof b), field(line, "t", c, sizeof c);
        field(line, "source", d, sizeof d), field(line, "x", e, sizeof e);
        trace_line("input s=%s phase=wheel t=%s dx=%s dy=%s source=%s x=%s", name, c, a, b, *d ? d : "other", e);
    } else if (!strcmp(verb, "scroll")) {
        field(line, "dx", a, sizeof a), field(line, "dy", b, sizeof b), field(line, "t", c, sizeof c);
        field(line, "phase", d, sizeof d);
        const char *phase = !strcmp(d, "begin") ? "scroll-begin" : !strcmp(d, "end") ? "scroll-end" : "scroll";
        gboolean at = field(line, "x", e, sizeof e);
        trace_line("input s=%s phase=%s t=%s dx=%s dy=%s%s%s", name, phase, c, a, b, at ? " x=" : "", at ? e : "");
    } else if (!strcmp(verb, "step")) {
        field(line, "to", a, sizeof a), field(line, "t", b, sizeof b), field(line, "x", c, sizeof c);
        trace_line("input s=%s phase=step to=%s t=%s x=%s", name, a, b, c);
    } else if (!strcmp(verb, "goto")) {
        field(line, "index", a, sizeof a), field(line, "x", b, sizeof b);
        trace_line("input s=%s phase=goto index=%s x=%s", name, a, b);
    } else if (!strcmp(verb, "open")) {
        if (!field(line, "motion", s->motion, sizeof s->motion)) g_strlcpy(s->motion, "default", sizeof s->motion);
    } else if (!strcmp(verb, "layout")) {
        if (!field(line, "motion", s->layout_motion, sizeof s->layout_motion))
            g_strlcpy(s->layout_motion, "default", sizeof s->layout_motion);
    }
}

/* decision s=NAME ...: the snap's fields as the protocol writes them. */
static void decision(const char *name, const detent_snap_reply *snap)
{
    char a[32], b[32], c[32], d[32], e[32];
    const detent_motion *m = &snap->motion;
    GString *line = g_string_new(NULL);
    g_string_printf(line, "decision s=%s index=%lld x=%s mode=%s cause=%s", name, (long long)snap->index,
                    trace_num(snap->x, a), detent_mode_name(snap->mode), detent_cause_name(snap->cause));
    if (snap->has_page) g_string_append_printf(line, " page=%lld", (long long)snap->page);
    if (snap->has_jump) g_string_append_printf(line, " jump=%s", trace_num(snap->jump, b));
    g_string_append_printf(line, " from=%s v=%s curve=%s %s=%s ms=%lld", trace_num(m->from, c), trace_num(m->v, d),
                           detent_curve_name(m->curve), m->curve == DETENT_CURVE_DECAY ? "rate" : "omega",
                           trace_num(m->curve == DETENT_CURVE_DECAY ? m->rate : m->omega, e), (long long)m->ms);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
    trace_decided(name, snap);
}

static void answer(const char *verb, const char *name, const detent_reply *r)
{
    char a[32];
    Session *s = relay_session(name);
    switch (r->kind) {
    case DETENT_REPLY_OPENED:
        if (!strcmp(verb, "layout"))
            trace_line("layout s=%s motion=%s index=%lld x=%s", name, s->layout_motion, (long long)r->opened.index,
                       trace_num(r->opened.x, a));
        else
            trace_line("opened s=%s plugin=%s index=%lld x=%s motion=%s", name, r->opened.plugin,
                       (long long)r->opened.index, trace_num(r->opened.x, a), s->motion);
        break;
    case DETENT_REPLY_BEGAN:
        if (r->began.has_jump) s->grab += r->began.jump - r->began.x; /* a loop's re-grab: later moves are there */
        break;
    case DETENT_REPLY_SNAP: decision(name, &r->snap); break;
    case DETENT_REPLY_KEPT: trace_line("kept s=%s index=%lld", name, (long long)r->kept.index); break;
    case DETENT_REPLY_OK:
        if (!strcmp(verb, "autoplay")) trace_line("autoplay s=%s every=%s", name, trace_num(r->ok.every, a));
        break;
    case DETENT_REPLY_ERROR: {
        GString *line = g_string_new(NULL);
        g_string_printf(line, "error s=%s verb=%s code=%s msg=", name, verb, r->error.code_name);
        trace_quote(line, r->error.msg ? r->error.msg : "");
        trace_line("%s", line->str);
        g_string_free(line, TRUE);
        break;
    }
    default: break;
    }
}

void relay_line_down(Pipe *p, const char *line)
{
    detent_reply r;
    detent_error err;
    if (detent_reply_parse(line, strlen(line), &r, &err) != 0) return;
    if (r.kind == DETENT_REPLY_HELLO) {
        relay_attempt = 0;
        GString *text = g_string_new("connection state=ready path=");
        trace_quote(text, relay_upstream());
        g_string_append(text, " server=");
        trace_quote(text, r.hello.server ? r.hello.server : "");
        trace_line("%s", text->str);
        g_string_free(text, TRUE);
    } else if (r.kind == DETENT_REPLY_SNAP && !r.has_id) { /* a push: followed unless a finger holds it */
        gboolean followed = !trace_held(r.snap.s);
        trace_line("push s=%s index=%lld followed=%d", r.snap.s, (long long)r.snap.index, followed);
        if (followed) decision(r.snap.s, &r.snap);
    } else if (r.has_id) {
        gpointer id = NULL;
        char *asked = NULL;
        if (g_hash_table_steal_extended(p->asked, r.id, &id, (gpointer *)&asked) && asked) {
            char *name = strchr(asked, ' ');
            if (name) {
                *name++ = '\0';
                answer(asked, name, &r);
            }
        }
        g_free(id);
        g_free(asked);
    }
    detent_reply_clear(&r);
}
