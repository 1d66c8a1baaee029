// The examples' own script: the documentation's mouse-dragging switch.
// SPDX-License-Identifier: Apache-2.0

const dragging = document.querySelector('.mouse-dragging');
dragging.querySelector('#toggle-dragging').addEventListener('change', (e) => {
  dragging.querySelector('detent-carousel').toggleAttribute('mouse-dragging', e.target.checked);
});
