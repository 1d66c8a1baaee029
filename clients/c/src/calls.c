// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * Each verb of detent-protocol(7) blocking: queued (send.c), then its reply waited for (blocking.c).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

int detent_hello(detent_connection *c, const char *client, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_hello(c, client), out);
}

int detent_ping(detent_connection *c, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_ping(c), out);
}

int detent_plugins(detent_connection *c, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_plugins(c), out);
}

int detent_open(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_open(c, s, plugin, g), out);
}

int detent_open2(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                 detent_motion_setting motion, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_open2(c, s, plugin, g, motion), out);
}

int detent_open3(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                 detent_motion_setting motion, detent_swipes swipes, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_open3(c, s, plugin, g, motion, swipes), out);
}

int detent_open4(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                 detent_motion_setting motion, detent_swipes swipes, bool moved, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_open4(c, s, plugin, g, motion, swipes, moved), out);
}

int detent_layout(detent_connection *c, const char *s, const detent_geometry *g, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_layout(c, s, g), out);
}

int detent_layout2(detent_connection *c, const char *s, const detent_geometry *g, detent_motion_setting motion,
                   detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_layout2(c, s, g, motion), out);
}

int detent_layout3(detent_connection *c, const char *s, const detent_geometry *g, detent_motion_setting motion,
                   detent_swipes swipes, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_layout3(c, s, g, motion, swipes), out);
}

int detent_begin(detent_connection *c, const char *s, double x, double t, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_begin(c, s, x, t), out);
}

int detent_move(detent_connection *c, const char *s, double x, double t, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_move(c, s, x, t), out);
}

int detent_end(detent_connection *c, const char *s, double x, double v, double target, double t,
               detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_end(c, s, x, v, target, t), out);
}

int detent_cancel(detent_connection *c, const char *s, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_cancel(c, s), out);
}

int detent_goto(detent_connection *c, const char *s, int64_t index, double x, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_goto(c, s, index, x), out);
}

int detent_autoplay(detent_connection *c, const char *s, double every, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_autoplay(c, s, every), out);
}

int detent_close(detent_connection *c, const char *s, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_close(c, s), out);
}

int detent_stats(detent_connection *c, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_stats(c), out);
}

int detent_quit(detent_connection *c, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_quit(c), out);
}

int detent_wheel(detent_connection *c, const char *s, double dx, double dy, double t, detent_source source,
                 double x, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_wheel(c, s, dx, dy, t, source, x), out);
}

int detent_scroll(detent_connection *c, const char *s, double dx, double dy, double t, detent_phase phase,
                  double x, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_scroll(c, s, dx, dy, t, phase, x), out);
}

int detent_step(detent_connection *c, const char *s, detent_to to, double x, double t, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_step(c, s, to, x, t), out);
}

int detent_scrollby(detent_connection *c, const char *s, double by, double x, double t, detent_reply *out)
{
    detent__call_begin(c);
    return detent__call_finish(c, detent_send_scrollby(c, s, by, x, t), out);
}
