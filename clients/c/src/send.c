// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/c.py); do not edit: change the description and run protocol/generate.
/*
 * Each verb of detent-protocol(7) queued: its line, the reply it must get, one try at writing.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"
#include "tables.h"

uint64_t detent_send_hello(detent_connection *c, const char *client)
{
    detent__line l;
    if (!detent__request(c, &l, "hello")) return 0;
    if (client) detent__line_str(&l, "client", client);
    return detent__send(c, &l, DETENT_REPLY_HELLO);
}

uint64_t detent_send_ping(detent_connection *c)
{
    detent__line l;
    if (!detent__request(c, &l, "ping")) return 0;
    return detent__send(c, &l, DETENT_REPLY_PONG);
}

uint64_t detent_send_plugins(detent_connection *c)
{
    detent__line l;
    if (!detent__request(c, &l, "plugins")) return 0;
    return detent__send(c, &l, DETENT_REPLY_PLUGINS);
}

uint64_t detent_send_open(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g)
{
    detent__line l;
    if (!detent__request(c, &l, "open")) return 0;
    detent__line_str(&l, "s", s);
    if (plugin) detent__line_str(&l, "plugin", plugin);
    detent__line_geometry(&l, g);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_open2(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                           detent_motion_setting motion)
{
    detent__line l;
    if (!detent__request(c, &l, "open")) return 0;
    detent__line_str(&l, "s", s);
    if (plugin) detent__line_str(&l, "plugin", plugin);
    detent__line_geometry(&l, g);
    detent__line_enum(&l, "motion", &detent__motion_values, motion, 0);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_open3(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                           detent_motion_setting motion, detent_swipes swipes)
{
    detent__line l;
    if (!detent__request(c, &l, "open")) return 0;
    detent__line_str(&l, "s", s);
    if (plugin) detent__line_str(&l, "plugin", plugin);
    detent__line_geometry(&l, g);
    detent__line_enum(&l, "motion", &detent__motion_values, motion, 0);
    detent__line_enum(&l, "swipes", &detent__swipes_values, swipes, 0);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_open4(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g,
                           detent_motion_setting motion, detent_swipes swipes, bool moved)
{
    detent__line l;
    if (!detent__request(c, &l, "open")) return 0;
    detent__line_str(&l, "s", s);
    if (plugin) detent__line_str(&l, "plugin", plugin);
    detent__line_geometry(&l, g);
    detent__line_enum(&l, "motion", &detent__motion_values, motion, 0);
    detent__line_enum(&l, "swipes", &detent__swipes_values, swipes, 0);
    if (moved) detent__line_str(&l, "moved", "1");
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_layout(detent_connection *c, const char *s, const detent_geometry *g)
{
    detent__line l;
    if (!detent__request(c, &l, "layout")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_geometry(&l, g);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_layout2(detent_connection *c, const char *s, const detent_geometry *g,
                             detent_motion_setting motion)
{
    detent__line l;
    if (!detent__request(c, &l, "layout")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_geometry(&l, g);
    detent__line_enum(&l, "motion", &detent__motion_values, motion, 0);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_layout3(detent_connection *c, const char *s, const detent_geometry *g,
                             detent_motion_setting motion, detent_swipes swipes)
{
    detent__line l;
    if (!detent__request(c, &l, "layout")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_geometry(&l, g);
    detent__line_enum(&l, "motion", &detent__motion_values, motion, 0);
    detent__line_enum(&l, "swipes", &detent__swipes_values, swipes, 0);
    return detent__send(c, &l, DETENT_REPLY_OPENED);
}

uint64_t detent_send_begin(detent_connection *c, const char *s, double x, double t)
{
    detent__line l;
    if (!detent__request(c, &l, "begin")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__send(c, &l, DETENT_REPLY_BEGAN);
}

uint64_t detent_send_move(detent_connection *c, const char *s, double x, double t)
{
    detent__line l;
    if (!detent__request(c, &l, "move")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__send(c, &l, DETENT_REPLY_MOVED);
}

uint64_t detent_send_end(detent_connection *c, const char *s, double x, double v, double target, double t)
{
    detent__line l;
    if (!detent__request(c, &l, "end")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "v", v);
    detent__line_opt(&l, "target", target);
    detent__line_opt(&l, "t", t);
    return detent__send(c, &l, DETENT_REPLY_SNAP);
}

uint64_t detent_send_cancel(detent_connection *c, const char *s)
{
    detent__line l;
    if (!detent__request(c, &l, "cancel")) return 0;
    detent__line_str(&l, "s", s);
    return detent__send(c, &l, DETENT_REPLY_SNAP);
}

uint64_t detent_send_goto(detent_connection *c, const char *s, int64_t index, double x)
{
    detent__line l;
    if (!detent__request(c, &l, "goto")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_int(&l, "index", index);
    detent__line_opt(&l, "x", x);
    return detent__send(c, &l, DETENT_REPLY_SNAP);
}

uint64_t detent_send_autoplay(detent_connection *c, const char *s, double every)
{
    detent__line l;
    if (!detent__request(c, &l, "autoplay")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "every", every);
    return detent__send(c, &l, DETENT_REPLY_OK);
}

uint64_t detent_send_close(detent_connection *c, const char *s)
{
    detent__line l;
    if (!detent__request(c, &l, "close")) return 0;
    detent__line_str(&l, "s", s);
    return detent__send(c, &l, DETENT_REPLY_CLOSED);
}

uint64_t detent_send_stats(detent_connection *c)
{
    detent__line l;
    if (!detent__request(c, &l, "stats")) return 0;
    return detent__send(c, &l, DETENT_REPLY_STATS);
}

uint64_t detent_send_quit(detent_connection *c)
{
    detent__line l;
    if (!detent__request(c, &l, "quit")) return 0;
    return detent__send(c, &l, DETENT_REPLY_BYE);
}

uint64_t detent_send_wheel(detent_connection *c, const char *s, double dx, double dy, double t,
                           detent_source source, double x)
{
    detent__line l;
    if (!detent__request(c, &l, "wheel")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "dx", dx);
    detent__line_num(&l, "dy", dy);
    detent__line_num(&l, "t", t);
    detent__line_enum(&l, "source", &detent__source_values, source, 0);
    detent__line_opt(&l, "x", x);
    return detent__send(c, &l, DETENT_REPLY_NONE);
}

uint64_t detent_send_scroll(detent_connection *c, const char *s, double dx, double dy, double t,
                            detent_phase phase, double x)
{
    detent__line l;
    if (!detent__request(c, &l, "scroll")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "dx", dx);
    detent__line_num(&l, "dy", dy);
    detent__line_num(&l, "t", t);
    detent__line_enum(&l, "phase", &detent__phase_values, phase, 0);
    detent__line_opt(&l, "x", x);
    return detent__send(c, &l, DETENT_REPLY_NONE);
}

uint64_t detent_send_step(detent_connection *c, const char *s, detent_to to, double x, double t)
{
    detent__line l;
    if (!detent__request(c, &l, "step")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_enum(&l, "to", &detent__to_values, to, 1);
    detent__line_opt(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__send(c, &l, DETENT_REPLY_NONE);
}

uint64_t detent_send_scrollby(detent_connection *c, const char *s, double by, double x, double t)
{
    detent__line l;
    if (!detent__request(c, &l, "scrollby")) return 0;
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "by", by);
    detent__line_opt(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__send(c, &l, DETENT_REPLY_NONE);
}
