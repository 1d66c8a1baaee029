/*
 * The reply reader and parser on their own: chunking, over-long lines,
 * unknown fields, every way a line can be wrong; the motion against
 * detent-protocol(7)'s formulas and against `detent motion`; numbers under
 * a locale whose decimal point is a comma (LOCPATH holding de_DE.UTF-8).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "drive.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const stream_lines[] = {
    "hello proto=1 server=detentd/0.1.0 plugins=paging,cards",
    "pong id=1",
    "opened s=c id=2 plugin=cards index=0 x=0 snaps=5",
    "snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516",
    "snap s=c index=2 x=702 mode=animate cause=autoplay from=351 v=0 curve=spring omega=0.015707963267948967 ms=600",
    "error code=bad-value s=c id=\"a b\" msg=\"x: not a \\\"finite\\\" number\"",
    "stats connections=1 sessions=2 requests=11 errors=1 uptime=1",
};
#define STREAM_COUNT (sizeof stream_lines / sizeof *stream_lines)

/** Feeds text in chunks of the given sizes (cycled) and collects the reply kinds. */
static int read_chunked(const char *text, const size_t *sizes, size_t nsizes, detent_reply_kind *kinds, int max)
{
    detent_reader *r = detent_reader_new(4096);
    size_t len = strlen(text), at = 0, k = 0;
    int n = 0;
    while (at < len) {
        size_t step = sizes[k++ % nsizes];
        if (step > len - at) step = len - at;
        detent_reader_feed(r, text + at, step);
        at += step;
        detent_reply reply;
        detent_error err = { 0 };
        int rc;
        while ((rc = detent_reader_next(r, &reply, &err)) != 0) {
            if (rc > 0 && n < max) kinds[n++] = reply.kind;
            if (rc < 0) {
                CHECK(0, "an error in a good stream: %s", h_str(err.message));
                detent_error_clear(&err);
            }
            detent_reply_clear(&reply);
        }
    }
    detent_reader_free(r);
    return n;
}

static void chunks(void)
{
    h_case("the reader: every chunking gives the same replies (CRLF too)");
    char text[4096] = "";
    for (size_t i = 0; i < STREAM_COUNT; i++) {
        strcat(text, stream_lines[i]);
        strcat(text, i == 2 ? "\r\n" : "\n");
    }
    detent_reply_kind want[16], got[16];
    size_t whole = strlen(text);
    int n = read_chunked(text, &whole, 1, want, 16);
    CHECK_EQ_INT(n, STREAM_COUNT);
    for (size_t size = 1; size <= 64; size++) {
        int m = read_chunked(text, &size, 1, got, 16);
        CHECK(m == n && memcmp(want, got, sizeof(detent_reply_kind) * (size_t)n) == 0, "chunks of %zu", size);
    }
    const size_t odd[] = { 3, 1, 7, 40, 2, 99, 5 };
    int m = read_chunked(text, odd, 7, got, 16);
    CHECK(m == n && memcmp(want, got, sizeof(detent_reply_kind) * (size_t)n) == 0, "uneven chunks");
}

static void too_long(void)
{
    h_case("the reader: an over-long line is one error, dropped to its newline; the next line reads");
    detent_reader *r = detent_reader_new(64);
    char line[1000];
    memset(line, 'a', sizeof line);
    memcpy(line, "pong x=", 7);
    int errors = 0, replies = 0;
    detent_reply reply;
    detent_error err = { 0 };
    for (int i = 0; i < 10; i++) {
        detent_reader_feed(r, line, sizeof line);
        int rc;
        while ((rc = detent_reader_next(r, &reply, &err)) != 0) {
            if (rc < 0) {
                errors++;
                CHECK(err.kind == DETENT_ERROR_TOO_LONG && strstr(err.message, "64"), "too long: %s", err.message);
                detent_error_clear(&err);
            }
        }
    }
    detent_reader_feed(r, "\npong id=4\n", 11);
    int rc;
    while ((rc = detent_reader_next(r, &reply, &err)) != 0) {
        if (rc > 0) {
            replies++;
            CHECK(reply.kind == DETENT_REPLY_PONG && reply.has_id && strcmp(reply.id, "4") == 0, "the pong after");
            detent_reply_clear(&reply);
        } else {
            errors++;
            detent_error_clear(&err);
        }
    }
    CHECK_EQ_INT(errors, 1);
    CHECK_EQ_INT(replies, 1);
    h_case("the reader: a line of exactly the maximum is taken, one byte more is not");
    char exact[65];
    memset(exact, ' ', 64);
    memcpy(exact, "pong", 4);
    exact[64] = '\n';
    detent_reader_feed(r, exact, 65);
    CHECK(detent_reader_next(r, &reply, &err) == 1, "64 bytes: a reply");
    detent_reply_clear(&reply);
    char over[66];
    memset(over, ' ', 65);
    memcpy(over, "pong", 4);
    over[65] = '\n';
    detent_reader_feed(r, over, 66);
    CHECK(detent_reader_next(r, &reply, &err) == -1 && err.kind == DETENT_ERROR_TOO_LONG, "65 bytes: too long");
    detent_error_clear(&err);
    detent_reader_free(r);
}

