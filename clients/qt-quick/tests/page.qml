// The project's own page in the shape of Qt's gallery SwipeViewPage: three
// pages from a Repeater, currentIndex 1, a PageIndicator bound to the view.
// The tests run it as it is (Qt's SwipeView) and with `import Detent.Controls`
// added after `import QtQuick.Controls` (tests/run writes that copy).
// SPDX-License-Identifier: Apache-2.0
import QtQuick
import QtQuick.Controls

Pane {
    id: pane
    padding: 0

    SwipeView {
        id: view
        objectName: "view"
        currentIndex: 1
        anchors.fill: parent

        Repeater {
            model: 3

            Pane {
                width: view.width
                height: view.height

                Column {
                    spacing: 20
                    width: parent.width

                    Label {
                        width: parent.width
                        wrapMode: Label.Wrap
                        horizontalAlignment: Qt.AlignHCenter
                        text: "Page " + (index + 1) + " of " + view.count
                              + ": drag, scroll or use the arrow keys to page."
                    }

                    Button {
                        anchors.horizontalCenter: parent.horizontalCenter
                        text: "A button on page " + (index + 1)
                    }
                }
            }
        }
    }

    PageIndicator {
        id: indicator
        objectName: "indicator"
        count: view.count
        currentIndex: view.currentIndex
        anchors.bottom: parent.bottom
        anchors.horizontalCenter: parent.horizontalCenter
    }
}
