/*
 * Paging for every person (issue 34): the keyboard, a screen reader and
 * reduced motion, for the strip.
 * - Focus: the strip is in the Tab chain (activeFocusOnTab) and a click on
 *   it focuses it too; a frame (ink outside, white inside) shows it.
 * - Keys, while the strip has the active focus: Left and Right send `step`
 *   to=prev and to=next, Home and End to=first and to=last, Page Up and Page
 *   Down to=prev and to=next (a step of a page strategy is already a page;
 *   the demo's strip has no other pages). x: where the strip is drawn; t: the
 *   key event's timestamp() (the X server's ms, the drags' clock). A snap is
 *   followed as a goto's, `kept` changes nothing. The strip is horizontal:
 *   Up and Down, and keys with Ctrl, Alt, Meta or Shift, go on to Qt.
 * - Accessible: role Grouping (AT-SPI "panel"), name "Detent strip",
 *   description "item N of M" (N from 1), set when the strip comes to rest,
 *   so a screen reader hears where it settled rather than every frame.
 * - Motion: --motion full|reduced (DETENT_QT_MOTION) wins; else (auto)
 *   GNOME's org.gnome.desktop.interface enable-animations, read through
 *   GSettings (gio; Qt's loop is GLib's, so its changes arrive live), false
 *   meaning motion=reduced. Each change sends `layout` with the new motion
 *   once the strip rests (a layout ends a gesture). Where the key does not
 *   exist (no schema, or a build without gio-2.0), open leaves motion out:
 *   the daemon's config decides.
 * The demo has no autoplay: there is nothing to pause under focus or pointer.
 * Trace: focus item=NAME, input s=strip phase=step to= t= x=, kept s=strip
 * index=, a11y s=strip name="..." description="...", motion s=strip
 * motion=full|reduced|default source=option|gnome|none, layout s=strip
 * motion= index= x=.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifdef DEMO_GIO
#include <gio/gio.h> /* before Qt: its `signals` macro would rename a GDBus field */
#endif

#include "demo.h"

#include <QtGui/QKeyEvent>

#include <cstdio>

#define STRIP_NAME "Detent strip"

const char *a11y_motion_name(int motion)
{
    return motion == DETENT_MOTION_REDUCED ? "reduced" : motion == DETENT_MOTION_FULL ? "full" : "default";
}

/* ------------------------------------------------------------------- keys */

static void step(Demo *d, detent_to to, const char *name, double t)
{
    Strip *s = &d->strip;
    if (!s->ready) return;
    trace_line("input s=strip phase=step to=%s t=%s x=%s", name, trace_num(t).c_str(), trace_num(s->offset).c_str());
    strip_track(d, detent_send_step(d->connection, "strip", to, s->offset, t),
                [d](const detent_reply *r, const detent_error *e) {
                    if (!e && r->kind == DETENT_REPLY_KEPT) return strip_kept(r); /* a bound: nothing changes */
                    strip_follow_reply(d, r, e);
                });
}

class KeyFilter : public QObject {
protected:
    bool eventFilter(QObject *object, QEvent *event) override
    {
        Demo *d = &demo;
        if (object != d->view || event->type() != QEvent::KeyPress) return false;
        if (d->view->activeFocusItem() != d->strip_item) return false;
        auto *ke = static_cast<QKeyEvent *>(event);
        if (ke->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier | Qt::ShiftModifier))
            return false;
        double t = (double)ke->timestamp();
        switch (ke->key()) {
        case Qt::Key_Left:
        case Qt::Key_PageUp:
            step(d, DETENT_TO_PREV, "prev", t);
            return true;
        case Qt::Key_Right:
        case Qt::Key_PageDown:
            step(d, DETENT_TO_NEXT, "next", t);
            return true;
        case Qt::Key_Home:
            step(d, DETENT_TO_FIRST, "first", t);
            return true;
        case Qt::Key_End:
            step(d, DETENT_TO_LAST, "last", t);
            return true;
        default:
            return false;
        }
    }
};

/* ------------------------------------------------------------ description */

