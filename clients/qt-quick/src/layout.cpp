/*
 * The geometry and the pages' places. At each polish after a change (a
 * resize, pages in or out, orientation, spacing, Detent's geometry) the
 * strip is laid out again, at the page kept in view when pages came or
 * went (has_index), and each page is placed at its start minus the offset.
 * SwipeView's own geometry (pageSize 0, no insets): every page the view's
 * size, viewport = item = the view's length, spacing; so `qt-swipeview`
 * pages it as Qt's ListView does. A page that does not overlap the view is
 * culled, as the ListView culls its items (QQuickSwipeView culls each page
 * it takes: it is shown only once placed). Only the pages that overlap the
 * view now or did at the last frame are touched, so a frame of a long
 * strip costs what a short one does. Right-to-left mirrors a horizontal
 * strip.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "swipestrip.h"

#include <QtQuick/private/qquickitem_p.h>

#include <cmath>

void SwipeStrip::relayout()
{
    if (isComponentComplete()) polish();
}

void SwipeStrip::cull(QQuickItem *page, bool culled)
{
    QQuickItemPrivate *d = QQuickItemPrivate::get(page);
    if (d->culled != culled) d->setCulled(culled);
}

void SwipeStrip::geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry)
{
    QQuickItem::geometryChange(newGeometry, oldGeometry);
    if (newGeometry.size() != oldGeometry.size()) relayout();
}

static bool sameGeometry(const detent_geometry &a, const detent_geometry &b)
{
    return a.viewport == b.viewport && a.item == b.item && a.count == b.count && a.spacing == b.spacing &&
           a.lead == b.lead && a.trail == b.trail && a.loop == b.loop && a.axis == b.axis;
}

/* The strip takes the geometry when it changed (or a page is kept in view); false while nothing is laid out. */
bool SwipeStrip::layOut()
{
    double along = vertical() ? height() : width();
    int n = count();
    if (n == 0 || along <= 0) {
        if (n == 0 && laidOut_ && sent_.count != 0) { /* no pages: the strip closes its session until pages come */
            detent_geometry none{};
            none.viewport = along > 0 ? along : 1;
            none.item = 1;
            if (detent_strip_set_geometry(strip_, &none) == 0) sent_ = none;
        }
        return false;
    }
    double item = pageSize_ > 0 ? pageSize_ : along;
    detent_geometry g{};
    g.viewport = along;
    g.item = item;
    g.count = n;
    g.spacing = spacing_ > 0 ? spacing_ : 0;
    g.lead = lead_;
    g.trail = trail_;
    g.loop = loop_;
    g.axis = vertical() ? DETENT_AXIS_Y : DETENT_AXIS_DEFAULT;
    int keep = keepIndex_ >= 0 && keepIndex_ < n ? keepIndex_ : -1;
    keepIndex_ = -1;
    bool same = laidOut_ && sameGeometry(g, sent_);
    if (same && (keep < 0 || keep == detent_strip_get_index(strip_))) return true;
    g.has_index = keep >= 0;
    g.index = keep >= 0 ? keep : 0;
    attach(true);
    if (detent_strip_set_geometry(strip_, &g) != 0) {
        qWarning("Detent.Controls SwipeView: the geometry was refused: %s", detent_strip_get_error(strip_));
        return laidOut_;
    }
    sent_ = g;
    pageLength_ = item;
    laidOut_ = true;
    return true;
}

void SwipeStrip::updatePolish()
{
    applyPending();
    if (!laidOut_ && current_ < 0 && count() > 0) setCurrent(0, false); /* Qt's ListView starts on its first item */
    if (!laidOut_ && keepIndex_ < 0 && current_ >= 0 && current_ < count()) keepIndex_ = current_; /* opens there */
    if (emitDue_) {
        emitDue_ = false;
        emit currentIndexChanged();
        describe();
    }
    if (layOut()) sync();
    place();
}

/* Each page at its place at the offset drawn; the ones off the view culled. */
void SwipeStrip::place()
{
    int n = count();
    double along = vertical() ? height() : width(), across = vertical() ? width() : height();
    if (mirrored() != mirrored_) { /* LayoutMirroring changed: every page again */
        mirrored_ = mirrored();
        near_.assign(size_t(n), 1);
        emit mirroredChanged();
    }
    if (near_.size() != size_t(n)) near_.assign(size_t(n), 1);
    for (int i = 0; i < n; i++) {
        QQuickItem *page = pages_[size_t(i)];
        if (!page) continue;
        if (!laidOut_) {
            cull(page, true);
            continue;
        }
        double start = detent_strip_place(strip_, i, offset_);
        double at = start - offset_;
        bool overlaps = std::isfinite(at) && at < along && at + pageLength_ > 0;
        if (!overlaps && !near_[size_t(i)]) continue;
        near_[size_t(i)] = overlaps;
        if (mirrored_ && !vertical()) at = along - at - pageLength_;
        /* SwipeView sizes each page to the view; Detent's narrower pages are sized here */
        QSizeF size = vertical() ? QSizeF(across, pageLength_) : QSizeF(pageLength_, across);
        if (page->size() != size) page->setSize(size);
        if (vertical()) page->setPosition(QPointF(0, at));
        else page->setPosition(QPointF(at, 0));
        cull(page, !overlaps);
    }
}
