/*
 * The second half of test_strip_cases.c (included once, after its
 * checks): a case's lines of settings, link and input, each to its call.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_TEST_STRIP_EVENTS_H
#define DETENT_TEST_STRIP_EVENTS_H

static const char *const plugin_names[] = { "paging", "cards", "carousel", "adwaita", "qt", "fails" };
static const detent_hello_reply hello = { 1, "detentd/0.1.0", plugin_names, 6 };

/** A case's end: every request it sent was checked, every note read. */
static void end_case(void)
{
    if (!strip) return;
    detent_strip_request r;
    while (detent_strip_next_request(strip, &r)) expect(0, "at the case's end, a request not checked: %s", r.line);
    detent_strip_note n;
    while (detent_strip_next_note(strip, &n))
        expect(0, "at the case's end, a note not read: %s index=%lld %s", note_names[n.kind], (long long)n.index,
               n.text ? n.text : "");
    detent_strip_free(strip);
    strip = NULL;
    taken_len = 0;
}

static bool taken_as(const sl_line *l, bool got)
{
    const char *want = sl_get(l, "taken");
    bool expected = !want || atoi(want) != 0;
    expect(got == expected, "%s: taken is %d", l->word, got);
    return got;
}

static void input(const sl_line *l)
{
    static const char *const sources[] = { "", "mouse", "other" }, *const phases[] = { "", "begin", "end" },
                             *const tos[] = { "", "next", "prev", "first", "last" };
    const char *w = l->word;
    double t = sl_num(l, "t", NAN), delta = sl_num(l, "delta", NAN);
    if (strcmp(w, "press") == 0) {
        taken_as(l, detent_strip_press(strip, t));
    } else if (strcmp(w, "drag") == 0) {
        detent_strip_drag(strip, delta, t);
    } else if (strcmp(w, "release") == 0) {
        detent_strip_release(strip, delta, t);
    } else if (strcmp(w, "cancel") == 0) {
        detent_strip_cancel(strip);
    } else if (strcmp(w, "wheel") == 0) {
        detent_strip_wheel(strip, sl_num(l, "dx", NAN), sl_num(l, "dy", NAN), t,
                           (detent_source)pick(sl_get(l, "source"), sources, 3));
    } else if (strcmp(w, "scroll") == 0) {
        taken_as(l, detent_strip_scroll(strip, sl_num(l, "dx", NAN), sl_num(l, "dy", NAN), t,
                                        (detent_phase)pick(sl_get(l, "phase"), phases, 3)));
    } else if (strcmp(w, "step") == 0) {
        detent_strip_step(strip, (detent_to)pick(sl_get(l, "to"), tos, 5), t);
    } else if (strcmp(w, "goto") == 0) {
        detent_strip_goto(strip, sl_int(l, "index", -1), sl_num(l, "animate", 1) != 0);
    } else {
        expect(0, "not a line of the format: %s", w);
    }
}

static void setting(const sl_line *l, const char *arg)
{
    static const char *const motions[] = { "default", "full", "reduced" };
    const char *w = l->word;
    if (strcmp(w, "plugin") == 0) {
        expect(detent_strip_set_plugin(strip, strcmp(arg, "-") == 0 ? NULL : arg) == 0, "set_plugin %s", arg);
    } else if (strcmp(w, "name") == 0) {
        expect(detent_strip_set_name(strip, arg) == 0, "set_name %s", arg);
    } else if (strcmp(w, "motion") == 0) {
        int m = strcmp(arg, "default") == 0 ? 0 : pick(arg, motions, 3);
        detent_strip_set_motion(strip, (detent_motion_setting)m);
    } else if (strcmp(w, "swipes") == 0) {
        static const char *const swipes[] = { "default", "short", "long" };
        detent_strip_set_swipes(strip, (detent_swipes)(strcmp(arg, "default") == 0 ? 0 : pick(arg, swipes, 3)));
    } else if (strcmp(w, "autoplay") == 0) {
        detent_strip_set_autoplay(strip, sl_num(l, "every", NAN));
    } else if (strcmp(w, "online") == 0) {
        detent_strip_online(strip, &hello);
        taken_len = 0; /* a new connection */
    } else if (strcmp(w, "offline") == 0) {
        detent_strip_offline(strip);
        taken_len = 0;
    } else {
        input(l);
    }
}

static void run_line(const char *text)
{
    if ((text[0] == '>' || text[0] == '<' || text[0] == '!') && text[1] == ' ') {
        if (!strip) return;
        if (text[0] == '>') request(text + 2);
        else reply(text + 2, text[0] == '!');
        return;
    }
    sl_line l;
    if (sl_split(text, &l) < 0) {
        /* `plugin NAME`, `motion reduced`, `case NAME`, `note KIND ...`, `frame NOW ...`: a word and a bare word */
        char word[32], arg[256], rest[2048] = "";
        if (sscanf(text, "%31s %255s %2047[^\n]", word, arg, rest) < 2) {
            expect(0, "not a line of the format: %s", text);
            return;
        }
        char again[2400];
        snprintf(again, sizeof again, "%s %s", word, rest);
        if (sl_split(again, &l) < 0) {
            expect(0, "not a line of the format: %s", text);
            return;
        }
        if (strcmp(word, "case") == 0) {
            end_case();
            h_case(arg);
            cases_run++;
            strip = detent_strip_new("a");
            expect(strip != NULL, "a strip");
        } else if (!strip) {
            expect(0, "a line before the first case");
        } else if (strcmp(word, "frame") == 0) {
            frame(&l, arg);
        } else if (strcmp(word, "note") == 0) {
            note(&l, arg);
        } else if (strcmp(word, "notes") == 0 && strcmp(arg, "skip") == 0) {
            detent_strip_note n;
            while (detent_strip_next_note(strip, &n)) {
            }
        } else {
            setting(&l, arg);
        }
        return;
    }
    if (!strip) {
        expect(0, "a line before the first case");
    } else if (strcmp(l.word, "geometry") == 0 || strcmp(l.word, "geometry-bad") == 0) {
        geometry(&l, strcmp(l.word, "geometry") == 0);
    } else if (strcmp(l.word, "check") == 0) {
        check(&l);
    } else if (strcmp(l.word, "laid") == 0 || strcmp(l.word, "place") == 0 || strcmp(l.word, "position") == 0) {
        items(&l);
    } else {
        setting(&l, "");
    }
}

#endif
