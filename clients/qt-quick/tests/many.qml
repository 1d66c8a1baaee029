// 1,000 pages from a Repeater, each a Label (a page of many controls would
// time the controls, not the view).
// SPDX-License-Identifier: Apache-2.0
import QtQuick
import QtQuick.Controls

Pane {
    padding: 0

    SwipeView {
        id: view
        objectName: "view"
        anchors.fill: parent

        Repeater {
            model: 1000
            Label { text: "Page " + (index + 1) }
        }
    }

    PageIndicator {
        objectName: "indicator"
        count: Math.min(view.count, 10)
        currentIndex: view.currentIndex
        anchors.bottom: parent.bottom
        anchors.horizontalCenter: parent.horizontalCenter
    }
}
