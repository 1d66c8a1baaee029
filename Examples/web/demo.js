// The demo page: six <detent-carousel>s (clients/js/detent-carousel.js,
// loaded by index.html as any page loads it), one per seed scenario, each a
// real session of the bundled plugins.json through the relay that serves
// the page (scripts/demo). Their geometry is the page's CSS (style.css:
// --slide-size, --slide-gap, --scroll-hint, contain="pad"); each one's
// plugin menu offers the plugins that page it (the daemon is asked, on
// the page's own connection) and sets its `plugin` attribute.
//
// Test hooks (Tests/Browser), from each carousel's `detent-trace` events:
// window.detentDemo.strips[name] keeps the requests and replies (wheelLog,
// stepLog), the last decision and the frames of its motion, the pushes;
// the carousel element carries data-detent-session, data-plugin,
// data-plugins (those its menu offers), data-motion (the motion its
// session was last given: full, reduced, or config), and data-state
// (rest, drag or moving), data-index and data-offset, set at every frame
// it draws; its section carries data-rotation (on or off: what the
// carousel asked the daemon) and data-rotation-said (what the daemon
// acknowledged).

import { DetentConnection } from '../../clients/js/detent.js';
import { Hooks } from './hooks.js';

const colors = ['#2d6cdf', '#1f9d74', '#c2410c', '#7c3aed', '#be185d', '#0e7490', '#a16207', '#4d7c0f'];
const color = (i) => colors[i % colors.length];

export const strips = [
  {
    name: 'cards', plugin: 'cards', seed: '000', count: 5, title: 'Account cards',
    about: 'The card nearest the release; a flick faster than 1 pt/ms moves one card. Each card rests centred between equal peeks.',
    render: (i) => `<div class="card" style="--c:${color(i)}"><span>Account</span><b>&bull;&bull;&bull;&bull; ${4021 + 1111 * i}</b><em>${(1280.5 * (i + 1)).toFixed(2)} &euro;</em></div>`,
  },
  {
    name: 'peek', plugin: 'peek', seed: '001', count: 5, title: 'Peeking cards',
    about: 'UIKit paging with a page of one card plus the gap, so neighbours peek in at both sides.',
    render: (i) => `<div class="photo" style="--c:${color(i + 3)}"><b>${i + 1}</b></div>`,
  },
  {
    name: 'banner', plugin: 'banner', seed: '002', count: 6, title: 'Banner', contain: 'pad',
    about: 'Large pages, one per drag; the momentum is kept only for a fast flick. The pad lets the last page align.',
    render: (i) => `<div class="banner" style="--c:${color(i + 1)}"><b>Offer ${i + 1}</b><span>one page per drag</span></div>`,
  },
  {
    name: 'thumbs', plugin: 'thumbs', seed: '002', title: 'Thumbnails', contain: 'pad',
    about: 'The thumbnail nearest where the momentum would stop, across widths; the pad lets the last ones rest aligned.',
    widths: [120, 90, 150, 100, 80, 130, 110, 95, 140, 85, 125, 100],
    render: (i) => `<div class="thumb" style="--c:${color(i + 5)}"><b>${i + 1}</b></div>`,
  },
  {
    name: 'shelf', plugin: 'shelf', seed: '003', count: 10, title: 'Shelf', contain: 'pad',
    about: 'As many whole items as fit make a page; one page per drag, and grabbing it while it settles keeps the page.',
    render: (i) => `<div class="icon" style="--c:${color(i)}"><b>${String.fromCharCode(65 + i)}</b><span>App ${i + 1}</span></div>`,
  },
  {
    name: 'carousel', plugin: 'carousel', seed: '004', count: 4, title: 'Carousel', loop: true, autoplay: 2000,
    about: 'Centred, looping without end (the real slides wrap), advancing every 2 s while neither the pointer nor the keyboard is in it.',
    render: (i, count) => `<div class="slide" style="--c:${color(i + 2)}"><b>${i + 1}</b><span>of ${count}</span></div>`,
  },
];

