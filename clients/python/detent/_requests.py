# Generated from protocol/detent-protocol.json by protocol/generate
# (protocol/generators/python.py); do not edit: change the description and run protocol/generate.
"""The requests of detent-protocol(7): one builder per verb, the command
table, and the verbs as methods of both clients."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import _methods
from ._lines import Number, Request
from .replies import Began, Bye, Closed, Hello, Kept, Moved, Ok, Opened, Plugins, Pong, Snap, Stats

__all__ = ["COMMANDS", "hello", "ping", "plugins", "open", "layout", "begin", "move", "end", "cancel", "goto",
           "autoplay", "close", "stats", "quit", "wheel", "scroll", "step", "scrollby"]


def hello(client: str | None = None) -> Request[Hello]:
    """Greets the daemon: its protocol, version and plugins."""
    return Request("hello", (("client", client),), Hello)


def ping() -> Request[Pong]:
    """Checks the connection."""
    return Request("ping", (), Pong)


def plugins() -> Request[Plugins]:
    """The configured plugin names and the default one."""
    return Request("plugins", (), Plugins)


def open(s: str, plugin: str | None = None, motion: str | None = None, swipes: str | None = None,
         moved: bool | None = None, *, viewport: Number, item: Number | None = None, count: int | None = None,
         sizes: Sequence[Number] | None = None, points: Sequence[Number] | None = None,
         snapstop: Sequence[Number] | None = None, spacing: Number | None = None, lead: Number | None = None,
         trail: Number | None = None, align: str | None = None, contain: str | None = None,
         index: int | None = None, axis: str | None = None, loop: bool | None = None) -> Request[Opened]:
    """Opens a session with a plugin (else the config's default) on a geometry."""
    return Request("open", (("s", s), ("plugin", plugin), ("viewport", viewport), ("item", item),
                            ("count", count), ("sizes", sizes), ("points", points), ("snapstop", snapstop),
                            ("spacing", spacing), ("lead", lead), ("trail", trail), ("align", align),
                            ("contain", contain), ("index", index), ("axis", axis), ("loop", loop),
                            ("motion", motion), ("swipes", swipes), ("moved", moved)), Opened)


def layout(s: str, motion: str | None = None, swipes: str | None = None, *, viewport: Number,
           item: Number | None = None, count: int | None = None, sizes: Sequence[Number] | None = None,
           points: Sequence[Number] | None = None, snapstop: Sequence[Number] | None = None,
           spacing: Number | None = None, lead: Number | None = None, trail: Number | None = None,
           align: str | None = None, contain: str | None = None, index: int | None = None,
           axis: str | None = None, loop: bool | None = None) -> Request[Opened]:
    """A complete new geometry for an open session; omitted keys take their defaults."""
    return Request("layout", (("s", s), ("viewport", viewport), ("item", item), ("count", count),
                              ("sizes", sizes), ("points", points), ("snapstop", snapstop),
                              ("spacing", spacing), ("lead", lead), ("trail", trail), ("align", align),
                              ("contain", contain), ("index", index), ("axis", axis), ("loop", loop),
                              ("motion", motion), ("swipes", swipes)), Opened)


def begin(s: str, x: Number, t: Number | None = None) -> Request[Began]:
    """Finger down: the resting snap the gesture starts from."""
    return Request("begin", (("s", s), ("x", x), ("t", t)), Began)


def move(s: str, x: Number, t: Number | None = None) -> Request[Moved]:
    """Finger moved: where to draw the content."""
    return Request("move", (("s", s), ("x", x), ("t", t)), Moved)


def end(s: str, x: Number, v: Number | None = None, target: Number | None = None,
        t: Number | None = None) -> Request[Snap]:
    """Finger up: the decision; without v the daemon estimates it."""
    return Request("end", (("s", s), ("x", x), ("v", v), ("target", target), ("t", t)), Snap)


def cancel(s: str) -> Request[Snap]:
    """Back to the resting snap."""
    return Request("cancel", (("s", s),), Snap)


def goto(s: str, index: int, x: Number | None = None) -> Request[Snap]:
    """To an item; x, where the content is drawn now, starts the motion there."""
    return Request("goto", (("s", s), ("index", index), ("x", x)), Snap)


def autoplay(s: str, every: Number) -> Request[Ok]:
    """One step ahead every so many ms, pushed; 0 stops."""
    return Request("autoplay", (("s", s), ("every", every)), Ok)


def close(s: str) -> Request[Closed]:
    """Forgets a session."""
    return Request("close", (("s", s),), Closed)


def stats() -> Request[Stats]:
    """The daemon's counters."""
    return Request("stats", (), Stats)


def quit() -> Request[Bye]:
    """The daemon answers bye and closes the connection."""
    return Request("quit", (), Bye)


def wheel(s: str, dx: Number, dy: Number, t: Number, source: str | None = None,
          x: Number | None = None) -> Request[Snap | Kept]:
    """One wheel event: a decision, or kept when it changes nothing."""
    return Request("wheel", (("s", s), ("dx", dx), ("dy", dy), ("t", t), ("source", source),
                             ("x", x)), (Snap, Kept))


def scroll(s: str, dx: Number, dy: Number, t: Number, phase: str | None = None,
           x: Number | None = None) -> Request[Moved | Snap | Kept]:
    """One touchpad scroll event: where to draw the content; at phase=end the decision, or kept when the gesture was refused."""
    return Request("scroll", (("s", s), ("dx", dx), ("dy", dy), ("t", t), ("phase", phase),
                              ("x", x)), (Moved, Snap, Kept))


def step(s: str, to: str, x: Number | None = None, t: Number | None = None) -> Request[Snap | Kept]:
    """One keyboard step: the next or previous snap, or an end; kept at a bound."""
    return Request("step", (("s", s), ("to", to), ("x", x), ("t", t)), (Snap, Kept))


def scrollby(s: str, by: Number, x: Number | None = None, t: Number | None = None) -> Request[Snap | Kept]:
    """A programmatic scroll by a displacement: the snap nearest x + by in by's direction; kept when none lies that way."""
    return Request("scrollby", (("s", s), ("by", by), ("x", x), ("t", t)), (Snap, Kept))


COMMANDS: Mapping[str, Callable[..., Request[Any]]] = {
    "hello": hello, "ping": ping, "plugins": plugins, "open": open, "layout": layout, "begin": begin,
    "move": move, "end": end, "cancel": cancel, "goto": goto, "autoplay": autoplay, "close": close,
    "stats": stats, "quit": quit, "wheel": wheel, "scroll": scroll, "step": step, "scrollby": scrollby,
}
"""Every verb of detent-protocol(7) and the function that builds it."""


class BlockingVerbs:
    """Every verb as a method of the blocking Client: the request sent, its reply returned."""

    hello = _methods.blocking(hello)
    ping = _methods.blocking(ping)
    plugins = _methods.blocking(plugins)
    open = _methods.blocking(open)
    layout = _methods.blocking(layout)
    begin = _methods.blocking(begin)
    move = _methods.blocking(move)
    end = _methods.blocking(end)
    cancel = _methods.blocking(cancel)
    goto = _methods.blocking(goto)
    autoplay = _methods.blocking(autoplay)
    close = _methods.blocking(close)
    stats = _methods.blocking(stats)
    quit = _methods.blocking(quit)
    wheel = _methods.blocking(wheel)
    scroll = _methods.blocking(scroll)
    step = _methods.blocking(step)
    scrollby = _methods.blocking(scrollby)


class AsyncVerbs:
    """Every verb as a method of the asyncio AsyncClient: the request sent, its reply returned."""

    hello = _methods.asynchronous(hello)
    ping = _methods.asynchronous(ping)
    plugins = _methods.asynchronous(plugins)
    open = _methods.asynchronous(open)
    layout = _methods.asynchronous(layout)
    begin = _methods.asynchronous(begin)
    move = _methods.asynchronous(move)
    end = _methods.asynchronous(end)
    cancel = _methods.asynchronous(cancel)
    goto = _methods.asynchronous(goto)
    autoplay = _methods.asynchronous(autoplay)
    close = _methods.asynchronous(close)
    stats = _methods.asynchronous(stats)
    quit = _methods.asynchronous(quit)
    wheel = _methods.asynchronous(wheel)
    scroll = _methods.asynchronous(scroll)
    step = _methods.asynchronous(step)
    scrollby = _methods.asynchronous(scrollby)
