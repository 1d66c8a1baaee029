/*
 * The strip controller's cases (argv[1], Tests/Conformance/strip-cases.txt;
 * its format: Tests/Conformance/README.md). Each case drives a real
 * detent_strip: its events go in, each request it hands out is checked
 * against the next `>` line, `<` lines answer its oldest unanswered request
 * (a scripted connection), `!` lines push, and `frame NOW` asks what it
 * draws at a time the case moves: no socket, no sleep, no display.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"
#include "strip_lines.h"

#include <detent/strip.h>

#include <stdarg.h>

static detent_strip *strip;
static uint64_t taken[1024]; /* tokens handed out, not answered yet, oldest first */
static size_t taken_len;
static int line_no, cases_run;

static void expect(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void expect(int ok, const char *fmt, ...)
{
    char text[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    h_check(ok, "strip-cases.txt", line_no, "%s", text);
}

static const char *state_name(detent_strip_state s)
{
    return s == DETENT_STRIP_DRAG ? "drag" : s == DETENT_STRIP_MOVING ? "moving" : "rest";
}

static const char *link_name(int l)
{
    return l == DETENT_STRIP_OPEN ? "open" : l == DETENT_STRIP_OPENING ? "opening" : "offline";
}

static const char *const note_names[] = { "none", "index", "rest", "kept", "opened", "link", "log" };

/* ------------------------------------------------------------ the geometry */

static double sizes[4096], points[4096];

static size_t list(const char *text, double *out)
{
    size_t n = 0;
    for (const char *p = text; p && *p && n < 4096;) {
        char *end;
        out[n++] = strtod(p, &end);
        p = *end == ',' ? end + 1 : NULL;
    }
    return n;
}

static int pick(const char *text, const char *const *names, int count)
{
    for (int i = 1; text && i < count; i++)
        if (strcmp(text, names[i]) == 0) return i;
    return 0;
}

static void geometry(const sl_line *l, int good)
{
    static const char *const align[] = { "", "start", "center", "end" }, *const contain[] = { "", "trim", "pad" },
                             *const axis[] = { "", "x", "y" };
    detent_geometry g = { 0 };
    g.viewport = sl_num(l, "viewport", 0);
    g.item = sl_num(l, "item", 0);
    g.count = sl_int(l, "count", 0);
    if (sl_get(l, "sizes")) g.sizes_len = list(sl_get(l, "sizes"), sizes), g.sizes = sizes;
    if (sl_get(l, "points")) g.points_len = list(sl_get(l, "points"), points), g.points = points;
    g.spacing = sl_num(l, "spacing", 0);
    g.lead = sl_num(l, "lead", 0);
    g.trail = sl_num(l, "trail", 0);
    g.align = (detent_align)pick(sl_get(l, "align"), align, 4);
    g.contain = (detent_contain)pick(sl_get(l, "contain"), contain, 3);
    g.axis = (detent_axis)pick(sl_get(l, "axis"), axis, 3);
    g.has_index = sl_get(l, "index") != NULL;
    g.index = sl_int(l, "index", 0);
    g.loop = sl_num(l, "loop", 0) != 0;
    int rc = detent_strip_set_geometry(strip, &g);
    expect(good ? rc == 0 : rc == -1, "set_geometry gave %d (%s)", rc, detent_strip_get_error(strip));
}

/* ------------------------------------------------------ requests, replies */

static void request(const char *want)
{
    detent_strip_request r;
    bool got = detent_strip_next_request(strip, &r);
    if (strcmp(want, "none") == 0) {
        expect(!got, "no request expected, it sends: %s", got ? r.line : "");
        return;
    }
    if (!got) {
        expect(0, "it sends nothing; expected: %s", want);
        return;
    }
    char why[256];
    expect(sl_same_line(r.line, want, why, sizeof why), "it sends \"%s\" (%s)", r.line, why);
    if (taken_len < sizeof taken / sizeof *taken) taken[taken_len++] = r.token;
}

static void reply(const char *text, int pushed)
{
    detent_reply r;
    detent_error e = { 0 };
    if (detent_reply_parse(text, strlen(text), &r, &e) < 0) {
        expect(0, "the case's reply does not parse: %s", e.message);
        detent_error_clear(&e);
        return;
    }
    if (pushed) {
        expect(r.kind == DETENT_REPLY_SNAP, "a push is a snap");
        if (r.kind == DETENT_REPLY_SNAP) detent_strip_push(strip, &r.snap);
    } else if (!taken_len) {
        expect(0, "a reply with no request awaiting it");
    } else {
        uint64_t token = taken[0];
        memmove(taken, taken + 1, --taken_len * sizeof *taken);
        if (r.kind == DETENT_REPLY_ERROR) { /* as a connection gives it: an error, no reply */
            detent_error server = { .kind = DETENT_ERROR_SERVER, .code = r.error.code,
                                    .code_name = r.error.code_name, .message = r.error.msg };
            detent_strip_reply(strip, token, NULL, &server);
        } else {
            detent_strip_reply(strip, token, &r, NULL);
        }
    }
    detent_reply_clear(&r);
}

/* ------------------------------------------------------------ what it draws */

static void frame(const sl_line *l, const char *now)
{
    detent_strip_frame f;
    detent_strip_frame_at(strip, strtod(now, NULL), &f);
    char offset[48];
    snprintf(offset, sizeof offset, "%.17g", f.offset);
    expect(sl_same_value(offset, sl_get(l, "offset") ? sl_get(l, "offset") : ""), "frame %s: offset %s, not %s", now,
           offset, sl_get(l, "offset") ? sl_get(l, "offset") : "(none given)");
    const char *state = sl_get(l, "state");
    expect(!state || strcmp(state, state_name(f.state)) == 0, "frame %s: state %s, not %s", now,
           state_name(f.state), state);
    if (sl_get(l, "index")) expect(f.index == sl_int(l, "index", -1), "frame %s: index %lld", now,
                                   (long long)f.index);
    expect(f.rest == (f.state == DETENT_STRIP_REST), "frame %s: rest says %d in state %s", now, f.rest,
           state_name(f.state));
}

static void note(const sl_line *l, const char *kind)
{
    detent_strip_note n;
    bool got = detent_strip_next_note(strip, &n);
    if (strcmp(kind, "none") == 0) {
        expect(!got, "no note expected, it notes %s %lld %s", got ? note_names[n.kind] : "", got ? (long long)n.index : 0,
               got && n.text ? n.text : "");
        return;
    }
    if (!got) {
        expect(0, "no note; expected %s", kind);
        return;
    }
    expect(strcmp(note_names[n.kind], kind) == 0, "note %s index=%lld text=%s, not %s", note_names[n.kind],
           (long long)n.index, n.text ? n.text : "(none)", kind);
    if (sl_get(l, "index")) expect(n.index == sl_int(l, "index", -1), "note %s: index %lld", kind,
                                   (long long)n.index);
    if (sl_get(l, "to")) expect(strcmp(link_name((int)n.index), sl_get(l, "to")) == 0, "note link: to %s",
                                link_name((int)n.index));
    const char *text = sl_get(l, "text~");
    if (text) expect(n.text && strstr(n.text, text), "note %s: text \"%s\" lacks \"%s\"", kind, n.text ? n.text : "",
                     text);
}

static void check(const sl_line *l)
{
    const char *v;
    if ((v = sl_get(l, "link"))) expect(strcmp(link_name(detent_strip_get_link(strip)), v) == 0, "link is %s",
                                        link_name(detent_strip_get_link(strip)));
    if ((v = sl_get(l, "plugin"))) {
        const char *p = detent_strip_get_plugin(strip);
        expect(strcmp(v, "-") == 0 ? p == NULL : h_streq(p, v), "plugin is %s", h_str(p));
    }
    if ((v = sl_get(l, "index"))) expect(detent_strip_get_index(strip) == atoll(v), "index is %lld",
                                         (long long)detent_strip_get_index(strip));
    if ((v = sl_get(l, "animating"))) expect(detent_strip_animating(strip) == (atoi(v) != 0), "animating is %d",
                                             detent_strip_animating(strip));
    if ((v = sl_get(l, "dup"))) expect(detent_strip_dup(strip) == atoll(v), "dup is %lld",
                                       (long long)detent_strip_dup(strip));
    if ((v = sl_get(l, "pad"))) expect(detent_strip_pad(strip) == strtod(v, NULL), "pad is %g", detent_strip_pad(strip));
    if ((v = sl_get(l, "laid"))) expect(detent_strip_laid_count(strip) == atoll(v), "laid count is %lld",
                                        (long long)detent_strip_laid_count(strip));
    if ((v = sl_get(l, "error~"))) expect(strstr(detent_strip_get_error(strip), v) != NULL, "error is \"%s\"",
                                          detent_strip_get_error(strip));
}

static void items(const sl_line *l)
{
    char got[48];
    if (strcmp(l->word, "laid") == 0) {
        double start, length;
        char got_length[48];
        int64_t item = detent_strip_laid_item(strip, sl_int(l, "p", -1), &start, &length);
        snprintf(got, sizeof got, "%.17g", start);
        snprintf(got_length, sizeof got_length, "%.17g", length);
        expect(item == sl_int(l, "item", -2) && sl_same_value(got, sl_get(l, "start")) &&
                   sl_same_value(got_length, sl_get(l, "length")),
               "laid p=%s: item=%lld start=%s length=%s", sl_get(l, "p"), (long long)item, got, got_length);
    } else if (strcmp(l->word, "place") == 0) {
        snprintf(got, sizeof got, "%.17g",
                 detent_strip_place(strip, sl_int(l, "item", -1), sl_num(l, "offset", NAN)));
        expect(sl_same_value(got, sl_get(l, "start")), "place item=%s offset=%s: start=%s", sl_get(l, "item"),
               sl_get(l, "offset"), got);
    } else {
        snprintf(got, sizeof got, "%.17g", detent_strip_position(strip, sl_num(l, "offset", NAN)));
        expect(sl_same_value(got, sl_get(l, "value")), "position offset=%s: %s", sl_get(l, "offset"), got);
    }
}

#include "strip_events.h"

int main(int argc, char **argv)
{
    h_begin("strip-cases", 60);
    const char *path = argc > 1 ? argv[1] : "Tests/Conformance/strip-cases.txt";
    FILE *f = fopen(path, "r");
    h_case("read the cases");
    CHECK(f != NULL, "the cases %s exist", path);
    if (!f) return h_end();
    printf("# cases: %s\n", path);
    static char text[8192];
    while (fgets(text, sizeof text, f)) {
        line_no++;
        text[strcspn(text, "\r\n")] = '\0';
        if (!text[0] || text[0] == '#') continue;
        run_line(text);
    }
    fclose(f);
    end_case();
    printf("# %d cases run\n", cases_run);
    h_case("the file holds its cases");
    CHECK(cases_run >= 40, "at least 40 cases (%d)", cases_run);
    return h_end();
}