/** Where the page's own connection goes (the plugin menus): ?ws=URL, else this page's relay. */
export function socketURL(location) {
  const asked = new URLSearchParams(location.search).get('ws');
  if (asked) return asked;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
}

/** A carousel's section: its title and plugin menu, the element with its slides, its status line. */
function section(spec, endpoint) {
  const el = document.createElement('section');
  el.className = `strip strip-${spec.name}`;
  el.dataset.name = spec.name;
  const count = spec.widths ? spec.widths.length : spec.count;
  const slides = [...Array(count).keys()].map((i) => {
    const width = spec.widths ? ` style="width: ${spec.widths[i]}px"` : '';
    return `<detent-carousel-item${width}>${spec.render(i, count)}</detent-carousel-item>`;
  }).join('');
  const attributes = [`plugin="${spec.plugin}"`, 'navigation', 'mouse-dragging', endpoint ? `endpoint="${endpoint}"` : '',
    spec.contain ? `contain="${spec.contain}"` : '', spec.loop ? 'loop' : '',
    spec.autoplay ? `autoplay autoplay-interval="${spec.autoplay}"` : ''].filter(Boolean).join(' ');
  el.innerHTML = `
    <header>
      <h2><span class="title" id="${spec.name}-title">${spec.title}</span> <label class="plugin">plugin
        <select class="choice" aria-label="plugin of ${spec.title}"><option>${spec.plugin}</option></select></label></h2>
      <p>${spec.about} <span class="seed">Seed ${spec.seed}.</span></p>
    </header>
    <detent-carousel id="strip-${spec.name}" aria-labelledby="${spec.name}-title" data-detent-session="${spec.name}" ${attributes}>${slides}</detent-carousel>
    <p class="status">connecting&hellip;</p>
    <code class="last-reply"></code>`;
  return el;
}

async function main() {
  const url = socketURL(window.location);
  const connection = new DetentConnection(url, { client: 'detent-web-demo' });
  const demo = {
    connection,
    strips: {},
    /** Milliseconds from pointerup to the decision, every release. */
    latencies: [],
    /** Set once every carousel's session is open (again after a reconnection). */
    ready: false,
    /** Set once every plugin menu offers the plugins that page its carousel. */
    offered: false,
  };
  window.detentDemo = demo;
  await customElements.whenDefined('detent-carousel');
  const container = document.querySelector('#strips');
  const opened = () => {
    demo.ready = connection.state === 'ready' && Object.values(demo.strips).every((s) => s.ready);
    if (demo.ready) document.body.dataset.ready = 'true';
  };
  for (const spec of strips) {
    // The element's own default endpoint is this page's relay; ?ws= sends it elsewhere.
    const el = section(spec, new URLSearchParams(window.location.search).get('ws'));
    const hooks = new Hooks(spec, el, connection, demo, opened);
    demo.strips[spec.name] = hooks;
    container.append(el);
  }
  const banner = document.querySelector('#banner');
  connection.addEventListener('status', ({ detail }) => {
    document.body.dataset.connection = detail.state;
    if (detail.state === 'ready') {
      banner.hidden = true;
      opened();
      return;
    }
    demo.ready = false;
    if (detail.state === 'down' || detail.attempt > 1) {
      banner.hidden = false;
      banner.querySelector('.where').textContent = detail.url;
      banner.querySelector('.why').textContent = detail.reason ? ` (${detail.reason})` : '';
      banner.querySelector('.retry').textContent = `Retrying every ${detail.retryMs / 1000} s; attempt ${detail.attempt}.`;
    }
  });
  connection.addEventListener('ready', async () => {
    opened();
    demo.offered = false;
    await Promise.all(Object.values(demo.strips).map((strip) => strip.offer(connection.plugins)));
    demo.offered = true;
  });
  document.querySelector('#where').textContent = url;
  connection.start();
}

main();
