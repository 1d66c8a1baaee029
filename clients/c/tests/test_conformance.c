/*
 * The conformance corpus (argv[1]; Tests/Conformance/README.md): every
 * text reply line ("<" and "!" lines not starting with "{") goes through
 * libdetent's own parser into its typed reply; the typed value is written
 * back as the key=value fields it holds, which must be exactly the line's
 * fields (numbers compared as doubles, strings exactly, lists elementwise).
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 32

typedef struct kv {
    char key[32];
    char value[8192];
    enum { STR, NUM, LIST } type;
} kv;

typedef struct fields {
    char verb[32];
    kv items[MAX_FIELDS];
    int count;
} fields;

/* ------------------------------------------ the line's own fields, read here */

/** A tokenizer of the test's own (not the library's): verb, then key=value, bare or quoted. */
static int split_line(const char *line, fields *f)
{
    memset(f, 0, sizeof *f);
    const char *p = line;
    size_t n = strcspn(p, " \t");
    if (n == 0 || n >= sizeof f->verb) return -1;
    memcpy(f->verb, p, n);
    p += n;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return 0;
        if (f->count == MAX_FIELDS) return -1;
        kv *item = &f->items[f->count++];
        const char *eq = strchr(p, '=');
        if (!eq || (size_t)(eq - p) >= sizeof item->key) return -1;
        memcpy(item->key, p, (size_t)(eq - p));
        p = eq + 1;
        size_t w = 0;
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++) {
                if (*p == '\\' && p[1]) p++;
                if (w + 1 < sizeof item->value) item->value[w++] = *p;
            }
            if (*p != '"') return -1;
            p++;
        } else {
            while (*p && *p != ' ' && *p != '\t' && w + 1 < sizeof item->value) item->value[w++] = *p++;
        }
        item->value[w] = '\0';
    }
}

/* ------------------------------------------- the typed reply, written back */

