/*
 * The strip controller's C API beyond the cases of strip-cases.txt: names,
 * the hooks (once per call, a hook's own calls folded in), notes' text,
 * replies the strip must ignore (an unknown token, an earlier epoch, a
 * push for another session), NULL strips, the notes' bound, and no
 * allocation per frame (glibc's mallinfo2 over 10,000 frames of a motion).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <detent/strip.h>

#include <malloc.h>
#include <string.h>

static int requests_called, changes_called;

static void on_request(detent_strip *s, void *data)
{
    (void)data;
    requests_called++;
    detent_strip_request r;
    while (detent_strip_next_request(s, &r)) {
    }
}

static void on_change(detent_strip *s, void *data)
{
    (void)data;
    changes_called++;
    detent_strip_frame f;
    detent_strip_frame_at(s, 0, &f); /* a hook may ask for a frame: folded into the call */
}

static detent_geometry pages(void)
{
    detent_geometry g = { 0 };
    g.viewport = 400;
    g.item = 400;
    g.count = 5;
    return g;
}

static detent_reply parsed(const char *line)
{
    detent_reply r;
    detent_error e = { 0 };
    CHECK(detent_reply_parse(line, strlen(line), &r, &e) == 0, "parse %s: %s", line, h_str(e.message));
    return r;
}

/** Takes the next request (its token), or 0. */
static uint64_t take(detent_strip *s, const char *verb)
{
    detent_strip_request r;
    if (!detent_strip_next_request(s, &r)) return 0;
    CHECK(strncmp(r.line, verb, strlen(verb)) == 0, "a %s request: %s", verb, r.line);
    return r.token;
}

static int notes(detent_strip *s)
{
    int n = 0;
    detent_strip_note note;
    while (detent_strip_next_note(s, &note)) n++;
    return n;
}

