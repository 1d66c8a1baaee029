/*
 * libFuzzer target for the strip controller: the input is a script in the
 * line format of Tests/Conformance/strip-cases.txt (so its cases are the
 * seeds), each line an event, a setting, a reply (< answers the oldest
 * request taken, <N the request of token N, known or not), a push (!), a
 * take (>) or a frame; whatever the values (NaN, inf, huge) and the order.
 * After each line: what it draws is finite, a state other than rest is
 * animating(), its laid items are its items, its notes' text is a string.
 * Built by `make fuzz` (clang -fsanitize=fuzzer,address,undefined).
 * SPDX-License-Identifier: Apache-2.0
 */
#include <detent/strip.h>

#include "strip_lines.h"

#include <stdint.h>

static detent_strip *strip;
static uint64_t taken[64];
static size_t taken_len;
static double now;

static void answer(const char *text, uint64_t token, bool pushed)
{
    detent_reply r;
    detent_error e = { 0 };
    if (detent_reply_parse(text, strlen(text), &r, &e) < 0) {
        detent_error_clear(&e);
        detent_strip_reply(strip, token, NULL, NULL);
        return;
    }
    if (pushed && r.kind == DETENT_REPLY_SNAP) detent_strip_push(strip, &r.snap);
    else if (!pushed) detent_strip_reply(strip, token, &r, NULL);
    detent_reply_clear(&r);
}

/** An enumeration's value: its name's place in names, or a number (in range or not). */
static int en(const sl_line *l, const char *key, const char *const *names, int n)
{
    const char *v = sl_get(l, key);
    double d;
    if (!v) return 0;
    if (sl_number(v, &d) == 0) return (int)fmin(fmax(d, -9), 9);
    for (int i = 1; i < n; i++)
        if (strcmp(v, names[i]) == 0) return i;
    return 0;
}

static void event(const sl_line *l, const char *word, const char *arg)
{
    static const char *const sources[] = { "", "mouse", "other" }, *const phases[] = { "", "begin", "end" },
                             *const tos[] = { "", "next", "prev", "first", "last" },
                             *const aligns[] = { "", "start", "center", "end" };
    double a = sl_num(l, "t", NAN), b = sl_num(l, "delta", NAN), dx = sl_num(l, "dx", NAN), dy = sl_num(l, "dy", NAN);
    int k = (int)fmin(fmax(sl_num(l, "k", 0), -9), 9); /* NaN: -9 */
    if (strcmp(word, "geometry") == 0) {
        static double list[8];
        detent_geometry g = { .viewport = sl_num(l, "viewport", 0), .item = sl_num(l, "item", 0),
                              .count = (int64_t)fmin(fmax(sl_num(l, "count", 0), -1e6), 1e6),
                              .spacing = sl_num(l, "spacing", 0), .lead = sl_num(l, "lead", 0),
                              .align = (detent_align)en(l, "align", aligns, 4), .loop = sl_num(l, "loop", 0) != 0 };
        if (sl_get(l, "sizes") || sl_get(l, "points")) { /* as many as the list has commas + 1, up to 8; none when empty */
            const char *v = sl_get(l, "sizes") ? sl_get(l, "sizes") : sl_get(l, "points");
            size_t n = *v ? 1 : 0;
            for (const char *c = v; *c && n < 8; c++) n += *c == ',';
            for (size_t i = 0; i < 8; i++) list[i] = 50.0 * (double)(i + 1);
            if (sl_get(l, "sizes")) g.sizes = list, g.sizes_len = n;
            else g.points = list, g.points_len = n;
        }
        detent_strip_set_geometry(strip, &g);
    } else if (strcmp(word, "press") == 0) detent_strip_press(strip, a);
    else if (strcmp(word, "drag") == 0) detent_strip_drag(strip, b, a);
    else if (strcmp(word, "release") == 0) detent_strip_release(strip, b, a);
    else if (strcmp(word, "cancel") == 0) detent_strip_cancel(strip);
    else if (strcmp(word, "wheel") == 0) detent_strip_wheel(strip, dx, dy, a, (detent_source)en(l, "source", sources, 3));
    else if (strcmp(word, "scroll") == 0) detent_strip_scroll(strip, dx, dy, a, (detent_phase)en(l, "phase", phases, 3));
    else if (strcmp(word, "step") == 0) detent_strip_step(strip, (detent_to)en(l, "to", tos, 5), a);
    else if (strcmp(word, "goto") == 0)
        detent_strip_goto(strip, (int64_t)fmin(fmax(sl_num(l, "index", 0), -9), 9e6), sl_num(l, "animate", 1) != 0);
    else if (strcmp(word, "online") == 0) detent_strip_online(strip, NULL);
    else if (strcmp(word, "offline") == 0) detent_strip_offline(strip);
    else if (strcmp(word, "plugin") == 0) detent_strip_set_plugin(strip, strcmp(arg, "-") == 0 ? NULL : arg);
    else if (strcmp(word, "name") == 0) detent_strip_set_name(strip, arg);
    else if (strcmp(word, "motion") == 0)
        detent_strip_set_motion(strip, (detent_motion_setting)(strcmp(arg, "reduced") == 0 ? 2 : strcmp(arg, "full") == 0 ? 1 : k));
    else if (strcmp(word, "autoplay") == 0) detent_strip_set_autoplay(strip, sl_num(l, "every", NAN));
    else if (strcmp(word, "swipes") == 0)
        detent_strip_set_swipes(strip, (detent_swipes)(strcmp(arg, "long") == 0 ? 2 : strcmp(arg, "short") == 0 ? 1 : k));
    else if (strcmp(word, "frame") == 0) now = strtod(arg, NULL);
}

