/*
 * Every verb of detent-protocol(7) as a queued request: the line, the
 * reply kind it must get, and its id.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connection.h"

#define REQUEST(c, l, verb)                                            \
    if (!detent__usable(c)) return 0;                                  \
    detent__line l;                                                    \
    detent__line_begin(&l, &(c)->out, &(c)->error, verb)

uint64_t detent__queue_hello(detent_connection *c, const char *client, int greeting)
{
    REQUEST(c, l, "hello");
    if (client) detent__line_str(&l, "client", client);
    return detent__queue(c, &l, DETENT_REPLY_HELLO, greeting);
}

uint64_t detent_send_hello(detent_connection *c, const char *client)
{
    return detent__queue_hello(c, client, 0);
}

uint64_t detent_send_ping(detent_connection *c)
{
    REQUEST(c, l, "ping");
    return detent__queue(c, &l, DETENT_REPLY_PONG, 0);
}

uint64_t detent_send_plugins(detent_connection *c)
{
    REQUEST(c, l, "plugins");
    return detent__queue(c, &l, DETENT_REPLY_PLUGINS, 0);
}

uint64_t detent_send_open(detent_connection *c, const char *s, const char *plugin, const detent_geometry *g)
{
    REQUEST(c, l, "open");
    detent__line_str(&l, "s", s);
    if (plugin) detent__line_str(&l, "plugin", plugin);
    detent__line_geometry(&l, g);
    return detent__queue(c, &l, DETENT_REPLY_OPENED, 0);
}

uint64_t detent_send_layout(detent_connection *c, const char *s, const detent_geometry *g)
{
    REQUEST(c, l, "layout");
    detent__line_str(&l, "s", s);
    detent__line_geometry(&l, g);
    return detent__queue(c, &l, DETENT_REPLY_OPENED, 0);
}

uint64_t detent_send_begin(detent_connection *c, const char *s, double x, double t)
{
    REQUEST(c, l, "begin");
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__queue(c, &l, DETENT_REPLY_BEGAN, 0);
}

uint64_t detent_send_move(detent_connection *c, const char *s, double x, double t)
{
    REQUEST(c, l, "move");
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "t", t);
    return detent__queue(c, &l, DETENT_REPLY_MOVED, 0);
}

uint64_t detent_send_end(detent_connection *c, const char *s, double x, double v, double target, double t)
{
    REQUEST(c, l, "end");
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "x", x);
    detent__line_opt(&l, "v", v);
    detent__line_opt(&l, "target", target);
    detent__line_opt(&l, "t", t);
    return detent__queue(c, &l, DETENT_REPLY_SNAP, 0);
}

uint64_t detent_send_cancel(detent_connection *c, const char *s)
{
    REQUEST(c, l, "cancel");
    detent__line_str(&l, "s", s);
    return detent__queue(c, &l, DETENT_REPLY_SNAP, 0);
}

uint64_t detent_send_goto(detent_connection *c, const char *s, int64_t index, double x)
{
    REQUEST(c, l, "goto");
    detent__line_str(&l, "s", s);
    detent__line_int(&l, "index", index);
    detent__line_opt(&l, "x", x);
    return detent__queue(c, &l, DETENT_REPLY_SNAP, 0);
}

uint64_t detent_send_autoplay(detent_connection *c, const char *s, double every)
{
    REQUEST(c, l, "autoplay");
    detent__line_str(&l, "s", s);
    detent__line_num(&l, "every", every);
    return detent__queue(c, &l, DETENT_REPLY_OK, 0);
}

uint64_t detent_send_close(detent_connection *c, const char *s)
{
    REQUEST(c, l, "close");
    detent__line_str(&l, "s", s);
    return detent__queue(c, &l, DETENT_REPLY_CLOSED, 0);
}

uint64_t detent_send_stats(detent_connection *c)
{
    REQUEST(c, l, "stats");
    return detent__queue(c, &l, DETENT_REPLY_STATS, 0);
}

uint64_t detent_send_quit(detent_connection *c)
{
    REQUEST(c, l, "quit");
    return detent__queue(c, &l, DETENT_REPLY_BYE, 0);
}

uint64_t detent_send_line(detent_connection *c, const char *line)
{
    if (!detent__usable(c)) return 0;
    detent__line l;
    detent__line_begin(&l, &c->out, &c->error, "");
    detent__line_raw(&l, line);
    return detent__queue(c, &l, DETENT_REPLY_NONE, 0);
}
