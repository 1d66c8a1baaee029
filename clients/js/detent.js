// A small client of detentd's line protocol (detent-protocol(7)) for the
// browser: JSON lines over a WebSocket that websockify relays to the
// daemon's Unix socket. No build step, no dependencies: it imports only
// the modules beside it: protocol.js, the protocol's tables, generated from
// protocol/detent-protocol.json (protocol/generate), and its parts below.
// Debian's libjs-detent installs them in /usr/share/javascript/detent/
// (clients/js/README.md).
// It also reads and writes the text encoding (encodeLine, decodeLine).
//
//   import { DetentConnection, motionOf, position } from './detent.js';
//   const detent = new DetentConnection('ws://127.0.0.1:8080/');
//   detent.addEventListener('ready', async () => {
//     // request(verb, fields) takes any verb of protocol.js's VERBS and
//     // checks the fields against it: a decision comes from end with s, x
//     // and t, after open with s, plugin and a geometry. A wheel event
//     // (wheel: dx, dy in lines, t) answers snap, or kept when it changes
//     // nothing; a touchpad's (scroll: dx, dy in pixels, t, phase begin on
//     // the first, none on updates, end on the stop) answers moved, and
//     // snap at the end. Deltas are positive where the offset grows.
//     const snap = await detent.request(verb, fields);
//     // draw position(motionOf(snap), ms since now) each frame until snap.ms, then snap.x
//   });
//   detent.start();
//
// Its parts: lines.js (requests and replies as the protocol's tables say)
// and motion.js (the curves); this module re-exports both.

import { PUSHES, VERBS } from './protocol.js';
import { DetentError, checkRequest, decodeReply } from './lines.js';

export { DetentError, REPLY_FIELDS, checkRequest, decodeLine, decodeReply, encodeLine, motionOf } from './lines.js';
export { position } from './motion.js';

/** The greeting sent on connect: only a reply to it means the daemon is there. */
const GREETING = 'hello';

/**
 * One connection to detentd, kept up: requests with ids matched to their
 * replies (the daemon answers in order), pushed autoplay decisions apart,
 * and a reconnection loop that reports what it is doing.
 *
 * Events: `status` ({state: 'connecting' | 'ready' | 'down', url, attempt,
 * reason}), `ready` (connected and greeted: open sessions now), `push`
 * (a pushed `snap` line; it comes after the `then` callbacks of the
 * replies read before it, so a DetentStrip fed from both sees them in the
 * daemon's order).
 */
export class DetentConnection extends EventTarget {
  constructor(url, { retryMs = 2000, client = 'detent.js' } = {}) {
    super();
    this.url = url;
    this.retryMs = retryMs;
    this.client = client;
    this.state = 'down';
    this.attempt = 0;
    this.nextId = 1;
    this.pending = [];
    this.buffer = '';
    this.decoder = new TextDecoder();
    this.encoder = new TextEncoder();
    this.socket = null;
    this.timer = null;
    this.stopped = false;
  }

  /** Connects, and keeps reconnecting every `retryMs` while it cannot. */
  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }

  /**
   * Sends one request, checked first (checkRequest); resolves with its
   * reply (a kind the verb answers with), rejects with DetentError.
   */
  request(op, fields = {}) {
    try {
      checkRequest(op, fields);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || (this.state !== 'ready' && op !== GREETING)) {
      return Promise.reject(new DetentError('offline', `detentd is not reachable through ${this.url}`));
    }
    const id = this.nextId++;
    const line = JSON.stringify({ op, ...fields, id });
    return new Promise((resolve, reject) => {
      this.pending.push({ op, id, line, resolve, reject });
      this.socket.send(this.encoder.encode(line + '\n'));
    });
  }

  connect() {
    clearTimeout(this.timer);
    this.attempt += 1;
    this.report('connecting');
    let socket;
    try {
      socket = new WebSocket(this.url, ['binary']);
    } catch (error) {
      this.lost(`${error.message}`);
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.buffer = '';
    socket.onopen = () => {
      // websockify accepts the WebSocket even when the daemon is down (it
      // then closes it): only a reply to hello means the daemon is there.
      this.request(GREETING, { client: this.client }).then((hello) => {
        /** The daemon's plugins, in its config's order. */
        this.plugins = hello.plugins ?? [];
        this.attempt = 0;
        this.report('ready');
        this.dispatchEvent(new Event('ready'));
      }, () => {});
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket === socket) this.lost(event.reason || `the connection closed (code ${event.code})`);
    };
  }

  receive(data) {
    this.buffer += typeof data === 'string' ? data : this.decoder.decode(data, { stream: true });
    let newline;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() !== '') this.line(line);
    }
  }

  line(text) {
    let reply;
    try {
      reply = decodeReply(JSON.parse(text));
    } catch (error) {
      reply = { op: 'error', code: 'bad-reply', msg: `${error.message}: ${text}` };
    }
    if (Object.hasOwn(PUSHES, reply.op) && reply.id === undefined) {
      // After the callbacks of the replies read before it (queued as they
      // resolved): a strip must see a push in the order the daemon wrote it.
      queueMicrotask(() => this.dispatchEvent(new CustomEvent('push', { detail: reply })));
      return;
    }
    // Exactly one reply per request, in order.
    const request = this.pending.shift();
    if (!request) return;
    const answers = (reply.id === undefined || reply.id === request.id)
      && (reply.op === 'error' || VERBS[request.op].replies.includes(reply.op));
    if (!answers) {
      request.reject(new DetentError('bad-reply', `reply ${text} does not answer ${request.line}`, reply));
    } else if (reply.op === 'error') {
      request.reject(new DetentError(reply.code, reply.msg, reply));
    } else {
      request.resolve(reply);
    }
  }

  lost(reason) {
    this.socket = null;
    for (const request of this.pending.splice(0)) {
      request.reject(new DetentError('offline', `lost the connection to detentd (${reason})`));
    }
    this.report('down', reason);
    if (!this.stopped) this.timer = setTimeout(() => this.connect(), this.retryMs);
  }

  report(state, reason = '') {
    this.state = state;
    this.dispatchEvent(new CustomEvent('status', {
      detail: { state, url: this.url, attempt: this.attempt, retryMs: this.retryMs, reason },
    }));
  }
}
