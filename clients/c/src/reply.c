/*
 * Reply lines into typed replies. A text line is a verb and key=value
 * fields (detent-protocol(7), "Two encodings"); each verb has a table of
 * the fields it carries, so a field the daemon adds later is skipped, a
 * field that is wrong is named in the error, and nothing is read past the
 * line whatever it holds.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum field_type { T_STR, T_NUM, T_INT, T_LIST, T_MODE, T_CAUSE, T_CURVE, T_CODE };

typedef struct field_spec {
    const char *key;
    unsigned char type;
    unsigned char required;
    size_t at;      /**< offset of the value in detent_reply */
    size_t has_at;  /**< offset of its presence flag, or NO_FLAG */
    size_t len_at;  /**< T_LIST: offset of its length */
} field_spec;

#define NO_FLAG ((size_t)-1)
#define AT(member) offsetof(detent_reply, member)
#define REQ(key, type, member) { key, type, 1, AT(member), NO_FLAG, 0 }
#define OPT(key, type, member, flag) { key, type, 0, AT(member), AT(flag), 0 }
#define LIST(key, member, len) { key, T_LIST, 1, AT(member), NO_FLAG, AT(len) }

static const field_spec hello_fields[] = {
    REQ("proto", T_INT, hello.proto),
    REQ("server", T_STR, hello.server),
    LIST("plugins", hello.plugins, hello.plugins_len),
};
static const field_spec plugins_fields[] = {
    LIST("names", plugins.names, plugins.names_len),
    REQ("default", T_STR, plugins.default_),
};
static const field_spec opened_fields[] = {
    REQ("s", T_STR, opened.s),
    REQ("plugin", T_STR, opened.plugin),
    REQ("index", T_INT, opened.index),
    REQ("x", T_NUM, opened.x),
    REQ("snaps", T_INT, opened.snaps),
    OPT("pad", T_NUM, opened.pad, opened.has_pad),
    OPT("dup", T_INT, opened.dup, opened.has_dup),
};
static const field_spec began_fields[] = {
    REQ("s", T_STR, began.s),
    REQ("index", T_INT, began.index),
    REQ("x", T_NUM, began.x),
    OPT("jump", T_NUM, began.jump, began.has_jump),
};
static const field_spec moved_fields[] = {
    REQ("s", T_STR, moved.s),
    REQ("x", T_NUM, moved.x),
};
/** rate, omega, accel and stop are required by the curve that names them (checked after). */
static const field_spec snap_fields[] = {
    REQ("s", T_STR, snap.s),
    REQ("index", T_INT, snap.index),
    REQ("x", T_NUM, snap.x),
    REQ("mode", T_MODE, snap.mode),
    REQ("cause", T_CAUSE, snap.cause),
    OPT("page", T_INT, snap.page, snap.has_page),
    OPT("jump", T_NUM, snap.jump, snap.has_jump),
    REQ("from", T_NUM, snap.motion.from),
    REQ("v", T_NUM, snap.motion.v),
    REQ("curve", T_CURVE, snap.motion.curve),
    { "rate", T_NUM, 0, AT(snap.motion.rate), NO_FLAG, 0 },
    { "omega", T_NUM, 0, AT(snap.motion.omega), NO_FLAG, 0 },
    { "accel", T_NUM, 0, AT(snap.motion.accel), NO_FLAG, 0 },
    { "stop", T_INT, 0, AT(snap.motion.stop), NO_FLAG, 0 },
    REQ("ms", T_INT, snap.motion.ms),
};
static const field_spec ok_fields[] = {
    REQ("s", T_STR, ok.s),
    REQ("every", T_NUM, ok.every),
};
static const field_spec closed_fields[] = {
    REQ("s", T_STR, closed.s),
};
static const field_spec stats_fields[] = {
    REQ("connections", T_INT, stats.connections),
    REQ("sessions", T_INT, stats.sessions),
    REQ("requests", T_INT, stats.requests),
    REQ("errors", T_INT, stats.errors),
    REQ("uptime", T_INT, stats.uptime),
};
static const field_spec error_fields[] = {
    REQ("code", T_CODE, error.code),
    OPT("s", T_STR, error.s, error.has_s),
    REQ("msg", T_STR, error.msg),
};

typedef struct verb_spec {
    const char *verb;
    detent_reply_kind kind;
    const field_spec *fields;
    size_t count;
} verb_spec;

