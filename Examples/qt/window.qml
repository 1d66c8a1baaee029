// The window, titled "Detent: SwipeView twin": Qt Quick Controls' own
// SwipeView (Basic style) above Detent.Controls' SwipeView with the same
// pages (width, height, spacing, count, colour i of the GTK demo's palette
// with its number large), and over them a banner while the daemon cannot be
// reached (red) or refuses the plugin asked for (amber). No paging logic of
// its own: the lower view is Detent.Controls' (drags, wheel, touchpad, keys,
// its accessible role and "item N of M", reduced motion, offline paging).
// `hooks` (a QQmlPropertyMap of the C++ host, main.cpp) carries the options
// in and what the host must hear out (hooks.command, hooks.frame).
// SPDX-License-Identifier: Apache-2.0
import QtQuick
import QtQuick.Controls.Basic
import Detent.Controls as Detent

Rectangle {
    id: root
    color: "#f4f5f8"
    width: column.width + 32
    height: column.y + column.height + 16
    readonly property var colors: ["#2d6cdf", "#1f9d74", "#c2410c", "#7c3aed", "#be185d", "#0e7490", "#a16207", "#4d7c0f"]
    readonly property color ink: "#1c2230"
    readonly property color dim: "#5d6678"

    component Page: Rectangle {
        required property int index
        width: hooks.pageWidth
        height: hooks.pageHeight
        color: root.colors[index % 8]
        Text {
            anchors.centerIn: parent
            text: parent.index
            color: "white"
            font.pixelSize: Math.max(12, parent.height / 3)
            font.bold: true
        }
    }

    component Section: Rectangle {
        default property alias content: inner.data
        width: hooks.pageWidth + 24
        height: inner.height + 18
        radius: 14
        color: "white"
        border.color: "#e3e6ec"
        Column { id: inner; x: 12; y: 10; spacing: 6; width: hooks.pageWidth }
    }

    component Status: Text {
        required property int page
        required property real at
        required property bool moving
        anchors.centerIn: parent; font.pixelSize: 12; color: root.dim
        text: "page " + page + " \u00b7 " + (moving ? "moving" : "at rest") + " \u00b7 " + at.toFixed(1) + " pt"
    }

    Column {
        id: column
        x: 16; y: 14
        spacing: 6
        width: hooks.pageWidth + 24

        Row {
            spacing: 10
            Text { id: heading; text: "Detent"; font.pixelSize: 22; font.bold: true; color: root.ink }
            Text {
                text: "Qt's feel, twice"; font.pixelSize: 14; color: root.dim
                y: heading.baselineOffset - baselineOffset
            }
        }
        Text {
            width: parent.width; wrapMode: Text.Wrap; font.pixelSize: 12; color: root.dim
            text: "Drag either with the mouse. Above, Qt Quick's own SwipeView (Basic style); below, Detent.Controls' "
                  + "SwipeView with the same " + hooks.pages + " pages (" + hooks.pageWidth + " pt, " + hooks.spacing
                  + " pt apart), paged by detentd's plugin in its menu. Tab to it to page it with the arrow keys, "
                  + "Home, End, Page Up and Page Down."
        }
        Text {
            width: parent.width; elide: Text.ElideRight; font.pixelSize: 12; color: root.dim
            text: "Daemon: " + hooks.tried + (strip.connected ? " \u00b7 " + strip.runningPlugin : " \u00b7 offline")
        }

        Section {
            Row {
                spacing: 8
                Text { text: "SwipeView"; font.pixelSize: 15; font.bold: true; color: root.ink }
                Text { text: "Qt Quick Controls, Basic style"; font.pixelSize: 12; color: root.dim; anchors.bottom: parent.bottom }
            }
            SwipeView {
                id: swipe
                objectName: "swipe"
                width: hooks.pageWidth
                height: hooks.pageHeight
                spacing: hooks.spacing
                currentIndex: hooks.start
                clip: true
                Repeater { model: hooks.pages; Page {} }
                onCurrentIndexChanged: hooks.command = "swipe"
            }
            Connections {
                target: swipe.contentItem
                function onContentXChanged() { hooks.command = "swipe" }
                function onMovingChanged() { hooks.command = "swipe" }
            }
            Item {
                width: parent.width; height: swipePrev.height
                Button {
                    id: swipePrev; objectName: "swipePrev"; text: "\u25c0"; width: 44
                    onClicked: { swipe.decrementCurrentIndex(); hooks.command = "swipe-goto" }
                }
                Status { page: swipe.currentIndex; at: swipe.contentItem.contentX; moving: swipe.contentItem.moving }
                Button {
                    objectName: "swipeNext"; text: "\u25b6"; width: 44; anchors.right: parent.right
                    onClicked: { swipe.incrementCurrentIndex(); hooks.command = "swipe-goto" }
                }
            }
        }

        Section {
            Item {
                width: parent.width; height: plugin.height
                Text {
                    id: stripTitle
                    text: "Detent.Controls"; font.pixelSize: 15; font.bold: true; color: root.ink
                    anchors.verticalCenter: parent.verticalCenter
                }
                Text {
                    id: pluginLabel
                    text: "plugin"; font.pixelSize: 12; color: root.dim
                    anchors.right: plugin.left; anchors.rightMargin: 8; anchors.verticalCenter: parent.verticalCenter
                }
                ComboBox {
                    id: plugin
                    objectName: "plugin"
                    width: Math.min(180, parent.width - stripTitle.width - pluginLabel.width - 24)
                    anchors.right: parent.right
                    model: hooks.offered
                    currentIndex: hooks.offeredIndex
                    onActivated: (index) => { hooks.command = "choose " + textAt(index) }
                    onHighlightedIndexChanged: if (popup.opened && highlightedIndex >= 0)
                        hooks.command = "popup focus=" + textAt(highlightedIndex)
                    Connections {
                        target: plugin.popup
                        function onOpened() {
                            hooks.command = "popup shown=1"
                            if (plugin.highlightedIndex >= 0)
                                hooks.command = "popup focus=" + plugin.textAt(plugin.highlightedIndex)
                        }
                        function onClosed() { hooks.command = "popup shown=0" }
                    }
                }
            }
            Item {
                width: hooks.pageWidth
                height: hooks.pageHeight
                Detent.SwipeView {
                    id: strip
                    objectName: "strip"
                    anchors.fill: parent
                    spacing: hooks.spacing
                    currentIndex: hooks.start
                    clip: true
                    plugin: hooks.plugin
                    socket: hooks.socket
                    motion: hooks.motion
                    focusPolicy: Qt.StrongFocus
                    opacity: connected ? 1 : 0.45
                    Accessible.name: "Detent strip"
                    Accessible.focusable: true
                    Repeater { model: hooks.pages; Page {} }
                }
                Rectangle {
                    objectName: "stripFocus"
                    anchors.fill: parent
                    visible: strip.activeFocus
                    color: "transparent"
                    border.color: root.ink
                    border.width: 2
                    Rectangle {
                        anchors.fill: parent; anchors.margins: 2
                        color: "transparent"; border.color: "white"; border.width: 2
                    }
                }
            }
            Connections {
                target: strip.contentItem
                function onFrameChanged() { hooks.frame = hooks.frame + 1 }
                function onDescriptionChanged() { hooks.command = "a11y" }
            }
            Connections {
                target: strip
                function onConnectedChanged() { hooks.command = "link" }
            }
            Item {
                width: parent.width; height: stripPrev.height
                Button {
                    id: stripPrev; objectName: "stripPrev"; text: "\u25c0"; width: 44
                    onClicked: strip.decrementCurrentIndex()
                }
                Status { page: strip.currentIndex; at: strip.contentItem.contentX; moving: strip.contentItem.moving }
                Button {
                    objectName: "stripNext"; text: "\u25b6"; width: 44; anchors.right: parent.right
                    onClicked: strip.incrementCurrentIndex()
                }
            }
        }
    }

    Rectangle {
        objectName: "banner"
        visible: hooks.banner !== ""
        width: root.width
        height: bannerText.height + 20
        color: hooks.bannerRefused ? "#b45309" : "#b42318"
        Text {
            id: bannerText
            x: 16; y: 10; width: parent.width - 32
            wrapMode: Text.Wrap; color: "white"; font.pixelSize: 14
            text: hooks.banner
        }
    }
}
