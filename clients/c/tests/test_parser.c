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
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=bezier omega=1 ms=1", "curve");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=decay omega=1 ms=1", "rate");
    expect_parse_error("snap s=c index=1 x=1 mode=animate cause=goto from=0 v=0 curve=spring rate=1 ms=1", "omega");
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
