// The demo page: one strip per seed scenario, each a real session of the
// bundled plugins.json, all over one WebSocket to detentd (through
// websockify, which scripts/demo starts). The browser's
// prefers-reduced-motion: reduce opens every session with motion=reduced,
// and a change of it while the page is open is sent to the open sessions
// (layout ... motion=reduced|full); no preference leaves the config's.

import { DetentConnection } from '../../clients/js/detent.js';
import { Strip } from './strip.js';

const cards = { viewport: 375, item: 343, count: 5, spacing: 8, lead: 16, trail: 16 };
const colors = ['#2d6cdf', '#1f9d74', '#c2410c', '#7c3aed', '#be185d', '#0e7490', '#a16207', '#4d7c0f'];
const color = (i) => colors[i % colors.length];

export const strips = [
  {
    name: 'cards', plugin: 'cards', seed: '000', kind: 'card', title: 'Account cards', height: 200,
    about: 'The card nearest the release; a flick faster than 1 pt/ms moves one card. Each card rests centred between equal peeks.',
    geometry: cards,
    render: (i) => `<div class="card" style="--c:${color(i)}"><span>Account</span><b>&bull;&bull;&bull;&bull; ${4021 + 1111 * i}</b><em>${(1280.5 * (i + 1)).toFixed(2)} &euro;</em></div>`,
  },
  {
    name: 'peek', plugin: 'peek', seed: '001', kind: 'photo', title: 'Peeking cards', height: 160,
    about: 'UIKit paging with a page of one card plus the gap, so neighbours peek in at both sides.',
    geometry: cards,
    render: (i) => `<div class="photo" style="--c:${color(i + 3)}"><b>${i + 1}</b></div>`,
  },
  {
    name: 'banner', plugin: 'banner', seed: '002', kind: 'banner', title: 'Banner', height: 150,
    about: 'Large pages, one per drag; the momentum is kept only for a fast flick. The pad lets the last page align.',
    geometry: { viewport: 375, item: 275, count: 6, align: 'start', contain: 'pad' },
    render: (i) => `<div class="banner" style="--c:${color(i + 1)}"><b>Offer ${i + 1}</b><span>one page per drag</span></div>`,
  },
  {
    name: 'thumbs', plugin: 'thumbs', seed: '002', kind: 'thumb', title: 'Thumbnails', height: 96,
    about: 'The thumbnail nearest where the momentum would stop, across widths; the pad lets the last ones rest aligned.',
    geometry: {
      viewport: 375, sizes: [120, 90, 150, 100, 80, 130, 110, 95, 140, 85, 125, 100],
      spacing: 8, lead: 8, trail: 8, align: 'start', contain: 'pad',
    },
    render: (i) => `<div class="thumb" style="--c:${color(i + 5)}"><b>${i + 1}</b></div>`,
  },
  {
    name: 'shelf', plugin: 'shelf', seed: '003', kind: 'icon', title: 'Shelf', height: 110,
    about: 'As many whole items as fit make a page; one page per drag, and grabbing it while it settles keeps the page.',
    geometry: { viewport: 375, item: 70, count: 10, spacing: 30, lead: 20, contain: 'pad' },
    render: (i) => `<div class="icon" style="--c:${color(i)}"><b>${String.fromCharCode(65 + i)}</b><span>App ${i + 1}</span></div>`,
  },
  {
    name: 'carousel', plugin: 'carousel', seed: '004', kind: 'slide', title: 'Carousel', height: 170,
    about: 'Centred, looping without end (the jump back is invisible), advancing every 2 s while neither the pointer nor the keyboard is in it.',
    geometry: { viewport: 375, item: 300, count: 4, spacing: 10, loop: 1 },
    autoplay: 2000, // plugins.json's autoplayMs for carousel: what its play button asks for again
    render: (i, count) => `<div class="slide" style="--c:${color(i + 2)}"><b>${i + 1}</b><span>of ${count}</span></div>`,
  },
];

/** Where the daemon is reached: ?ws=URL, else this page's own websockify. */
export function socketURL(location) {
  const asked = new URLSearchParams(location.search).get('ws');
  if (asked) return asked;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
}

function main() {
  const url = socketURL(window.location);
  const detent = new DetentConnection(url, { client: 'detent-web-demo' });
  const demo = {
    connection: detent,
    strips: {},
    /** Milliseconds from pointerup to the decision, every release. */
    latencies: [],
    /** Tests set this to see the last frame before a loop's jump. */
    holdJumps: false,
    releaseJump: (name) => demo.strips[name]?.releaseJump?.(),
    /** Set once every strip's session is open (again after a reconnection). */
    ready: false,
    /** Set once every strip's selector offers the plugins that page it. */
    offered: false,
  };
  window.detentDemo = demo;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  /** The motion sessions open with: reduced, else the config's until the setting changes. */
  let motion = reduce.matches ? 'reduced' : undefined;
  const hooks = { latency: (ms) => demo.latencies.push(ms), holdJumps: () => demo.holdJumps, motion: () => motion };
  reduce.addEventListener('change', () => {
    motion = reduce.matches ? 'reduced' : 'full';
    for (const strip of Object.values(demo.strips)) strip.setMotion(motion).catch(() => {});
  });
  const container = document.querySelector('#strips');
  for (const spec of strips) {
    const strip = new Strip(spec, detent, hooks);
    strip.build(container);
    demo.strips[spec.name] = strip;
  }
  const banner = document.querySelector('#banner');
  detent.addEventListener('status', ({ detail }) => {
    document.body.dataset.connection = detail.state;
    if (detail.state === 'ready') {
      banner.hidden = true;
      return;
    }
    demo.ready = false;
    for (const strip of Object.values(demo.strips)) strip.offline();
    if (detail.state === 'down' || detail.attempt > 1) {
      banner.hidden = false;
      banner.querySelector('.where').textContent = detail.url;
      banner.querySelector('.why').textContent = detail.reason ? ` (${detail.reason})` : '';
      banner.querySelector('.retry').textContent =
        `Retrying every ${detail.retryMs / 1000} s; attempt ${detail.attempt}.`;
    }
  });
  detent.addEventListener('ready', async () => {
    try {
      await Promise.all(Object.values(demo.strips).map((strip) => strip.open()));
      demo.ready = true;
      document.body.dataset.ready = 'true';
      demo.offered = false;
      await Promise.all(Object.values(demo.strips).map((strip) => strip.offer(detent.plugins)));
      demo.offered = true;
    } catch (error) {
      banner.hidden = false;
      banner.querySelector('.why').textContent = ` (${error.message})`;
    }
  });
  detent.addEventListener('push', ({ detail }) => demo.strips[detail.s]?.pushed(detail));
  document.querySelector('#where').textContent = url;
  detent.start();
}

main();
