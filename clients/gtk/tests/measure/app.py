#!/usr/bin/python3
"""One carousel in an undecorated window, and a line on stdout for everything it does.

Run by measure.py (README.md says how); by hand: `app.py --widget adw` on a display.
--widget adw      libadwaita's AdwCarousel (the reference)
--widget detent   DetentCarousel through the Detent-1 typelib (GI_TYPELIB_PATH)
--pages N         pages at start (5); --prescroll I: scroll_to(page I, FALSE) before the window shows

Lines (t: g_get_monotonic_time µs; frame: the carousel's frame clock time µs, 0 before it has one):
  ready x= y= width= height= p= n=         once shown and allocated (x, y: the carousel in the surface)
  position p= in= | n-pages n= in=         every notify::position / notify::n-pages
  page-changed index= p= n= in=            `in`: the command being run when it came ('-' if none)
  case name= | call what= | return what=   a command's start and end; state p= n= animations=
  input kind=scroll dx= dy= time=           a wheel event (X server ms) in the window's capture phase
Commands on stdin: mark NAME, scroll_to I 0|1, append, prepend, insert I, remove I, reorder I J,
animations 0|1, reveal MS, clear (remove 0 until none), state, quit.

SPDX-License-Identifier: Apache-2.0
"""
import argparse
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

args = argparse.ArgumentParser()
args.add_argument("--widget", choices=("adw", "detent"), default="adw")
args.add_argument("--pages", type=int, default=5)
args.add_argument("--prescroll", type=int, default=-1)
opt = args.parse_args()

if opt.widget == "adw":
    gi.require_version("Adw", "1")
    from gi.repository import Adw as Lib  # noqa: E402
else:
    gi.require_version("Detent", "1")
    from gi.repository import Detent as Lib  # noqa: E402

Lib.init() if opt.widget == "adw" else Lib.gtk_init()
made = 0          # pages ever made: a new page's label says its birth order
running = "-"     # the command being run


def line(text):
    clock = carousel.get_frame_clock()
    frame = clock.get_frame_time() if clock else 0
    sys.stdout.write(f"{text} t={GLib.get_monotonic_time()} frame={frame}\n")
    sys.stdout.flush()


def num(v):
    return repr(float(v))


def page():
    global made
    label = Gtk.Label(label=f"page {made}", hexpand=True, vexpand=True)
    label.set_name(f"p{made}")
    made += 1
    return label


def pages():
    return [carousel.get_nth_page(i) for i in range(carousel.get_n_pages())]


window = Gtk.Window(title="Detent measure", decorated=False, default_width=400, default_height=240)
carousel = Lib.Carousel(allow_scroll_wheel=True)
for _ in range(opt.pages):
    carousel.append(page())
window.set_child(carousel)

carousel.connect("notify::position", lambda c, _: line(f"position p={num(c.get_position())} in={running}"))
carousel.connect("notify::n-pages", lambda c, _: line(f"n-pages n={c.get_n_pages()} in={running}"))
carousel.connect("page-changed", lambda c, i: line(
    f"page-changed index={i} p={num(c.get_position())} n={c.get_n_pages()} in={running}"))

if opt.prescroll >= 0:
    carousel.scroll_to(carousel.get_nth_page(opt.prescroll), False)
    line(f"prescrolled p={num(carousel.get_position())}")


def report_ready():
    ok, bounds = carousel.compute_bounds(window)
    if not ok or bounds.get_width() <= 0:
        return GLib.SOURCE_CONTINUE
    sx, sy = window.get_surface_transform()
    line(f"ready x={num(bounds.get_x() + sx)} y={num(bounds.get_y() + sy)} width={num(bounds.get_width())} "
         f"height={num(bounds.get_height())} p={num(carousel.get_position())} n={carousel.get_n_pages()}")
    return GLib.SOURCE_REMOVE


def run(words):
    global running
    verb, rest = words[0], [int(w) for w in words[1:] if w.lstrip("-").isdigit()]
    if verb == "mark":
        line(f"case name={words[1]}")
        return
    if verb == "quit":
        loop.quit()
        return
    if verb == "state":
        animations = Gtk.Settings.get_default().get_property("gtk-enable-animations")
        line(f"state p={num(carousel.get_position())} n={carousel.get_n_pages()} animations={int(animations)}")
        return
    running = verb
    line(f"call what={verb} args={','.join(map(str, rest)) or '-'}")
    if verb == "scroll_to":
        carousel.scroll_to(carousel.get_nth_page(rest[0]), bool(rest[1]))
    elif verb == "append":
        carousel.append(page())
    elif verb == "prepend":
        carousel.prepend(page())
    elif verb == "insert":
        carousel.insert(page(), rest[0])
    elif verb == "remove":
        carousel.remove(carousel.get_nth_page(rest[0]))
    elif verb == "reorder":
        carousel.reorder(carousel.get_nth_page(rest[0]), rest[1])
    elif verb == "animations":
        Gtk.Settings.get_default().set_property("gtk-enable-animations", bool(rest[0]))
    elif verb == "reveal":
        carousel.set_reveal_duration(rest[0])
    else:
        line(f"error what={verb}")
    names = ",".join(p.get_name() for p in pages()) or "-"
    line(f"return what={verb} p={num(carousel.get_position())} n={carousel.get_n_pages()} pages={names}")
    running = "-"


pending = b""


def stdin_cb(channel, condition):
    """Every whole line that came (os.read, not sys.stdin: its buffer would hide lines from the watch)."""
    global pending
    data = os.read(0, 65536)
    if not data:
        loop.quit()
        return GLib.SOURCE_REMOVE
    pending += data
    while b"\n" in pending:
        text, pending = pending.split(b"\n", 1)
        words = text.decode().split()
        try:
            if words == ["clear"]:
                while carousel.get_n_pages():
                    run(["remove", "0"])
            elif words:
                run(words)
        except Exception as e:      # a bad command is said, and the app goes on
            line(f"error what={words[0]} why={str(e).replace(' ', '_')}")
    return GLib.SOURCE_CONTINUE


def scroll_cb(controller, dx, dy):
    """A wheel click as the window gets it (capture phase, not handled), with the X server's time."""
    line(f"input kind=scroll dx={num(dx)} dy={num(dy)} time={controller.get_current_event_time()}")
    return False


loop = GLib.MainLoop()
window.connect("close-request", lambda w: loop.quit())
wheel = Gtk.EventControllerScroll(flags=Gtk.EventControllerScrollFlags.BOTH_AXES,
                                  propagation_phase=Gtk.PropagationPhase.CAPTURE)
wheel.connect("scroll", scroll_cb)
window.add_controller(wheel)
GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP,
                  stdin_cb)
line(f"config widget={opt.widget} pages={opt.pages} prescroll={opt.prescroll}")
window.present()
GLib.timeout_add(50, report_ready)
loop.run()