#define VERB(name, kind, table) { name, kind, table, sizeof table / sizeof *table }
static const verb_spec verbs[] = {
    VERB("hello", DETENT_REPLY_HELLO, hello_fields),
    { "pong", DETENT_REPLY_PONG, NULL, 0 },
    VERB("plugins", DETENT_REPLY_PLUGINS, plugins_fields),
    VERB("opened", DETENT_REPLY_OPENED, opened_fields),
    VERB("began", DETENT_REPLY_BEGAN, began_fields),
    VERB("moved", DETENT_REPLY_MOVED, moved_fields),
    VERB("snap", DETENT_REPLY_SNAP, snap_fields),
    VERB("ok", DETENT_REPLY_OK, ok_fields),
    VERB("closed", DETENT_REPLY_CLOSED, closed_fields),
    VERB("stats", DETENT_REPLY_STATS, stats_fields),
    { "bye", DETENT_REPLY_BYE, NULL, 0 },
    VERB("error", DETENT_REPLY_ERROR, error_fields),
};

#define MAX_SPEC 16
_Static_assert(sizeof snap_fields / sizeof *snap_fields <= MAX_SPEC, "snap has more fields than MAX_SPEC");

const char *detent_reply_kind_name(detent_reply_kind kind)
{
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++) {
        if (verbs[i].kind == kind) return verbs[i].verb;
    }
    return "none";
}

const char *detent_mode_name(detent_snap_mode mode)
{
    return mode == DETENT_SNAP_DECELERATE ? "decelerate" : mode == DETENT_SNAP_ANIMATE ? "animate" : "";
}

const char *detent_cause_name(detent_cause cause)
{
    switch (cause) {
    case DETENT_CAUSE_RELEASE: return "release";
    case DETENT_CAUSE_CANCEL: return "cancel";
    case DETENT_CAUSE_GOTO: return "goto";
    case DETENT_CAUSE_AUTOPLAY: return "autoplay";
    }
    return "";
}

const char *detent_curve_name(detent_curve curve)
{
    switch (curve) {
    case DETENT_CURVE_DECAY: return "decay";
    case DETENT_CURVE_SPRING: return "spring";
    case DETENT_CURVE_EASE: return "ease";
    case DETENT_CURVE_BRAKE: return "brake";
    }
    return "";
}

void detent_reply_clear(detent_reply *r)
{
    if (!r) return;
    free(r->storage_);
    memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------- tokenizing */

typedef struct field {
    const char *key;
    char *value;
    size_t len;
} field;

typedef struct tokens {
    const char *verb;
    field *fields;
    size_t count;
} tokens;

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }
static int is_lower(char ch) { return ch >= 'a' && ch <= 'z'; }
static int is_word(char ch) { return is_lower(ch) || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'; }

/** A verb or key: [a-z][a-z0-9_-]*; returns its end, or NULL. */
static char *word(char *p, const char *end)
{
    if (p == end || !is_lower(*p)) return NULL;
    while (p < end && is_word(*p)) p++;
    return p;
}

/** Splits text in place (NUL-terminating verb, keys and unescaped values). */
static int tokenize(char *text, size_t len, tokens *t, detent_error *err)
{
    char *p = text, *end = text + len;
    while (p < end && is_blank(*p)) p++;
    char *w = word(p, end);
    if (!w || (w < end && !is_blank(*w))) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "a reply must start with a verb ([a-z][a-z0-9_-]*)");
        return -1;
    }
    t->verb = p;
    p = w;
    if (p < end) *p++ = '\0';
    for (;;) {
        while (p < end && is_blank(*p)) p++;
        if (p >= end) break;
        char *key = p;
        char *k = word(p, end);
        if (!k || k == end || *k != '=') {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: field %zu is not key=value", t->verb, t->count + 1);
            return -1;
        }
        *k = '\0';
        p = k + 1;
        char *value = p, *out = p;
        if (p < end && *p == '"') {
            value = out = ++p;
            for (;;) {
                if (p >= end) {
                    detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: unbalanced quote", t->verb, key);
                    return -1;
                }
                if (*p == '"') break;
                if (*p == '\\') {
                    if (p + 1 >= end || (p[1] != '"' && p[1] != '\\')) {
                        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: only \\\" and \\\\ are escapes",
                                          t->verb, key);
                        return -1;
                    }
                    p++;
                }
                *out++ = *p++;
            }
            p++; /* the closing quote */
            if (p < end && !is_blank(*p)) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: a blank must follow the closing quote",
                                  t->verb, key);
                return -1;
            }
        } else {
            while (p < end && !is_blank(*p)) {
                if (*p == '"') {
                    detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: a quote inside a bare value", t->verb, key);
                    return -1;
                }
                p++;
            }
            out = p;
        }
        size_t n = (size_t)(out - value);
        if (p < end) p++; /* the blank after the value, overwritten below */
        *out = '\0';
        t->fields[t->count++] = (field){ key, value, n };
    }
    return 0;
}

