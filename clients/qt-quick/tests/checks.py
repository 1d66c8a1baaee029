"""The groups of tests/run. Each scripted run is the same real input (xdotool
under Xvfb) and the same app calls on a page as Qt's SwipeView and on the
same page with `import Detent.Controls` added; what Qt's does is the
answer (measured each run, not written down)."""

import json
import os
import signal
import subprocess
import time

from hosts import Host, detent_copy

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "page.qml")
MANY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "many.qml")
SIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "side.qml")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


class Context:
    def __init__(self, build, display, bin_dir, tmp, check):
        self.build, self.display, self.bin_dir, self.tmp, self.check = build, display, bin_dir, tmp, check
        self.hosts, self.daemon = [], None
        self.socket = os.path.join(tmp, "detentd.sock")
        self.start_daemon()

    def start_daemon(self, path=None):
        path = path or self.socket
        with open(os.path.join(ROOT, "plugins.json")) as f:
            config = json.load(f)
        config_path = os.path.join(self.tmp, "plugins.json")
        with open(config_path, "w") as f:
            json.dump(config, f)
        self.daemon = subprocess.Popen([os.path.join(self.bin_dir, "detentd"), "--config", config_path, "--socket",
                                        path, "--log-level", "warning"], stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not os.path.exists(path):
            if self.daemon.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("detentd did not start")
            time.sleep(0.02)
        return time.monotonic()

    def stop_daemon(self, kill=False):
        if self.daemon and self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.daemon.wait(10)
        self.daemon = None

    def host(self, page, socket="default", **kw):
        h = Host(self.build, self.display, page, socket=self.socket if socket == "default" else socket, **kw)
        self.hosts.append(h)
        return h

    def close_all(self):
        for h in self.hosts:
            h.close()
        self.hosts = []


def follows(h, start=0):
    """The PageIndicator took every value currentIndex took, in order (bound to it: each change, at once)."""
    return h.values("index", start) == h.values("indicator", start)


def run_script(h, script):
    """Each step's input, then the view at rest."""
    for step in script:
        step(h)
        h.settle()


def page_script():
    return [
        lambda h: h.drag(0.2, 0.95, steps=15, step_ms=30, hold_ms=250),    # slow, back, more than half a page
        lambda h: h.drag(0.3, 0.6, steps=4, step_ms=12),                   # a fast flick back
        lambda h: h.drag(0.6, 0.45, steps=6, step_ms=40, hold_ms=250),     # short and slow: stays
        lambda h: h.wheel(7), lambda h: h.wheel(7), lambda h: h.wheel(6),  # horizontal wheel clicks
        lambda h: h.key("Tab"), lambda h: h.key("Tab"),                    # the keyboard's focus, as a user moves it
        lambda h: h.key("Right"), lambda h: h.key("Left"), lambda h: h.key("Left"),
        lambda h: h.eval("view.incrementCurrentIndex()"),
        lambda h: h.eval("view.setCurrentIndex(2)"),
        lambda h: h.eval("view.decrementCurrentIndex()"),
    ]


def page(ctx):
    """The gallery-shaped page, Qt's and Detent's, paged alike."""
    check, runs = ctx.check, {}
    for name, path in [("Qt", PAGE), ("Detent", detent_copy(PAGE, ctx.tmp))]:
        h = ctx.host(path)
        start = 0
        if name == "Detent":
            h.trace.wait("connected", 5, value=1)
            check("page: Detent's view is connected, its plugin qt-swipeview",
                  h.eval("view.runningPlugin") == "qt-swipeview", h.eval("view.runningPlugin"))
        first = h.index()
        start = h.trace.mark()
        run_script(h, page_script())
        runs[name] = (first, h.values("index", start), h.values("moving", start))
        if name == "Detent":
            at = h.index()
            check("page: Detent's Accessible.description says where it rests",
                  h.eval("view.Accessible.description") == f"item {at + 1} of 3", h.eval("view.Accessible.description"))
        check(f"page: {name}'s PageIndicator follows each currentIndex change", follows(h, start))
        check(f"page: {name}'s currentIndex changed while the button was down in a drag",
              any(f.get("down") == 1 for _, _, f in h.trace.select(start, h.trace.mark(), "index")))
        h.close()
    (qf, qs, qm), (df, ds, dm) = runs["Qt"], runs["Detent"]
    check("page: Detent's opens on Qt's page (a Repeater's pages after currentIndex: 1)", qf == df, f"Qt {qf}, Detent {df}")
    check("page: the same currentIndex sequence", qs == ds, f"Qt {qs}, Detent {ds}")
    check("page: the sequence pages both ways (it is not empty)", len(set(qs)) >= 3, str(qs))
    check("page: contentItem.moving rises and falls as Qt's (drags and wheel clicks, not keys or app calls)",
          qm == dm and len(qm) >= 4, f"Qt {qm}, Detent {dm}")


def variants(ctx):
    """interactive: false, a vertical view, right to left: the same input, the same currentIndex sequence as Qt's."""
    check = ctx.check
    with open(PAGE) as f:
        text = f.read()
    cases = {
        "interactive false": ("interactive: false", [
            lambda h: h.drag(0.2, 0.9, steps=10, step_ms=30, hold_ms=200), lambda h: h.wheel(6),
            lambda h: h.key("Tab"), lambda h: h.key("Left"), lambda h: h.eval("view.setCurrentIndex(0)")]),
        "vertical": ("orientation: Qt.Vertical", [
            lambda h: h.drag_y(0.2, 0.9, hold_ms=200), lambda h: h.drag_y(0.3, 0.55, steps=4, step_ms=12),
            lambda h: h.wheel(5), lambda h: h.wheel(4), lambda h: h.drag_y(0.8, 0.2, hold_ms=200)]),
        "right to left": ("LayoutMirroring.enabled: true; LayoutMirroring.childrenInherit: true", [
            lambda h: h.drag(0.9, 0.2, steps=15, step_ms=30, hold_ms=250), lambda h: h.drag(0.6, 0.3, steps=4, step_ms=12),
            lambda h: h.drag(0.2, 0.9, steps=15, step_ms=30, hold_ms=250)]),
    }
    for what, (line, script) in cases.items():
        source = os.path.join(ctx.tmp, "variant-" + "".join(c for c in what if c.isalnum()) + ".qml")
        with open(source, "w") as f:
            f.write(text.replace("        currentIndex: 1\n", f"        currentIndex: 1\n        {line}\n", 1))
        seqs = {}
        for name, path in [("Qt", source), ("Detent", detent_copy(source, ctx.tmp))]:
            h = ctx.host(path)
            start = h.trace.mark()
            run_script(h, script)
            seqs[name] = (h.values("index", start), h.index())
            h.close()
        check(f"variants: {what}: the same currentIndex sequence as Qt's", seqs["Qt"] == seqs["Detent"],
              f"Qt {seqs['Qt']}, Detent {seqs['Detent']}")
        want = (lambda q: q == [0]) if what == "interactive false" else (lambda q: len(set(q)) >= 2)
        check(f"variants: {what}: {'only the app pages it' if what == 'interactive false' else 'the input pages it'}",
              want(seqs["Qt"][0]), str(seqs["Qt"][0]))


def side(ctx):
    """Two windows side by side, five declared pages, paged to page 2 by the app; the same gestures to each. Then
    the same view created at page 2 (Qt 6.4.2 lays it out at a shifted origin, and moves its currentIndex with
    the pages' sizes): what each does with it is printed, not compared."""
    check = ctx.check
    qt = ctx.host(SIDE, at=(40, 100))
    det = ctx.host(detent_copy(SIDE, ctx.tmp), at=(560, 100))
    det.trace.wait("connected", 5, value=1)
    for h in (qt, det):
        h.eval("view.setCurrentIndex(2)")
        h.settle()
    gestures = [
        ("a wheel click forward", lambda h: h.wheel(7)),
        ("a wheel click back", lambda h: h.wheel(6)),
        ("a slow drag forward past half a page", lambda h: h.drag(0.9, 0.3, steps=15, step_ms=30, hold_ms=250)),
        ("a fast flick forward", lambda h: h.drag(0.7, 0.45, steps=4, step_ms=12)),
        ("a slow drag back short of half a page", lambda h: h.drag(0.3, 0.55, steps=8, step_ms=40, hold_ms=250)),
        ("two wheel clicks back", lambda h: (h.wheel(6), time.sleep(0.05), h.wheel(6))),
        ("a fast flick back", lambda h: h.drag(0.3, 0.6, steps=4, step_ms=12)),
        ("a wheel click forward again", lambda h: h.wheel(7)),
    ]
    for what, gesture in gestures:
        rests = []
        for h in (qt, det):
            gesture(h)
            h.settle()
            rests.append(h.index())
        check(f"side: {what}: both rest on the same page", rests[0] == rests[1], f"Qt {rests[0]}, Detent {rests[1]}")
    ctx.close_all()
    with open(SIDE) as f:
        text = f.read().replace("// @START@", "currentIndex: 2")
    at_start = os.path.join(ctx.tmp, "side-at-2.qml")
    with open(at_start, "w") as f:
        f.write(text)
    qt = ctx.host(at_start, at=(40, 100))
    det = ctx.host(detent_copy(at_start, ctx.tmp), at=(560, 100))
    det.trace.wait("connected", 5, value=1)
    for name, h in (("Qt", qt), ("Detent", det)):
        before = h.eval("view.currentIndex + ' contentX ' + view.contentItem.contentX")
        h.wheel(7)
        h.settle()
        after = h.eval("view.currentIndex + ' contentX ' + view.contentItem.contentX")
        print(f"# side: created at page 2, {name}: at start index {before}; after a forward wheel click {after}",
              flush=True)


def offline(ctx):
    """No daemon at start, then one; the daemon killed mid-drag and started again."""
    check = ctx.check
    path = os.path.join(ctx.tmp, "later.sock")
    h = ctx.host(detent_copy(PAGE, ctx.tmp), socket=path)
    check("offline: not connected with no daemon", h.eval("view.connected") == "false")
    was = h.index()
    h.drag(0.2, 0.8, steps=10, step_ms=30, hold_ms=200)
    h.settle()
    check("offline: a drag pages with no daemon", h.index() == was - 1, f"{was} -> {h.index()}")
    h.wheel(7)
    h.settle()
    check("offline: a wheel click pages with no daemon", h.index() == was, f"-> {h.index()}")
    mark = h.trace.mark()
    saved, ctx.daemon = ctx.daemon, None
    up = ctx.start_daemon(path)
    _, f = h.trace.wait("connected", 5, after=mark, value=1)
    check("offline: connected within 2 s of a daemon starting", f["ms"] / 1000 - up < 2.0 + 0.05,
          f"{f['ms'] / 1000 - up:.2f} s")
    # killed mid-drag
    x0, y = h.point(0.8)
    x1, _ = h.point(0.5)
    h.x.xdotool("mousemove", x0, y, "mousedown", "1", "sleep", "0.05", "mousemove", x0 - 40, y, "sleep", "0.05",
                "mousemove", x0 - 80, y)
    mark = h.trace.mark()
    ctx.stop_daemon(kill=True)
    h.trace.wait("connected", 5, after=mark, value=0)
    h.x.xdotool("mousemove", x1, y, "sleep", "0.05", "mousemove", x1 - 40, y, "sleep", "0.2", "mouseup", "1")
    h.settle()
    at = h.index()
    cx = float(h.eval("view.contentItem.contentX"))
    check("offline: the drag the daemon died in ends on a page", 0 <= at < 3 and abs(cx - at * 400) < 1e-6,
          f"index {at}, contentX {cx}")
    mark = h.trace.mark()
    up = ctx.start_daemon(path)
    _, f = h.trace.wait("connected", 5, after=mark, value=1)
    check("offline: connected again within 2 s of the daemon's restart", f["ms"] / 1000 - up < 2.0 + 0.05,
          f"{f['ms'] / 1000 - up:.2f} s")
    was = h.index()
    h.wheel(6 if was > 0 else 7)
    h.settle()
    check("offline: pages after the restart", h.index() != was, f"{was} -> {h.index()}")
    check("offline: the session runs qt-swipeview again", h.eval("view.runningPlugin") == "qt-swipeview")
    ctx.stop_daemon()
    ctx.daemon = saved


def bad(ctx):
    """Bad use, as Qt's own SwipeView takes it."""
    check = ctx.check
    scripts = {
        "0 pages": ("Repeater { model: 0", [
            lambda h: h.drag(0.8, 0.2, steps=6, step_ms=20), lambda h: h.wheel(7),
            lambda h: h.eval("view.setCurrentIndex(0)"), lambda h: h.eval("view.incrementCurrentIndex()"),
            lambda h: h.eval("view.setCurrentIndex(-1)")]),
        "the current page removed during its motion": ("Repeater { model: 3", [
            lambda h: h.eval("view.setCurrentIndex(0)"),
            lambda h: (h.eval("view.setCurrentIndex(1)"), time.sleep(0.08), h.eval("view.removeItem(view.itemAt(1))")),
            lambda h: h.drag(0.8, 0.2, steps=10, step_ms=30, hold_ms=200)]),
        "setCurrentIndex(-1) and past the end": ("Repeater { model: 3", [
            lambda h: h.eval("view.setCurrentIndex(-1)"),
            lambda h: h.drag(0.2, 0.8, steps=10, step_ms=30, hold_ms=200),
            lambda h: h.eval("view.setCurrentIndex(7)"), lambda h: h.wheel(6),
            lambda h: h.eval("view.incrementCurrentIndex()"), lambda h: h.eval("view.decrementCurrentIndex()"),
            lambda h: h.eval("view.setCurrentIndex(1)"),
            lambda h: h.drag(0.8, 0.2, steps=10, step_ms=30, hold_ms=200)]),
        "1,000 pages": (None, [
            lambda h: h.eval("view.setCurrentIndex(999)"), lambda h: h.drag(0.2, 0.8, steps=10, step_ms=30, hold_ms=200),
            lambda h: h.wheel(6), lambda h: h.eval("view.setCurrentIndex(500)")]),
    }
    with open(PAGE) as f:
        text = f.read()
    for what, (repeater, script) in scripts.items():
        source = MANY
        if repeater:
            source = os.path.join(ctx.tmp, "bad-" + "".join(c for c in what if c.isalnum()) + ".qml")
            with open(source, "w") as f:
                f.write(text.replace("Repeater {\n            model: 3", repeater.replace("{ model", "{\n            model")))
        seqs = {}
        for name, path in [("Qt", source), ("Detent", detent_copy(source, ctx.tmp))]:
            h = ctx.host(path)
            start = h.trace.mark()
            run_script(h, script)
            seqs[name] = (h.values("index", start), h.index(), h.eval("view.count"))
            check(f"bad: {what}: {name}'s window is still there", h.process.poll() is None)
            h.close()
        check(f"bad: {what}: the same currentIndex sequence and end as Qt's", seqs["Qt"] == seqs["Detent"],
              f"Qt {seqs['Qt']}, Detent {seqs['Detent']}")
