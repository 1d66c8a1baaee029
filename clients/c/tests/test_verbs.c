/*
 * Every verb and every error code of detent-protocol(7), through both
 * modes, against real daemons: the bundled plugins.json, and small configs
 * for too-many-sessions, line-too-long, plugin-failed (DETENT_FIXTURE, the
 * fixture plugin library), busy and forbidden.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static h_daemon bundled, limits, busy, forbidden;

static const detent_geometry cards = { .viewport = 375, .item = 343, .count = 5, .spacing = 8, .lead = 16, .trail = 16 };

static char name_buf[256];
static const char *named(run_mode m, const char *what)
{
    snprintf(name_buf, sizeof name_buf, "%s: %s", mode_name(m), what);
    return name_buf;
}

static void check_id(const outcome *o, uint64_t id)
{
    char text[32];
    snprintf(text, sizeof text, "%" PRIu64, id);
    CHECK(o->ok && o->reply.has_id && strcmp(o->reply.id, text) == 0, "the reply carries id=%s", text);
}

static void verbs(run_mode m)
{
    outcome o;
    h_case(named(m, "connect and greet: hello proto, server, plugins"));
    detent_connection *c = connect_mode(m, bundled.sock, 5000, &o);
    CHECK(o.ok, "connect: %s", o.message);
    if (m == ASYNC) CHECK_OK(o, DETENT_REPLY_HELLO);
    outcome_clear(&o);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_READY);
    CHECK_EQ_STR(detent_path(c), bundled.sock);
    const detent_hello_reply *h = detent_server_hello(c);
    CHECK(h != NULL, "the greeting is kept");
    if (h) {
        CHECK_EQ_INT(h->proto, 1);
        CHECK(strncmp(h->server, "detentd/", 8) == 0, "server=%s", h->server);
        CHECK_EQ_INT(h->plugins_len, 16);
        CHECK_EQ_STR(h->plugins[0], "paging");
        CHECK_EQ_STR(h->plugins[12], "android-linear");
        CHECK_EQ_STR(h->plugins[13], "adwaita");
        CHECK_EQ_STR(h->plugins[14], "qt-swipeview");
        CHECK_EQ_STR(h->plugins[15], "css-snap");
    }

    h_case(named(m, "hello with a name that needs quotes"));
    o = DO(m, c, detent_send_hello(c, "a \"quoted\" \\ name"), detent_hello(c, "a \"quoted\" \\ name", &R));
    CHECK_OK(o, DETENT_REPLY_HELLO);
    CHECK_EQ_INT(o.reply.hello.proto, 1);
    CHECK_EQ_INT(o.reply.hello.plugins_len, 16);
    outcome_clear(&o);

    h_case(named(m, "ping: pong with the request's id"));
    uint64_t id = 0;
    if (m == ASYNC) {
        id = detent_send_ping(c);
        o = async_wait(c, id);
    } else {
        id = detent_send_ping(c);
        o = from_blocking(c, detent_wait_reply(c, id, &R));
    }
    CHECK_OK(o, DETENT_REPLY_PONG);
    check_id(&o, id);
    outcome_clear(&o);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, NULL));
    CHECK(o.ok, "ping without a reply wanted");
    outcome_clear(&o);

    h_case(named(m, "plugins: names and default"));
    o = DO(m, c, detent_send_plugins(c), detent_plugins(c, &R));
    CHECK_OK(o, DETENT_REPLY_PLUGINS);
    CHECK_EQ_INT(o.reply.plugins.names_len, 16);
    CHECK_EQ_STR(o.reply.plugins.names[1], "cards");
    CHECK_EQ_STR(o.reply.plugins.default_, "cards");
    outcome_clear(&o);

    h_case(named(m, "open: uniform items"));
    o = DO(m, c, detent_send_open(c, "cards", "cards", &cards), detent_open(c, "cards", "cards", &cards, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK_EQ_STR(o.reply.opened.s, "cards");
    CHECK_EQ_STR(o.reply.opened.plugin, "cards");
    CHECK_EQ_INT(o.reply.opened.index, 0);
    CHECK_EQ_NUM(o.reply.opened.x, 0);
    CHECK_EQ_INT(o.reply.opened.snaps, 5);
    CHECK(!o.reply.opened.has_pad && !o.reply.opened.has_dup, "no pad, no dup");
    outcome_clear(&o);

    h_case(named(m, "open: contain=pad gives pad"));
    detent_geometry pad = cards;
    pad.spacing = pad.lead = pad.trail = 0;
    pad.contain = DETENT_CONTAIN_PAD;
    o = DO(m, c, detent_send_open(c, "pad", "paging", &pad), detent_open(c, "pad", "paging", &pad, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK(o.reply.opened.has_pad && o.reply.opened.pad == 160, "pad=160");
    outcome_clear(&o);

    h_case(named(m, "open: sizes, points, align, index, axis, the default plugin"));
    const double sizes[] = { 100, 120, 80 }, points[] = { 0, 100, 250 };
    detent_geometry gs = { .viewport = 100, .sizes = sizes, .sizes_len = 3, .align = DETENT_ALIGN_START };
    o = DO(m, c, detent_send_open(c, "sz", "thumbs", &gs), detent_open(c, "sz", "thumbs", &gs, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    detent_geometry gp = { .viewport = 375, .points = points, .points_len = 3 };
    o = DO(m, c, detent_send_open(c, "pt", "thumbs", &gp), detent_open(c, "pt", "thumbs", &gp, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK_EQ_INT(o.reply.opened.snaps, 3);
    outcome_clear(&o);
    detent_geometry ga = { .viewport = 375, .item = 100, .count = 20, .align = DETENT_ALIGN_CENTER, .has_index = true,
                           .index = 2, .axis = DETENT_AXIS_Y };
    o = DO(m, c, detent_send_open(c, "ax", "thumbs", &ga), detent_open(c, "ax", "thumbs", &ga, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK_EQ_INT(o.reply.opened.index, 2);
    CHECK_EQ_NUM(o.reply.opened.x, 62.5);
    outcome_clear(&o);
    o = DO(m, c, detent_send_open(c, "dflt", NULL, &cards), detent_open(c, "dflt", NULL, &cards, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK_EQ_STR(o.reply.opened.plugin, "cards");
    outcome_clear(&o);

    h_case(named(m, "begin, move, end: the drag and the decision"));
    o = DO(m, c, detent_send_begin(c, "cards", 0, 0), detent_begin(c, "cards", 0, 0, &R));
    CHECK_OK(o, DETENT_REPLY_BEGAN);
    CHECK_EQ_INT(o.reply.began.index, 0);
    CHECK_EQ_NUM(o.reply.began.x, 0);
    CHECK(!o.reply.began.has_jump, "no jump");
    outcome_clear(&o);
    o = DO(m, c, detent_send_move(c, "cards", -40, 16), detent_move(c, "cards", -40, 16, &R));
    CHECK_OK(o, DETENT_REPLY_MOVED);
    CHECK_EQ_STR(o.reply.moved.s, "cards");
    CHECK_EQ_NUM(o.reply.moved.x, -20.780856423173788);
    outcome_clear(&o);
    o = DO(m, c, detent_send_end(c, "cards", 90, 1.4, DETENT_NONE, DETENT_NONE),
           detent_end(c, "cards", 90, 1.4, DETENT_NONE, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    const detent_snap_reply *sn = &o.reply.snap;
    CHECK_EQ_STR(sn->s, "cards");
    CHECK_EQ_INT(sn->index, 1);
    CHECK_EQ_NUM(sn->x, 351);
    CHECK_EQ_INT(sn->mode, DETENT_SNAP_ANIMATE);
    CHECK_EQ_INT(sn->cause, DETENT_CAUSE_RELEASE);
    CHECK(!sn->has_page && !sn->has_jump, "no page, no jump");
    CHECK_EQ_NUM(sn->motion.from, 90);
    CHECK_EQ_NUM(sn->motion.v, 1.4);
    CHECK_EQ_INT(sn->motion.curve, DETENT_CURVE_SPRING);
    CHECK_EQ_NUM(sn->motion.omega, 0.015707963267948967);
    CHECK_EQ_INT(sn->motion.ms, 516);
    CHECK_EQ_NUM(sn->motion.x, 351);
    outcome_clear(&o);

    h_case(named(m, "end: target and t reach the daemon; decay motion"));
    detent_geometry thumbs = { .viewport = 375, .item = 100, .count = 50 };
    o = DO(m, c, detent_send_open(c, "t", "thumbs", &thumbs), detent_open(c, "t", "thumbs", &thumbs, &R));
    outcome_clear(&o);
    o = DO(m, c, detent_send_end(c, "t", 0, 0, 420, DETENT_NONE), detent_end(c, "t", 0, 0, 420, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.index, 4); /* the target, not the release, chose it */
    outcome_clear(&o);
    o = DO(m, c, detent_send_begin(c, "t", 0, 0), detent_begin(c, "t", 0, 0, &R));
    outcome_clear(&o);
    o = DO(m, c, detent_send_move(c, "t", 10, 10), detent_move(c, "t", 10, 10, &R));
    outcome_clear(&o);
    o = DO(m, c, detent_send_end(c, "t", 20, DETENT_NONE, DETENT_NONE, 20),
           detent_end(c, "t", 20, DETENT_NONE, DETENT_NONE, 20, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_NUM(o.reply.snap.motion.v, 1); /* estimated from the timed samples: t was sent */
    CHECK_EQ_INT(o.reply.snap.motion.curve, DETENT_CURVE_DECAY);
    CHECK_EQ_NUM(o.reply.snap.motion.rate, 0.9875778004938814);
    CHECK_EQ_INT(o.reply.snap.motion.ms, 407);
    outcome_clear(&o);

    h_case(named(m, "end under paging: page"));
    o = DO(m, c, detent_send_open(c, "p", "paging", &cards), detent_open(c, "p", "paging", &cards, &R));
    outcome_clear(&o);
    o = DO(m, c, detent_send_end(c, "p", 40, 0.6, DETENT_NONE, DETENT_NONE),
           detent_end(c, "p", 40, 0.6, DETENT_NONE, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK(o.reply.snap.has_page && o.reply.snap.page == 1, "page=1");
    CHECK_EQ_INT(o.reply.snap.mode, DETENT_SNAP_DECELERATE);
    CHECK_EQ_NUM(o.reply.snap.x, 375);
    outcome_clear(&o);

    h_case(named(m, "a loop: dup, began's jump, snap's jump"));
    detent_geometry loop = { .viewport = 375, .item = 300, .spacing = 10, .count = 4, .loop = true };
    o = DO(m, c, detent_send_open(c, "l", "carousel", &loop), detent_open(c, "l", "carousel", &loop, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK(o.reply.opened.has_dup && o.reply.opened.dup == 2, "dup=2");
    CHECK_EQ_NUM(o.reply.opened.x, 582.5);
    outcome_clear(&o);
    o = DO(m, c, detent_send_begin(c, "l", 0, DETENT_NONE), detent_begin(c, "l", 0, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_BEGAN);
    CHECK(o.reply.began.has_jump && o.reply.began.jump == 1202.5, "began jump=1202.5");
    CHECK_EQ_INT(o.reply.began.index, 2);
    outcome_clear(&o);
    o = DO(m, c, detent_send_end(c, "l", 0, DETENT_NONE, DETENT_NONE, DETENT_NONE),
           detent_end(c, "l", 0, DETENT_NONE, DETENT_NONE, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK(o.reply.snap.has_jump && o.reply.snap.jump == 1512.5, "snap jump=1512.5");
    outcome_clear(&o);
    o = DO(m, c, detent_send_close(c, "l"), detent_close(c, "l", &R));
    outcome_clear(&o);

    h_case(named(m, "layout: a new geometry with index"));
    detent_geometry at3 = cards;
    at3.has_index = true;
    at3.index = 3;
    o = DO(m, c, detent_send_layout(c, "cards", &at3), detent_layout(c, "cards", &at3, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    CHECK_EQ_INT(o.reply.opened.index, 3);
    CHECK_EQ_NUM(o.reply.opened.x, 1053);
    outcome_clear(&o);

    h_case(named(m, "cancel"));
    o = DO(m, c, detent_send_cancel(c, "cards"), detent_cancel(c, "cards", &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.cause, DETENT_CAUSE_CANCEL);
    CHECK_EQ_INT(o.reply.snap.index, 3);
    outcome_clear(&o);

    h_case(named(m, "goto with and without x"));
    o = DO(m, c, detent_send_goto(c, "cards", 4, 1000), detent_goto(c, "cards", 4, 1000, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.cause, DETENT_CAUSE_GOTO);
    CHECK_EQ_INT(o.reply.snap.index, 4);
    CHECK_EQ_NUM(o.reply.snap.x, 1404);
    CHECK_EQ_NUM(o.reply.snap.motion.from, 1000);
    outcome_clear(&o);
    o = DO(m, c, detent_send_goto(c, "cards", 1, DETENT_NONE), detent_goto(c, "cards", 1, DETENT_NONE, &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_NUM(o.reply.snap.motion.from, 1404);
    CHECK_EQ_NUM(o.reply.snap.x, 351);
    outcome_clear(&o);

    h_case(named(m, "autoplay: ok with every"));
    o = DO(m, c, detent_send_autoplay(c, "cards", 2.5), detent_autoplay(c, "cards", 2.5, &R));
    CHECK_OK(o, DETENT_REPLY_OK);
    CHECK_EQ_STR(o.reply.ok.s, "cards");
    CHECK_EQ_NUM(o.reply.ok.every, 2.5);
    outcome_clear(&o);
    o = DO(m, c, detent_send_autoplay(c, "cards", 0), detent_autoplay(c, "cards", 0, &R));
    CHECK_OK(o, DETENT_REPLY_OK);
    CHECK_EQ_NUM(o.reply.ok.every, 0);
    outcome_clear(&o);

    h_case(named(m, "close"));
    o = DO(m, c, detent_send_close(c, "cards"), detent_close(c, "cards", &R));
    CHECK_OK(o, DETENT_REPLY_CLOSED);
    CHECK_EQ_STR(o.reply.closed.s, "cards");
    outcome_clear(&o);

    h_case(named(m, "stats"));
    o = DO(m, c, detent_send_stats(c), detent_stats(c, &R));
    CHECK_OK(o, DETENT_REPLY_STATS);
    CHECK(o.reply.stats.connections >= 1 && o.reply.stats.requests >= 20 && o.reply.stats.sessions >= 1 &&
              o.reply.stats.errors >= 0 && o.reply.stats.uptime >= 0,
          "stats connections=%lld sessions=%lld requests=%lld", (long long)o.reply.stats.connections,
          (long long)o.reply.stats.sessions, (long long)o.reply.stats.requests);
    outcome_clear(&o);

    h_case(named(m, "a request this library refuses is not sent"));
    o = DO(m, c, detent_send_close(c, "a\nb"), detent_close(c, "a\nb", &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "s:"), "argument error naming s: %s",
          o.message);
    o = DO(m, c, detent_send_line(c, "# a comment"), detent_request(c, "# a comment", &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT, "a comment gets no reply: refused");
    o = DO(m, c, detent_send_line(c, "{\"op\":\"ping\"}"), detent_request(c, "{\"op\":\"ping\"}", &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT, "JSON refused");
    detent_geometry odd = { .viewport = 100, .item = 10, .count = 3, .axis = (detent_axis)7 };
    o = DO(m, c, detent_send_layout(c, "cards", &odd), detent_layout(c, "cards", &odd, &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "axis:"), "an axis out of its enum: %s",
          o.message);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK_OK(o, DETENT_REPLY_PONG);
    outcome_clear(&o);

    h_case(named(m, "quit: bye, then the connection is closed"));
    o = DO(m, c, detent_send_quit(c), detent_quit(c, &R));
    CHECK_OK(o, DETENT_REPLY_BYE);
    outcome_clear(&o);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    CHECK_EQ_INT(detent_fd(c), -1);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK(!o.ok && o.kind == DETENT_ERROR_CLOSED, "after quit: closed (%s)", o.message);
    detent_connection_free(c);
}

/** Sends a raw line (the only way to make some errors) and checks the code. */
static void raw_error(run_mode m, detent_connection *c, const char *line, detent_code code)
{
    outcome o = DO(m, c, detent_send_line(c, line), detent_request(c, line, &R));
    CHECK_CODE(o, code);
    outcome_clear(&o);
}

static void errors(run_mode m)
{
    outcome o;
    detent_connection *c = connect_mode(m, bundled.sock, 5000, &o);
    outcome_clear(&o);
    o = DO(m, c, detent_send_open(c, "c", "cards", &cards), detent_open(c, "c", "cards", &cards, &R));
    outcome_clear(&o);

    h_case(named(m, "error bad-line"));
    raw_error(m, c, "end s=c x=1 x=2", DETENT_CODE_BAD_LINE);
    h_case(named(m, "error unknown-verb"));
    raw_error(m, c, "bogus", DETENT_CODE_UNKNOWN_VERB);
    h_case(named(m, "error unknown-key"));
    raw_error(m, c, "end s=c x=1 zork=1", DETENT_CODE_UNKNOWN_KEY);
    h_case(named(m, "error missing-key"));
    raw_error(m, c, "end s=c", DETENT_CODE_MISSING_KEY);
    h_case(named(m, "a raw line that works: its reply is typed"));
    o = DO(m, c, detent_send_line(c, "goto s=c index=2"), detent_request(c, "goto s=c index=2", &R));
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.index, 2);
    outcome_clear(&o);

    h_case(named(m, "error bad-value: not a finite number"));
    o = DO(m, c, detent_send_end(c, "c", INFINITY, DETENT_NONE, DETENT_NONE, DETENT_NONE),
           detent_end(c, "c", INFINITY, DETENT_NONE, DETENT_NONE, DETENT_NONE, &R));
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(o.has_s && strcmp(o.s, "c") == 0, "the error names s=c");
    CHECK(strstr(o.message, "x") != NULL, "the message names x: %s", o.message);
    outcome_clear(&o);
    h_case(named(m, "error bad-value: an index outside the items"));
    o = DO(m, c, detent_send_goto(c, "c", 99, DETENT_NONE), detent_goto(c, "c", 99, DETENT_NONE, &R));
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    outcome_clear(&o);

    h_case(named(m, "error unknown-session"));
    o = DO(m, c, detent_send_end(c, "nope", 1, 0, DETENT_NONE, DETENT_NONE),
           detent_end(c, "nope", 1, 0, DETENT_NONE, DETENT_NONE, &R));
    CHECK_CODE(o, DETENT_CODE_UNKNOWN_SESSION);
    outcome_clear(&o);

    h_case(named(m, "error session-exists"));
    o = DO(m, c, detent_send_open(c, "c", "cards", &cards), detent_open(c, "c", "cards", &cards, &R));
    CHECK_CODE(o, DETENT_CODE_SESSION_EXISTS);
    outcome_clear(&o);

    h_case(named(m, "error unknown-plugin"));
    o = DO(m, c, detent_send_open(c, "k", "nope", &cards), detent_open(c, "k", "nope", &cards, &R));
    CHECK_CODE(o, DETENT_CODE_UNKNOWN_PLUGIN);
    outcome_clear(&o);

    h_case(named(m, "error bad-layout"));
    const double descending[] = { 5, 3 };
    detent_geometry bad = { .viewport = 10, .points = descending, .points_len = 2 };
    o = DO(m, c, detent_send_open(c, "k", NULL, &bad), detent_open(c, "k", NULL, &bad, &R));
    CHECK_CODE(o, DETENT_CODE_BAD_LAYOUT);
    outcome_clear(&o);

    h_case(named(m, "error unsupported-layout"));
    const double pts[] = { 0, 100, 200 };
    detent_geometry unsupported = { .viewport = 375, .points = pts, .points_len = 3 };
    o = DO(m, c, detent_send_open(c, "k", "carousel", &unsupported),
           detent_open(c, "k", "carousel", &unsupported, &R));
    CHECK_CODE(o, DETENT_CODE_UNSUPPORTED_LAYOUT);
    outcome_clear(&o);

    h_case(named(m, "after errors the connection still answers"));
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK_OK(o, DETENT_REPLY_PONG);
    outcome_clear(&o);
    CHECK(detent_clear_error(c), "a server error is not fatal");
    detent_connection_free(c);

    /* limits: maxSessionsPerConnection 2, maxLineBytes 256, the failing plugin */
    c = connect_mode(m, limits.sock, 5000, &o);
    CHECK(o.ok, "connect to the limits daemon: %s", o.message);
    outcome_clear(&o);
    h_case(named(m, "error too-many-sessions"));
    o = DO(m, c, detent_send_open(c, "a", "cards", &cards), detent_open(c, "a", "cards", &cards, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = DO(m, c, detent_send_open(c, "f", "fails", &cards), detent_open(c, "f", "fails", &cards, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = DO(m, c, detent_send_open(c, "b", "cards", &cards), detent_open(c, "b", "cards", &cards, &R));
    CHECK_CODE(o, DETENT_CODE_TOO_MANY_SESSIONS);
    outcome_clear(&o);

    h_case(named(m, "error plugin-failed"));
    o = DO(m, c, detent_send_end(c, "f", 90, 1.4, DETENT_NONE, DETENT_NONE),
           detent_end(c, "f", 90, 1.4, DETENT_NONE, DETENT_NONE, &R));
    CHECK_CODE(o, DETENT_CODE_PLUGIN_FAILED);
    CHECK(strstr(o.message, "no decision today") != NULL, "the plugin's message: %s", o.message);
    outcome_clear(&o);

    h_case(named(m, "error line-too-long, and the connection stays usable"));
    double many[200];
    for (int i = 0; i < 200; i++) many[i] = 100 + i;
    detent_geometry wide = { .viewport = 375, .sizes = many, .sizes_len = 200 };
    o = DO(m, c, detent_send_layout(c, "a", &wide), detent_layout(c, "a", &wide, &R));
    CHECK_CODE(o, DETENT_CODE_LINE_TOO_LONG);
    outcome_clear(&o);
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK_OK(o, DETENT_REPLY_PONG);
    outcome_clear(&o);
    detent_connection_free(c);

    h_case(named(m, "error busy: the greeting refused, the connection closed"));
    detent_connection *holder = connect_mode(BLOCKING, busy.sock, 5000, &o);
    CHECK(o.ok, "the first connection is taken: %s", o.message);
    outcome_clear(&o);
    c = connect_mode(m, busy.sock, 5000, &o);
    CHECK_CODE(o, DETENT_CODE_BUSY);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    CHECK(detent_get_error(c)->kind == DETENT_ERROR_SERVER && detent_get_error(c)->code == DETENT_CODE_BUSY,
          "the connection keeps the busy error");
    CHECK(!detent_clear_error(c), "a refused greeting is fatal");
    outcome_clear(&o);
    detent_connection_free(c);
    detent_connection_free(holder);

    h_case(named(m, "error forbidden"));
    c = connect_mode(m, forbidden.sock, 5000, &o);
    CHECK_CODE(o, DETENT_CODE_FORBIDDEN);
    CHECK_EQ_INT(detent_get_state(c), DETENT_STATE_CLOSED);
    outcome_clear(&o);
    detent_connection_free(c);
}

/* The verb enum names every verb the request functions send, as sent; no
 * verb and one past the last, "" (as the other enumerations' names). */
static void verb_names(void)
{
    h_case("detent_verb_name");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_NONE), "");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_HELLO), "hello");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_GOTO), "goto");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_QUIT), "quit");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_WHEEL), "wheel");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_SCROLL), "scroll");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_STEP), "step");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_SCROLLBY), "scrollby");
    CHECK_EQ_STR(detent_verb_name((detent_verb)(DETENT_VERB_SCROLLBY + 1)), "");
}

int main(void)
{
    h_begin("verbs", 60);
    verb_names();
    const char *fixture = getenv("DETENT_FIXTURE");
    char config[2048];
    h_case("start the daemons");
    CHECK(fixture && *fixture, "DETENT_FIXTURE names the fixture plugin library");
    CHECK(h_daemon_start(&bundled, "bundled", NULL) == 0, "the bundled plugins.json");
    snprintf(config, sizeof config,
             "{ \"limits\": { \"maxSessionsPerConnection\": 2, \"maxLineBytes\": 256 },\n"
             "  \"plugins\": [ { \"name\": \"cards\", \"strategy\": \"flick\" },\n"
             "    { \"name\": \"fails\", \"library\": \"%s\", \"strategy\": \"fx-fails\" } ] }\n",
             fixture ? fixture : "");
    CHECK(h_daemon_start(&limits, "limits", config) == 0, "a daemon with small limits and the fixture");
    CHECK(h_daemon_start(&busy, "busy",
                         "{ \"limits\": { \"maxConnections\": 1 }, \"plugins\": [ { \"name\": \"cards\", "
                         "\"strategy\": \"flick\" } ] }\n") == 0,
          "a daemon taking one connection");
    snprintf(config, sizeof config,
             "{ \"allowUsers\": [ %u ], \"plugins\": [ { \"name\": \"cards\", \"strategy\": \"flick\" } ] }\n",
             (unsigned)getuid() + 4242);
    CHECK(h_daemon_start(&forbidden, "forbidden", config) == 0, "a daemon allowing someone else");
    if (h_failed()) return h_end();
    verbs(BLOCKING);
    verbs(ASYNC);
    errors(BLOCKING);
    errors(ASYNC);
    h_daemon_stop(&bundled);
    h_daemon_stop(&limits);
    h_daemon_stop(&busy);
    h_daemon_stop(&forbidden);
    return h_end();
}