static void expect_parse_error(const char *line, const char *mention)
{
    detent_reply reply;
    detent_error err = { 0 };
    int rc = detent_reply_parse(line, strlen(line), &reply, &err);
    CHECK(rc < 0 && err.kind == DETENT_ERROR_PARSE, "refused: %s", line);
    if (rc < 0 && mention) CHECK(strstr(err.message, mention) != NULL, "the error names %s: %s", mention, err.message);
    CHECK(reply.kind == DETENT_REPLY_NONE && reply.storage_ == NULL, "nothing kept");
    if (rc == 0) detent_reply_clear(&reply);
    detent_error_clear(&err);
}

static void malformed(void)
{
    h_case("the parser: lines that cannot be read are errors naming the field");
    expect_parse_error("", NULL);
    expect_parse_error("   ", NULL);
    expect_parse_error("Pong", NULL);
    expect_parse_error("warp speed=9", "warp");
    expect_parse_error("moved s=c", "x");
    expect_parse_error("moved s=c x=abc", "x");
    expect_parse_error("moved s=c x=1e999", "x");
    expect_parse_error("moved s=c x=nan", "x");
    expect_parse_error("moved s=c x=0x10", "x");
    expect_parse_error("moved s=c x=", "x");
    expect_parse_error("opened s=c plugin=p index=1.5 x=0 snaps=5", "index");
    expect_parse_error("moved s=\"c x=1", "unbalanced");
    expect_parse_error("moved s=\"c\\n\" x=1", "escape");
    expect_parse_error("moved s=c\"d x=1", "quote");
    expect_parse_error("moved s=\"c\"x=1", "blank");
    expect_parse_error("moved s=c x=1 x=2", "twice");
    expect_parse_error("pong id=1 id=2", "twice");
    expect_parse_error("moved s=c =1", NULL);
    expect_parse_error("moved s=c X=1", NULL);
    expect_parse_error("snap s=c index=1 x=1 mode=fly cause=release from=0 v=0 curve=spring omega=1 ms=1", "mode");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=wind from=0 v=0 curve=spring omega=1 ms=1", "cause");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=wave omega=1 ms=1", "curve");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=decay omega=1 ms=1", "rate");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=spring rate=1 ms=1", "omega");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake stop=1 ms=2", "accel");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 ms=2", "stop");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake ms=2", "accel");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=1.5 ms=2",
                       "stop");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=x ms=2",
                       "stop");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=-1 ms=2",
                       "stop");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=3 ms=2",
                       "stop");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=nan stop=1 ms=2",
                       "accel");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=1 "
                       "aim=1 ms=2", "aim");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=1 "
                       "aim=-1 ms=2", "aim");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=release from=0 v=1 curve=brake accel=1 stop=1 "
                       "aim=nan ms=2", "aim");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=Ease ms=1", "curve");
    expect_parse_error("error msg=\"no code\"", "code");
    expect_parse_error("stats connections=1 sessions=2 requests=3 errors=4", "uptime");
    const char nul[] = "pong\0 id=1";
    detent_reply reply;
    detent_error err = { 0 };
    CHECK(detent_reply_parse(nul, sizeof nul - 1, &reply, &err) < 0, "a NUL byte inside");
    detent_error_clear(&err);
}

