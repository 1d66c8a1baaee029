/*
 * SwipeStrip's pages and its currentIndex. The pages are the
 * container's contentModel (a QQmlObjectModel, read through its QObject
 * API: count, get(), childrenChanged); the container parents them to this
 * item. currentIndex is kept as Qt 6.4.2's ListView keeps it under the
 * Basic style's SwipeView (measured: clients/qt-quick/README.md):
 * - a page inserted at or before it, into a view that has pages, moves it
 *   up one, said at the next polish (the container ignores it while it
 *   inserts); so a Repeater's pages arriving after `currentIndex: 1` push
 *   it to the last page, as Qt's do; the same rule keeps the shown page
 *   when a page is inserted before it later;
 * - a page removed before it moves it down one; the current page moved
 *   keeps it on that page;
 * - during a drag, and during the motion the strip decides for a release,
 *   a wheel click or a touchpad swipe, it follows the page drawn (the one
 *   whose half-way range holds the offset, as StrictlyEnforceRange does),
 *   and an app's change then lasts until the next frame;
 * - otherwise an app's change moves the view there (the strip's goto,
 *   animated), and an index out of the pages (-1, past the end) moves
 *   nothing and is not followed until it is set in range again.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "swipestrip.h"

#include <QtCore/QMetaMethod>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQml/QQmlInfo>
#include <QtQmlModels/private/qqmlchangeset_p.h>
#include <QtQmlModels/private/qqmlobjectmodel_p.h>
#include <QtQuick/private/qquickitem_p.h>

#include <algorithm>
#include <cmath>

SwipeStrip::SwipeStrip(QQuickItem *parent) : QQuickItem(parent)
{
    setFlag(ItemIsFocusScope, false);
    setAcceptedMouseButtons(Qt::LeftButton);
    setFiltersChildMouseEvents(true);
    setActiveFocusOnTab(false);
    linkInit();
}

SwipeStrip::~SwipeStrip()
{
    linkLeave();
    detent_strip_free(strip_);
}

void SwipeStrip::componentComplete()
{
    QQuickItem::componentComplete();
    readPages();
    relayout();
}

void SwipeStrip::setModel(const QVariant &model)
{
    QObject *m = model.value<QObject *>();
    if (m == model_) return;
    if (model_) model_->disconnect(this);
    model_ = m;
    if (auto *instances = qobject_cast<QQmlInstanceModel *>(m))
        connect(instances, &QQmlInstanceModel::modelUpdated, this, &SwipeStrip::modelUpdated);
    readPages();
    pending_.clear();
    appliedCount_ = count();
    describe();
    relayout();
    emit modelChanged();
}

/* Its view (the container) as soon as it is its parent, before the QML bindings to it are set: the pages
 * a Repeater adds then come one by one, with the declared currentIndex, as they come to Qt's ListView. */
void SwipeStrip::adopt(QQuickItem *view)
{
    if (!view || model_) return;
    QVariant model = view->property("contentModel");
    if (!model.isValid()) return;
    current_ = view->property("currentIndex").toInt();
    /* until the binding to it is set, its index is the view's */
    connect(view, SIGNAL(currentIndexChanged()), this, SLOT(viewIndexChanged()));
    setModel(model);
    appliedCount_ = count();
}

/* Made by a Repeater (a delegate model's item is the object of one of its contexts), not declared in the view. */
static bool fromDelegate(QQuickItem *page)
{
    for (QQmlContext *c = qmlContext(page); c; c = c->parentContext()) {
        QObject *object = c->contextObject();
        for (const QMetaObject *m = object ? object->metaObject() : nullptr; m; m = m->superClass())
            if (qstrcmp(m->className(), "QQmlDelegateModelItem") == 0) return true;
    }
    return false;
}

/* The model's change: an insert or a removal waits, as in the ListView's change set, until the next polish
 * or currentIndex set (applyPending); a move keeps the current page current at once. */
void SwipeStrip::modelUpdated(const QQmlChangeSet &changes, bool reset)
{
    if (reset || !model_) {
        readPages();
        pending_.clear();
        appliedCount_ = count();
        relayout();
        return;
    }
    QQuickItem *shown = current_ >= 0 && current_ < count() ? pages_[size_t(current_)].data() : nullptr;
    bool moved = false;
    for (const QQmlChangeSet::Change &r : changes.removes()) {
        for (int k = 0; k < r.count && r.index < count(); k++) pages_.erase(pages_.begin() + r.index);
        moved = moved || r.isMove();
        if (!r.isMove())
            for (int k = 0; k < r.count; k++) pending_.push_back({false, r.index});
    }
    for (const QQmlChangeSet::Change &i : changes.inserts()) {
        for (int k = 0; k < i.count; k++) {
            QObject *o = nullptr;
            QMetaObject::invokeMethod(model_, "get", Q_RETURN_ARG(QObject *, o), Q_ARG(int, i.index + k));
            auto *page = qobject_cast<QQuickItem *>(o);
            pages_.insert(pages_.begin() + std::min(i.index + k, count()), page);
            if (i.isMove()) continue;
            if (page && !bound_ && !fromDelegate(page)) appliedCount_++; /* declared in the view: in before Qt's ListView sees any (measured) */
            else pending_.push_back({true, i.index + k});
        }
    }
    near_.assign(pages_.size(), 1);
    if (moved) {
        applyPending();
        for (int i = 0; shown && i < count(); i++)
            if (pages_[size_t(i)] == shown) setCurrent(i, false); /* moved: it stays the current page */
        keepShown();
    }
    describe();
    relayout();
}

