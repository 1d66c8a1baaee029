// A DOM `wheel` event to a DetentStrip: a mouse's notches to its wheel(),
// a touchpad's pixels to one scroll() gesture. The DOM says neither the
// device nor the phase, so:
// - a wheel: deltaMode LINE or PAGE (the deltas as notches), or pixel
//   deltas that are whole multiples of a notch, NOTCH_PX, tried in order:
//   120 px (Chromium on X11: a real `xdotool click 4`-`7` under Xvfb
//   reaches the page as deltaX or deltaY +-120, deltaMode 0), 180 px
//   (Chromium on Wayland: a wheel click under sway, libinput's 15 degrees,
//   arrives as +-180; a finger's axis value v as 12 v), 100 px (Chromium on
//   Windows, and a DevTools test's notch), 53 px (older Chromium on X11,
//   its kWheelScrollAmount); source=mouse. 360 px reads as three 120 px
//   notches (two Wayland clicks in one frame would be two);
// - a touchpad: any other pixel deltas, one gesture: its first event
//   begins it (an update with no gesture begins one), each event after is
//   an update (whatever its deltas), and it ends once no wheel event has
//   come for SCROLL_PAUSE_MS. A gesture that starts mostly across the
//   strip's axis is left to the page's own scroll.
// Nothing in a DOM wheel event tells a notch from a precise scroll of the
// same size (measured in Chromium 156: a DevTools wheel of 120 px, which
// Chromium scrolls as a precise scroll, has the same deltaX, deltaMode and
// wheelDeltaX as a real X notch, and timeStamps are no help: X's keep the
// server's whole ms, Wayland's and DevTools' do not). The sizes hold on real input because a touchpad's deltas are almost never
// whole multiples of them (libinput's values are fractions, 1/256 steps),
// and the router takes every event of a gesture under way as an update.
// The router reads no clock and owns no timer: while `pending`, the widget
// calls pause(t) once SCROLL_PAUSE_MS have passed with no event.
// SPDX-License-Identifier: Apache-2.0

/** The pixel sizes of a notch, in the order tried. */
export const NOTCH_PX = [120, 180, 100, 53];
/** A touchpad gesture ends after this long without a wheel event (the DOM has no phase). */
export const SCROLL_PAUSE_MS = 100;

const whole = (delta, notch) => Number.isInteger(delta / notch);

/**
 * A wheel event ({deltaX, deltaY, deltaMode}) as a strip takes it:
 * {kind: 'wheel', dx, dy} in notches, or {kind: 'scroll', dx, dy} in points.
 */
export function classifyWheel(e) {
  const dx = Number(e.deltaX) || 0, dy = Number(e.deltaY) || 0;
  if (e.deltaMode === 1 || e.deltaMode === 2) return { kind: 'wheel', dx, dy };
  if (dx !== 0 || dy !== 0) {
    const notch = NOTCH_PX.find((n) => whole(dx, n) && whole(dy, n));
    if (notch) return { kind: 'wheel', dx: dx / notch, dy: dy / notch };
  }
  return { kind: 'scroll', dx, dy };
}

export class WheelRouter {
  /** Routes a page's wheel events to strip (a DetentStrip). */
  constructor(strip) {
    this.strip = strip;
    this.gesture = false;
  }

  /** A touchpad gesture is under way: its end waits for a pause (call pause(t) once SCROLL_PAUSE_MS passed). */
  get pending() {
    return this.gesture;
  }

  /** A wheel event at t (its timeStamp): whether the strip took it (then preventDefault() it). */
  event(e, t) {
    const strip = this.strip;
    if (this.gesture && e.deltaMode === 0) {
      const taken = strip.scroll(Number(e.deltaX) || 0, Number(e.deltaY) || 0, t);
      if (!taken) this.gesture = false; // the strip let it go (no items any more)
      return taken;
    }
    const kind = classifyWheel(e);
    if (kind.kind === 'wheel') {
      if (this.gesture) this.pause(t); // a notch ends a touchpad's gesture
      if (!strip.getGeometry()) return false;
      strip.wheel(kind.dx, kind.dy, t, 'mouse');
      return true;
    }
    const vertical = strip.getGeometry()?.axis === 'y';
    const along = vertical ? kind.dy : kind.dx, across = vertical ? kind.dx : kind.dy;
    if (Math.abs(along) <= Math.abs(across)) return false; // the page's own scroll
    this.gesture = strip.scroll(kind.dx, kind.dy, t); // an update with no gesture begins one
    return this.gesture;
  }

  /** No wheel event for SCROLL_PAUSE_MS: the touchpad's gesture ends at t. */
  pause(t) {
    if (!this.gesture) return;
    this.gesture = false;
    this.strip.scroll(0, 0, t, 'end');
  }
}
