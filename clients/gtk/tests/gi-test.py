"""DetentCarousel from Python through the typelib (Detent-1, PyGObject):
built, shown, paged by scroll_to and by a real X drag (xdotool), its
position and page-changed read. Needs $DISPLAY, GI_TYPELIB_PATH and
LD_LIBRARY_PATH to the built library, and a daemon by the discovery rule
($DETENT_SOCKET). Prints `ok - ...` or `not ok - ...`; exits 1 on a failure."""

import subprocess
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Detent", "1")
from gi.repository import Detent, GLib, Gtk  # noqa: E402

failed = 0


def check(name, ok, detail=""):
    global failed
    failed += not ok
    print(("ok - " if ok else "not ok - ") + name + ("" if ok or not detail else f": {detail}"), flush=True)


def run_until(cond, seconds):
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while not cond() and time.monotonic() < end:
        context.iteration(False)
        time.sleep(0.001)
    return cond()


Detent.gtk_init()
window = Gtk.Window(title="detent gi-test python", default_width=360, default_height=240)
carousel = Detent.Carousel(spacing=0, plugin="adwaita")
for i in range(3):
    carousel.append(Gtk.Label(label=f"page {i}", hexpand=True, vexpand=True))
changed = []
carousel.connect("page-changed", lambda c, index: changed.append((index, c.props.position)))
window.set_child(carousel)
window.present()

check("a Detent.Carousel is a Gtk.Widget, Gtk.Orientable and Gtk.Buildable with 3 pages",
      isinstance(carousel, Gtk.Orientable) and isinstance(carousel, Gtk.Buildable)
      and carousel.get_n_pages() == 3 and carousel.props.n_pages == 3)
check("AdwCarousel's defaults (interactive, wheel, mouse drag on; long swipes off; reveal 0) and Detent's",
      carousel.props.interactive and carousel.props.allow_scroll_wheel and carousel.props.allow_mouse_drag
      and not carousel.props.allow_long_swipes and carousel.props.reveal_duration == 0
      and carousel.props.motion == Detent.CarouselMotion.AUTO and carousel.props.align == Detent.CarouselAlign.DEFAULT)
check("connected to the daemon with plugin adwaita running",
      run_until(lambda: carousel.props.connected and carousel.props.running_plugin == "adwaita", 5),
      f"{carousel.props.connected} {carousel.props.running_plugin}")

# Every property's call from Python, each value read back through its getter and through props.
other = Detent.Carousel()
values = {"interactive": False, "spacing": 4, "allow_mouse_drag": False, "allow_scroll_wheel": False,
          "allow_long_swipes": True, "reveal_duration": 100, "page_size": 200.5, "natural_sizes": True,
          "lead": 8.0, "trail": 9.0, "align": Detent.CarouselAlign.CENTER, "pad": True, "loop": True,
          "plugin": None, "socket": "/tmp/none.sock", "motion": Detent.CarouselMotion.REDUCED, "autoplay": 1500}
wrong = []
for name, value in values.items():
    getattr(other, f"set_{name}")(value)
    if getattr(other, f"get_{name}")() != value or getattr(other.props, name) != value:
        wrong.append(name)
other.set_plugin("cards")
check("every property's setter and getter (strings nullable, enums as Detent enums) from Python",
      not wrong and other.get_plugin() == "cards" and other.get_running_plugin() is None
      and other.get_connected() is False, str(wrong))
page = Gtk.Label(label="x")
other.prepend(page)
other.insert(Gtk.Label(label="y"), -1)
counted = []
other.connect("notify::n-pages", lambda c, p: counted.append(c.get_n_pages()))
other.reorder(page, 1)
check("reorder notifies no n-pages (the count is unchanged; AdwCarousel's does not either)", counted == [],
      str(counted))
check("prepend, insert, reorder and remove from Python",
      other.get_n_pages() == 2 and other.get_nth_page(1) is page and (other.remove(page), other.get_n_pages())[1] == 1)

carousel.scroll_to(carousel.get_nth_page(2), False)
check("scroll_to(page 2, False): page-changed(2) at position 2.0 before it returns",
      changed == [(2, 2.0)] and carousel.get_position() == 2.0, str(changed))
