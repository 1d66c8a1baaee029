"""The Qt recorder under a real X server: Xvfb on a free display, the
recorder's stdout read line by line (one JSON object a line, each with the
moment it came), real pointer events through xdotool (XTEST).

Xvfb, the trace with bounded waits and the xdotool wrapper are
Tests/GTK/harness.py's (loaded by path, as Tests/Adwaita/harness.py does);
the package check (one package per apt-get call), the JSON line parser and
the recorder process are here.

Every wait has a time limit and fails with HarnessError when it passes, or
at once when the recorder has ended."""

import importlib.util
import json
import os
import subprocess

_spec = importlib.util.spec_from_file_location(
    "gtk_harness", os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "GTK", "harness.py"))
_gtk = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gtk)

# What building and running the recorder needs on Debian 12 (Qt 6.4.2). The QML
# modules are what `import QtQuick` / `import QtQuick.Controls.Basic` load at run time.
PACKAGES = ["xvfb", "xdotool", "pkg-config", "make", "g++", "qt6-declarative-dev",
            "qml6-module-qtquick", "qml6-module-qtquick-controls", "qml6-module-qtquick-templates",
            "qml6-module-qtquick-window", "qml6-module-qtqml-workerscript", "libgl1-mesa-dri"]

HarnessError = _gtk.HarnessError
X = _gtk.X


def installed(package):
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return "install ok installed" in r.stdout


def ensure_packages(packages=PACKAGES, log=print):
    """apt-get installs what is missing, one package per apt-get call."""
    missing = [p for p in packages if not installed(p)]
    if not missing:
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    log(f"# installing {' '.join(missing)}")
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
    for p in missing:
        subprocess.run(["apt-get", "install", "-y", "-q", p], check=True, env=env, stdout=subprocess.DEVNULL)


def parse_line(line):
    """One recorder line: its JSON object, with "verb" = its "e" (what the shared Trace matches)."""
    try:
        fields = json.loads(line)
    except ValueError:
        return {"verb": "?", "raw": line.rstrip("\n")}
    if not isinstance(fields, dict):
        return {"verb": "?", "raw": line.rstrip("\n")}
    fields["verb"] = fields.get("e", "?")
    return fields


class Xvfb(_gtk.Xvfb):
    """Wide enough for drags longer than a page on both sides of the window."""

    def __init__(self, size="2400x600x24"):
        super().__init__(size)


class Trace(_gtk.Trace):
    def __init__(self, stream, alive):
        super().__init__(stream, alive, parse=parse_line)


class Recorder(_gtk.Recorder):
    """Tests/Qt's detent-qt-recorder on the display, with these options."""

    def __init__(self, binary, display, options, extra_env=None):
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", QT_QUICK_CONTROLS_STYLE="Basic",
                   XDG_RUNTIME_DIR=os.environ.get("XDG_RUNTIME_DIR", "/tmp/runtime-" + str(os.getuid())))
        env.update(extra_env or {})
        os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
        super().__init__(binary, env, options, Trace)


class WaylandRecorder(_gtk.Recorder):
    """The recorder as a client of a Tests/Wayland sway (QT_QPA_PLATFORM=wayland): env is the
    sway's client environment (sway.env())."""

    def __init__(self, binary, env, options):
        super().__init__(binary, dict(env, QT_QUICK_CONTROLS_STYLE="Basic", QT_QUICK_BACKEND="software"), options,
                         Trace, wayland=True)
