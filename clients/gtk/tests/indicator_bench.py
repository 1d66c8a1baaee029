"""The bench of indicators-test: an AdwCarousel and a DetentCarousel with the same pages in one
undecorated window, libadwaita's indicators on the first and ours on the second, each in a slot
of the same size; and how the test reads pixels (an X screenshot's regions, or a widget's own
render node rendered by the window's renderer). Imported once the display and GI paths are set.
SPDX-License-Identifier: Apache-2.0
"""
import ctypes
import os
import tempfile
import time

import gi
import harness as H

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Adw", "1")
gi.require_version("Detent", "1")
from gi.repository import Adw, Detent, Gdk, GLib, Gtk  # noqa: E402

SLOT = (300, 220)     # every indicator's size: room for 5 pages of vertical lines (5 × 40 + 4)
CAROUSEL = (300, 60)
TITLE = "Detent indicators test"
failures, checks = [], [0]     # shared with the test: what failed, how many comparisons ran


class Failure(Exception):
    pass


def pump(cond, timeout, what):
    """Runs the main loop until cond() is true; fails after timeout s."""
    ctx, end = GLib.MainContext.default(), time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise Failure(f"timed out: {what}")
        if not ctx.iteration(False):
            time.sleep(0.002)


class Bench:
    def __init__(self, pages=5):
        self.window = Gtk.Window(title=TITLE, decorated=False)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        self.window.set_child(box)
        self.adw = Adw.Carousel(allow_scroll_wheel=False)
        self.det = Detent.Carousel(allow_scroll_wheel=False, socket=os.path.join(tempfile.mkdtemp(), "none.sock"))
        for c in (self.adw, self.det):
            c.set_size_request(*CAROUSEL)
            box.append(c)
        self.pairs = {"dots": (Adw.CarouselIndicatorDots(carousel=self.adw), Detent.CarouselIndicatorDots(carousel=self.det)),
                      "lines": (Adw.CarouselIndicatorLines(carousel=self.adw),
                                Detent.CarouselIndicatorLines(carousel=self.det))}
        for pair in self.pairs.values():
            for w in pair:
                w.set_size_request(*SLOT)
                box.append(w)
        self.made = 0
        for _ in range(pages):
            self.append()
        self.paints = 0
        self.window.present()
        pump(lambda: self.window.get_frame_clock() is not None and self.adw.get_width() > 0, 20, "the window shows")
        self.window.get_frame_clock().connect("after-paint", self.after_paint)
        self.on_paint = None
        self.x = H.X(os.environ["DISPLAY"])
        self.wid = self.x.window_id(TITLE)
        self.x.xdotool("windowmove", "--sync", self.wid, 0, 0)

    def after_paint(self, clock):
        self.paints += 1
        if self.on_paint:
            try:
                self.on_paint()
            except Exception as e:          # gi would print it and go on: here it fails the test
                failures.append(f"at a frame: {type(e).__name__}: {e}")
                self.on_paint = None

    def append(self):
        for c in (self.adw, self.det):
            c.append(Gtk.Label(label=f"page {self.made}"))
        self.made += 1

    def remove(self, index):
        for c in (self.adw, self.det):
            c.remove(c.get_nth_page(index))

    def goto(self, index):
        self.settle()       # AdwCarousel shifts its position for pages added or removed at its next allocation
        for c in (self.adw, self.det):
            c.scroll_to(c.get_nth_page(index), False)

    def indicators(self):
        return [w for pair in self.pairs.values() for w in pair]

    def settle(self):
        """Two frames painted after now, and the X server has them."""
        mark = self.paints
        self.window.queue_draw()
        pump(lambda: self.paints >= mark + 2 or (self.window.queue_draw() and False), 10, "two frames")
        Gdk.Display.get_default().sync()

    def same_state(self, where):
        a, d = (self.adw.get_position(), self.adw.get_n_pages()), (self.det.get_position(), self.det.get_n_pages())
        if a != d:
            raise Failure(f"{where}: the carousels differ (position, n-pages): AdwCarousel {a}, DetentCarousel {d}")


def region(image, box):
    """The RGB bytes of (x, y, w, h) in a screenshot."""
    width, _, data = image
    x, y, w, h = box
    return b"".join(data[((y + r) * width + x) * 3:((y + r) * width + x + w) * 3] for r in range(h))


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_float), ("y", ctypes.c_float), ("w", ctypes.c_float), ("h", ctypes.c_float)]


_gtk = ctypes.CDLL("libgtk-4.so.1")
_gtk.gtk_snapshot_to_node.restype = ctypes.c_void_p
_gtk.gtk_snapshot_to_node.argtypes = [ctypes.c_void_p]
_gtk.gsk_renderer_render_texture.restype = ctypes.c_void_p
_gtk.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_Rect)]
_gtk.gdk_texture_download.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
_gtk.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
_gtk.g_object_unref.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _pointer(obj):
    return ctypes.pythonapi.PyCapsule_GetPointer(obj.__gpointer__, None)


def rendered(widget):
    """The widget's own render node, rendered by the window's renderer: its pixels (premultiplied BGRA).
    Through ctypes: Python 3.11's gi 3.42 cannot hold a GskRenderNode."""
    w, h = widget.get_width(), widget.get_height()
    snapshot = Gtk.Snapshot()
    Gtk.WidgetPaintable.new(widget).snapshot(snapshot, w, h)
    node = _gtk.gtk_snapshot_to_node(_pointer(snapshot))
    if not node:
        return b""
    renderer = _pointer(widget.get_native().get_renderer())
    texture = _gtk.gsk_renderer_render_texture(renderer, node, ctypes.byref(_Rect(0, 0, w, h)))
    buf = ctypes.create_string_buffer(w * h * 4)
    _gtk.gdk_texture_download(texture, buf, w * 4)
    _gtk.g_object_unref(texture)
    _gtk.gsk_render_node_unref(node)
    return buf.raw


def set_all(bench, orientation=None, direction=None):
    for w in bench.indicators():
        if orientation is not None:
            w.set_orientation(orientation)
        if direction is not None:
            w.set_direction(direction)


