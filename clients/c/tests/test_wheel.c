/*
 * wheel and scroll (detent-protocol(7)) through both modes against the real
 * daemon (the bundled plugins.json, paging: the generic rule): a notch that
 * snaps, one kept within wheelLockMs, a touchpad gesture (begin, a doubled
 * begin, updates, end, a doubled end) and their refusals.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <math.h>
#include <string.h>

static h_daemon bundled;

/* The ABI: values a program compiled against 1.0 holds keep their numbers;
 * the new ones come after them. */
_Static_assert(DETENT_REPLY_ERROR == 12 && DETENT_REPLY_KEPT == 13, "reply kinds appended");
_Static_assert(DETENT_CAUSE_AUTOPLAY == 4 && DETENT_CAUSE_WHEEL == 5 && DETENT_CAUSE_SCROLL == 6, "causes appended");
_Static_assert(DETENT_VERB_QUIT == 14 && DETENT_VERB_WHEEL == 15 && DETENT_VERB_SCROLL == 16, "verbs appended");
_Static_assert(DETENT_SOURCE_DEFAULT == 0 && DETENT_PHASE_DEFAULT == 0, "0 leaves source and phase out");

static const detent_geometry pages = { .viewport = 400, .item = 400, .count = 6 };

static char name_buf[256];
static const char *named(run_mode m, const char *what)
{
    snprintf(name_buf, sizeof name_buf, "%s: %s", mode_name(m), what);
    return name_buf;
}

#define WHEEL(m, c, dx, dy, t, src, x) \
    DO(m, c, detent_send_wheel(c, "w", dx, dy, t, src, x), detent_wheel(c, "w", dx, dy, t, src, x, &R))
#define SCROLL(m, c, dx, dy, t, ph) \
    DO(m, c, detent_send_scroll(c, "w", dx, dy, t, ph, DETENT_NONE), \
       detent_scroll(c, "w", dx, dy, t, ph, DETENT_NONE, &R))

static void check_kept(outcome *o, int64_t index)
{
    CHECK_OK(*o, DETENT_REPLY_KEPT);
    if (o->ok && o->reply.kind == DETENT_REPLY_KEPT) {
        CHECK_EQ_STR(o->reply.kept.s, "w");
        CHECK_EQ_INT(o->reply.kept.index, index);
    }
    outcome_clear(o);
}

static void check_moved(outcome *o, double x)
{
    CHECK_OK(*o, DETENT_REPLY_MOVED);
    if (o->ok && o->reply.kind == DETENT_REPLY_MOVED) CHECK_EQ_NUM(o->reply.moved.x, x);
    outcome_clear(o);
}

static void wheel(run_mode m, detent_connection *c)
{
    h_case(named(m, "wheel: a notch snaps one page (cause=wheel)"));
    outcome o = WHEEL(m, c, 0, 1, 1000, DETENT_SOURCE_DEFAULT, DETENT_NONE);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.cause, DETENT_CAUSE_WHEEL);
    CHECK_EQ_INT(o.reply.snap.index, 1);
    CHECK_EQ_NUM(o.reply.snap.x, 400);
    CHECK_EQ_INT(o.reply.snap.mode, DETENT_SNAP_ANIMATE);
    CHECK(o.reply.snap.has_page && o.reply.snap.page == 1, "page=1");
    CHECK_EQ_NUM(o.reply.snap.motion.from, 0);
    outcome_clear(&o);

    h_case(named(m, "wheel: a notch within 150 ms is kept"));
    o = WHEEL(m, c, 0, 1, 1100, DETENT_SOURCE_MOUSE, DETENT_NONE);
    check_kept(&o, 1);

    h_case(named(m, "wheel: the next notch steps from the target, from where the motion is"));
    o = WHEEL(m, c, 0, 1, 1200, DETENT_SOURCE_MOUSE, DETENT_NONE);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.index, 2);
    CHECK(o.reply.snap.motion.from > 0 && o.reply.snap.motion.from < 400, "from=%g: mid-motion",
          o.reply.snap.motion.from);
    outcome_clear(&o);

    h_case(named(m, "wheel: source=other reads no delta off the other axis"));
    o = WHEEL(m, c, 0, 1, 1400, DETENT_SOURCE_OTHER, DETENT_NONE);
    check_kept(&o, 2);

    h_case(named(m, "wheel: back a notch, drawn at x"));
    o = WHEEL(m, c, -1, 0, 1500, DETENT_SOURCE_DEFAULT, 700);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.index, 1);
    CHECK_EQ_NUM(o.reply.snap.motion.from, 700);
    outcome_clear(&o);
}