/* Qt 6.4.2's ListView rule for currentIndex across inserts and removals (QQuickItemViewChangeSet), one
 * change at a time in order: an insert at or before it moves it up, unless the view had no items; an insert
 * into a view whose index is negative makes it 0; a removal before it moves it down; a removal of it makes
 * it the page now at its place (the last when it was the last). An index pushed past the pages is the last. */
void SwipeStrip::applyPending()
{
    if (pending_.empty()) return;
    int next = current_, items = appliedCount_;
    bool changed = false;
    for (const Change &c : pending_) {
        if (c.insert) {
            if (items > 0 && next >= c.index) next++, changed = true;
            else if (next < 0) next = 0, changed = true;
            items++;
        } else {
            items--;
            if (next > c.index) next--, changed = true;
            else if (next == c.index) next = items > 0 ? std::min(c.index, items - 1) : -1, changed = true;
        }
    }
    pending_.clear();
    appliedCount_ = count();
    if (changed && next >= count()) next = count() - 1;
    setCurrent(next, false);
    keepShown();
}

/* At rest the page shown stays in view when pages come or go before it: laid out there. */
void SwipeStrip::keepShown()
{
    if ((!laidOut_ || state_ == DETENT_STRIP_REST) && current_ >= 0 && current_ < count()) keepIndex_ = current_;
}

void SwipeStrip::readPages()
{
    std::vector<QPointer<QQuickItem>> now;
    if (model_) {
        int n = model_->property("count").toInt();
        for (int i = 0; i < n; i++) {
            QObject *o = nullptr;
            QMetaObject::invokeMethod(model_, "get", Q_RETURN_ARG(QObject *, o), Q_ARG(int, i));
            now.emplace_back(qobject_cast<QQuickItem *>(o));
        }
    }
    pages_.swap(now);
    near_.assign(pages_.size(), 1); /* placed (or culled) again at the next frame */
}

/* currentIndex as the strip pages: said now, or at the next polish (inside the container's own change). */
void SwipeStrip::setCurrent(int index, bool emitNow)
{
    if (index == current_) return;
    current_ = index;
    if (emitNow) emit currentIndexChanged();
    else {
        emitDue_ = true;
        polish();
    }
}

/* The app (through the container's binding) or the container itself sets currentIndex. */
void SwipeStrip::viewIndexChanged()
{
    QQuickItem *view = parentItem();
    if (!bound_ && view) current_ = view->property("currentIndex").toInt();
}

void SwipeStrip::setCurrentIndex(int index)
{
    if (!bound_) { /* the binding's first value: the view's, followed already */
        bound_ = true;
        if (index == current_) return;
    }
    applyPending(); /* as the ListView applies its pending changes first */
    if (index == current_) return;
    current_ = index;
    emit currentIndexChanged();
    describe();
    if (index < 0 || index >= count()) return; /* Qt's: nothing moves, and nothing follows until it is in range */
    if (followEnabled_ && state_ != DETENT_STRIP_REST) return; /* a gesture's motion: the next frame says */
    if (!laidOut_ || !isComponentComplete()) {
        keepIndex_ = index; /* opens there */
        relayout();
        return;
    }
    layOut(); /* pages that came since the last layout first */
    letGo();
    followEnabled_ = false;
    detent_strip_goto(strip_, index, true);
}

/* During a gesture's drag and motion currentIndex is the page whose half-way range holds the offset drawn. */
void SwipeStrip::follow()
{
    if (!followEnabled_ || current_ < 0 || current_ >= count() || !laidOut_) return;
    double pos = detent_strip_position(strip_, offset_);
    if (!std::isfinite(pos)) return;
    /* (k - 1/2, k + 1/2]: half-way exactly stays on the lower page (measured) */
    int k = int(std::ceil(pos - 0.5 - 1e-9));
    if (loop_) k = ((k % count()) + count()) % count();
    k = std::max(0, std::min(k, count() - 1));
    setCurrent(k, true);
}

/* "item N of M", set when it changes and the strip rests (a screen reader hears where it settled). */
void SwipeStrip::describe()
{
    if (state_ != DETENT_STRIP_REST && laidOut_) return;
    QString text;
    if (count() > 0 && current_ >= 0 && current_ < count())
        text = QStringLiteral("item %1 of %2").arg(current_ + 1).arg(count());
    if (text == description_) return;
    description_ = text;
    emit descriptionChanged();
}
