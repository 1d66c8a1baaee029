// A page's strips carried to detentd over one WebSocket: the JavaScript
// twin of libdetent's pool (<detent/pool.h>, detent-strip(3), "POOL"), on
// a DetentConnection (detent.js) instead of a Unix socket and poll(2).
//
//   import { DetentPool } from './pool.js';
//   const pool = new DetentPool('ws://127.0.0.1:8080/', 'my page');
//   pool.add(strip);          // a DetentStrip: it opens once the daemon answers
//
// The pool sets each strip's onRequest hook (a page does not set it on a
// strip in a pool), sends every request the strip hands out as JSON and
// gives it back each reply or error in the order they arrive, pushes in
// between as they come, the greeting (strip.online) and the end of the
// connection (strip.offline). A name another strip of the pool has becomes
// name.2, name.3, ...
//
// When no daemon answers (the relay is down, or it closes the WebSocket
// because the daemon is), every strip is offline and pages by its local
// rule, and the pool tries again by itself: at once after losing a daemon
// that had answered, then after RETRY_FIRST_MS, twice as long after each
// failed attempt, up to RETRY_MAX_MS (pool.h's 100 ms and 1 s), so a relay
// that comes back is found within a second. The log (setLog) gets one line
// when an outage begins and one when the daemon answers again, never one
// per attempt. (The browser itself may print a line per failed WebSocket;
// a page cannot silence it.)
//
// What pool.h does and this does not: a second connection when the daemon
// refuses a session for limits.maxSessionsPerConnection (64 sessions a
// page); such a strip gets the error and pages by its local rule.
// SPDX-License-Identifier: Apache-2.0

import { DetentConnection } from './detent.js';

export const RETRY_FIRST_MS = 100;
export const RETRY_MAX_MS = 1000;

export class DetentPool {
  #connection;
  #strips = new Set();
  #log = null;
  #onLink = null;
  #first = RETRY_FIRST_MS;
  #max = RETRY_MAX_MS;
  #wait = 0;
  #connected = false;
  #outage = false;
  #hello = null;

  /** Starts connecting at once to url (a ws: or wss: URL), greeting the daemon as client. */
  constructor(url, client = 'detent.js') {
    this.#connection = new DetentConnection(url, { client, retryMs: this.#first });
    this.#connection.addEventListener('status', ({ detail }) => this.#status(detail));
    this.#connection.addEventListener('ready', () => this.#ready());
    this.#connection.addEventListener('push', ({ detail }) => this.#push(detail));
    this.#connection.start();
  }

  /** The WebSocket URL it connects to. */
  get url() { return this.#connection.url; }

  /** The DetentConnection under it (for a page's own requests: plugins, ping). */
  get connection() { return this.#connection; }

  /** Carries a strip: true, or false when it is in this pool already. */
  add(strip) {
    if (this.#strips.has(strip)) return false;
    const taken = new Set([...this.#strips].map((s) => s.getName()));
    const base = strip.getName();
    for (let n = 2; taken.has(strip.getName()); n += 1) {
      const suffix = `.${n}`;
      strip.setName(base.slice(0, 64 - suffix.length) + suffix);
    }
    this.#strips.add(strip);
    strip.onRequest(() => this.#send(strip));
    if (this.#connected) strip.online(this.#hello);
    else strip.offline();
    return true;
  }

  /** Stops carrying a strip: its session closed when it may be open, its replies dropped, it is offline. */
  remove(strip) {
    if (!this.#strips.delete(strip)) return;
    strip.onRequest(null);
    if (this.#connected && strip.getLink() !== 'offline') {
      this.#connection.request('close', { s: strip.getName() }).catch(() => {});
    }
    strip.offline();
  }

  stripCount() { return this.#strips.size; }

  /** Whether a daemon answers. */
  isConnected() { return this.#connected; }

  /** The first wait after a failed attempt and the longest (ms, at least 10 each). */
  setRetry(firstMs, maxMs) {
    this.#first = Math.max(10, firstMs);
    this.#max = Math.max(this.#first, maxMs);
  }

  /** fn(line): one line when an outage begins and one when the daemon answers again. */
  setLog(fn) { this.#log = fn ?? null; }

  /** fn(connected): called when isConnected() changes. */
  onLink(fn) { this.#onLink = fn ?? null; }

  /** Closes the connection; its strips stay, offline and detached. */
  close() {
    this.#connection.stop();
    for (const strip of this.#strips) {
      strip.onRequest(null);
      strip.offline();
    }
    this.#strips.clear();
    this.#setConnected(false);
  }

  #send(strip) {
    if (!this.#strips.has(strip)) return;
    for (let request = strip.nextRequest(); request; request = strip.nextRequest()) {
      const { token } = request;
      this.#connection.request(request.op, request.fields).then(
        (reply) => { if (this.#strips.has(strip)) strip.reply(token, reply, null); },
        (error) => { if (this.#strips.has(strip)) strip.reply(token, null, error); });
    }
  }

  #push(snap) {
    for (const strip of this.#strips) {
      if (strip.getName() === snap.s) strip.push(snap);
    }
  }

  #ready() {
    this.#wait = 0;
    this.#hello = { op: 'hello', plugins: this.#connection.plugins ?? [] };
    if (this.#outage) this.#log?.(`detentd answers again through ${this.url}`);
    this.#outage = false;
    this.#setConnected(true);
    for (const strip of [...this.#strips]) strip.online(this.#hello);
  }

  #status({ state, reason }) {
    if (state !== 'down') return;
    const had = this.#connected;
    // The connection sets its retry timer right after this event: the
    // wait is chosen here (at once after losing a daemon that answered).
    this.#wait = had ? 0 : Math.min(this.#max, this.#wait ? this.#wait * 2 : this.#first);
    this.#connection.retryMs = this.#wait;
    if (!this.#outage) {
      this.#outage = true;
      this.#log?.(`detentd is not reachable through ${this.url} (${reason}); retrying every ${this.#max / 1000} s at most`);
    }
    if (had || this.#strips.size) {
      for (const strip of [...this.#strips]) strip.offline();
    }
    this.#setConnected(false);
  }

  #setConnected(connected) {
    if (this.#connected === connected) return;
    this.#connected = connected;
    this.#onLink?.(connected);
  }
}
