/*
 * The relay's lines, traced as the protocol says them (detent-protocol(7));
 * the window has one Detent view, traced as s=strip whatever its session's
 * name. Requests are read field by field as the pool wrote them (unquoted
 * key=value); replies with libdetent's own parser.
 *   input s=strip phase=begin|move|end t= dx= x= (dx: the begin's x minus
 *     this one, the pointer's way), phase=cancel, phase=wheel t= dx= dy=
 *     source= x=, phase=scroll-begin|scroll|scroll-end t= dx= dy= [x=],
 *     phase=step to= t= x=, phase=goto index= x=: each request as sent;
 *   moved s=strip x= for=move|scroll: each moved reply as it arrives;
 *   decision s=strip index= x= mode= cause= [page=] [jump=] from= v= curve=
 *     rate=|omega= ms=; kept s=strip index=;
 *   opened s=strip plugin= index= x= motion=; layout s=strip motion= index= x=;
 *   refused s=strip plugin= code= msg= (an open refused), then fallback
 *     s=strip from= plugin= (the plugin it opened under instead);
 *   motion s=strip motion=full|reduced|default source=option|gnome|none: the
 *     motion each open or layout says, when it changes;
 *   connection state=ready path= server= | state=down attempt=N tried= msg=.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifdef DEMO_GIO
#include <gio/gio.h> /* before Qt: its `signals` macro would rename a GDBus field */
#endif

#include "relay.h"

#include <cstdlib>
#include <cstring>

static double grab;             /* the gesture's begin x (moved by a re-grab's jump) */
static std::string motion_said; /* the motion last traced */
static std::string refused;     /* the plugin an open was refused, until the next open */
static int attempt;             /* connections refused since the daemon last answered */

std::string relay_upstream()
{
    const char *env = getenv("DETENT_SOCKET");
    return env && *env ? env : "$XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock, /tmp/detent-UID.sock";
}

/** The value of KEY in a request line, or "" (has: whether it is there). */
static std::string field(const std::string &line, const char *key, bool *has = nullptr)
{
    std::string k = std::string(" ") + key + "=";
    size_t at = line.find(k);
    if (has) *has = at != std::string::npos;
    if (at == std::string::npos) return "";
    size_t v = at + k.size();
    return line.substr(v, line.find(' ', v) - v);
}

/* Where the motion comes from: the option, GNOME's key (where it exists), or nothing (the daemon's config). */
static const char *motion_source()
{
    const std::string &m = demo.options.motion;
    if (m == "full" || m == "reduced") return "option";
#ifdef DEMO_GIO
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    GSettingsSchema *schema = source ? g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE)
                                     : nullptr;
    bool gnome = schema && g_settings_schema_has_key(schema, "enable-animations");
    if (schema) g_settings_schema_unref(schema);
    if (gnome) return "gnome";
#endif
    return "none";
}

static void motion(const std::string &line)
{
    bool has;
    std::string m = field(line, "motion", &has);
    if (!has) m = "default";
    if (m == motion_said) return;
    motion_said = m;
    trace_line("motion s=strip motion=%s source=%s", m.c_str(), motion_source());
}

void relay_down(const char *why)
{
    trace_line("connection state=down attempt=%d tried=%s msg=%s", ++attempt, trace_quote(relay_upstream()).c_str(),
               trace_quote(why).c_str());
    host_link(&demo, false, why);
}

void relay_line_up(Pipe *p, const std::string &line)
{
    std::string verb = line.substr(0, line.find(' '));
    std::string id = field(line, "id");
    if (!id.empty()) p->asked[id] = line;
    std::string t = field(line, "t"), x = field(line, "x");
    const char *f = "input s=strip phase=%s t=%s dx=%s x=%s";
    if (verb == "begin") grab = strtod(x.c_str(), nullptr);
    if (verb == "begin" || verb == "move" || verb == "end") {
        trace_line(f, verb.c_str(), t.c_str(), trace_num(grab - strtod(x.c_str(), nullptr)).c_str(), x.c_str());
    } else if (verb == "cancel") {
        trace_line("input s=strip phase=cancel");
    } else if (verb == "wheel") {
        std::string source = field(line, "source");
        trace_line("input s=strip phase=wheel t=%s dx=%s dy=%s source=%s x=%s", t.c_str(), field(line, "dx").c_str(),
                   field(line, "dy").c_str(), source.empty() ? "other" : source.c_str(), x.c_str());
    } else if (verb == "scroll") {
        std::string phase = field(line, "phase");
        bool at;
        field(line, "x", &at);
        trace_line("input s=strip phase=%s t=%s dx=%s dy=%s%s%s",
                   phase == "begin" ? "scroll-begin" : phase == "end" ? "scroll-end" : "scroll", t.c_str(),
                   field(line, "dx").c_str(), field(line, "dy").c_str(), at ? " x=" : "", at ? x.c_str() : "");
    } else if (verb == "step") {
        trace_line("input s=strip phase=step to=%s t=%s x=%s", field(line, "to").c_str(), t.c_str(), x.c_str());
    } else if (verb == "goto") {
        trace_line("input s=strip phase=goto index=%s x=%s", field(line, "index").c_str(), x.c_str());
    } else if (verb == "open" || verb == "layout") {
        motion(line);
    }
}

