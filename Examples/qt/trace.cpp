/*
 * DETENT_QT_TRACE=1: the hooks for tests, lines on stdout, each flushed
 * (README.md lists them; host.cpp, frames.cpp and wire.cpp print them). The
 * same lines as the GTK demo's
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