static void lenient(void)
{
    h_case("the parser: unknown fields are ignored; unknown codes kept by name");
    detent_reply r;
    detent_error err = { 0 };
    const char *line = "moved  s=c\tfuture=\"a b\" x=-1.5e2 later=7  ";
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    CHECK(r.kind == DETENT_REPLY_MOVED && strcmp(r.moved.s, "c") == 0 && r.moved.x == -150, "moved s=c x=-150");
    detent_reply_clear(&r);
    line = "error code=brand-new s=\"x y\" msg=\"a \\\\ b \\\"q\\\"\"";
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    CHECK(r.error.code == DETENT_CODE_UNKNOWN && strcmp(r.error.code_name, "brand-new") == 0, "unknown code by name");
    CHECK(r.error.has_s && strcmp(r.error.s, "x y") == 0, "s unquoted");
    CHECK_EQ_STR(r.error.msg, "a \\ b \"q\"");
    detent_reply_clear(&r);
    line = "plugins names= default=a";
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) == 0 && r.plugins.names_len == 0, "an empty list");
    detent_reply_clear(&r);
    line = "ok s=c every=0.5 id=\"\"";
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) == 0 && r.has_id && r.id[0] == '\0', "an empty id");
    detent_reply_clear(&r);

    h_case("every code of detent-protocol(7) by name and back");
    static const char *const names[] = { "bad-line", "line-too-long", "unknown-verb", "unknown-key", "missing-key",
                                         "bad-value", "unknown-session", "session-exists", "unknown-plugin",
                                         "too-many-sessions", "bad-layout", "unsupported-layout", "busy",
                                         "forbidden", "plugin-failed" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        detent_code code = detent_code_from_name(names[i]);
        CHECK(code != DETENT_CODE_UNKNOWN && code != DETENT_CODE_NONE, "%s is known", names[i]);
        CHECK_EQ_STR(detent_code_name(code), names[i]);
    }
    CHECK_EQ_INT(DETENT_CODE_PLUGIN_FAILED - DETENT_CODE_BAD_LINE + 1, 15);
}

