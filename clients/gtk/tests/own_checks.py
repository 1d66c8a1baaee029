"""Detent's own properties beyond AdwCarousel, on the page (page.c) against
the real detentd through the relay: `state` and `offset` through a drag
(read together in each notify, the offset at rest the daemon's x),
`autoplay` (0 sent, so the bundled `carousel` plugin's own autoplay stays
off; a period steps it; the pointer or the focus in it pauses it, WCAG
2.2.2, and it comes back once both left) and the session named after the
widget's name."""

from pagedriver import SETTLE_S, expect, fields

REST, DRAG, MOVING = 0, 1, 2


def state_offset(check, app, relay):
    app.rest_at(0)
    am, rm = app.trace.mark(), relay.mark()
    app.drag(-200, 0, 64, 4)
    snap = fields(expect(relay.wait(rm, "down", "snap", SETTLE_S), "a snap for the drag"))
    app.trace.wait("page-changed", SETTLE_S, after=am)
    states = [f["value"] for f in app.lines(am, "notify", name="state")]
    offsets = [float(f["value"]) for f in app.lines(am, "notify", name="offset")]
    check(f"a drag: state goes drag, moving, rest ({states})", states == [DRAG, MOVING, REST], str(states))
    check(f"offset follows it ({len(offsets)} notifies) and rests at the daemon's x={snap['x']}",
          len(offsets) >= 5 and offsets[-1] == float(snap["x"]), str(offsets[-3:]))
    value = app.ask("prop carousel state", "prop", id="carousel", name="state")["value"]
    check("at rest, state reads DETENT_CAROUSEL_STATE_REST", value == REST, str(value))


def autoplay(check, app, relay):
    app.rest_at(0)
    rm = relay.mark()
    app.command("set plugin carousel")                      # the bundled config: autoplayMs 2000
    opened = expect(relay.wait(rm, "up", "open", 5, where=lambda l: "plugin=carousel" in l.split()), "open")
    sent = relay.wait(rm, "up", "autoplay", 5)
    check("autoplay 0 (the default) is sent at open: the plugin's own autoplay stays off",
          sent and fields(sent)["every"] == "0", f"{opened} {sent}")
    am = app.trace.mark()
    app.quiet(2.6)
    check("...and no step comes in 2.6 s (the config's period is 2 s)",
          not relay.since(rm, "down", "snap") and not app.lines(am, "page-changed"), str(relay.since(rm, "down")))
    away = app.centre("dots")                               # under the carousel: the pointer out of it
    app.x.xdotool("mousemove", *away)
    app.command("unfocus")                                  # and the focus (the drag above gave it)
    rm, am = relay.mark(), app.trace.mark()
    app.command("set autoplay 700")
    sent = relay.wait(rm, "up", "autoplay", 5)
    step = relay.wait(rm, "down", "snap", 3, where=lambda l: "cause=autoplay" in l.split())
    check("autoplay 700: sent as every=700, and the strategy steps it (a snap cause=autoplay, page-changed)",
          sent and fields(sent)["every"] == "700" and step and app.trace.wait("page-changed", 3, after=am),
          f"{sent} {step}")
    cx, cy = app.centre("carousel")
    rm = relay.mark()
    app.x.xdotool("mousemove", cx, cy)
    paused = relay.wait(rm, "up", "autoplay", 5)
    app.quiet(1.6)
    check("the pointer in the carousel pauses it (every=0, no step in 1.6 s)",
          paused and fields(paused)["every"] == "0"
          and not [l for l in relay.since(rm, "down", "snap") if "cause=autoplay" in l.split()], str(relay.since(rm)))
    rm = relay.mark()
    app.x.xdotool("mousemove", *away)
    back = relay.wait(rm, "up", "autoplay", 5)
    step = relay.wait(rm, "down", "snap", 3, where=lambda l: "cause=autoplay" in l.split())
    check("the pointer gone, it comes back (every=700, then a step)",
          back and fields(back)["every"] == "700" and step is not None, f"{back} {step}")
    rm = relay.mark()
    app.command("focus")
    paused = relay.wait(rm, "up", "autoplay", 5)
    app.quiet(1.6)
    check("the keyboard focus in the carousel pauses it (every=0, no step in 1.6 s)",
          paused and fields(paused)["every"] == "0"
          and not [l for l in relay.since(rm, "down", "snap") if "cause=autoplay" in l.split()], str(relay.since(rm)))
    rm = relay.mark()
    app.command("unfocus")
    back = relay.wait(rm, "up", "autoplay", 5)
    check("the focus gone, it comes back (every=700)", back and fields(back)["every"] == "700", str(back))
    rm = relay.mark()
    app.command("set autoplay 0")
    app.command("set plugin adwaita")
    relay.wait(rm, "up", "open", 5, where=lambda l: "plugin=adwaita" in l.split())
    app.quiet(0.8)


def name(check, app, relay):
    rm = relay.mark()
    app.command("set name photos")
    opened = relay.wait(rm, "up", "open", 5)
    check("the widget named photos: its session reopens as s=photos", opened and fields(opened)["s"] == "photos",
          str(relay.since(rm, "up")))
    rm = relay.mark()
    app.command("set name bad/name")
    opened = relay.wait(rm, "up", "open", 5)
    check("a widget name that is no session name: the session is s=carousel", opened and fields(opened)["s"] == "carousel",
          str(relay.since(rm, "up")))
    app.command("set name carousel")
    app.quiet(0.5)


def run(check, app, relay):
    for part in (state_offset, autoplay, name):
        part(check, app, relay)
