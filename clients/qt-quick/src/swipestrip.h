/*
 * SwipeStrip (Detent.Controls.impl): the content item of Detent.Controls'
 * SwipeView, in the place of the ListView Qt's styles give it. The pages
 * are the container's (its contentModel); the strip controller
 * (<detent/strip.h>) owns every paging rule, the pool (<detent/pool.h>,
 * through <detent/qt.h>'s detent::QtPool) carries it to detentd. Files:
 *   swipestrip.cpp  the pages and currentIndex as Qt's ListView keeps them
 *   props.cpp       the simple properties
 *   layout.cpp      the geometry sent, each page placed and culled
 *   input.cpp       mouse (and the pages' presses, filtered), wheel, touchpad, keys
 *   frames.cpp      what to draw at each frame, the strip's notes, the Flickable-like flags
 *   link.cpp        the pools, the motion setting
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_SWIPESTRIP_H
#define DETENT_SWIPESTRIP_H

#include <detent/strip.h>

#include <QtCore/QPointer>
#include <QtQml/qqmlregistration.h>
#include <QtQuick/QQuickItem>

#include <vector>

class QAbstractAnimation;
class QQmlChangeSet;
struct PoolEntry;

class SwipeStrip : public QQuickItem {
    Q_OBJECT
    QML_NAMED_ELEMENT(SwipeStrip)
    QML_ADDED_IN_VERSION(1, 0)
    /* What the style's ListView is bound to */
    Q_PROPERTY(QVariant model READ model WRITE setModel NOTIFY modelChanged)
    Q_PROPERTY(int currentIndex READ currentIndex WRITE setCurrentIndex NOTIFY currentIndexChanged)
    Q_PROPERTY(bool interactive READ interactive WRITE setInteractive NOTIFY interactiveChanged)
    Q_PROPERTY(Qt::Orientation orientation READ orientation WRITE setOrientation NOTIFY orientationChanged)
    Q_PROPERTY(qreal spacing READ spacing WRITE setSpacing NOTIFY spacingChanged)
    Q_PROPERTY(bool mirrored READ mirrored NOTIFY mirroredChanged)
    /* What apps read of Qt's (a Flickable's) */
    Q_PROPERTY(qreal contentX READ contentX NOTIFY contentXChanged)
    Q_PROPERTY(qreal contentY READ contentY NOTIFY contentYChanged)
    Q_PROPERTY(bool moving READ moving NOTIFY movingChanged)
    Q_PROPERTY(bool flicking READ flicking NOTIFY flickingChanged)
    Q_PROPERTY(bool dragging READ dragging NOTIFY draggingChanged)
    /* Detent's geometry */
    Q_PROPERTY(qreal pageSize READ pageSize WRITE setPageSize NOTIFY geometryChanged)
    Q_PROPERTY(qreal leadingInset READ leadingInset WRITE setLeadingInset NOTIFY geometryChanged)
    Q_PROPERTY(qreal trailingInset READ trailingInset WRITE setTrailingInset NOTIFY geometryChanged)
    Q_PROPERTY(bool loop READ loop WRITE setLoop NOTIFY geometryChanged)
    /* Detent's link */
    Q_PROPERTY(QString plugin READ plugin WRITE setPlugin NOTIFY pluginChanged)
    Q_PROPERTY(QString socket READ socket WRITE setSocket NOTIFY socketChanged)
    Q_PROPERTY(QString motion READ motion WRITE setMotion NOTIFY motionChanged)
    Q_PROPERTY(bool connected READ connected NOTIFY connectedChanged)
    Q_PROPERTY(QString runningPlugin READ runningPlugin NOTIFY runningPluginChanged)
    Q_PROPERTY(QString description READ description NOTIFY descriptionChanged)
    /* For tools and tests, the frame drawn now as the strip controller gave it: its state ("rest", "drag",
     * "moving"), its index (where it rests or its motion heads) and its time (ms of Qt's animation clock, the
     * strip's own); frameChanged after each frame stored, before the notes it brought are acted on */
    Q_PROPERTY(QString motionState READ motionState NOTIFY frameChanged)
    Q_PROPERTY(int frameIndex READ frameIndex NOTIFY frameChanged)
    Q_PROPERTY(double frameTime READ frameTime NOTIFY frameChanged)

public:
    explicit SwipeStrip(QQuickItem *parent = nullptr);
    ~SwipeStrip() override;

    QVariant model() const { return QVariant::fromValue(model_.data()); }
    void setModel(const QVariant &model);
    int currentIndex() const { return current_; }
    void setCurrentIndex(int index);
    bool interactive() const { return interactive_; }
    void setInteractive(bool on);
    Qt::Orientation orientation() const { return orientation_; }
    void setOrientation(Qt::Orientation o);
    qreal spacing() const { return spacing_; }
    void setSpacing(qreal s);
    bool mirrored() const; /* its effective LayoutMirroring, as a ListView's layout direction follows it */

    qreal contentX() const { return vertical() ? 0 : shownX_; }
    qreal contentY() const { return vertical() ? offset_ : 0; }
    bool moving() const { return moving_; }
    bool flicking() const { return flicking_; }
    bool dragging() const { return dragging_; }

    qreal pageSize() const { return pageSize_; }
    void setPageSize(qreal v);
    qreal leadingInset() const { return lead_; }
    void setLeadingInset(qreal v);
    qreal trailingInset() const { return trail_; }
    void setTrailingInset(qreal v);
    bool loop() const { return loop_; }
    void setLoop(bool on);

    QString plugin() const { return plugin_; }
    void setPlugin(const QString &p);
    QString socket() const { return socket_; }
    void setSocket(const QString &s);
    QString motion() const { return motion_; }
    void setMotion(const QString &m);
    bool connected() const { return connected_; }
    QString runningPlugin() const;
    QString description() const { return description_; }
    QString motionState() const;
    int frameIndex() const { return int(index_); }
    double frameTime() const { return frameTime_; }

    /* link.cpp: the pool's side (called by the pool entry) */
    void setConnected(bool on);
    void applyMotion();

