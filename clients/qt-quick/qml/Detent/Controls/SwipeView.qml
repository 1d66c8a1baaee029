// Detent.Controls' SwipeView: QtQuick.Templates' SwipeView (so Container's
// API, SwipeView's own and its attached properties are Qt's) whose content
// item is Detent's strip (Detent.Controls.impl's SwipeStrip) in the place of
// the ListView Qt's styles give it. The pages come to rest where detentd
// decides (its `qt-swipeview` plugin by default: Qt's own feel).
// SPDX-License-Identifier: Apache-2.0
import QtQuick
import QtQuick.Templates as T
import Detent.Controls.impl as Impl

T.SwipeView {
    id: control

    // Detent's: the plugin asked for, the socket (empty: the discovery rule),
    // the motion ("auto": GNOME's enable-animations, "full", "reduced"),
    // the geometry beyond SwipeView's (0 / none / false: SwipeView's)
    property string plugin: "qt-swipeview"
    property string socket: ""
    property string motion: "auto"
    property real pageSize: 0
    property real leadingInset: 0
    property real trailingInset: 0
    property bool loop: false
    // read-only: whether detentd answers, and the plugin that runs (its word)
    readonly property bool connected: contentItem instanceof Impl.SwipeStrip ? contentItem.connected : false
    readonly property string runningPlugin: contentItem instanceof Impl.SwipeStrip ? contentItem.runningPlugin : ""

    implicitWidth: Math.max(implicitBackgroundWidth + leftInset + rightInset,
                            contentWidth + leftPadding + rightPadding)
    implicitHeight: Math.max(implicitBackgroundHeight + topInset + bottomInset,
                             contentHeight + topPadding + bottomPadding)

    Accessible.role: Accessible.Grouping
    Accessible.description: contentItem instanceof Impl.SwipeStrip ? contentItem.description : ""

    contentItem: Impl.SwipeStrip {
        model: control.contentModel
        interactive: control.interactive
        currentIndex: control.currentIndex
        focus: control.focus
        spacing: control.spacing
        orientation: control.orientation

        plugin: control.plugin
        socket: control.socket
        motion: control.motion
        pageSize: control.pageSize
        leadingInset: control.leadingInset
        trailingInset: control.trailingInset
        loop: control.loop
    }
}
