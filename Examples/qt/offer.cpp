/*
 * The strip's menu: which of the daemon's plugins page the strip. A
 * connection of its own (libdetent through <detent/qt.h>, never blocking)
 * opens each plugin the daemon's greeting names once under a trial session
 * with the strip's geometry and closes it; those that open are offered, in
 * the daemon's order. With the daemon gone it tries again every second,
 * and asks again once it answers. Nothing of it pages the strip.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

#include <detent/qt.h>

#include <QtCore/QTimer>

#include <map>
#include <memory>

namespace {

struct Offer {
    detent_connection *c = nullptr;
    std::unique_ptr<detent::QtAdapter> link;
    QTimer *retry = nullptr;
    std::vector<std::string> plugins; /* the daemon's, from its greeting */
    std::map<std::string, bool> fits;
    int trials = 0;
} o;

void done(Demo *d)
{
    if (--o.trials > 0) return;
    d->offered.clear();
    for (const std::string &p : o.plugins)
        if (o.fits[p]) d->offered.push_back(p);
    host_offered(d);
}

void ask(Demo *d, const detent_hello_reply *hello)
{
    o.plugins.assign(hello->plugins, hello->plugins + hello->plugins_len);
    o.fits.clear();
    o.trials = 1; /* held until every trial is queued */
    detent_geometry g{};
    g.viewport = g.item = d->options.width;
    g.count = d->options.pages;
    g.spacing = d->options.spacing;
    for (size_t i = 0; i < o.plugins.size(); i++) {
        const std::string plugin = o.plugins[i];
        std::string trial = "try.strip." + std::to_string(i);
        uint64_t id = detent_send_open(o.c, trial.c_str(), plugin.c_str(), &g);
        if (!id) continue;
        o.trials++;
        o.link->expect(id, [d, plugin](const detent_reply *, const detent_error *e) {
            o.fits[plugin] = e == nullptr;
            done(d);
        });
        o.link->expect(detent_send_close(o.c, trial.c_str()), nullptr);
    }
    done(d);
}

void connect_now()
{
    if (detent_connect_start(o.c, nullptr, "detent-qt-demo menu") < 0) {
        o.retry->start(1000);
        return;
    }
    o.link->sync();
}

} // namespace

void offer_start(Demo *d)
{
    o.c = detent_connection_new();
    if (!o.c) return;
    o.retry = new QTimer;
    o.retry->setSingleShot(true);
    QObject::connect(o.retry, &QTimer::timeout, connect_now);
    o.link = std::make_unique<detent::QtAdapter>(o.c, [d](detent_connection *c, detent_event *ev) {
        if (ev->type == DETENT_EVENT_READY) ask(d, &ev->reply.hello);
        else if (ev->type == DETENT_EVENT_ERROR && ev->request == 0 && detent_get_state(c) == DETENT_STATE_CLOSED &&
                 !o.retry->isActive())
            o.retry->start(1000);
    });
    connect_now();
}
