#!/usr/bin/python3
"""The AT-SPI side, as a screen reader reads it (python3-pyatspi, on the
accessibility bus of DBUS_SESSION_BUS_ADDRESS's session):

    atspi_probe.py tree     every named accessible of every application, one JSON list
    atspi_probe.py listen   `listening`, then `description name="N" value="V"` for each
                            object:property-change:accessible-description (Orca's cue)

Run by Tests/GTK/a11y.py under the test's own bus."""

import json
import sys

import pyatspi


def quote(text):
    return '"' + (text or "").replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def walk(node, out, depth=0):
    if node is None or depth > 40:
        return
    try:
        name, role, description = node.name, node.getRoleName(), node.description
        states = node.getState()
        count = node.childCount
    except Exception:                                     # gone meanwhile
        return
    if name:
        out.append({"role": role, "name": name, "description": description,
                    "focused": states.contains(pyatspi.STATE_FOCUSED),
                    "focusable": states.contains(pyatspi.STATE_FOCUSABLE)})
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        walk(child, out, depth + 1)


def tree():
    out = []
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        walk(desktop.getChildAtIndex(i), out)
    print(json.dumps(out))


def listen():
    def on_event(event):
        try:
            name = event.source.name
        except Exception:
            name = ""
        print(f"description name={quote(name)} value={quote(str(event.any_data))}", flush=True)

    pyatspi.Registry.registerEventListener(on_event, "object:property-change:accessible-description")
    print("listening", flush=True)
    pyatspi.Registry.start()


if __name__ == "__main__":
    {"tree": tree, "listen": listen}[sys.argv[1]]()
