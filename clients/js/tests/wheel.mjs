// WheelRouter (clients/js/wheel.js) on a real DetentStrip: DOM wheel events
// (deltaX, deltaY, deltaMode as Chromium gives them) routed as notches or a
// touchpad gesture, checked by the requests the strip hands out with its
// session open (a scripted `opened`), and by what the local rule draws with
// none. SPDX-License-Identifier: Apache-2.0
//   node clients/js/tests/wheel.mjs   (TAP; exit 1 on a failure)

import { decodeLine } from '../detent.js';
import { DetentStrip } from '../strip.js';
import { NOTCH_PX, SCROLL_PAUSE_MS, WheelRouter, classifyWheel } from '../wheel.js';
import { sameLine } from './lines.mjs';

let n = 0, failed = 0;
function check(ok, what, detail = '') {
  n += 1;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} ${n} - ${what}${ok || !detail ? '' : `\n#   ${detail}`}`);
}

/** A strip with its session open (geometry extra), its open answered. */
function openStrip(extra = {}) {
  const strip = new DetentStrip('a');
  strip.setGeometry({ viewport: 400, item: 400, count: 5, ...extra });
  strip.online({ op: 'hello', proto: 1, server: 'detentd', plugins: ['paging'] });
  const open = strip.nextRequest();
  strip.reply(open.token, decodeLine('opened s=a plugin=paging index=0 x=0 snaps=5'), null);
  while (strip.nextNote());
  return strip;
}

/** The requests the strip hands out, as lines. */
function sent(strip) {
  const lines = [];
  for (let r; (r = strip.nextRequest());) lines.push(r.line);
  return lines;
}

function sends(strip, want, what) {
  const got = sent(strip);
  const why = got.length !== want.length ? `${got.length} requests, not ${want.length}`
    : want.map((w, i) => sameLine(got[i], w)).find((w) => w);
  check(!why, what, `${why}: sent ${JSON.stringify(got)}`);
}

const px = (deltaX, deltaY = 0) => ({ deltaX, deltaY, deltaMode: 0 });

// classifyWheel: the notches and what is left to a touchpad
check(NOTCH_PX[0] === 120 && NOTCH_PX[1] === 180 && SCROLL_PAUSE_MS === 100,
  'a notch is tried as 120 px (X11) first, then 180 px (Wayland); a pause is 100 ms');
const kinds = [
  [px(120), 'wheel', 1, 0], [px(-120), 'wheel', -1, 0], [px(0, 240), 'wheel', 0, 2], [px(100), 'wheel', 1, 0],
  [px(53), 'wheel', 1, 0], [px(-106), 'wheel', -2, 0], [px(600), 'wheel', 5, 0], [px(37), 'scroll', 37, 0],
  [px(12.5, 1), 'scroll', 12.5, 1], [px(120, 7), 'scroll', 120, 7], [{ deltaX: 0, deltaY: 3, deltaMode: 1 }, 'wheel', 0, 3],
  [{ deltaX: -1, deltaY: 0, deltaMode: 2 }, 'wheel', -1, 0],
  // Chromium on Wayland (measured under sway): a wheel click is 180 px, three in one frame 540;
  // a finger's frames are 12 v px (v: libinput's value, in 1/256 steps), its fling's fractions
  [px(180), 'wheel', 1, 0], [px(0, -180), 'wheel', 0, -1], [px(540), 'wheel', 3, 0], [px(360), 'wheel', 3, 0],
  [px(12 * 3.27734375), 'scroll', 12 * 3.27734375, 0], [px(168.13380432128906), 'scroll', 168.13380432128906, 0],
];
for (const [e, kind, dx, dy] of kinds) {
  const got = classifyWheel(e);
  check(got.kind === kind && got.dx === dx && got.dy === dy,
    `deltaX ${e.deltaX} deltaY ${e.deltaY} mode ${e.deltaMode}: ${kind} ${dx},${dy}`, JSON.stringify(got));
}

// with a session open: a real X notch of Chromium (120 px, mode 0) is a wheel, not a touchpad
{
  const strip = openStrip();
  const router = new WheelRouter(strip);
  check(router.event(px(120), 1000), 'a 120 px notch is taken');
  sends(strip, ['wheel s=a dx=1 dy=0 t=1000 source=mouse x=0'], '120 px: wheel dx=1 source=mouse');
  check(!router.pending, 'a notch leaves no gesture pending');
  router.event(px(0, -120), 1010);
  router.event(px(100), 1020);
  router.event(px(-53), 1030);
  sends(strip, [
    'wheel s=a dx=0 dy=-1 t=1010 source=mouse x=0', 'wheel s=a dx=1 dy=0 t=1020 source=mouse x=0',
    'wheel s=a dx=-1 dy=0 t=1030 source=mouse x=0',
  ], 'a vertical 120 px notch, 100 px and 53 px notches: wheel');
  router.event(px(120), 900);
  sends(strip, ['wheel s=a dx=1 dy=0 t=1030 source=mouse x=0'], 'a t before the last one sent goes out as that one');
}

// a touchpad: one gesture, its updates whatever their deltas, its end at a pause
{
  const strip = openStrip();
  const router = new WheelRouter(strip);
  check(router.event(px(37), 2000), 'a touchpad event of 37 px is taken');
  check(router.pending, 'a touchpad gesture is pending');
  check(router.event(px(120), 2016), 'a 120 px event inside the gesture is taken as an update');
  check(router.event(px(4, 9), 2032), 'an update mostly across the axis inside the gesture is taken');
  router.pause(2032 + SCROLL_PAUSE_MS);
  check(!router.pending, 'the pause ends it');
  sends(strip, [
    'scroll s=a dx=37 dy=0 t=2000 phase=begin x=0', 'scroll s=a dx=37 dy=0 t=2000',
    'scroll s=a dx=120 dy=0 t=2016', 'scroll s=a dx=4 dy=9 t=2032', 'scroll s=a dx=0 dy=0 t=2132 phase=end',
  ], 'scroll: begin with the first deltas, each update, the end with none');
  check(strip.getLink() === 'open' && strip.animating(), 'the strip awaits the gesture\'s decision');
  check(!router.event(px(3, 20), 3000), 'a gesture starting mostly vertical is the page\'s scroll');
  sends(strip, [], 'nothing sent for it');
  router.pause(3200);
  sends(strip, [], 'a pause with no gesture sends nothing');
}

// a vertical strip: dy is along its axis
{
  const strip = openStrip({ axis: 'y' });
  const router = new WheelRouter(strip);
  check(!router.event(px(20, 3), 100), 'axis=y: a gesture mostly horizontal is the page\'s');
  check(router.event(px(3, 20), 110), 'axis=y: a gesture mostly vertical is taken');
  router.pause(300);
  sends(strip, ['scroll s=a dx=3 dy=20 t=110 phase=begin x=0', 'scroll s=a dx=3 dy=20 t=110',
    'scroll s=a dx=0 dy=0 t=300 phase=end'], 'axis=y: its scroll gesture');
}

// no daemon: the local rule pages it, a notch a page, a touchpad as a drag
{
  const strip = new DetentStrip('a');
  const router = new WheelRouter(strip);
  check(!router.event(px(120), 0), 'no geometry: a notch is not taken');
  strip.setGeometry({ viewport: 400, item: 400, count: 5 });
  check(router.event(px(120), 1000), 'offline: a 120 px notch is taken');
  let f = strip.frameAt(0);
  check(f.index === 1 && f.state === 'moving', 'offline: one notch heads for the next page', JSON.stringify(f));
  f = strip.frameAt(200);
  check(f.offset === 400 && f.rest, 'offline: it rests on the next page 200 ms on', JSON.stringify(f));
  router.event(px(37), 2000);
  router.event(px(170), 2016);
  f = strip.frameAt(300);
  check(f.state === 'drag' && f.offset === 607, 'offline: the touchpad drags it by its updates (400 + 37 + 170)', JSON.stringify(f));
  router.pause(2116);
  f = strip.frameAt(400);
  check(f.index === 2, 'offline: let go past the page, it heads for the next one', JSON.stringify(f));
  sends(strip, [], 'offline: nothing sent');
}

console.log(`1..${n}`);
if (failed) {
  console.log(`# ${failed} of ${n} failed`);
  process.exitCode = 1;
}