static void scroll(run_mode m, detent_connection *c)
{
    h_case(named(m, "scroll: begin and a doubled begin answer where the content is"));
    outcome o = SCROLL(m, c, 0, 0, 3000, DETENT_PHASE_BEGIN);
    check_moved(&o, 400);
    o = SCROLL(m, c, 0, 0, 3000, DETENT_PHASE_BEGIN);
    check_moved(&o, 400);

    h_case(named(m, "scroll: the updates drag the content (dy off the axis ignored)"));
    o = SCROLL(m, c, 10, 0, 3016, DETENT_PHASE_DEFAULT);
    check_moved(&o, 410);
    o = SCROLL(m, c, 20, 5, 3032, DETENT_PHASE_DEFAULT);
    check_moved(&o, 430);
    o = SCROLL(m, c, 30, 0, 3048, DETENT_PHASE_DEFAULT);
    check_moved(&o, 460);

    h_case(named(m, "scroll: a wheel while the touchpad holds the content is kept"));
    o = WHEEL(m, c, 1, 0, 3050, DETENT_SOURCE_DEFAULT, DETENT_NONE);
    check_kept(&o, 1);

    h_case(named(m, "scroll: the end is the strategy's release (cause=scroll); a doubled end the same"));
    o = SCROLL(m, c, 0, 0, 3064, DETENT_PHASE_END);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.cause, DETENT_CAUSE_SCROLL);
    CHECK_EQ_INT(o.reply.snap.index, 2);
    CHECK_EQ_NUM(o.reply.snap.x, 800);
    CHECK_EQ_NUM(o.reply.snap.motion.from, 460);
    CHECK(o.reply.snap.motion.v > 0, "v=%g: the updates' velocity", o.reply.snap.motion.v);
    detent_snap_reply first = o.reply.snap;
    outcome again = SCROLL(m, c, 0, 0, 3064, DETENT_PHASE_END);
    CHECK_OK(again, DETENT_REPLY_SNAP);
    CHECK(again.reply.snap.index == first.index && again.reply.snap.x == first.x &&
              again.reply.snap.motion.v == first.motion.v && again.reply.snap.motion.ms == first.motion.ms,
          "the same decision");
    outcome_clear(&again);
    outcome_clear(&o);
}

static void refusals(run_mode m, detent_connection *c)
{
    h_case(named(m, "refused: an update with no gesture under way"));
    outcome o = SCROLL(m, c, 5, 0, 3100, DETENT_PHASE_DEFAULT);
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(strstr(o.message, "phase=begin") != NULL, "the message: %s", o.message);
    outcome_clear(&o);

    h_case(named(m, "refused: a time before the previous event's"));
    o = WHEEL(m, c, 0, 1, 10, DETENT_SOURCE_DEFAULT, DETENT_NONE);
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(strncmp(o.message, "t:", 2) == 0 && o.has_s && strcmp(o.s, "w") == 0, "names t and s: %s", o.message);
    outcome_clear(&o);

    h_case(named(m, "refused: a begin during the updates"));
    o = SCROLL(m, c, 0, 0, 3200, DETENT_PHASE_BEGIN);
    outcome_clear(&o);
    o = SCROLL(m, c, 5, 0, 3216, DETENT_PHASE_DEFAULT);
    outcome_clear(&o);
    o = SCROLL(m, c, 0, 0, 3232, DETENT_PHASE_BEGIN);
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    outcome_clear(&o);

    h_case(named(m, "refused: a non-finite delta, a missing one"));
    o = WHEEL(m, c, 0, INFINITY, 3300, DETENT_SOURCE_DEFAULT, DETENT_NONE);
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(strncmp(o.message, "dy:", 3) == 0, "names dy: %s", o.message);
    outcome_clear(&o);
    o = DO(m, c, detent_send_line(c, "wheel s=w dy=1 t=3300"), detent_request(c, "wheel s=w dy=1 t=3300", &R));
    CHECK_CODE(o, DETENT_CODE_MISSING_KEY);
    outcome_clear(&o);

    h_case(named(m, "a source or phase outside its enum is refused here, not sent"));
    o = WHEEL(m, c, 0, 1, 3300, (detent_source)7, DETENT_NONE);
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "source:"), "%s", o.message);
    o = SCROLL(m, c, 0, 1, 3300, (detent_phase)7);
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "phase:"), "%s", o.message);
    CHECK(detent_clear_error(c), "an argument error is not fatal");
    o = DO(m, c, detent_send_ping(c), detent_ping(c, &R));
    CHECK_OK(o, DETENT_REPLY_PONG);
    outcome_clear(&o);
}

static void run(run_mode m)
{
    detent_connection *c = CONNECT(m, bundled.sock, 5000);
    CHECK_OPENED(DO(m, c, detent_send_open(c, "w", "paging", &pages), detent_open(c, "w", "paging", &pages, &R)));
    wheel(m, c);
    scroll(m, c);
    refusals(m, c);
    detent_connection_free(c);
}

int main(void)
{
    h_begin("wheel", 30);
    h_case("start the daemon; the verb and cause names");
    CHECK(h_daemon_start(&bundled, "bundled", NULL) == 0, "the bundled plugins.json");
    CHECK_EQ_STR(detent_cause_name(DETENT_CAUSE_WHEEL), "wheel");
    CHECK_EQ_STR(detent_cause_name(DETENT_CAUSE_SCROLL), "scroll");
    CHECK_EQ_STR(detent_reply_kind_name(DETENT_REPLY_KEPT), "kept");
    if (h_failed()) return h_end();
    run(BLOCKING);
    run(ASYNC);
    h_daemon_stop(&bundled);
    return h_end();
}
