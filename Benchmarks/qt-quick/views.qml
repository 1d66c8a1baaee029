// Benchmarks/qt-quick's page: a grid of SwipeViews (Qt's as written; run.py
// adds `import Detent.Controls` for Detent's), five pages each, the number
// of views put in by run.py at the marker. `running` (set by run.py through
// the host's eval) pages every view to the next page, back and forth, each
// `every` ms: setCurrentIndex, the 250 ms ease both views animate.
// SPDX-License-Identifier: Apache-2.0
import QtQuick
import QtQuick.Controls

Pane {
    id: root
    padding: 0
    property bool running: false
    property int every: 400
    property int moves: 0
    property int views: 1 // @VIEWS@
    property int columns: Math.ceil(Math.sqrt(views))

    component Strip: SwipeView {
        width: grid.width / root.columns
        height: grid.height / Math.ceil(root.views / root.columns)
        clip: true
        property int way: 1
        onCurrentIndexChanged: root.moves++
        Repeater {
            model: 5
            Label {
                text: "page " + index
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
        }
    }

    Grid {
        id: grid
        anchors.fill: parent
        columns: root.columns
        Strip { id: view; objectName: "view" }
        Repeater {
            id: repeater
            model: root.views - 1
            Strip {}
        }
    }

    Timer {
        interval: root.every
        repeat: true
        running: root.running
        onTriggered: {
            for (let i = -1; i < repeater.count; i++) {
                const v = i < 0 ? view : repeater.itemAt(i)
                if (v.currentIndex + v.way < 0 || v.currentIndex + v.way >= v.count) v.way = -v.way
                v.setCurrentIndex(v.currentIndex + v.way)
            }
        }
    }
}
