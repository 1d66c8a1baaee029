/*
 * DETENT_GTK_TRACE=1: the hooks for tests. Lines on stdout, each flushed
 * (README.md lists them); and two commands read from stdin, one a line:
 *   hold s=NAME     the strip's next loop jump waits at its x ...
 *   release s=NAME  ... until this; then it jumps
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int enabled = -1;

gboolean trace_on(void)
{
    if (enabled < 0) {
        const char *v = g_getenv("DETENT_GTK_TRACE");
        enabled = v && strcmp(v, "1") == 0;
    }
    return enabled;
}

void trace_line(const char *format, ...)
{
    if (!trace_on()) return;
    va_list args;
    va_start(args, format);
    vfprintf(stdout, format, args);
    va_end(args);
    fputc('\n', stdout);
    fflush(stdout);
}

/** The shortest decimal that reads back as the same double, without an exponent where it can. */
const char *trace_num(double x, char buf[32])
{
    if (x == 0) x = 0; /* -0 as 0 */
    for (int precision = 1; precision <= 17; precision++) {
        char format[8];
        g_snprintf(format, sizeof format, "%%.%dg", precision);
        g_ascii_formatd(buf, 32, format, x);
        if (g_ascii_strtod(buf, NULL) == x && !strchr(buf, 'e')) return buf;
    }
    return buf;
}

void trace_quote(GString *out, const char *text)
{
    g_string_append_c(out, '"');
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\') g_string_append_c(out, '\\');
        g_string_append_c(out, *p == '\n' ? ' ' : *p);
    }
    g_string_append_c(out, '"');
}

static const char *state_name(StripState state)
{
    return state == STATE_DRAG ? "drag" : state == STATE_MOVING ? "moving" : "rest";
}

/** state s=NAME state=rest|drag|moving index=I offset=X, on every change. */
void trace_state(Strip *s)
{
    if (s->traced && s->traced_state == s->state && s->traced_index == s->index && s->traced_offset == s->offset)
        return;
    s->traced = TRUE;
    s->traced_state = s->state;
    s->traced_index = s->index;
    s->traced_offset = s->offset;
    char x[32];
    trace_line("state s=%s state=%s index=%lld offset=%s", s->spec->name, state_name(s->state),
               (long long)s->index, trace_num(s->offset, x));
}

/** The decision a strip follows, with its motion, as the protocol's snap line. */
void trace_decision(Strip *s, const detent_snap_reply *snap)
{
    if (!trace_on()) return;
    char a[32], b[32], c[32], d[32], e[32];
    const detent_motion *m = &snap->motion;
    GString *line = g_string_new(NULL);
    g_string_printf(line, "decision s=%s index=%lld x=%s mode=%s cause=%s", s->spec->name, (long long)snap->index,
                    trace_num(snap->x, a), detent_mode_name(snap->mode), detent_cause_name(snap->cause));
    if (snap->has_page) g_string_append_printf(line, " page=%lld", (long long)snap->page);
    if (snap->has_jump) g_string_append_printf(line, " jump=%s", trace_num(snap->jump, b));
    g_string_append_printf(line, " from=%s v=%s curve=%s %s=%s ms=%lld", trace_num(m->from, c), trace_num(m->v, d),
                           detent_curve_name(m->curve), m->curve == DETENT_CURVE_DECAY ? "rate" : "omega",
                           trace_num(m->curve == DETENT_CURVE_DECAY ? m->rate : m->omega, e), (long long)m->ms);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

static void command(Demo *d, const char *line)
{
    char verb[16], name[80];
    if (sscanf(line, "%15s s=%79s", verb, name) != 2) {
        trace_line("error msg=\"unknown command\"");
        return;
    }
    Strip *s = strip_named(d, name);
    if (!s) {
        trace_line("error msg=\"unknown strip\"");
    } else if (strcmp(verb, "hold") == 0) {
        s->motion.hold_jump = TRUE;
        trace_line("holding s=%s", s->spec->name);
    } else if (strcmp(verb, "release") == 0) {
        s->motion.hold_jump = FALSE;
        motion_release_jump(s);
    } else {
        trace_line("error msg=\"unknown command\"");
    }
}

static gboolean on_stdin(GIOChannel *channel, GIOCondition condition, gpointer data)
{
    (void)condition;
    char *line = NULL;
    gsize terminator = 0;
    GIOStatus status = g_io_channel_read_line(channel, &line, NULL, &terminator, NULL);
    if (status == G_IO_STATUS_NORMAL && line) {
        line[terminator] = '\0';
        command(data, line);
    }
    g_free(line);
    return status == G_IO_STATUS_NORMAL || status == G_IO_STATUS_AGAIN;
}

void trace_init(Demo *d)
{
    if (!trace_on()) return;
    GIOChannel *channel = g_io_channel_unix_new(0);
    g_io_channel_set_flags(channel, G_IO_FLAG_NONBLOCK, NULL);
    g_io_add_watch(channel, G_IO_IN | G_IO_HUP | G_IO_ERR, on_stdin, d);
    g_io_channel_unref(channel);
}