int main(void)
{
    h_begin("strip-api", 30);

    h_case("names: [A-Za-z0-9._-]{1,64}, else NULL or -1");
    static const char long_name[] = "a1234567890123456789012345678901234567890123456789012345678901234"; /* 65 */
    CHECK(detent_strip_new(NULL) == NULL && detent_strip_new("") == NULL && detent_strip_new("a b") == NULL &&
              detent_strip_new(long_name) == NULL,
          "bad names refused");
    detent_strip *s = detent_strip_new("ok.Name-1_x");
    CHECK(s != NULL, "a good name");
    CHECK(detent_strip_set_name(s, "bad name") == -1 && strstr(detent_strip_get_error(s), "name"), "set_name refuses");
    CHECK_EQ_STR(detent_strip_get_name(s), "ok.Name-1_x");
    CHECK(detent_strip_set_plugin(s, "two\nlines") == -1, "a plugin with a line break refused");
    detent_strip_free(s);

    h_case("a NULL strip crashes nothing");
    detent_strip_free(NULL);
    detent_strip_frame f;
    detent_strip_frame_at(NULL, 0, &f);
    CHECK(!detent_strip_press(NULL, 0) && !detent_strip_scroll(NULL, 0, 0, 0, DETENT_PHASE_BEGIN), "refused");
    detent_strip_drag(NULL, 0, 0);
    detent_strip_release(NULL, 0, 0);
    detent_strip_cancel(NULL);
    detent_strip_wheel(NULL, 0, 1, 0, DETENT_SOURCE_MOUSE);
    detent_strip_step(NULL, DETENT_TO_NEXT, 0);
    detent_strip_goto(NULL, 0, true);
    detent_strip_online(NULL, NULL);
    detent_strip_offline(NULL);
    detent_strip_reply(NULL, 1, NULL, NULL);
    detent_strip_push(NULL, NULL);
    CHECK(detent_strip_set_geometry(NULL, NULL) == -1 && detent_strip_get_geometry(NULL) == NULL, "geometry");
    CHECK(detent_strip_laid_count(NULL) == 0 && detent_strip_dup(NULL) == 0, "items");

    h_case("the geometry is copied");
    s = detent_strip_new("a");
    double sizes[] = { 100, 200, 300 };
    detent_geometry g = { .viewport = 400, .sizes = sizes, .sizes_len = 3 };
    CHECK(detent_strip_set_geometry(s, &g) == 0, "taken");
    sizes[0] = -1;
    const detent_geometry *kept = detent_strip_get_geometry(s);
    CHECK(kept && kept->sizes != sizes && kept->sizes[0] == 100 && kept->sizes_len == 3, "its own sizes");
    detent_strip_free(s);

    h_case("hooks: once per call that left requests or notes; a hook's calls fold in");
    s = detent_strip_new("a");
    detent_strip_on_request(s, on_request, NULL);
    detent_strip_on_change(s, on_change, NULL);
    g = pages();
    detent_strip_set_geometry(s, &g);
    requests_called = changes_called = 0;
    detent_strip_online(s, NULL); /* an open (taken by the hook) and a LINK note */
    CHECK(requests_called == 1 && changes_called == 1, "online: %d request hooks, %d change hooks", requests_called,
          changes_called);
    CHECK(notes(s) == 1, "the LINK note");
    requests_called = changes_called = 0;
    detent_strip_frame_at(s, 0, &f);
    CHECK(requests_called == 0 && changes_called == 0, "a frame at rest wakes no hook");
    detent_strip_offline(s);
    detent_strip_on_request(s, NULL, NULL);
    detent_strip_on_change(s, NULL, NULL);
    notes(s);
    detent_strip_free(s);

    h_case("ignored: an unknown token, an earlier epoch's, a push for another session or while offline");
    s = detent_strip_new("a");
    g = pages();
    detent_strip_set_geometry(s, &g);
    detent_strip_online(s, NULL);
    uint64_t open1 = take(s, "open");
    detent_reply opened = parsed("opened s=a plugin=paging index=0 x=0 snaps=5");
    detent_strip_reply(s, open1 + 1000, &opened, NULL);
    CHECK(detent_strip_get_link(s) == DETENT_STRIP_OPENING, "an unknown token changes nothing");
    detent_strip_offline(s);
    detent_strip_online(s, NULL);
    uint64_t open2 = take(s, "open");
    detent_strip_reply(s, open1, &opened, NULL);
    CHECK(detent_strip_get_link(s) == DETENT_STRIP_OPENING, "an earlier epoch's reply changes nothing");
    detent_strip_reply(s, open2, &opened, NULL);
    detent_strip_reply(s, open2, &opened, NULL); /* twice: the second is unknown */
    CHECK(detent_strip_get_link(s) == DETENT_STRIP_OPEN, "its own opens it");
    detent_reply_clear(&opened);
    detent_reply push = parsed("snap s=b index=1 x=400 mode=animate cause=autoplay page=1 from=0 v=0 curve=none ms=0");
    detent_strip_push(s, &push.snap);
    CHECK(detent_strip_get_index(s) == 0, "a push for session b is not strip a's");
    detent_strip_offline(s);
    detent_reply_clear(&push);
    push = parsed("snap s=a index=1 x=400 mode=animate cause=autoplay page=1 from=0 v=0 curve=none ms=0");
    detent_strip_push(s, &push.snap);
    CHECK(detent_strip_get_index(s) == 0, "offline, a push waits");
    detent_reply_clear(&push);

    /* Not a case of strip-cases.txt: a real daemon cannot be made to push before it reads the goto. */
    h_case("a push read before a goto-at-once's reply was made before it: not followed; one after it is");
    detent_strip_online(s, NULL);
    uint64_t open3 = take(s, "open");
    opened = parsed("opened s=a plugin=paging index=0 x=0 snaps=5");
    detent_strip_reply(s, open3, &opened, NULL);
    detent_reply_clear(&opened);
    detent_strip_goto(s, 2, false);
    uint64_t go = take(s, "goto");
    push = parsed("snap s=a index=1 x=400 mode=animate cause=autoplay page=1 from=0 v=0 curve=none ms=0");
    detent_strip_push(s, &push.snap);
    detent_reply_clear(&push);
    detent_strip_frame_at(s, 0, &f);
    CHECK(f.index == 2 && f.offset == 800 && f.rest, "the stale push moved nothing: index %lld at %g",
          (long long)f.index, f.offset);
    detent_reply snap = parsed("snap s=a index=2 x=800 mode=animate cause=goto page=2 from=800 v=0 curve=none ms=0");
    detent_strip_reply(s, go, &snap, NULL);
    detent_reply_clear(&snap);
    push = parsed("snap s=a index=3 x=1200 mode=animate cause=autoplay page=3 from=800 v=0 curve=none ms=0");
    detent_strip_push(s, &push.snap);
    detent_reply_clear(&push);
    detent_strip_frame_at(s, 16, &f);
    CHECK(f.index == 3 && f.offset == 1200, "the push after its reply is followed: index %lld at %g",
          (long long)f.index, f.offset);
    detent_strip_offline(s);
    notes(s);

    h_case("notes: text lives until the next call; at most 64 kept, the oldest go");
    for (int i = 0; i < 40; i++) {
        detent_strip_online(s, NULL);
        detent_strip_offline(s);
    }
    CHECK(notes(s) == 64, "64 notes kept of 80");
    detent_strip_online(s, NULL);
    take(s, "open");
    detent_strip_note n;
    CHECK(detent_strip_next_note(s, &n) && n.kind == DETENT_STRIP_NOTE_LINK && n.index == DETENT_STRIP_OPENING &&
              n.text == NULL,
          "a LINK note: index is the link");
    detent_strip_free(s);

    h_case("no allocation per frame: 10,000 frames of a motion");
    s = detent_strip_new("a");
    g = pages();
    detent_strip_set_geometry(s, &g);
    detent_strip_goto(s, 4, true);
    struct mallinfo2 before = mallinfo2();
    for (int i = 0; i < 10000; i++) detent_strip_frame_at(s, i * 0.01, &f);
    struct mallinfo2 after = mallinfo2();
    CHECK(after.uordblks == before.uordblks && f.state == DETENT_STRIP_MOVING, "%zu bytes in use, then %zu",
          before.uordblks, after.uordblks);
    detent_strip_free(s);
    return h_end();
}
