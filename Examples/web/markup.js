// A strip's markup: the WAI-ARIA Authoring Practices' Carousel pattern.
// The section is a region (aria-roledescription="carousel") labelled by
// its title; a rotating one has its pause button first in its tab order;
// the viewport is focusable (tabindex=0: the keys, keyboard.js) and
// described by the live region, which says where it rests; each item is a
// group (aria-roledescription="slide") labelled "N of M", a loop's
// duplicates hidden from screen readers (they are pictures of real ones).

/** Item starts along the track: e(i) = lead + sum(size(j) + spacing, j < i). */
export function itemStarts(sizes, spacing, lead) {
  const starts = [];
  let e = lead;
  for (const size of sizes) {
    starts.push(e);
    e += size + spacing;
  }
  return starts;
}

/** Fills `section` for `spec`; `index` is where it opens, `words` what its live region says then. */
export function stripMarkup(section, spec, index, words) {
  const id = `strip-${spec.name}`;
  section.className = `strip strip-${spec.kind}`;
  section.setAttribute('aria-roledescription', 'carousel');
  section.setAttribute('aria-labelledby', `${id}-title`);
  const rotation = spec.autoplay ? '<button type="button" class="rotation">Pause autoplay</button>' : '';
  section.innerHTML = `
    <header>
      ${rotation}
      <h2><span class="title" id="${id}-title">${spec.title}</span> <label class="plugin">plugin
        <select class="choice" aria-label="plugin of ${spec.title}"><option>${spec.plugin}</option></select></label></h2>
      <p>${spec.about} <span class="seed">Seed ${spec.seed}.</span></p>
    </header>
    <div class="frame">
      <div class="viewport" tabindex="0" role="group" aria-label="${spec.title}: slides" aria-describedby="${id}-said"
        data-detent-session="${spec.name}" data-plugin="${spec.plugin}" data-state="rest" data-index="${index}" data-offset="0">
        <div class="track"></div>
      </div>
    </div>
    <p class="said" id="${id}-said" aria-live="polite" aria-atomic="true">${words}</p>
    <footer>
      <button type="button" class="prev" aria-label="previous item">&#9664;</button>
      <span class="status">connecting&hellip;</span>
      <button type="button" class="next" aria-label="next item">&#9654;</button>
    </footer>
    <code class="last-reply"></code>`;
}

/** One drawn item: `real` false for a loop's duplicate. */
export function slide(item, count, real, html) {
  const el = document.createElement('div');
  el.className = 'item';
  el.dataset.item = String(item);
  el.setAttribute('role', 'group');
  el.setAttribute('aria-roledescription', 'slide');
  el.setAttribute('aria-label', `${item + 1} of ${count}`);
  if (!real) el.setAttribute('aria-hidden', 'true');
  el.innerHTML = html;
  return el;
}