/* ------------------------------------------------------------------ typing */

static int as_int(const char *s, size_t n, int64_t *out)
{
    double v;
    if (detent__number_parse(s, n, &v) < 0 || v != floor(v) || fabs(v) > 9007199254740992.0) return -1;
    *out = (int64_t)v;
    return 0;
}

/** Splits a comma list in place into the pointer slots of the block. */
static size_t split_list(char *value, size_t len, const char **slots)
{
    if (len == 0) return 0;
    size_t n = 0;
    slots[n++] = value;
    for (size_t i = 0; i < len; i++) {
        if (value[i] == ',') {
            value[i] = '\0';
            slots[n++] = value + i + 1;
        }
    }
    return n;
}

static int set_field(detent_reply *r, const char *verb, const field_spec *spec, field *f, const char ***slots,
                     detent_error *err)
{
    char *base = (char *)r;
    void *at = base + spec->at;
    const char *what = NULL;
    switch (spec->type) {
    case T_STR:
        *(const char **)at = f->value;
        break;
    case T_NUM: {
        double v;
        if (detent__number_parse(f->value, f->len, &v) < 0) what = "a finite number";
        else *(double *)at = v;
        break;
    }
    case T_INT:
        if (as_int(f->value, f->len, (int64_t *)at) < 0) what = "a whole number";
        break;
    case T_LIST: {
        size_t n = split_list(f->value, f->len, *slots);
        *(const char *const **)at = *slots;
        *(size_t *)(base + spec->len_at) = n;
        *slots += n;
        break;
    }
    case T_MODE:
        if (strcmp(f->value, "decelerate") == 0) r->snap.mode = DETENT_SNAP_DECELERATE;
        else if (strcmp(f->value, "animate") == 0) r->snap.mode = DETENT_SNAP_ANIMATE;
        else what = "decelerate or animate";
        break;
    case T_CAUSE:
        if (strcmp(f->value, "release") == 0) r->snap.cause = DETENT_CAUSE_RELEASE;
        else if (strcmp(f->value, "cancel") == 0) r->snap.cause = DETENT_CAUSE_CANCEL;
        else if (strcmp(f->value, "goto") == 0) r->snap.cause = DETENT_CAUSE_GOTO;
        else if (strcmp(f->value, "autoplay") == 0) r->snap.cause = DETENT_CAUSE_AUTOPLAY;
        else what = "release, cancel, goto or autoplay";
        break;
    case T_CURVE:
        if (strcmp(f->value, "decay") == 0) r->snap.motion.curve = DETENT_CURVE_DECAY;
        else if (strcmp(f->value, "spring") == 0) r->snap.motion.curve = DETENT_CURVE_SPRING;
        else if (strcmp(f->value, "ease") == 0) r->snap.motion.curve = DETENT_CURVE_EASE;
        else if (strcmp(f->value, "brake") == 0) r->snap.motion.curve = DETENT_CURVE_BRAKE;
        else what = "decay, spring, ease or brake";
        break;
    case T_CODE:
        if (f->len == 0) what = "a code";
        r->error.code = detent_code_from_name(f->value);
        r->error.code_name = f->value;
        break;
    }
    if (what) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: \"%.40s%s\" is not %s", verb, spec->key, f->value,
                          f->len > 40 ? "..." : "", what);
        return -1;
    }
    if (spec->has_at != NO_FLAG) *(bool *)(base + spec->has_at) = true;
    return 0;
}