static void decision(const detent_snap_reply *snap)
{
    const detent_motion *m = &snap->motion;
    std::string line = "decision s=strip index=" + std::to_string(snap->index) + " x=" + trace_num(snap->x) +
                       " mode=" + detent_mode_name(snap->mode) + " cause=" + detent_cause_name(snap->cause);
    if (snap->has_page) line += " page=" + std::to_string(snap->page);
    if (snap->has_jump) line += " jump=" + trace_num(snap->jump);
    const char *curve = detent_curve_name(m->curve);
    line += " from=" + trace_num(m->from) + " v=" + trace_num(m->v) + " curve=" + (curve ? curve : "?");
    if (m->curve == DETENT_CURVE_DECAY) line += " rate=" + trace_num(m->rate);
    if (m->curve == DETENT_CURVE_SPRING) line += " omega=" + trace_num(m->omega);
    line += " ms=" + std::to_string(m->ms);
    trace_line("%s", line.c_str());
    frames_decided(snap);
}

static void answer(const std::string &asked, const detent_reply *r)
{
    std::string verb = asked.substr(0, asked.find(' '));
    std::string x;
    switch (r->kind) {
    case DETENT_REPLY_OPENED:
        x = trace_num(r->opened.x);
        if (verb == "layout") {
            trace_line("layout s=strip motion=%s index=%lld x=%s", motion_said.c_str(), (long long)r->opened.index,
                       x.c_str());
            break;
        }
        trace_line("opened s=strip plugin=%s index=%lld x=%s motion=%s", r->opened.plugin,
                   (long long)r->opened.index, x.c_str(), motion_said.c_str());
        if (!refused.empty() && refused != r->opened.plugin)
            trace_line("fallback s=strip from=%s plugin=%s", refused.c_str(), r->opened.plugin);
        refused.clear();
        host_opened(&demo, r->opened.plugin);
        break;
    case DETENT_REPLY_BEGAN:
        if (r->began.has_jump) grab += r->began.jump - r->began.x; /* a loop's re-grab: later moves are there */
        break;
    case DETENT_REPLY_MOVED:
        trace_line("moved s=strip x=%s for=%s", trace_num(r->moved.x).c_str(), verb == "scroll" ? "scroll" : "move");
        break;
    case DETENT_REPLY_SNAP: decision(&r->snap); break;
    case DETENT_REPLY_KEPT: trace_line("kept s=strip index=%lld", (long long)r->kept.index); break;
    case DETENT_REPLY_ERROR: {
        std::string code = r->error.code_name ? r->error.code_name : "?", msg = r->error.msg ? r->error.msg : "";
        if (verb == "open") {
            refused = field(asked, "plugin");
            trace_line("refused s=strip plugin=%s code=%s msg=%s", refused.c_str(), code.c_str(),
                       trace_quote(msg).c_str());
            host_refused(&demo, refused, code, msg);
        } else {
            trace_line("error s=strip verb=%s code=%s msg=%s", verb.c_str(), code.c_str(), trace_quote(msg).c_str());
        }
        break;
    }
    default: break;
    }
}

void relay_line_down(Pipe *p, const std::string &line)
{
    detent_reply r;
    detent_error err;
    if (detent_reply_parse(line.c_str(), line.size(), &r, &err) != 0) return;
    if (r.kind == DETENT_REPLY_HELLO) {
        attempt = 0;
        trace_line("connection state=ready path=%s server=%s", trace_quote(relay_upstream()).c_str(),
                   trace_quote(r.hello.server ? r.hello.server : "").c_str());
        host_link(&demo, true, "");
    } else if (r.has_id) {
        auto it = p->asked.find(r.id);
        if (it != p->asked.end()) {
            std::string asked = it->second;
            p->asked.erase(it);
            answer(asked, &r);
        }
    }
    detent_reply_clear(&r);
}