static void put(fields *f, const char *key, int type, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(fields *f, const char *key, int type, const char *fmt, ...)
{
    if (f->count == MAX_FIELDS) return;
    kv *item = &f->items[f->count++];
    snprintf(item->key, sizeof item->key, "%s", key);
    item->type = type;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(item->value, sizeof item->value, fmt, ap);
    va_end(ap);
}

#define STRF(f, k, v) put(f, k, STR, "%s", v)
#define NUMF(f, k, v) put(f, k, NUM, "%.17g", (double)(v))
#define INTF(f, k, v) put(f, k, NUM, "%" PRId64, (int64_t)(v))

static void listf(fields *f, const char *key, const char *const *items, size_t n)
{
    char joined[8192] = "";
    for (size_t i = 0; i < n; i++) {
        if (i) strncat(joined, ",", sizeof joined - strlen(joined) - 1);
        strncat(joined, items[i], sizeof joined - strlen(joined) - 1);
    }
    put(f, key, LIST, "%s", joined);
}

/** Every field the typed reply holds, under the protocol's keys. */
static void write_back(const detent_reply *r, fields *f)
{
    memset(f, 0, sizeof *f);
    snprintf(f->verb, sizeof f->verb, "%s", detent_reply_kind_name(r->kind));
    if (r->has_id) STRF(f, "id", r->id);
    switch (r->kind) {
    case DETENT_REPLY_HELLO:
        INTF(f, "proto", r->hello.proto);
        STRF(f, "server", r->hello.server);
        listf(f, "plugins", r->hello.plugins, r->hello.plugins_len);
        break;
    case DETENT_REPLY_PLUGINS:
        listf(f, "names", r->plugins.names, r->plugins.names_len);
        STRF(f, "default", r->plugins.default_);
        break;
    case DETENT_REPLY_OPENED:
        STRF(f, "s", r->opened.s);
        STRF(f, "plugin", r->opened.plugin);
        INTF(f, "index", r->opened.index);
        NUMF(f, "x", r->opened.x);
        INTF(f, "snaps", r->opened.snaps);
        if (r->opened.has_pad) NUMF(f, "pad", r->opened.pad);
        if (r->opened.has_dup) INTF(f, "dup", r->opened.dup);
        break;
    case DETENT_REPLY_BEGAN:
        STRF(f, "s", r->began.s);
        INTF(f, "index", r->began.index);
        NUMF(f, "x", r->began.x);
        if (r->began.has_jump) NUMF(f, "jump", r->began.jump);
        break;
    case DETENT_REPLY_MOVED:
        STRF(f, "s", r->moved.s);
        NUMF(f, "x", r->moved.x);
        break;
    case DETENT_REPLY_SNAP: {
        const detent_snap_reply *s = &r->snap;
        STRF(f, "s", s->s);
        INTF(f, "index", s->index);
        NUMF(f, "x", s->x);
        STRF(f, "mode", detent_mode_name(s->mode));
        STRF(f, "cause", detent_cause_name(s->cause));
        if (s->has_page) INTF(f, "page", s->page);
        if (s->has_jump) NUMF(f, "jump", s->jump);
        NUMF(f, "from", s->motion.from);
        NUMF(f, "v", s->motion.v);
        STRF(f, "curve", detent_curve_name(s->motion.curve));
        if (s->motion.curve == DETENT_CURVE_DECAY) NUMF(f, "rate", s->motion.rate);
        if (s->motion.curve == DETENT_CURVE_SPRING) NUMF(f, "omega", s->motion.omega);
        if (s->motion.curve == DETENT_CURVE_BRAKE) NUMF(f, "accel", s->motion.accel);
        if (s->motion.curve == DETENT_CURVE_BRAKE) INTF(f, "stop", s->motion.stop);
        if (s->motion.curve == DETENT_CURVE_BRAKE && s->motion.aim != 0) NUMF(f, "aim", s->motion.aim);
        if (s->motion.curve == DETENT_CURVE_BEZIER) {
            NUMF(f, "p1x", s->motion.p1x);
            NUMF(f, "p1y", s->motion.p1y);
            NUMF(f, "p2x", s->motion.p2x);
            NUMF(f, "p2y", s->motion.p2y);
        }
        if (s->motion.curve == DETENT_CURVE_PATH) listf(f, "path", s->motion.path, s->motion.path_len);
        INTF(f, "ms", s->motion.ms);
        if (s->motion.x != s->x) STRF(f, "motion-x-differs", "1");
        break;
    }
    case DETENT_REPLY_OK:
        STRF(f, "s", r->ok.s);
        NUMF(f, "every", r->ok.every);
        break;
    case DETENT_REPLY_CLOSED:
        STRF(f, "s", r->closed.s);
        break;
    case DETENT_REPLY_STATS:
        INTF(f, "connections", r->stats.connections);
        INTF(f, "sessions", r->stats.sessions);
        INTF(f, "requests", r->stats.requests);
        INTF(f, "errors", r->stats.errors);
        INTF(f, "uptime", r->stats.uptime);
        break;
    case DETENT_REPLY_ERROR:
        STRF(f, "code", r->error.code_name);
        if (r->error.has_s) STRF(f, "s", r->error.s);
        STRF(f, "msg", r->error.msg);
        break;
    case DETENT_REPLY_KEPT:
        STRF(f, "s", r->kept.s);
        INTF(f, "index", r->kept.index);
        break;
    default:
        break;
    }
}

static const kv *find(const fields *f, const char *key)
{
    for (int i = 0; i < f->count; i++) {
        if (strcmp(f->items[i].key, key) == 0) return &f->items[i];
    }
    return NULL;
}

static int same_value(const kv *typed, const char *text)
{
    if (typed->type == NUM) {
        char *end;
        double want = strtod(text, &end);
        return *text && !*end && strtod(typed->value, NULL) == want;
    }
    if (typed->type == LIST) {
        char a[8192], b[8192];
        snprintf(a, sizeof a, "%s", typed->value);
        snprintf(b, sizeof b, "%s", text);
        char *sa, *sb, *ta = strtok_r(a, ",", &sa), *tb = strtok_r(b, ",", &sb);
        for (; ta && tb; ta = strtok_r(NULL, ",", &sa), tb = strtok_r(NULL, ",", &sb)) {
            if (strcmp(ta, tb) != 0) return 0;
        }
        return !ta && !tb;
    }
    return strcmp(typed->value, text) == 0;
}

/* ----------------------------------------------------------------- coverage */

static int kinds_seen[DETENT_REPLY_KEPT + 1];
static int codes_seen[DETENT_CODE_UNKNOWN + 1];
static int optional_seen[10];
enum { PAD, DUP, BEGAN_JUMP, PAGE, SNAP_JUMP, DECAY, ERROR_S, PUSH, BEZIER, PATH };

static void note(const detent_reply *r, int pushed)
{
    kinds_seen[r->kind] = 1;
    if (r->kind == DETENT_REPLY_ERROR) codes_seen[r->error.code] = 1;
    if (r->kind == DETENT_REPLY_OPENED && r->opened.has_pad) optional_seen[PAD] = 1;
    if (r->kind == DETENT_REPLY_OPENED && r->opened.has_dup) optional_seen[DUP] = 1;
    if (r->kind == DETENT_REPLY_BEGAN && r->began.has_jump) optional_seen[BEGAN_JUMP] = 1;
    if (r->kind == DETENT_REPLY_SNAP && r->snap.has_page) optional_seen[PAGE] = 1;
    if (r->kind == DETENT_REPLY_SNAP && r->snap.has_jump) optional_seen[SNAP_JUMP] = 1;
    if (r->kind == DETENT_REPLY_SNAP && r->snap.motion.curve == DETENT_CURVE_DECAY) optional_seen[DECAY] = 1;
    if (r->kind == DETENT_REPLY_ERROR && r->error.has_s) optional_seen[ERROR_S] = 1;
    if (pushed) optional_seen[PUSH] = 1;
    if (r->kind == DETENT_REPLY_SNAP && r->snap.motion.curve == DETENT_CURVE_BEZIER) optional_seen[BEZIER] = 1;
    if (r->kind == DETENT_REPLY_SNAP && r->snap.motion.curve == DETENT_CURVE_PATH) optional_seen[PATH] = 1;
}

static void check_line(const char *line, int pushed, int number)
{
    fields want, got;
    detent_reply r;
    detent_error err = { 0 };
    if (split_line(line, &want) < 0) {
        CHECK(0, "line %d: the test's tokenizer cannot split: %s", number, line);
        return;
    }
    if (detent_reply_parse(line, strlen(line), &r, &err) < 0) {
        CHECK(0, "line %d: libdetent cannot parse (%s): %s", number, err.message, line);
        detent_error_clear(&err);
        return;
    }
    write_back(&r, &got);
    note(&r, pushed);
    CHECK(strcmp(got.verb, want.verb) == 0, "line %d: reply %s typed as %s", number, want.verb, got.verb);
    CHECK(got.count == want.count, "line %d: %d fields, the typed %s holds %d: %s", number, want.count, got.verb,
          got.count, line);
    for (int i = 0; i < want.count; i++) {
        const kv *typed = find(&got, want.items[i].key);
        CHECK(typed != NULL, "line %d: field %s is not in the typed reply: %s", number, want.items[i].key, line);
        if (typed)
            CHECK(same_value(typed, want.items[i].value), "line %d: %s=%s typed as %s", number, want.items[i].key,
                  want.items[i].value, typed->value);
    }
    for (int i = 0; i < got.count; i++) {
        CHECK(find(&want, got.items[i].key) != NULL, "line %d: the typed reply holds %s, the line does not: %s",
              number, got.items[i].key, line);
    }
    if (pushed) CHECK(r.kind == DETENT_REPLY_SNAP && r.snap.cause == DETENT_CAUSE_AUTOPLAY && !r.has_id,
                      "line %d: a push is an autoplay snap without id", number);
    detent_reply_clear(&r);
}

int main(int argc, char **argv)
{
    h_begin("conformance", 30);
    h_case("read the corpus");
    const char *path = argc > 1 ? argv[1] : "Tests/Conformance/corpus.txt";
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "the corpus %s exists", path);
    if (!f) return h_end();
    printf("# corpus: %s\n", path);
    h_case("every text reply line, typed and written back, is exactly its fields");
    static char line[1 << 20];
    int number = 0, text = 0, json = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if ((line[0] != '<' && line[0] != '!') || line[1] != ' ') continue;
        if (line[2] == '{') {
            /* libdetent speaks text; a JSON line only counts toward the codes covered */
            const char *code = strstr(line, "\"code\":\"");
            if (code) {
                char name[64];
                if (sscanf(code + 8, "%63[^\"]", name) == 1) codes_seen[detent_code_from_name(name)] = 1;
            }
            json++;
            continue;
        }
        text++;
        check_line(line + 2, line[0] == '!', number);
    }
    fclose(f);
    printf("# %d text reply lines checked, %d JSON lines skipped\n", text, json);
    CHECK(text >= 40, "the corpus holds text replies (%d)", text);

    h_case("the corpus covers every reply kind and optional field (text), every error code (either encoding)");
    for (int k = DETENT_REPLY_HELLO; k <= DETENT_REPLY_KEPT; k++)
        CHECK(kinds_seen[k], "a %s reply", detent_reply_kind_name((detent_reply_kind)k));
    for (int c = DETENT_CODE_BAD_LINE; c < DETENT_CODE_UNKNOWN; c++)
        CHECK(codes_seen[c], "error code=%s", detent_code_name((detent_code)c));
    static const char *const optional[] = { "opened pad", "opened dup", "began jump", "snap page",
                                            "snap jump", "curve=decay", "error s", "a push", "curve=bezier",
                                            "curve=path" };
    for (int i = 0; i < 10; i++) CHECK(optional_seen[i], "%s", optional[i]);
    return h_end();
}