static int type_reply(detent_reply *r, const tokens *t, const char **slots, detent_error *err)
{
    const verb_spec *v = NULL;
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++) {
        if (strcmp(verbs[i].verb, t->verb) == 0) v = &verbs[i];
    }
    if (!v) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "unknown reply \"%.40s\"", t->verb);
        return -1;
    }
    r->kind = v->kind;
    unsigned char seen[MAX_SPEC] = { 0 };
    for (size_t i = 0; i < t->count; i++) {
        field *f = &t->fields[i];
        if (strcmp(f->key, "id") == 0) {
            if (r->has_id) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: id: given twice", v->verb);
                return -1;
            }
            r->has_id = true;
            r->id = f->value;
            continue;
        }
        for (size_t j = 0; j < v->count; j++) {
            if (strcmp(f->key, v->fields[j].key) != 0) continue;
            if (seen[j]) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: given twice", v->verb, f->key);
                return -1;
            }
            seen[j] = 1;
            if (set_field(r, v->verb, &v->fields[j], f, &slots, err) < 0) return -1;
            break;
        }
    }
    for (size_t j = 0; j < v->count; j++) {
        if (v->fields[j].required && !seen[j]) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: missing", v->verb, v->fields[j].key);
            return -1;
        }
    }
    if (v->kind == DETENT_REPLY_SNAP) {
        int rate = 0, omega = 0, accel = 0, stop = 0;
        for (size_t j = 0; j < v->count; j++) {
            if (strcmp(v->fields[j].key, "rate") == 0) rate = seen[j];
            if (strcmp(v->fields[j].key, "omega") == 0) omega = seen[j];
            if (strcmp(v->fields[j].key, "accel") == 0) accel = seen[j];
            if (strcmp(v->fields[j].key, "stop") == 0) stop = seen[j];
        }
        detent_motion *m = &r->snap.motion;
        if (m->curve == DETENT_CURVE_DECAY && !rate) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: rate: missing (curve=decay)");
            return -1;
        }
        if (m->curve == DETENT_CURVE_SPRING && !omega) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: omega: missing (curve=spring)");
            return -1;
        }
        if (m->curve == DETENT_CURVE_BRAKE && !accel) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: accel: missing (curve=brake)");
            return -1;
        }
        if (m->curve == DETENT_CURVE_BRAKE && !stop) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: stop: missing (curve=brake)");
            return -1;
        }
        if (m->ms < 0) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: ms: negative");
            return -1;
        }
        if (m->curve == DETENT_CURVE_BRAKE && (m->stop < 0 || m->stop > m->ms)) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "snap: stop: %lld is not within 0 and ms (%lld)",
                              (long long)m->stop, (long long)m->ms);
            return -1;
        }
        m->x = r->snap.x;
    }
    return 0;
}

static void route_of(const tokens *t, detent__route *route)
{
    route->tokenized = 1;
    int snap = strcmp(t->verb, "snap") == 0, autoplay = 0;
    for (size_t i = 0; i < t->count; i++) {
        const field *f = &t->fields[i];
        if (strcmp(f->key, "id") == 0 && !route->has_id) {
            route->has_id = 1;
            uint64_t id = 0;
            int ours = f->len > 0 && f->len <= 19;
            for (size_t k = 0; ours && k < f->len; k++) {
                if (f->value[k] < '0' || f->value[k] > '9') ours = 0;
                else id = id * 10 + (uint64_t)(f->value[k] - '0');
            }
            route->id_is_ours = ours;
            route->id = ours ? id : 0;
        } else if (strcmp(f->key, "cause") == 0 && strcmp(f->value, "autoplay") == 0) {
            autoplay = 1;
        }
    }
    route->push = snap && autoplay && !route->has_id;
}

int detent__parse(const char *line, size_t len, detent_reply *out, detent_error *err, detent__route *route)
{
    memset(out, 0, sizeof *out);
    memset(route, 0, sizeof *route);
    if (memchr(line, '\0', len)) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "a reply line holds a NUL byte");
        return -1;
    }
    size_t commas = 0, fields = 0;
    for (size_t i = 0; i < len; i++) {
        commas += line[i] == ',';
        fields += line[i] == '=';
    }
    size_t slots_size = (commas + 2) * sizeof(const char *);
    size_t fields_size = (fields + 1) * sizeof(field);
    char *block = malloc(slots_size + fields_size + len + 1);
    if (!block) {
        detent__error_set(err, DETENT_ERROR_MEMORY, 0, "out of memory (a reply of %zu bytes)", len);
        return -1;
    }
    const char **slots = (const char **)(void *)block;
    tokens t = { NULL, (field *)(void *)(block + slots_size), 0 };
    char *text = block + slots_size + fields_size;
    memcpy(text, line, len);
    text[len] = '\0';
    out->storage_ = block;
    if (tokenize(text, len, &t, err) < 0 || (route_of(&t, route), type_reply(out, &t, slots, err)) < 0) {
        detent_reply_clear(out);
        return -1;
    }
    return 0;
}

int detent_reply_parse(const char *line, size_t len, detent_reply *out, detent_error *err)
{
    detent__route route;
    detent_error scratch;
    detent__error_init(&scratch);
    int rc = detent__parse(line, len, out, err ? err : &scratch, &route);
    detent_error_clear(&scratch);
    return rc;
}
