/*
 * swipes (detent-protocol(7), open): a session's own allow-long-swipes
 * through open3 and layout3 in both modes against the real daemon, under
 * adwaita of the bundled plugins.json (allowLongSwipes false): a fast drag
 * across four pages rests one page on with swipes=short, five with
 * swipes=long; layout3 switches it, layout keeps it; open2 leaves it out.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

static h_daemon bundled;
static const detent_geometry pages = { .viewport = 400, .item = 400, .count = 6, .has_index = true, .index = 0 };

/** A drag from page 0 to x=900 in 40 ms: the page it rests on. */
static int64_t swipe(run_mode m, detent_connection *c, const char *s)
{
    static const double xs[] = { 0, 10, 200, 500, 900 };
    outcome o;
    for (int i = 0; i < 5; i++) {
        o = i == 0 ? DO(m, c, detent_send_begin(c, s, 0, 0), detent_begin(c, s, 0, 0, &R))
                   : DO(m, c, detent_send_move(c, s, xs[i], 10.0 * i), detent_move(c, s, xs[i], 10.0 * i, &R));
        CHECK(o.ok, "%s", o.message);
        outcome_clear(&o);
    }
    o = DO(m, c, detent_send_end(c, s, 900, DETENT_NONE, DETENT_NONE, 40),
           detent_end(c, s, 900, DETENT_NONE, DETENT_NONE, 40, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    int64_t index = o.ok && o.reply.kind == DETENT_REPLY_SNAP ? o.reply.snap.index : -1;
    outcome_clear(&o);
    return index;
}

static void run(run_mode m)
{
    detent_connection *c = CONNECT(m, bundled.sock, 5000);
    h_case(mode_name(m));
    CHECK_OPENED(DO(m, c, detent_send_open3(c, "l", "adwaita", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_LONG),
                    detent_open3(c, "l", "adwaita", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_LONG, &R)));
    CHECK_EQ_INT(swipe(m, c, "l"), 5);
    CHECK_OPENED(DO(m, c, detent_send_layout(c, "l", &pages), detent_layout(c, "l", &pages, &R)));
    CHECK_EQ_INT(swipe(m, c, "l"), 5); /* layout keeps it */
    CHECK_OPENED(DO(m, c, detent_send_layout3(c, "l", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_DEFAULT),
                    detent_layout3(c, "l", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_DEFAULT, &R)));
    CHECK_EQ_INT(swipe(m, c, "l"), 5); /* DEFAULT leaves it out: the session's */
    CHECK_OPENED(DO(m, c, detent_send_layout3(c, "l", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_SHORT),
                    detent_layout3(c, "l", &pages, DETENT_MOTION_DEFAULT, DETENT_SWIPES_SHORT, &R)));
    CHECK_EQ_INT(swipe(m, c, "l"), 1);
    CHECK_OPENED(DO(m, c, detent_send_open2(c, "p", "adwaita", &pages, DETENT_MOTION_FULL),
                    detent_open2(c, "p", "adwaita", &pages, DETENT_MOTION_FULL, &R)));
    CHECK_EQ_INT(swipe(m, c, "p"), 1); /* the plugin's allowLongSwipes: false */
    CHECK_OPENED(DO(m, c, detent_send_line(c, "layout s=p viewport=400 item=400 count=6 index=0 swipes=long"),
                    detent_request(c, "layout s=p viewport=400 item=400 count=6 index=0 swipes=long", &R)));
    CHECK_EQ_INT(swipe(m, c, "p"), 5);
    CHECK_OPENED(DO(m, c, detent_send_line(c, "layout s=p viewport=400 item=400 count=6 index=0 swipes=short"),
                    detent_request(c, "layout s=p viewport=400 item=400 count=6 index=0 swipes=short", &R)));
    CHECK_EQ_INT(swipe(m, c, "p"), 1);
    detent_connection_free(c);
}

int main(void)
{
    h_begin("swipes", 30);
    h_case("start the daemon");
    CHECK(h_daemon_start(&bundled, "bundled", NULL) == 0, "the bundled plugins.json");
    if (h_failed()) return h_end();
    run(BLOCKING);
    run(ASYNC);
    h_daemon_stop(&bundled);
    return h_end();
}
