// The examples' own script (the documentation's mouse-dragging switch) and
// what the test reads: every event of every carousel, in order, with the
// time it came (performance.now()).
// SPDX-License-Identifier: Apache-2.0

window.carouselEvents = [];
for (const type of ['detent-slide-change', 'detent-settle', 'detent-link-change']) {
  document.addEventListener(type, (e) => {
    const carousel = e.target.closest('detent-carousel');
    window.carouselEvents.push({
      id: carousel?.id ?? null, type, at: performance.now(),
      index: e.detail.index ?? null, slide: e.detail.slide ? [...carousel.children].indexOf(e.detail.slide) : null,
      link: e.detail.link ?? null,
    });
  });
}

const dragging = document.querySelector('.mouse-dragging');
dragging.querySelector('#toggle-dragging').addEventListener('change', (e) => {
  dragging.querySelector('detent-carousel').toggleAttribute('mouse-dragging', e.target.checked);
});
