/*
 * The Detent.Controls.impl plugin: the types qmltyperegistrar registers
 * (SwipeStrip), loaded by the QML engine from its qmldir.
 * SPDX-License-Identifier: Apache-2.0
 */
#include <QtQml/QQmlEngineExtensionPlugin>

void qml_register_types_Detent_Controls_impl(); /* written by qmltyperegistrar */

class DetentControlsImplPlugin : public QQmlEngineExtensionPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID QQmlEngineExtensionInterface_iid)

public:
    explicit DetentControlsImplPlugin(QObject *parent = nullptr) : QQmlEngineExtensionPlugin(parent)
    {
        /* referenced, so that the linker keeps the registration */
        volatile auto registration = &qml_register_types_Detent_Controls_impl;
        (void)registration;
    }
};

#include "plugin.moc"