signals:
    void modelChanged();
    void currentIndexChanged();
    void interactiveChanged();
    void orientationChanged();
    void spacingChanged();
    void mirroredChanged();
    void contentXChanged();
    void contentYChanged();
    void movingChanged();
    void flickingChanged();
    void draggingChanged();
    void movementStarted();
    void movementEnded();
    void flickStarted();
    void flickEnded();
    void dragStarted();
    void dragEnded();
    void geometryChanged();
    void pluginChanged();
    void socketChanged();
    void motionChanged();
    void connectedChanged();
    void runningPluginChanged();
    void descriptionChanged();
    void frameChanged();

protected:
    void componentComplete() override;
    void geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry) override;
    void updatePolish() override;
    void itemChange(ItemChange change, const ItemChangeData &data) override;
    bool childMouseEventFilter(QQuickItem *item, QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseUngrabEvent() override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private slots:
    void viewIndexChanged();

private:
    friend struct PoolEntry;
    bool vertical() const { return orientation_ == Qt::Vertical; }
    int count() const { return int(pages_.size()); }

    /* swipestrip.cpp */
    void readPages();
    void modelUpdated(const QQmlChangeSet &changes, bool reset);
    void adopt(QQuickItem *view);
    void applyPending();
    void keepShown();
    void setCurrent(int index, bool emitNow);
    void follow();
    void describe();

    /* layout.cpp */
    void relayout();
    bool layOut();
    void place();
    void cull(QQuickItem *page, bool culled);

    /* input.cpp */
    double along(QPointF p) const;
    bool pointerPress(QMouseEvent *e, QPointF scenePos);
    bool pointerMove(QMouseEvent *e, QPointF scenePos);
    bool pointerRelease(QMouseEvent *e, QPointF scenePos);
    void letGo();
    void scroll(QWheelEvent *e);

    /* link.cpp, frames.cpp */
    void linkInit();
    void linkJoin();
    void linkLeave();
    void attach(bool on);
    void sync();
    void frame();
    void startClock();
    double clockNow() const;
    void store(double now);
    void publish();

    detent_strip *strip_ = nullptr;
    PoolEntry *pool_ = nullptr;
    bool inPool_ = false;

    QPointer<QObject> model_;
    std::vector<QPointer<QQuickItem>> pages_;
    int current_ = -1;
    bool followEnabled_ = false; /* currentIndex follows the drawn page (a gesture's drag and motion) */
    struct Change {
        bool insert;
        int index;
    };
    std::vector<Change> pending_; /* inserts and removals not applied to currentIndex yet */
    int appliedCount_ = 0;        /* the pages when they last were */
    bool bound_ = false;          /* currentIndex's binding has been set */
    bool emitDue_ = false;       /* currentIndex changed inside the container's own change: said at polish */
    int keepIndex_ = -1;         /* lay out at this index (pages came or went before the one shown) */
    bool interactive_ = true, mirrored_ = false; /* mirrored_: as last placed */
    Qt::Orientation orientation_ = Qt::Horizontal;
    qreal spacing_ = 0, pageSize_ = 0, lead_ = 0, trail_ = 0;
    bool loop_ = false;

    QString plugin_ = QStringLiteral("qt-swipeview"), socket_, motion_ = QStringLiteral("auto");
    bool connected_ = false;
    QString description_;

    bool laidOut_ = false;
    detent_geometry sent_{};
    double pageLength_ = 0;
    double offset_ = 0, shownX_ = 0, shownY_ = 0;
    int64_t index_ = 0;
    detent_strip_state state_ = DETENT_STRIP_REST;
    double frameTime_ = 0;  /* the `now` of the last frame stored */
    bool framed_ = false;   /* a frame was stored since the last frameChanged */
    bool moving_ = false, flicking_ = false, dragging_ = false;
    std::vector<char> near_; /* pages placed unculled at the last frame */

    /* input */
    bool pressed_ = false, grabbed_ = false, dragMoved_ = false, scrolling_ = false;
    bool gestureMoved_ = false; /* the content moved since the gesture began: moving until it rests */
    QPointF pressPos_;
    double pressOffset_ = 0; /* drawn at the press: the content moved once it differs */
    double lastT_ = 0;

    /* frames */
    QAbstractAnimation *clock_ = nullptr;
    double clockBase_ = 0;
    bool syncing_ = false, dirty_ = false, ticking_ = false;
};

#endif