static void line(char *text)
{
    if ((text[0] == '<' || text[0] == '!') && text[1]) {
        bool direct = text[1] >= '0' && text[1] <= '9';
        uint64_t token = direct ? strtoull(text + 1, NULL, 10) : taken_len ? taken[0] : 0;
        if (!direct && taken_len) memmove(taken, taken + 1, --taken_len * sizeof *taken);
        answer(text + 2 <= text + strlen(text) ? text + 2 : "", token, text[0] == '!');
        return;
    }
    if (text[0] == '>') {
        detent_strip_request r;
        if (detent_strip_next_request(strip, &r)) {
            if (strlen(r.line) == 0 || strchr(r.line, '\n')) abort();
            if (taken_len < 64) taken[taken_len++] = r.token;
        }
        return;
    }
    char word[32] = "", arg[256] = "";
    sscanf(text, "%31s %255s", word, arg);
    sl_line l;
    if (sl_split(text, &l) < 0) {
        const char *rest = strchr(text, ' ');
        rest = rest ? strchr(rest + 1, ' ') : NULL;
        char again[1100];
        snprintf(again, sizeof again, "%s %s", word, rest ? rest + 1 : "");
        if (sl_split(again, &l) < 0) memset(&l, 0, sizeof l);
    }
    event(&l, word, arg);
}

static void check(void)
{
    detent_strip_frame f;
    detent_strip_frame_at(strip, now, &f);
    /* moving or held is animating; at rest only an animated goto awaiting its decision is */
    if (!isfinite(f.offset) || (f.state != DETENT_STRIP_REST && !detent_strip_animating(strip))) abort();
    if (f.rest != (f.state == DETENT_STRIP_REST)) abort();
    const detent_geometry *g = detent_strip_get_geometry(strip);
    int64_t laid = detent_strip_laid_count(strip), count = g ? (g->points ? (int64_t)g->points_len
                                                               : g->sizes ? (int64_t)g->sizes_len : g->count) : 0;
    if (laid != count + 2 * detent_strip_dup(strip)) abort();
    for (int64_t p = 0; p < laid && p < 16; p++) {
        double start, length;
        int64_t item = detent_strip_laid_item(strip, p, &start, &length);
        if (item < 0 || item >= count || !isfinite(start) || !isfinite(length)) abort();
        if (!isfinite(detent_strip_place(strip, item, f.offset))) abort();
    }
    if (laid > 0 && !isfinite(detent_strip_position(strip, f.offset))) abort(); /* no items: NaN */
    detent_strip_note n;
    while (detent_strip_next_note(strip, &n))
        if (n.text && strlen(n.text) > 4096) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    strip = detent_strip_new("a");
    taken_len = 0;
    now = 0;
    static char text[1024];
    size_t at = 0;
    while (at < size) {
        size_t n = 0;
        while (at < size && data[at] != '\n') {
            if (n + 1 < sizeof text) text[n++] = data[at] ? (char)data[at] : ' ';
            at++;
        }
        at++;
        text[n] = '\0';
        if (n && text[0] != '#') {
            line(text);
            check();
        }
    }
    detent_strip_free(strip);
    return 0;
}
