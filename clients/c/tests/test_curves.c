/*
 * curve=bezier and curve=path (detent-protocol(7), "Motion"): parsed from
 * css-snap's replies (the conformance corpus's lines) and drawn at worked
 * times. The expected values come from Tests/CssSnap/chromium_model.py, a
 * bisection solve written apart from libdetent's Newton one.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <detent/client.h>
#include <math.h>
#include <string.h>

static int parse(const char *line, detent_reply *r, const char *what)
{
    detent_error err = { 0 };
    int rc = detent_reply_parse(line, strlen(line), r, &err);
    CHECK(rc == 0, "%s parsed: %s", what, h_str(err.message));
    detent_error_clear(&err);
    return rc;
}

static void near(double got, double want, const char *what, double t)
{
    CHECK(fabs(got - want) < 1e-5, "%s at %g: %.17g, want %.17g", what, t, got, want);
}

static void bezier(void)
{
    h_case("curve=bezier: a key's cubic-bezier(0.4, 0, 0, 1) over ms");
    detent_reply r;
    const char *line = "snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 "
                       "p2x=0 p2y=1 ms=289";
    if (parse(line, &r, "a bezier") < 0) return;
    const detent_motion *m = &r.snap.motion;
    CHECK(m->curve == DETENT_CURVE_BEZIER && m->p1x == 0.4 && m->p1y == 0 && m->p2x == 0 && m->p2y == 1 &&
              m->ms == 289 && m->x == 300,
          "its fields");
    static const double want[][2] = { { 10, 0.8288782625397686 },  { 50, 38.35032315582442 },
                                      { 100, 203.10748002051574 }, { 200, 287.64955460481076 },
                                      { 288, 299.99879974165196 } };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        near(detent_motion_position(m, want[i][0]), want[i][1], "bezier", want[i][0]);
    CHECK_EQ_NUM(detent_motion_position(m, -3), 0);
    CHECK_EQ_NUM(detent_motion_position(m, 289), 300);
    CHECK_EQ_NUM(detent_motion_position(m, 5000), 300);
    detent_segment g;
    CHECK(detent_motion_segment(m, 0, &g) == -1, "a bezier has no segments");
    detent_reply_clear(&r);
}

static void path(void)
{
    h_case("curve=path: a notch's animation, then the snap after it");
    detent_reply r;
    const char *line = "snap s=cs index=2 x=600 mode=animate cause=wheel from=300 v=0 curve=path "
                       "path=0/200/300/420/0.42/0/0.58/1,217/183.33333333333334/420/600/0.42/0/0.58/1 ms=401";
    if (parse(line, &r, "a path") < 0) return;
    const detent_motion *m = &r.snap.motion;
    CHECK(m->curve == DETENT_CURVE_PATH && m->path_len == 2 && m->ms == 401, "two segments, 401 ms");
    detent_segment g;
    CHECK(detent_motion_segment(m, 1, &g) == 0 && g.at == 217 && g.span == 183.33333333333334 && g.from == 420 &&
              g.to == 600 && g.p1x == 0.42 && g.p2y == 1,
          "its second segment read");
    CHECK(detent_motion_segment(m, 2, &g) == -1, "no third");
    static const double want[][2] = { { 50, 315.4994316882846 },  { 150, 404.50056831171537 }, { 216, 420 },
                                      { 230, 421.7640235108532 }, { 300, 495.4123564912333 },
                                      { 399, 599.981950084077 } };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        near(detent_motion_position(m, want[i][0]), want[i][1], "path", want[i][0]);
    CHECK_EQ_NUM(detent_motion_position(m, 0), 300);
    CHECK_EQ_NUM(detent_motion_position(m, 401), 600);
    detent_reply_clear(&r);

    h_case("curve=path: a later segment starts before the one before it ends (a retarget)");
    const char *retarget = "snap s=cs index=1 x=300 mode=animate cause=wheel from=0 v=0 curve=path "
                           "path=-20/100/0/100/0.25/0.25/0.75/0.75,30/100/40/300/0.25/0.25/0.75/0.75 ms=130";
    if (parse(retarget, &r, "a retargeted path") < 0) return;
    near(detent_motion_position(&r.snap.motion, 10), 30, "first, linear", 10);
    near(detent_motion_position(&r.snap.motion, 80), 170, "second, linear", 80);
    detent_reply_clear(&r);
}

static void refused(const char *line, const char *needle)
{
    detent_reply r;
    detent_error err = { 0 };
    CHECK(detent_reply_parse(line, strlen(line), &r, &err) < 0, "refused: %s", line);
    CHECK(err.message && strstr(err.message, needle), "the error names %s: %s", needle, h_str(err.message));
    detent_error_clear(&err);
}

static void errors(void)
{
    h_case("curve=bezier and curve=path: what is wrong is named");
    const char *head = "snap s=c index=1 x=300 mode=animate cause=step from=0 v=0 ";
    char line[512];
#define REFUSED(tail, needle) (snprintf(line, sizeof line, "%s%s", head, tail), refused(line, needle))
    REFUSED("curve=bezier p1x=0.4 p1y=0 p2x=0 ms=289", "p2y: missing (curve=bezier)");
    REFUSED("curve=bezier p1x=1.5 p1y=0 p2x=0 p2y=1 ms=289", "p1x: 1.5 is not within 0 and 1");
    REFUSED("curve=path ms=200", "path: missing (curve=path)");
    REFUSED("curve=path path=0/200/0/300/0.4/0/0 ms=200", "path: \"0/200/0/300/0.4/0/0\" is not");
    REFUSED("curve=path path=0/200/0/300/0.4/0/0/1/9 ms=200", "is not at/span");
    REFUSED("curve=path path=0/-1/0/300/0.4/0/0/1 ms=200", "is not at/span");
    REFUSED("curve=path path=0/200/0/300/0.4/0/0/x ms=200", "is not at/span");
    REFUSED("curve=path path=0/200/0/299/0.4/0/0/1 ms=200", "does not end at x");
    REFUSED("curve=path path=0/201/0/300/0.4/0/0/1 ms=200", "ends after ms");
    REFUSED("curve=path path=50/10/0/100/0.4/0/0/1,0/200/0/300/0.4/0/0/1 ms=200", "starts before");
#undef REFUSED
}

int main(void)
{
    h_begin("curves", 30);
    bezier();
    path();
    errors();
    return h_end();
}