/** The strip rests (or was drawn): its description says where, and a motion changed meanwhile goes out. */
void a11y_rested(Demo *d)
{
    Strip *s = &d->strip;
    if (!s->ready || s->state != StripState::Rest || s->motion.active || s->drag.active || s->scroll.active) return;
    char text[64];
    snprintf(text, sizeof text, "item %lld of %d", (long long)s->index + 1, d->options.pages);
    QString now = QString::fromUtf8(text);
    if (d->hooks->value("stripDescription").toString() != now) {
        d->hooks->insert("stripDescription", now);
        trace_line("a11y s=strip name=%s description=%s", trace_quote(STRIP_NAME).c_str(), trace_quote(text).c_str());
    }
    if (!d->relayout || s->pending > 0) return; /* a reply on its way may start a motion: after it */
    d->relayout = false;
    detent_geometry g = strip_geometry(d);
    strip_track(d, detent_send_layout2(d->connection, "strip", &g, demo_motion(d->motion)),
                [d](const detent_reply *r, const detent_error *e) {
                    Strip *s = &d->strip;
                    if (e) return strip_set_reply(e->message);
                    trace_line("layout s=strip motion=%s index=%lld x=%s", a11y_motion_name(d->motion),
                               (long long)r->opened.index, trace_num(r->opened.x).c_str());
                    if (s->drag.active || s->scroll.active) return; /* ended by the layout: the end will say */
                    s->motion.active = false;
                    s->index = r->opened.index;
                    strip_show(s, StripState::Rest, r->opened.x);
                });
}

/* ----------------------------------------------------------------- motion */

static void set_motion(Demo *d, int motion, const char *source)
{
    if (motion == d->motion) return;
    d->motion = motion;
    trace_line("motion s=strip motion=%s source=%s", a11y_motion_name(motion), source);
    d->relayout = true; /* cleared by an open sent from now on, which says it */
    a11y_rested(d);
}

#ifdef DEMO_GIO
static void on_changed(GSettings *settings, const gchar *key, gpointer)
{
    set_motion(&demo, g_settings_get_boolean(settings, key) ? DETENT_MOTION_FULL : DETENT_MOTION_REDUCED, "gnome");
}

/** GNOME's enable-animations where its schema and key exist: read once, then followed. */
static bool watch_gnome(Demo *d)
{
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    GSettingsSchema *schema = source ? g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE)
                                     : nullptr;
    if (!schema) return false;
    bool has = g_settings_schema_has_key(schema, "enable-animations");
    GSettings *settings = has ? g_settings_new_full(schema, nullptr, nullptr) : nullptr;
    g_settings_schema_unref(schema);
    if (!settings) return false;
    /* Connected before the first read: GSettings only signals keys read while a handler was connected. */
    g_signal_connect(settings, "changed::enable-animations", G_CALLBACK(on_changed), nullptr);
    d->motion = -1; /* so that the first reading is traced */
    /* At start, animations on leave motion out: a user's "motion": "reduced" in
     * their plugins.json stands. Only a change while open says full again. */
    if (g_settings_get_boolean(settings, "enable-animations")) set_motion(d, DETENT_MOTION_DEFAULT, "gnome");
    else on_changed(settings, "enable-animations", nullptr);
    return true; /* settings lives as long as the app */
}
#else
static bool watch_gnome(Demo *)
{
    return false;
}
#endif

/** Decides the motion before the first open; false on a bad --motion. */
bool a11y_start(Demo *d)
{
    const std::string &o = d->options.motion;
    if (o == "full" || o == "reduced") {
        d->motion = -1;
        set_motion(d, o == "full" ? DETENT_MOTION_FULL : DETENT_MOTION_REDUCED, "option");
        return true;
    }
    if (o != "auto") {
        fprintf(stderr, "detent-qt-demo: --motion (or DETENT_QT_MOTION) is auto, full or reduced, not \"%s\"\n",
                o.c_str());
        return false;
    }
    if (!watch_gnome(d)) trace_line("motion s=strip motion=default source=none");
    return true;
}

/** The view's keys, and its focus traced. */
void a11y_attach(Demo *d)
{
    d->hooks->insert("stripName", QStringLiteral(STRIP_NAME));
    d->view->installEventFilter(new KeyFilter);
    QObject::connect(d->view, &QQuickWindow::activeFocusItemChanged, [d] {
        QQuickItem *item = d->view->activeFocusItem();
        QString name = !item ? QStringLiteral("none") : !item->objectName().isEmpty()
                                                            ? item->objectName()
                                                            : QString::fromUtf8(item->metaObject()->className());
        trace_line("focus item=%s", name.toUtf8().constData());
    });
}