static void motion(void)
{
    h_case("motion: the formulas of detent-protocol(7)");
    detent_motion spring = { .from = 90, .v = 1.4, .curve = DETENT_CURVE_SPRING, .omega = 0.015707963267948967,
                             .ms = 516, .x = 351 };
    CHECK_EQ_NUM(detent_motion_position(&spring, 0), 90);
    CHECK_EQ_NUM(detent_motion_position(&spring, -5), 90);
    for (double t = 0; t <= 800; t += 12.5) {
        double a = spring.from - spring.x, b = spring.v + spring.omega * a;
        double want = spring.x + (a + b * t) * exp(-spring.omega * t);
        CHECK(fabs(detent_motion_position(&spring, t) - want) < 1e-9, "spring at %g", t);
    }
    double at_ms = detent_motion_position(&spring, 516);
    CHECK(at_ms != 351 && fabs(at_ms - 351) <= 0.5, "not snapped to x at ms, within half a point (%.17g)", at_ms);
    detent_motion decay = { .from = 40, .v = 2, .curve = DETENT_CURVE_DECAY, .rate = 0.9875778004938814, .ms = 462,
                            .x = 200 };
    for (double t = 0; t <= 800; t += 12.5) {
        double want = decay.x - (decay.x - decay.from) * pow(decay.rate, t);
        CHECK(fabs(detent_motion_position(&decay, t) - want) < 1e-9, "decay at %g", t);
    }
    CHECK_EQ_NUM(detent_motion_position(&decay, -1), 40);

    h_case("motion: curve=ease, Qt's InOutQuad (worked values)");
    detent_reply r;
    detent_error err = { 0 };
    const char *ease_line = "snap s=c index=2 x=1200 mode=animate cause=goto from=1001 v=0 curve=ease ms=200";
    CHECK(detent_reply_parse(ease_line, strlen(ease_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    const detent_motion ease = r.snap.motion;
    CHECK(ease.curve == DETENT_CURVE_EASE && ease.from == 1001 && ease.x == 1200 && ease.ms == 200 && ease.v == 0,
          "an ease from 1001 to 1200 over 200 ms");
    CHECK_EQ_STR(detent_curve_name(ease.curve), "ease");
    detent_reply_clear(&r);
    CHECK_EQ_NUM(detent_motion_position(&ease, 0), 1001);
    CHECK_EQ_NUM(detent_motion_position(&ease, -3), 1001);
    CHECK_EQ_NUM(detent_motion_position(&ease, 50), 1025.875);
    CHECK_EQ_NUM(detent_motion_position(&ease, 100), 1100.5);
    CHECK_EQ_NUM(detent_motion_position(&ease, 150), 1175.125);
    CHECK_EQ_NUM(detent_motion_position(&ease, 200), 1200);
    CHECK_EQ_NUM(detent_motion_position(&ease, 250), 1200); /* x from ms on, never past it */
    CHECK_EQ_NUM(detent_motion_position(&ease, 1e9), 1200);
    for (double t = 0; t < 200; t += 7.5) {
        double p = t / 200, e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2;
        CHECK(fabs(detent_motion_position(&ease, t) - (1001 + 199 * e)) < 1e-9, "ease at %g", t);
    }
    detent_motion still = ease;
    still.ms = 0;
    CHECK_EQ_NUM(detent_motion_position(&still, 0), 1200);

    h_case("motion: curve=brake, a deceleration then an ease (worked values)");
    const char *brake_line = "snap s=c index=0 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake "
                             "accel=0.0033507853403141362 stop=477 ms=677";
    CHECK(detent_reply_parse(brake_line, strlen(brake_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    const detent_motion brake = r.snap.motion;
    CHECK(brake.curve == DETENT_CURVE_BRAKE && brake.accel == 0.0033507853403141362 && brake.stop == 477 &&
              brake.ms == 677 && brake.from == 1182 && brake.v == -1.6 && brake.x == 800,
          "accel and stop held");
    CHECK_EQ_STR(detent_curve_name(brake.curve), "brake");
    detent_reply_clear(&r);
    double A = 0.0033507853403141362;
    CHECK_EQ_NUM(detent_motion_position(&brake, 0), 1182);
    CHECK_EQ_NUM(detent_motion_position(&brake, -1), 1182);
    double slope = (detent_motion_position(&brake, 1e-6) - detent_motion_position(&brake, 0)) / 1e-6;
    CHECK(fabs(slope - -1.6) < 1e-5, "the slope at 0 is v (%.17g)", slope);
    for (double t = 0; t <= 477; t += 26.5) {
        double want = 1182 - 1.6 * t + A * t * t / 2;
        CHECK(fabs(detent_motion_position(&brake, t) - want) < 1e-9, "brake at %g", t);
    }
    double stop_at = 1182 - 1.6 * 477 + A * 477 * 477 / 2; /* 800.00041884816... */
    CHECK(fabs(detent_motion_position(&brake, 477) - stop_at) < 1e-9, "pos(stop) %.17g", stop_at);
    CHECK(fabs(stop_at - 800.0004188481676) < 1e-9, "pos(stop) is 800.00041884816...");
    for (double t = 480; t < 677; t += 9.5) {
        double p = (t - 477) / 200, e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2;
        double want = stop_at + (800 - stop_at) * e;
        CHECK(fabs(detent_motion_position(&brake, t) - want) < 1e-9, "the ease after stop at %g", t);
    }
    CHECK(fabs(detent_motion_position(&brake, 577) - (stop_at + 800) / 2) < 1e-9, "half way through the ease");
    CHECK_EQ_NUM(detent_motion_position(&brake, 677), 800);
    CHECK_EQ_NUM(detent_motion_position(&brake, 700), 800);
    CHECK_EQ_NUM(detent_motion_position(&brake, 5000), 800);

    h_case("motion: curve=brake re-aimed at aim (qt-swipeview, a view put on its page)");
    const char *aim_line = "snap s=qp index=2 x=1304 mode=decelerate cause=wheel from=1956 v=-2.56 curve=brake "
                           "accel=0.00512 stop=505 aim=154.77994274005957 ms=705";
    CHECK(detent_reply_parse(aim_line, strlen(aim_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    const detent_motion aimed = r.snap.motion;
    detent_reply_clear(&r);
    CHECK(aimed.curve == DETENT_CURVE_BRAKE && aimed.aim == 154.77994274005957 && aimed.stop == 505,
          "aim held");
    CHECK_EQ_NUM(detent_motion_position(&aimed, 100), 1725.6);
    double at_aim = detent_motion_position(&aimed, 154.77994274005957);
    CHECK(fabs(at_aim - 1621.0928331124646) < 1e-9, "at aim (%.17g)", at_aim);
    CHECK(fabs(detent_motion_position(&aimed, 300) - 1412.6455940747044) < 1e-9, "re-aimed at 300");
    CHECK_EQ_NUM(detent_motion_position(&aimed, 505), 1304);
    CHECK_EQ_NUM(detent_motion_position(&aimed, 600), 1304);
    const char *plain_line = "snap s=qp index=2 x=1304 mode=decelerate cause=wheel from=1956 v=-2.56 curve=brake "
                             "accel=0.00512 stop=505 ms=705";
    CHECK(detent_reply_parse(plain_line, strlen(plain_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    CHECK(r.snap.motion.aim == 0, "no aim: 0");
    detent_reply_clear(&r);
    /* aim shares rate's place: a decay's rate stays whatever field of another curve the line holds */
    const char *decay_line = "snap s=c index=1 x=200 mode=decelerate cause=release from=40 v=2 aim=100 curve=decay "
                             "rate=0.9875778004938814 ms=462";
    CHECK(detent_reply_parse(decay_line, strlen(decay_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    CHECK(r.snap.motion.rate == 0.9875778004938814, "rate kept (%.17g)", r.snap.motion.rate);
    detent_reply_clear(&r);
    const char *decay_after = "snap s=c index=1 x=200 mode=decelerate cause=release from=40 v=2 curve=decay "
                              "rate=0.9875778004938814 aim=100 ms=462";
    CHECK(detent_reply_parse(decay_after, strlen(decay_after), &r, &err) == 0, "parsed: %s", h_str(err.message));
    CHECK(r.snap.motion.rate == 0.9875778004938814, "rate kept (%.17g)", r.snap.motion.rate);
    detent_reply_clear(&r);
    CHECK(sizeof(detent_motion) == 9 * 8, "libdetent 1.0's size (%zu)", sizeof(detent_motion));

    h_case("motion: curve=brake whose v points away from x");
    const char *away_line = "snap s=c index=3 x=972 mode=decelerate cause=release from=983 v=1.2 curve=brake "
                            "accel=0.06486486486486487 stop=18 ms=218";
    CHECK(detent_reply_parse(away_line, strlen(away_line), &r, &err) == 0, "parsed: %s", h_str(err.message));
    const detent_motion away = r.snap.motion;
    detent_reply_clear(&r);
    double A2 = 0.06486486486486487;
    CHECK_EQ_NUM(detent_motion_position(&away, 0), 983);
    slope = (detent_motion_position(&away, 1e-6) - detent_motion_position(&away, 0)) / 1e-6;
    CHECK(fabs(slope - 1.2) < 1e-5, "the slope at 0 is v, away from x (%.17g)", slope);
    CHECK(detent_motion_position(&away, 10) > 983, "it first moves away from x");
    double away_stop = 983 + 1.2 * 18 - A2 * 18 * 18 / 2; /* 994.09189189... */
    CHECK(fabs(detent_motion_position(&away, 18) - away_stop) < 1e-9, "pos(stop) %.17g", away_stop);
    CHECK(fabs(away_stop - 994.0918918918919) < 1e-9, "pos(stop) is 994.0918918...");
    CHECK(fabs(detent_motion_position(&away, 68) - (away_stop + (972 - away_stop) * 0.125)) < 1e-9, "ease at 68");
    CHECK(fabs(detent_motion_position(&away, 118) - (away_stop + 972) / 2) < 1e-9, "ease at 118");
    CHECK(fabs(detent_motion_position(&away, 168) - (away_stop + (972 - away_stop) * 0.875)) < 1e-9, "ease at 168");
    CHECK_EQ_NUM(detent_motion_position(&away, 218), 972);
    CHECK_EQ_NUM(detent_motion_position(&away, 219), 972);
    detent_motion rest = away; /* v = 0: sign(0) is 0, no deceleration */
    rest.v = 0;
    CHECK_EQ_NUM(detent_motion_position(&rest, 18), 983);

    h_case("motion: the same offsets as `detent motion`");
    const char *bin = getenv("DETENT_BIN");
    static const char *const lines[] = {
        "snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516",
        "snap s=t index=2 x=200 mode=decelerate cause=release from=40 v=2 curve=decay rate=0.9875778004938814 ms=462",
        "snap s=g index=3 x=300 mode=decelerate cause=release page=1 from=40 v=2 curve=decay rate=0.9923372023911486 ms=813",
        "snap s=l index=3 x=272.5 mode=decelerate cause=release jump=1512.5 from=0 v=0 curve=spring omega=0.015707963267948967 ms=545",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "'%s/detent' motion --json --at 0,0.5,16,100,333.3,462,516,800 '%s'",
                 bin ? bin : "/tmp/detent-bin", lines[i]);
        FILE *p = popen(cmd, "r");
        char out[4096] = "";
        size_t n = p ? fread(out, 1, sizeof out - 1, p) : 0;
        out[n] = '\0';
        if (p) pclose(p);
        const char *xs = strstr(out, "\"x\":[");
        CHECK(xs != NULL, "detent motion printed offsets: %s", out);
        if (!xs) continue;
        detent_reply r;
        detent_error err = { 0 };
        CHECK(detent_reply_parse(lines[i], strlen(lines[i]), &r, &err) == 0, "parsed");
        const double ts[] = { 0, 0.5, 16, 100, 333.3, 462, 516, 800 };
        char *p2 = (char *)xs + 5;
        for (int k = 0; k < 8; k++) {
            double want = strtod(p2, &p2);
            p2++;
            double got = detent_motion_position(&r.snap.motion, ts[k]);
            CHECK(fabs(got - want) <= 1e-9 * fmax(1, fabs(want)), "line %zu at %g: %.17g vs %.17g", i, ts[k], got,
                  want);
        }
        detent_reply_clear(&r);
    }
}

static void comma_locale(void)
{
    h_case("numbers under a locale whose decimal point is a comma");
    if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
        printf("# SKIP no de_DE.UTF-8 locale (LOCPATH=%s)\n", getenv("LOCPATH") ? getenv("LOCPATH") : "");
        CHECK(getenv("DETENT_REQUIRE_LOCALE") == NULL, "DETENT_REQUIRE_LOCALE is set but de_DE.UTF-8 is missing");
        return;
    }
    char probe[16];
    snprintf(probe, sizeof probe, "%g", 0.5);
    CHECK_EQ_STR(probe, "0,5");
    const char *line = "moved s=c x=-20.780856423173788";
    detent_reply r;
    detent_error err = { 0 };
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) == 0 && r.moved.x == -20.780856423173788,
          "parsed with a point");
    detent_reply_clear(&r);
    h_daemon d;
    if (h_daemon_start(&d, "locale", NULL) == 0) {
        for (run_mode m = BLOCKING; m <= ASYNC; m++) {
            outcome o;
            detent_connection *c = connect_mode(m, d.sock, 5000, &o);
            outcome_clear(&o);
            detent_geometry g = { .viewport = 375, .item = 100, .count = 50 };
            o = DO(m, c, detent_send_open(c, "c", "thumbs", &g), detent_open(c, "c", "thumbs", &g, &R));
            outcome_clear(&o);
            const double xs[] = { 0.5, 0.1 + 0.2, 1234.5678, 1e-7, 4000.25 };
            for (int i = 0; i < 5; i++) {
                o = DO(m, c, detent_send_move(c, "c", xs[i], DETENT_NONE), detent_move(c, "c", xs[i], DETENT_NONE, &R));
                CHECK(o.ok && o.reply.moved.x == xs[i], "%s: move x=%.17g drawn at %.17g", mode_name(m), xs[i],
                      o.reply.moved.x);
                outcome_clear(&o);
            }
            detent_connection_free(c);
        }
        h_daemon_stop(&d);
    }
    setlocale(LC_ALL, "C");
}

int main(void)
{
    h_begin("parser", 30);
    chunks();
    too_long();
    malformed();
    lenient();
    motion();
    comma_locale();
    return h_end();
}
