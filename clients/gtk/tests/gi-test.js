// DetentCarousel from GJS through the typelib (Detent-1): built, shown,
// paged by scroll_to and by a real X wheel click (xdotool), its position
// and page-changed read. Needs $DISPLAY, GI_TYPELIB_PATH and
// LD_LIBRARY_PATH to the built library, and a daemon by the discovery rule
// ($DETENT_SOCKET). Prints `ok - ...` or `not ok - ...`; exits 1 on a failure.
// SPDX-License-Identifier: Apache-2.0
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Detent = '1';
const { Detent, GLib, Gtk } = imports.gi;
const System = imports.system;

let failed = 0;
function check(name, ok, detail) {
    if (!ok) failed++;
    print((ok ? 'ok - ' : 'not ok - ') + name + (ok || !detail ? '' : `: ${detail}`));
}

function runUntil(cond, seconds) {
    const end = GLib.get_monotonic_time() + seconds * 1e6;
    const context = GLib.MainContext.default();
    while (!cond() && GLib.get_monotonic_time() < end) {
        context.iteration(false);
        GLib.usleep(1000);
    }
    return cond();
}

Detent.gtk_init();
const window = new Gtk.Window({ title: 'detent gi-test gjs', default_width: 360, default_height: 240 });
const carousel = new Detent.Carousel({ orientation: Gtk.Orientation.HORIZONTAL });
for (let i = 0; i < 3; i++)
    carousel.append(new Gtk.Label({ label: `page ${i}`, hexpand: true, vexpand: true }));
const changed = [];
carousel.connect('page-changed', (c, index) => changed.push([index, c.position]));
window.set_child(carousel);
window.present();

check('a Detent.Carousel with 3 pages, n_pages read as a property', carousel.get_n_pages() === 3 &&
      carousel.n_pages === 3 && carousel instanceof Gtk.Orientable);
check('connected, running adwaita', runUntil(() => carousel.connected && carousel.running_plugin === 'adwaita', 5),
      `${carousel.connected} ${carousel.running_plugin}`);

// Named only in a .ui, as an app that calls detent_gtk_init() once does.
const builder = Gtk.Builder.new_from_string(`<interface><object class="DetentCarousel" id="c">
  <property name="spacing">6</property><property name="orientation">vertical</property>
  <child><object class="GtkLabel"/></child><child><object class="GtkLabel"/></child></object></interface>`, -1);
const built = builder.get_object('c');
check('a .ui names DetentCarousel: built with its <child> pages and properties',
      built instanceof Detent.Carousel && built.get_n_pages() === 2 && built.spacing === 6 &&
      built.orientation === Gtk.Orientation.VERTICAL);

carousel.scroll_to(carousel.get_nth_page(1), false);
check('scroll_to(page 1, false): page-changed(1) at position 1 before it returns',
      changed.length === 1 && changed[0][0] === 1 && changed[0][1] === 1 && carousel.get_position() === 1,
      JSON.stringify(changed));
changed.length = 0;
carousel.scroll_to(carousel.get_nth_page(2), true);
check('scroll_to(page 2, true): page-changed(2) at position 2 when its motion ends',
      runUntil(() => changed.length > 0, 5) && changed[0][0] === 2 && changed[0][1] === 2, JSON.stringify(changed));

runUntil(() => false, 0.3);
const [, ids] = GLib.spawn_command_line_sync('xdotool search --name "^detent gi-test gjs$"');
const id = new TextDecoder().decode(ids).trim().split('\n')[0];
const [, shell] = GLib.spawn_command_line_sync(`xdotool getwindowgeometry --shell ${id}`);
const geometry = {};
for (const line of new TextDecoder().decode(shell).trim().split('\n')) {
    const [key, value] = line.split('=');
    geometry[key] = parseInt(value);
}
changed.length = 0;
GLib.spawn_command_line_async(`xdotool mousemove ${geometry.X + 180} ${geometry.Y + 120} click 6`);
check('a real wheel click left: page-changed(1) at position 1',
      runUntil(() => changed.length > 0, 5) && changed[0][0] === 1 && carousel.position === 1,
      JSON.stringify(changed));
window.destroy();
System.exit(failed ? 1 : 0);
