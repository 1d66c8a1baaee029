/*
 * step and motion (detent-protocol(7), "Steps" and "Reduced motion") through
 * both modes against the real daemon (paging): a step that snaps, one kept
 * at a bound, open2 motion=reduced then a decision with curve none drawn at
 * x from t=0, layout keeping the motion and layout2 switching it back, the
 * config's default, and a bad to or motion refused.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <string.h>

static h_daemon bundled, reduced_config;

/* The ABI: the new values come after those a program built against 1.0 holds. */
_Static_assert(DETENT_CURVE_BRAKE == 4 && DETENT_CURVE_NONE == 5, "curves appended");
_Static_assert(DETENT_CAUSE_SCROLL == 6 && DETENT_CAUSE_STEP == 7, "causes appended");
_Static_assert(DETENT_VERB_SCROLL == 16 && DETENT_VERB_STEP == 17, "verbs appended");
_Static_assert(DETENT_REPLY_KEPT == 13, "step answers snap or kept: no new reply kind");
_Static_assert(DETENT_TO_DEFAULT == 0 && DETENT_TO_NEXT == 1 && DETENT_TO_PREV == 2 && DETENT_TO_FIRST == 3 &&
                   DETENT_TO_LAST == 4, "to's values");
_Static_assert(DETENT_MOTION_DEFAULT == 0 && DETENT_MOTION_FULL == 1 && DETENT_MOTION_REDUCED == 2,
               "0 leaves motion out");

static const detent_geometry pages = { .viewport = 400, .item = 400, .count = 6 };
static const double omega = 0.015707963267948967; /* paging's spring on a 400 pt viewport */

static char name_buf[256];
static const char *named(run_mode m, const char *what)
{
    snprintf(name_buf, sizeof name_buf, "%s: %s", mode_name(m), what);
    return name_buf;
}

#define STEP(m, c, s, to, x, t) DO(m, c, detent_send_step(c, s, to, x, t), detent_step(c, s, to, x, t, &R))
#define OPEN2(m, c, s, g, motion) \
    DO(m, c, detent_send_open2(c, s, "paging", g, motion), detent_open2(c, s, "paging", g, motion, &R))

static void check_kept(outcome *o, const char *s, int64_t index)
{
    CHECK_OK(*o, DETENT_REPLY_KEPT);
    if (o->ok && o->reply.kind == DETENT_REPLY_KEPT) {
        CHECK_EQ_STR(o->reply.kept.s, s);
        CHECK_EQ_INT(o->reply.kept.index, index);
    }
    outcome_clear(o);
}

/** A step's decision: index and x, cause=step, mode=animate, from, and its curve. */
static detent_snap_reply check_step(outcome *o, int64_t index, double from, detent_curve curve)
{
    detent_snap_reply snap = { 0 };
    CHECK_OK(*o, DETENT_REPLY_SNAP);
    if (!o->ok || o->reply.kind != DETENT_REPLY_SNAP) return snap;
    snap = o->reply.snap;
    CHECK_EQ_INT(snap.cause, DETENT_CAUSE_STEP);
    CHECK_EQ_INT(snap.mode, DETENT_SNAP_ANIMATE);
    CHECK_EQ_INT(snap.index, index);
    CHECK_EQ_NUM(snap.x, 400.0 * (double)index);
    CHECK(snap.has_page && snap.page == index, "page=%lld", (long long)snap.page);
    CHECK_EQ_NUM(snap.motion.from, from);
    CHECK_EQ_NUM(snap.motion.v, 0);
    CHECK_EQ_INT(snap.motion.curve, curve);
    return snap;
}

