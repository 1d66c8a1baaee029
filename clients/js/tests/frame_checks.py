"""<detent-carousel> asks for an animation frame only when it has
something new to draw: never at rest, never while a drag is held still,
never while a release awaits its decision (the daemon is stopped with
SIGSTOP meanwhile, so the wait is as long as the check wants). Each of
its frames is one `detent-trace` frame event (trace.js), so the frames
of one carousel are counted on it alone, whatever the others on the page
do. A frame with nothing to draw costs power, and after input Chromium
hands a WebSocket reply to the page only once a frame it owes is done
(BENCHMARKS.md, "The web demo: from pointerup to the decision")."""

import os
import signal
import time

COUNT = """(() => { const c = document.getElementById('basic');
  c.trace = true;
  window.basicFrames = 0;
  c.addEventListener('detent-trace', (e) => { if (e.detail.kind === 'frame') window.basicFrames += 1; });
  return true; })()"""


CURSOR = "getComputedStyle(c.shadowRoot.querySelector('[part=scroll-container]')).cursor"


def frames_over(page, seconds):
    """Frames the carousel drew over the next `seconds`."""
    page.b.js("window.basicFrames = 0, true")
    time.sleep(seconds)
    return page.b.js("window.basicFrames")


def check_frames(check, page, backend):
    page.b.js(COUNT)
    session = page.settled("basic")["session"]
    check("basic: at rest it draws no frame (0.5 s)", frames_over(page, 0.5) == 0, "")
    mark = page.mark()
    x, y = page.drag("basic", -260, 100, release=False)
    moves = page.sent(mark, session, "move")
    if moves:
        page.wait_reply(moves[-1])  # the last move's reply drawn: from now nothing changes
    time.sleep(0.05)
    n = frames_over(page, 0.4)
    check("basic: a drag held still draws no frame (0.4 s)", bool(moves) and n == 0,
          f"{n} frames" if moves else "the drag sent no move")
    os.kill(backend.daemon.pid, signal.SIGSTOP)
    try:
        page.b.js("window.basicFrames = 0, true")
        page.b.mouse("mouseReleased", x, y, buttons=0)
        time.sleep(0.4)
        n = page.b.js("window.basicFrames")
        busy = page.info("basic")["busy"]
        check("basic: a release awaiting its decision draws no frame (0.4 s, the daemon stopped)",
              n == 0 and busy == "true", f"{n} frames, aria-busy {busy}")
        cursor = page.js("basic", CURSOR)
        check("basic: ... and changes no style: the cursor stays grabbing until the decision", cursor == "grabbing", cursor)
    finally:
        os.kill(backend.daemon.pid, signal.SIGCONT)
    page.b.js("window.basicFrames = 0, true")
    page.settled("basic")
    n = page.b.js("window.basicFrames")
    check("basic: the decision then moves it, frame by frame, to rest", n >= 3, f"{n} frames")
    check("basic: back at rest it draws no frame (0.5 s)", frames_over(page, 0.5) == 0, "")
    cursor = page.js("basic", CURSOR)
    check("basic: at rest the cursor is grab again (mouse-dragging)", cursor == "grab", cursor)
