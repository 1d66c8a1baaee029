/*
 * Reply lines into typed replies. A line split into its verb and
 * key=value fields (tokenize.c) is typed by its verb's table of fields
 * (replies.c, generated from the protocol's description): a field the
 * daemon adds later is skipped, a field that is wrong is named in the
 * error.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/** The value of name in e, or 0. */
static unsigned enum_value(const detent__enum *e, const char *name)
{
    for (unsigned i = 1; i < e->count; i++) {
        if (strcmp(e->names[i], name) == 0) return i;
    }
    return 0;
}

static const detent__reply_spec *spec_of(const char *verb)
{
    for (size_t i = 0; i < detent__reply_count; i++) {
        if (strcmp(detent__replies[i].name, verb) == 0) return &detent__replies[i];
    }
    return NULL;
}

void detent_reply_clear(detent_reply *r)
{
    if (!r) return;
    free(r->storage_);
    memset(r, 0, sizeof *r);
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

static int set_field(detent_reply *r, const char *verb, const detent__field *spec, detent__token *f,
                     const char ***slots, detent_error *err)
{
    char *base = (char *)r;
    void *at = base + spec->at;
    const char *what = NULL;
    switch (spec->type) {
    case DETENT__T_STR:
        *(const char **)at = f->value;
        break;
    case DETENT__T_NUM: {
        double v;
        if (detent__number_parse(f->value, f->len, &v) < 0) what = "a finite number";
        else *(double *)at = v;
        break;
    }
    case DETENT__T_INT:
        if (as_int(f->value, f->len, (int64_t *)at) < 0) what = "a whole number";
        break;
    case DETENT__T_LIST: {
        size_t n = split_list(f->value, f->len, *slots);
        *(const char *const **)at = *slots;
        *(size_t *)(base + spec->more_at) = n;
        *slots += n;
        break;
    }
    case DETENT__T_ENUM:
    case DETENT__T_CURVE: {
        unsigned v = enum_value(spec->values, f->value);
        if (v == 0) what = spec->values->expected;
        else *(int *)at = (int)v;
        break;
    }
    case DETENT__T_CODE: {
        /* A code this library does not know is kept by its name. */
        unsigned v = enum_value(spec->values, f->value);
        if (f->len == 0) what = spec->values->expected;
        *(int *)at = (int)(v ? v : spec->values->count);
        *(const char **)(base + spec->more_at) = f->value;
        break;
    }
    }
    if (what) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: \"%.40s%s\" is not %s", verb, spec->key, f->value,
                          f->len > 40 ? "..." : "", what);
        return -1;
    }
    if (spec->has_at != DETENT__NO_FLAG) *(bool *)(base + spec->has_at) = true;
    return 0;
}

/** The fields a reply lacks: those it always has, then those of its curve. */
static int check_missing(const detent_reply *r, const detent__reply_spec *v, const unsigned char *seen,
                         detent_error *err)
{
    int curve = 0;
    for (size_t j = 0; j < v->count; j++) {
        if (v->fields[j].required && !seen[j]) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: missing", v->name, v->fields[j].key);
            return -1;
        }
        if (v->fields[j].type == DETENT__T_CURVE) curve = *(const int *)((const char *)r + v->fields[j].at);
    }
    for (size_t j = 0; j < v->count; j++) {
        if (v->fields[j].curve && v->fields[j].curve == curve && !v->fields[j].optional && !seen[j]) {
            detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: missing (curve=%s)", v->name, v->fields[j].key,
                              detent_curve_name((detent_curve)curve));
            return -1;
        }
    }
    return 0;
}

/** A decision's motion ends at the decision's x (detent-protocol(7), "Motion"). */
static int finish_motion(detent_reply *r, const detent__reply_spec *v, detent_error *err)
{
    detent_motion *m = (detent_motion *)(void *)((char *)r + v->motion_at);
    for (size_t j = 0; j < v->count; j++) {
        if (strcmp(v->fields[j].key, "x") == 0) m->x = *(const double *)(const void *)((char *)r + v->fields[j].at);
    }
    return detent__motion_check(m, v->name, err);
}

static int type_reply(detent_reply *r, const detent__tokens *t, const char **slots, detent_error *err)
{
    const detent__reply_spec *v = spec_of(t->verb);
    if (!v) {
        detent__error_set(err, DETENT_ERROR_PARSE, 0, "unknown reply \"%.40s\"", t->verb);
        return -1;
    }
    r->kind = v->kind;
    unsigned char seen[DETENT__MAX_FIELDS] = { 0 };
    /* A field of another curve than the line's is left alone: curves' fields may share storage (rate, aim). */
    unsigned curve = 0;
    for (size_t i = 0; i < t->count; i++) {
        for (size_t j = 0; j < v->count; j++) {
            if (v->fields[j].type == DETENT__T_CURVE && strcmp(t->fields[i].key, v->fields[j].key) == 0)
                curve = enum_value(v->fields[j].values, t->fields[i].value);
        }
    }
    for (size_t i = 0; i < t->count; i++) {
        detent__token *f = &t->fields[i];
        if (strcmp(f->key, "id") == 0) {
            if (r->has_id) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: id: given twice", v->name);
                return -1;
            }
            r->has_id = true;
            r->id = f->value;
            continue;
        }
        for (size_t j = 0; j < v->count; j++) {
            if (strcmp(f->key, v->fields[j].key) != 0) continue;
            if (seen[j]) {
                detent__error_set(err, DETENT_ERROR_PARSE, 0, "%s: %s: given twice", v->name, f->key);
                return -1;
            }
            seen[j] = 1;
            if (v->fields[j].curve && v->fields[j].curve != curve) break;
            if (set_field(r, v->name, &v->fields[j], f, &slots, err) < 0) return -1;
            break;
        }
    }
    if (check_missing(r, v, seen, err) < 0) return -1;
    return v->motion_at == DETENT__NO_FLAG ? 0 : finish_motion(r, v, err);
}

static void route_of(const detent__tokens *t, detent__route *route)
{
    route->tokenized = 1;
    for (size_t i = 0; i < t->count; i++) {
        const detent__token *f = &t->fields[i];
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
        }
    }
    const detent__reply_spec *v = spec_of(t->verb);
    route->push = v && v->pushed && !route->has_id;
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
    size_t fields_size = (fields + 1) * sizeof(detent__token);
    char *block = malloc(slots_size + fields_size + len + 1);
    if (!block) {
        detent__error_set(err, DETENT_ERROR_MEMORY, 0, "out of memory (a reply of %zu bytes)", len);
        return -1;
    }
    const char **slots = (const char **)(void *)block;
    detent__tokens t = { NULL, (detent__token *)(void *)(block + slots_size), 0 };
    char *text = block + slots_size + fields_size;
    memcpy(text, line, len);
    text[len] = '\0';
    out->storage_ = block;
    if (detent__tokenize(text, len, &t, err) < 0 || (route_of(&t, route), type_reply(out, &t, slots, err)) < 0) {
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