static void steps(run_mode m, detent_connection *c)
{
    h_case(named(m, "step: prev and first at the first page are kept"));
    outcome o = STEP(m, c, "k", DETENT_TO_PREV, DETENT_NONE, DETENT_NONE);
    check_kept(&o, "k", 0);
    o = STEP(m, c, "k", DETENT_TO_FIRST, DETENT_NONE, DETENT_NONE);
    check_kept(&o, "k", 0);

    h_case(named(m, "step: next snaps one page (cause=step, the goto spring)"));
    o = STEP(m, c, "k", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    detent_snap_reply snap = check_step(&o, 1, 0, DETENT_CURVE_SPRING);
    CHECK_EQ_NUM(snap.motion.omega, omega);
    CHECK_EQ_INT(snap.motion.ms, 573);
    CHECK_EQ_NUM(detent_motion_position(&snap.motion, 0), 0);
    outcome_clear(&o);

    h_case(named(m, "step: last goes to the end; next there is kept at the bound"));
    o = STEP(m, c, "k", DETENT_TO_LAST, DETENT_NONE, DETENT_NONE);
    check_step(&o, 5, 400, DETENT_CURVE_SPRING);
    outcome_clear(&o);
    o = STEP(m, c, "k", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    check_kept(&o, "k", 5);
    o = STEP(m, c, "k", DETENT_TO_LAST, DETENT_NONE, DETENT_NONE);
    check_kept(&o, "k", 5);

    h_case(named(m, "step: first from where x says the content is drawn"));
    o = STEP(m, c, "k", DETENT_TO_FIRST, 1990, DETENT_NONE);
    check_step(&o, 0, 1990, DETENT_CURVE_SPRING);
    outcome_clear(&o);

    h_case(named(m, "step: with t, a motion under way steps on from its target"));
    o = OPEN2(m, c, "t", &pages, DETENT_MOTION_FULL);
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = STEP(m, c, "t", DETENT_TO_NEXT, DETENT_NONE, 100);
    outcome_clear(&o);
    o = STEP(m, c, "t", DETENT_TO_NEXT, DETENT_NONE, 150);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    CHECK_EQ_INT(o.reply.snap.index, 2);
    CHECK(o.reply.snap.motion.from > 0 && o.reply.snap.motion.from < 400, "from=%g: 50 ms into the first spring",
          o.reply.snap.motion.from);
    outcome_clear(&o);
}

static void reduced(run_mode m, detent_connection *c)
{
    h_case(named(m, "open2 motion=reduced: a step's decision is curve=none ms=0, drawn at x from t=0"));
    outcome o = OPEN2(m, c, "r", &pages, DETENT_MOTION_REDUCED);
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = STEP(m, c, "r", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    detent_snap_reply snap = check_step(&o, 1, 0, DETENT_CURVE_NONE);
    CHECK_EQ_INT(snap.motion.ms, 0);
    CHECK_EQ_NUM(detent_motion_position(&snap.motion, 0), 400);
    CHECK_EQ_NUM(detent_motion_position(&snap.motion, 16), 400);
    outcome_clear(&o);

    h_case(named(m, "layout without motion keeps it reduced"));
    detent_geometry at1 = pages;
    at1.has_index = true;
    at1.index = 1;
    o = DO(m, c, detent_send_layout(c, "r", &at1), detent_layout(c, "r", &at1, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = STEP(m, c, "r", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    snap = check_step(&o, 2, 400, DETENT_CURVE_NONE);
    CHECK_EQ_NUM(detent_motion_position(&snap.motion, 0), 800);
    outcome_clear(&o);

    h_case(named(m, "layout2 motion=full switches back: a spring that starts at from"));
    o = DO(m, c, detent_send_layout2(c, "r", &at1, DETENT_MOTION_FULL),
           detent_layout2(c, "r", &at1, DETENT_MOTION_FULL, &R));
    CHECK_OK(o, DETENT_REPLY_OPENED);
    outcome_clear(&o);
    o = STEP(m, c, "r", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    snap = check_step(&o, 2, 400, DETENT_CURVE_SPRING);
    CHECK_EQ_INT(snap.motion.ms, 573);
    CHECK_EQ_NUM(detent_motion_position(&snap.motion, 0), 400);
    outcome_clear(&o);
}

static void refusals(run_mode m, detent_connection *c)
{
    h_case(named(m, "refused by the daemon: to=up, no to, motion=slow"));
    outcome o = DO(m, c, detent_send_line(c, "step s=r to=up"), detent_request(c, "step s=r to=up", &R));
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(strncmp(o.message, "to:", 3) == 0 && o.has_s && strcmp(o.s, "r") == 0, "names to and s: %s", o.message);
    outcome_clear(&o);
    o = DO(m, c, detent_send_line(c, "step s=r"), detent_request(c, "step s=r", &R));
    CHECK_CODE(o, DETENT_CODE_MISSING_KEY);
    outcome_clear(&o);
    const char *slow = "open s=z viewport=400 item=400 count=3 motion=slow";
    o = DO(m, c, detent_send_line(c, slow), detent_request(c, slow, &R));
    CHECK_CODE(o, DETENT_CODE_BAD_VALUE);
    CHECK(strncmp(o.message, "motion:", 7) == 0, "names motion: %s", o.message);
    outcome_clear(&o);

    h_case(named(m, "a to or motion outside its enum (or to left out) is refused here, not sent"));
    o = STEP(m, c, "r", (detent_to)9, DETENT_NONE, DETENT_NONE);
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "to:"), "%s", o.message);
    o = STEP(m, c, "r", DETENT_TO_DEFAULT, DETENT_NONE, DETENT_NONE);
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "to:"), "to is needed: %s", o.message);
    o = OPEN2(m, c, "z", &pages, (detent_motion_setting)7);
    CHECK(!o.ok && o.kind == DETENT_ERROR_ARGUMENT && strstr(o.message, "motion:"), "%s", o.message);
    CHECK(detent_clear_error(c), "an argument error is not fatal");
    o = STEP(m, c, "r", DETENT_TO_PREV, DETENT_NONE, DETENT_NONE);
    CHECK_OK(o, DETENT_REPLY_SNAP);
    outcome_clear(&o);
}

static void run(run_mode m)
{
    detent_connection *c = CONNECT(m, bundled.sock, 5000);
    /* detent_open, as a program built against 1.0 calls it: the config's motion (full). */
    CHECK_OPENED(DO(m, c, detent_send_open(c, "k", "paging", &pages), detent_open(c, "k", "paging", &pages, &R)));
    steps(m, c);
    reduced(m, c);
    refusals(m, c);
    detent_connection_free(c);
}

/** plugins.json's motion is the default of a session opened without one. */
static void config_default(run_mode m)
{
    h_case(named(m, "plugins.json says motion reduced: detent_open draws at once, open2 full does not"));
    detent_connection *c = CONNECT(m, reduced_config.sock, 5000);
    CHECK_OPENED(DO(m, c, detent_send_open(c, "d", "paging", &pages), detent_open(c, "d", "paging", &pages, &R)));
    outcome o = STEP(m, c, "d", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    check_step(&o, 1, 0, DETENT_CURVE_NONE);
    outcome_clear(&o);
    CHECK_OPENED(OPEN2(m, c, "f", &pages, DETENT_MOTION_FULL));
    o = STEP(m, c, "f", DETENT_TO_NEXT, DETENT_NONE, DETENT_NONE);
    check_step(&o, 1, 0, DETENT_CURVE_SPRING);
    outcome_clear(&o);
    detent_connection_free(c);
}

int main(void)
{
    h_begin("step", 30);
    h_case("start the daemons; the names of curve none, cause and verb step");
    CHECK(h_daemon_start(&bundled, "bundled", NULL) == 0, "the bundled plugins.json");
    CHECK(h_daemon_start(&reduced_config, "reduced",
                         "{\"motion\": \"reduced\", \"plugins\": [{\"name\": \"paging\", \"strategy\": \"paging\"}]}") == 0,
          "a plugins.json with motion reduced");
    CHECK_EQ_STR(detent_curve_name(DETENT_CURVE_NONE), "none");
    CHECK_EQ_STR(detent_cause_name(DETENT_CAUSE_STEP), "step");
    CHECK_EQ_STR(detent_verb_name(DETENT_VERB_STEP), "step");
    if (h_failed()) return h_end();
    run(BLOCKING);
    run(ASYNC);
    config_default(BLOCKING);
    config_default(ASYNC);
    h_daemon_stop(&reduced_config);
    h_daemon_stop(&bundled);
    return h_end();
}
