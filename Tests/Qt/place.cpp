/*
 * Tests/Qt's recorder, issue 41: a new SwipeView put on its page without moving
 * (the `place` command; Tests/Qt/README.md, "Views put on their page"), and the
 * pages its ListView holds.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "recorder.h"

#include <QtCore/QVariant>

namespace rec {

/* The pages the ListView holds (ListView.itemAtIndex: null for a page it has not
 * instantiated or has released), as a JSON array. */
std::string delegates()
{
    std::string out = "[";
    for (int i = 0; i < opt.pages; i++) {
        QQuickItem *item = nullptr;
        QMetaObject::invokeMethod(list, "itemAtIndex", Q_RETURN_ARG(QQuickItem *, item), Q_ARG(int, i));
        if (!item) continue;
        if (out.size() > 1) out += ",";
        out += std::to_string(i);
    }
    return out + "]";
}

/* `place I HOW`: a new SwipeView put on page I without moving (Tests/Qt/README.md, issue 41).
 *   create    `currentIndex: I` in its QML (measured: it drifts off the page)
 *   sized     at page 0, then currentIndex = I at once (measured: it animates, a goto)
 *   via J     at page 0; once laid out, ListView.positionViewAtIndex(J, Beginning) and
 *             (I, Beginning) in one go (record-scroll's, with J the next page or 0)
 *   jump      at page 0; once laid out, currentIndex = I with highlightMoveDuration 0
 *             (record-scroll's with spacing 0, where positionViewAtIndex goes back to 0)
 * A `placed` line follows once it rests on I (or after 1.5 s, with ok false); the clock
 * then runs until the next settle. */
struct Placing {
    int index = -1, via = -1;
    std::string how;
    bool laidOut = false;   // `via`, `jump`: the new view has laid out its pages on page 0
    double since = 0;
    long frame = 0;         // the frame it was created in
};
Placing placing;

void positionAt(int index)
{
    QMetaObject::invokeMethod(list, "positionViewAtIndex", Q_ARG(int, index), Q_ARG(int, 1 /* Beginning */));
}

double pageWidth(int i)
{
    QQuickItem *page = nullptr;
    QMetaObject::invokeMethod(swipe, "itemAt", Q_RETURN_ARG(QQuickItem *, page), Q_ARG(int, i));
    return page ? page->width() : -1;
}

/* Every page as wide as the view, and each page the ListView holds at its offset: a new
 * view past its first layouts (positionViewAtIndex before that puts pages at 0-wide offsets). */
bool laidOut()
{
    int held = 0;
    for (int i = 0; i < opt.pages; i++) {
        if (pageWidth(i) != opt.width) return false;
        QQuickItem *item = nullptr;
        QMetaObject::invokeMethod(list, "itemAtIndex", Q_RETURN_ARG(QQuickItem *, item), Q_ARG(int, i));
        if (!item) continue;
        if (item->x() != pageOffset(i)) return false;
        held++;
    }
    return held > 0;
}

void place(int index, const std::string &how, int via)
{
    Line l("place");
    l.integer("index", index).str("how", how).integer("via", via).integer("frame", frames);
    if (!createView(how == "create" ? index : 0)) return;
    l.num("width", list->width()).num("page_width", pageWidth(0)).num("cx", contentX())
        .integer("created_index", currentIndex());
    if (how == "sized") swipe->setProperty("currentIndex", index);
    placing = {index, via, how, how != "via" && how != "jump", monoMs(), frames};
    view->update();
}

void checkPlaced()
{
    if (placing.index < 0) return;
    if (!placing.laidOut) {
        /* positionViewAtIndex before the pages have their width puts them at 0-wide offsets */
        if (frames < placing.frame + 2 || contentX() != 0 || !laidOut()) {
            view->update();
            return;
        }
        placing.laidOut = true;
        Line l("position");
        l.json("delegates", delegates()).integer("frame", frames);
        if (placing.how == "jump") {
            int duration = list->property("highlightMoveDuration").toInt();
            list->setProperty("highlightMoveDuration", 0);
            swipe->setProperty("currentIndex", placing.index);
            list->setProperty("highlightMoveDuration", duration);
            l.num("cx", contentX()).integer("index", currentIndex()).json("then_delegates", delegates());
            return;
        }
        positionAt(placing.via);
        l.num("via_cx", contentX()).integer("via_index", currentIndex()).json("via_delegates", delegates());
        positionAt(placing.index);
        l.num("cx", contentX()).integer("index", currentIndex()).json("then_delegates", delegates());
    }
    bool there = std::fabs(contentX() - pageOffset(placing.index)) < 1e-9 && currentIndex() == placing.index
                 && !list->property("moving").toBool();
    bool late = monoMs() - placing.since > 1500;
    if (!there && !late) {
        view->update();
        return;
    }
    Line("placed")
        .boolean("ok", there)
        .integer("index", currentIndex())
        .num("cx", contentX())
        .str("how", placing.how)
        .integer("frame", frames)
        .json("delegates", delegates());
    placing.index = -1;
    /* The clock runs from here to the next settle, as from a press: started with the first
     * click, it read the flick's first frames one frame behind (the view's own timeline had
     * already advanced once). */
    if (there) startClock();
}

} // namespace rec