del changed[:]
carousel.scroll_to(carousel.get_nth_page(0), True)
check("scroll_to(page 0, True): moves, then page-changed(0) at position 0.0",
      carousel.get_position() == 2.0 and run_until(lambda: changed, 5) and changed == [(0, 0.0)], str(changed))

# Pages changed, then scroll_to at once (before the next layout): it goes to that page, and stays.
last = Gtk.Label(label="page 3", hexpand=True, vexpand=True)
carousel.append(last)
del changed[:]
carousel.scroll_to(last, False)
check("append, then scroll_to(the new page, False) in the same call: page-changed(3) at position 3.0 before it "
      "returns", changed == [(3, 3.0)] and carousel.get_position() == 3.0, str(changed))
run_until(lambda: False, 0.3)
check("...and it rests there after the next layout", changed == [(3, 3.0)] and carousel.get_position() == 3.0,
      f"{changed} {carousel.get_position()}")
first = Gtk.Label(label="page -1", hexpand=True, vexpand=True)
carousel.prepend(first)
del changed[:]
carousel.scroll_to(first, False)
run_until(lambda: False, 0.3)
check("prepend, then scroll_to(the new page, False): page-changed(0), and it rests there after the next layout",
      changed == [(0, 0.0)] and carousel.get_position() == 0.0, f"{changed} {carousel.get_position()}")
carousel.remove(last)
carousel.remove(first)
run_until(lambda: False, 0.3)

# Reordered at rest: the page shown stays shown (AdwCarousel 1.2.2's, measured), with no page-changed.
carousel.append(Gtk.Label(label="page 3", hexpand=True, vexpand=True))
carousel.scroll_to(carousel.get_nth_page(2), False)
shown = carousel.get_nth_page(2)
run_until(lambda: False, 0.3)
del changed[:]
carousel.reorder(carousel.get_nth_page(3), 0)
run_until(lambda: False, 0.3)
check("reorder(page 3, 0) while on page 2: that page stays shown, now page 3 (position 3.0), no page-changed",
      carousel.get_position() == 3.0 and carousel.get_nth_page(3) is shown and not changed,
      f"{carousel.get_position()} {changed}")
carousel.reorder(shown, 0)
run_until(lambda: False, 0.3)
check("reorder(the page shown, 0): it stays shown, now page 0 (position 0.0), no page-changed",
      carousel.get_position() == 0.0 and carousel.get_nth_page(0) is shown and not changed,
      f"{carousel.get_position()} {changed}")
carousel.remove(carousel.get_nth_page(1))
carousel.reorder(shown, 2)
carousel.scroll_to(carousel.get_nth_page(0), False)
run_until(lambda: False, 0.3)

run_until(lambda: False, 0.3)
ids = subprocess.run(["xdotool", "search", "--name", "^detent gi-test python$"], capture_output=True,
                     text=True).stdout.split()
geometry = dict(line.split("=", 1) for line in subprocess.run(
    ["xdotool", "getwindowgeometry", "--shell", ids[0]], capture_output=True, text=True).stdout.split())
cx, cy = int(geometry["X"]) + 180, int(geometry["Y"]) + 120
del changed[:]
drag = ["xdotool", "mousemove", str(cx + 100), str(cy), "mousedown", "1"]
for k in range(1, 5):
    drag += ["sleep", "0.016", "mousemove", str(cx + 100 - 50 * k), str(cy)]
subprocess.Popen(drag + ["mouseup", "1"])
check("a real drag forward: page-changed(1) at position 1.0",
      run_until(lambda: changed, 5) and changed == [(1, 1.0)] and carousel.props.position == 1.0, str(changed))
check("state and offset read through the typelib: at rest on page 1 (Detent.CarouselState.REST)",
      carousel.get_state() == carousel.props.state == Detent.CarouselState.REST
      and carousel.get_offset() == carousel.props.offset > 0, f"{carousel.props.state} {carousel.props.offset}")
window.destroy()
sys.exit(1 if failed else 0)
