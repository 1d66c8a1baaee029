"""tests/run's `frames` group: the same app-called motions of Qt's SwipeView
and Detent's under Qt Quick's software renderer, whose render loop draws at
the animation clock's tick, and the frames each window swapped (the host
counts frameSwapped)."""

import os

from hosts import detent_copy

# Five Labels and nothing else that animates (side.qml's PageIndicator animates on its own clock too).
BARE = """import QtQuick
import QtQuick.Controls

Item {
    SwipeView {
        objectName: "view"
        id: view
        anchors.fill: parent
        Repeater {
            model: 5
            Label { text: "page " + index }
        }
    }
}
"""


def frames(ctx):
    """The same app-called motions, Qt's and Detent's, under the software renderer, whose loop draws at the
    animation clock's tick: Detent's draws about as many frames (97 and 97, 106 and 97). Before 881a63a it drew
    one more each tick (222 against Qt's 112; BENCHMARKS.md, issue 39). A count, not a time: both move at once,
    under the same load."""
    page = os.path.join(ctx.tmp, "bare.qml")
    with open(page, "w") as f:
        f.write(BARE)
    qt = ctx.host(page, at=(40, 100), env={"QT_QUICK_BACKEND": "software"})
    det = ctx.host(detent_copy(page, ctx.tmp), at=(560, 100), env={"QT_QUICK_BACKEND": "software"})
    det.trace.wait("connected", 5, value=1)
    before = [qt.frames(), det.frames()]
    for k in (1, 2, 3, 2, 1, 0):   # one page each (250 ms in both); both at once: the same load
        for h in (qt, det):
            h.eval(f"view.setCurrentIndex({k})")
        for h in (qt, det):
            h.settle()
    q, d = qt.frames() - before[0], det.frames() - before[1]
    print(f"# frames: six one-page setCurrentIndex motions, software renderer: Qt's drew {q}, Detent's {d}",
          flush=True)
    ctx.check("frames: six one-page setCurrentIndex motions under the software renderer: Detent's draws no more "
              "than 1.5 x Qt's frames", 0 < d <= 1.5 * q and q >= 8, f"Qt {q}, Detent {d}")
