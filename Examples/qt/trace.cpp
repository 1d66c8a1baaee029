/*
 * DETENT_QT_TRACE=1: the hooks for tests, lines on stdout, each flushed
 * (README.md lists them). The same lines as the GTK demo's
 * DETENT_GTK_TRACE=1 (Examples/gtk/README.md), numbers as the shortest
 * decimal that reads back as the same double, in any locale.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int enabled = -1;

bool trace_on()
{
    if (enabled < 0) {
        const char *v = getenv("DETENT_QT_TRACE");
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

/** The shortest decimal that reads back as the same double, without an exponent (-0 as 0). */
std::string trace_num(double x)
{
    if (x == 0) x = 0;
    char buf[400];
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed);
    if (r.ec != std::errc()) r = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, r.ptr);
}

std::string trace_quote(const std::string &text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out + "\"";
}

static const char *state_name(StripState state)
{
    return state == StripState::Drag ? "drag" : state == StripState::Moving ? "moving" : "rest";
}

/** state s=strip state=rest|drag|moving index=I offset=X, on every change. */
void trace_state(Strip *s)
{
    if (s->traced && s->traced_state == s->state && s->traced_index == s->index && s->traced_offset == s->offset)
        return;
    s->traced = true;
    s->traced_state = s->state;
    s->traced_index = s->index;
    s->traced_offset = s->offset;
    trace_line("state s=strip state=%s index=%lld offset=%s", state_name(s->state), (long long)s->index,
               trace_num(s->offset).c_str());
}

/** The decision the strip follows, with its motion, as the protocol's snap line (the curve's own numbers for
 * the curves this libdetent names; their fields otherwise are the daemon's reply's). */
void trace_decision(const detent_snap_reply *snap)
{
    if (!trace_on()) return;
    const detent_motion *m = &snap->motion;
    std::string line = "decision s=strip index=" + std::to_string(snap->index) + " x=" + trace_num(snap->x) +
                       " mode=" + detent_mode_name(snap->mode) + " cause=" + detent_cause_name(snap->cause);
    if (snap->has_page) line += " page=" + std::to_string(snap->page);
    if (snap->has_jump) line += " jump=" + trace_num(snap->jump);
    const char *curve = detent_curve_name(m->curve);
    line += " from=" + trace_num(m->from) + " v=" + trace_num(m->v) + " curve=" + (curve ? curve : "?");
    if (m->curve == DETENT_CURVE_DECAY) line += " rate=" + trace_num(m->rate);
    if (m->curve == DETENT_CURVE_SPRING) line += " omega=" + trace_num(m->omega);
    line += " ms=" + std::to_string(m->ms);
    trace_line("%s", line.c_str());
}
