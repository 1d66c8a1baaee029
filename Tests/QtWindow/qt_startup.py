"""qt-window-test's start-up and the strip's menu: the refused plugin, the fallback, the banner; then the
plugin under test picked in the menu."""

import json
import os

from harness import HarnessError, pixel
from qt_window import BANNER_AMBER, OUT, REFUSED


def startup(check, d, plugins_in_order):
    mark = d.trace.mark()
    refused = d.trace.select(0, mark, "refused", s="strip")
    check(f"the plugin asked for ({REFUSED}) is refused: unknown-plugin",
          bool(refused) and refused[0][2]["plugin"] == REFUSED and refused[0][2]["code"] == "unknown-plugin",
          str(refused[:1]))
    # Detent.Controls falls back as the strip controller does (issue 39): to the config's default plugin
    # (plugins.json(5) defaultPlugin, else its first plugin), which must page the strip.
    with open(d.config) as f:
        first = json.load(f).get("defaultPlugin") or plugins_in_order[0]
    try:
        d.oracle.session("strip", first, 0)
        pages = True
    except HarnessError:
        pages = False
    opened = d.trace.select(0, mark, "opened", s="strip")
    check(f"it falls back to the config's default plugin ({first}), which pages the strip",
          pages and bool(opened) and opened[-1][2]["plugin"] == first and d.plugin == first, str(opened[-1:]))
    banners = [f for _, _, f in d.trace.select(0, mark, "banner") if f["shown"] == 1]
    text = banners[-1]["text"] if banners else ""
    check("the banner names the refusal and the fallback",
          REFUSED in text and "unknown-plugin" in text and f"\u201c{first}\u201d instead" in text, text)
    x, y, w, h = d.window
    image, previous = None, ()
    for _ in range(5):                                     # until the picture stops changing (the banner drawn)
        previous, image = image, d.x.shot(os.path.join(OUT, "refused.png"), crop=(x, y, w, h))
        if image == previous:
            break
    check(f"the window is mapped ({w}x{h}), the refusal's banner amber on screen",
          w >= 400 and h >= 600 and pixel(image, 8, 8) == BANNER_AMBER, str(pixel(image, 8, 8)))
    offered, pagers = d.offered(), []
    for p in plugins_in_order:                             # each plugin the oracle's session of the strip takes
        try:
            d.oracle.session("strip", p, 0)
            pagers.append(p)
        except HarnessError:
            pass
    check(f"the strip's menu offers every plugin that pages it ({len(pagers)}), in the daemon's order, {first} "
          "among them", offered == pagers and first in offered and REFUSED not in offered,
          f"offered {','.join(offered)}; pages it: {','.join(pagers)}")
    return first


def choose(check, d, plugin, first):
    offered = d.offered()
    if plugin not in offered:
        check(f"the menu offers {plugin}", False, ",".join(offered))
        return False
    began = d.trace.mark()
    others = [p for p in offered if p != plugin]
    if plugin == first and others:                      # it is already open: the menu is tried both ways
        index = d.rest("strip")["index"]
        opened = d.choose(others[0])
        check(f"the menu switches the strip to {others[0]} where it rested", opened["index"] == index, str(opened))
    index = d.rest("strip")["index"]
    opened = d.choose(plugin)
    check(f"the menu switches the strip to {plugin} (arrow keys, Return) where it rested",
          opened["index"] == index and opened["plugin"] == plugin, str(opened))
    hidden = d.trace.wait("banner", 5, after=began, shown=0)[1]
    check("a plugin chosen in the menu takes the refusal's banner away", hidden["shown"] == 0, str(hidden))
    return True
