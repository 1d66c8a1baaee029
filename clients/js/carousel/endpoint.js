// Where <detent-carousel> reaches detentd: its `endpoint` attribute (the
// relay's WebSocket URL), else the page's own origin when the relay serves
// the page (scripts/demo's websockify, or detent-websocket --web: their file
// server answers with `Server: WebSockify ...`), else the address the
// user's relay unit listens on (detent-websocket.socket: 127.0.0.1:7468,
// which takes pages of the origins its websocket.json lists). Every carousel of a page with the
// same endpoint shares one pool (pool.js), so one WebSocket.
// SPDX-License-Identifier: Apache-2.0

import { DetentPool } from '../pool.js';

/** Where the user's relay unit listens (detent-websocket.socket, detent-websocket(8)). */
export const RELAY_URL = 'ws://127.0.0.1:7468/';

/**
 * The endpoint attribute as a WebSocket URL: ws: or wss:, or http: and
 * https: read as ws: and wss: (as the WebSocket constructor does), without
 * a fragment; a relative URL is read against the page. A TypeError saying
 * what is wrong otherwise.
 */
export function parseEndpoint(text) {
  let url;
  try {
    url = new URL(text, document.baseURI);
  } catch {
    throw new TypeError(`endpoint ${JSON.stringify(text)} is not a URL`);
  }
  const schemes = { 'ws:': 'ws:', 'wss:': 'wss:', 'http:': 'ws:', 'https:': 'wss:' };
  if (!Object.hasOwn(schemes, url.protocol)) {
    throw new TypeError(`endpoint ${JSON.stringify(text)} is not a WebSocket URL (ws: or wss:, not ${url.protocol})`);
  }
  if (url.hash) throw new TypeError(`endpoint ${JSON.stringify(text)} has a fragment (${url.hash}), which a WebSocket URL may not`);
  url.protocol = schemes[url.protocol];
  return url.href;
}

let guessed = null;

/** The default endpoint, found once per page (a HEAD request to the page itself). */
export function defaultEndpoint() {
  guessed ??= (async () => {
    const { protocol, host, href } = window.location;
    if (protocol !== 'http:' && protocol !== 'https:') return RELAY_URL;
    try {
      const response = await fetch(href, { method: 'HEAD', cache: 'no-store' });
      if ((response.headers.get('server') ?? '').startsWith('WebSockify')) {
        return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/`;
      }
    } catch {
      // Not answered: not the relay either.
    }
    return RELAY_URL;
  })();
  return guessed;
}

const pools = new Map();

/** The page's pool for url (made at the first use). */
export function poolFor(url) {
  let entry = pools.get(url);
  if (!entry) {
    entry = { pool: new DetentPool(url, 'detent-carousel'), users: 0 };
    pools.set(url, entry);
  }
  entry.users += 1;
  return entry.pool;
}

/** A carousel stops using its pool; the last one closes it. */
export function releasePool(pool) {
  const entry = pools.get(pool.url);
  if (!entry || entry.pool !== pool) return;
  entry.users -= 1;
  if (entry.users <= 0) {
    pools.delete(pool.url);
    pool.close();
  }
}

/** One carousel's place in its endpoint's pool (a strip joins and leaves it). */
export class EndpointLink {
  #strip;
  #pool = null;
  #token = 0;

  constructor(strip) {
    this.#strip = strip;
  }

  /**
   * Joins the pool of `asked` (the endpoint attribute; null: the default,
   * found once per page): `before()` first when the pool changes; a
   * malformed one leaves every pool and calls `malformed(error)`.
   */
  join(asked, { before, malformed }) {
    const token = ++this.#token;
    if (asked === null) {
      return defaultEndpoint().then((url) => { if (token === this.#token) this.#enter(url, before); });
    }
    let url;
    try {
      url = parseEndpoint(asked);
    } catch (error) {
      this.leave();
      malformed(error);
      return undefined;
    }
    this.#enter(url, before);
    return undefined;
  }

  #enter(url, before) {
    if (this.#pool?.url === url) return;
    this.leave();
    before();
    this.#pool = poolFor(url);
    this.#pool.add(this.#strip);
  }

  /** Leaves its pool; a default still being found is not joined. */
  leave() {
    this.#token += 1;
    if (!this.#pool) return;
    this.#pool.remove(this.#strip);
    releasePool(this.#pool);
    this.#pool = null;
  }
}
