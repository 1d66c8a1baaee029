// A small client of detentd's line protocol (detent-protocol(7)) for the
// browser: JSON lines over a WebSocket that websockify relays to the
// daemon's Unix socket. No build step, no dependencies.
//
//   import { DetentConnection, position } from './detent.js';
//   const detent = new DetentConnection('ws://127.0.0.1:8080/');
//   detent.addEventListener('ready', async () => {
//     await detent.request('open', { s: 'cards', plugin: 'cards', viewport: 375, item: 343, count: 5 });
//     const snap = await detent.request('end', { s: 'cards', x: 90, t: performance.now() });
//     // draw position(motionOf(snap), ms since now) each frame until snap.ms, then snap.x
//   });
//   detent.start();

/** An `error` reply, or a request that could not be answered. */
export class DetentError extends Error {
  constructor(code, message, reply = null) {
    super(`${code}: ${message}`);
    this.code = code;
    this.reply = reply;
  }
}

/** Qt's InOutQuad from `from` to `to` over `length` ms, at `t` (`to` from `length` on). */
function eased(from, to, t, length) {
  if (!(length > 0 && t < length)) return to;
  const p = t / length;
  const e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2;
  return from + (to - from) * e;
}

/** A brake's deceleration at `t`: from + v*t - sign(v)*accel*t^2/2. */
function braked(motion, t) {
  const a = motion.v > 0 ? motion.accel : motion.v < 0 ? -motion.accel : 0;
  return motion.from + motion.v * t - a * t * t / 2;
}

/**
 * Where the content is `t` ms into a decision's motion: the same function
 * as the Swift client's `Motion.position(at:)` (detent-protocol(7),
 * "Motion"): `decay` (rate), `spring` (omega), `ease` (Qt's InOutQuad) and
 * `brake` (accel, then an ease from `stop` ms). A decay or a spring is not
 * snapped to `to` at `ms` (the caller draws `to` from then on); an ease or
 * a brake is `to` from `ms` on.
 */
export function position(motion, t) {
  const time = Math.max(t, 0);
  switch (motion.curve) {
    case 'decay':
      return motion.to - (motion.to - motion.from) * Math.pow(motion.rate, time);
    case 'spring': {
      const a = motion.from - motion.to;
      const b = motion.v + motion.omega * a;
      return motion.to + (a + b * time) * Math.exp(-motion.omega * time);
    }
    case 'ease':
      return eased(motion.from, motion.to, time, motion.ms);
    case 'brake':
      if (time <= motion.stop) return braked(motion, time);
      return eased(braked(motion, motion.stop), motion.to, time - motion.stop, motion.ms - motion.stop);
    default:
      return motion.to;
  }
}

/** Each curve's own fields (detent-protocol(7), "Motion"). */
const CURVE_FIELDS = { decay: ['rate'], spring: ['omega'], ease: [], brake: ['accel', 'stop'] };

/**
 * The motion of a `snap` reply (a parsed JSON line); a DetentError('bad-reply')
 * when a field is missing or not a number, the curve is unknown, or a
 * brake's `stop` is not a whole number from 0 to `ms`.
 */
export function motionOf(snap) {
  const bad = (why) => new DetentError('bad-reply', `snap ${why}: ${JSON.stringify(snap)}`, snap);
  for (const key of ['from', 'v', 'curve', 'ms', 'x']) {
    if (snap[key] === undefined) throw bad(`without ${key}`);
  }
  if (!Object.hasOwn(CURVE_FIELDS, snap.curve)) throw bad(`with an unknown curve ${JSON.stringify(snap.curve)}`);
  for (const key of ['from', 'v', 'ms', 'x', ...CURVE_FIELDS[snap.curve]]) {
    if (snap[key] === undefined) throw bad(`without ${key} (curve=${snap.curve})`);
    if (typeof snap[key] !== 'number' || !Number.isFinite(snap[key])) throw bad(`${key}: not a finite number`);
  }
  if (!Number.isInteger(snap.ms) || snap.ms < 0) throw bad('ms: not a whole number of ms');
  if (snap.curve === 'brake' && !(Number.isInteger(snap.stop) && snap.stop >= 0 && snap.stop <= snap.ms)) {
    throw bad('stop: not a whole number from 0 to ms');
  }
  return {
    from: snap.from, to: snap.x, v: snap.v, curve: snap.curve,
    rate: snap.rate, omega: snap.omega, accel: snap.accel, stop: snap.stop, ms: snap.ms,
  };
}

/**
 * The fields of each reply kind (detent-protocol(7)): required, then
 * optional. `decodeReply` keeps exactly these; the conformance corpus
 * (Tests/Conformance) holds every kind to them.
 */
export const REPLY_FIELDS = {
  hello: [['proto', 'server', 'plugins'], ['id']],
  pong: [[], ['id']],
  plugins: [['names', 'default'], ['id']],
  opened: [['s', 'plugin', 'index', 'x', 'snaps'], ['id', 'pad', 'dup']],
  began: [['s', 'index', 'x'], ['id', 'jump']],
  moved: [['s', 'x'], ['id']],
  snap: [['s', 'index', 'x', 'mode', 'cause', 'from', 'v', 'curve', 'ms'],
    ['id', 'page', 'jump', 'rate', 'omega', 'accel', 'stop']],
  ok: [['s', 'every'], ['id']],
  closed: [['s'], ['id']],
  stats: [['connections', 'sessions', 'requests', 'errors', 'uptime'], ['id']],
  bye: [[], ['id']],
  error: [['code', 'msg'], ['s', 'id']],
};

/**
 * A parsed JSON reply as its kind: `op` and the kind's fields, unknown
 * ones dropped; a kind it does not know or a missing field is a
 * DetentError('bad-reply').
 */
export function decodeReply(reply) {
  const fields = REPLY_FIELDS[reply?.op];
  if (!fields) throw new DetentError('bad-reply', `unknown reply: ${JSON.stringify(reply)}`, reply);
  const [required, optional] = fields;
  const typed = { op: reply.op };
  for (const key of required) {
    if (reply[key] === undefined) throw new DetentError('bad-reply', `${reply.op} without ${key}: ${JSON.stringify(reply)}`, reply);
    typed[key] = reply[key];
  }
  for (const key of optional) {
    if (reply[key] !== undefined) typed[key] = reply[key];
  }
  return typed;
}

/**
 * One connection to detentd, kept up: requests with ids matched to their
 * replies (the daemon answers in order), pushed autoplay decisions apart,
 * and a reconnection loop that reports what it is doing.
 *
 * Events: `status` ({state: 'connecting' | 'open' | 'down', url, attempt,
 * reason}), `ready` (connected and greeted: open sessions now), `push`
 * (a pushed `snap` line).
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

  /** Sends one request; resolves with its reply, rejects with DetentError. */
  request(op, fields = {}) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || (this.state !== 'open' && op !== 'hello')) {
      return Promise.reject(new DetentError('offline', `detentd is not reachable through ${this.url}`));
    }
    const id = this.nextId++;
    const line = JSON.stringify({ op, ...fields, id });
    return new Promise((resolve, reject) => {
      this.pending.push({ id, line, resolve, reject });
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
      this.request('hello', { client: this.client }).then((hello) => {
        /** The daemon's plugins, in its config's order. */
        this.plugins = hello.plugins ?? [];
        this.attempt = 0;
        this.report('open');
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
    if (reply.op === 'snap' && reply.cause === 'autoplay' && reply.id === undefined) {
      this.dispatchEvent(new CustomEvent('push', { detail: reply }));
      return;
    }
    // Exactly one reply per request, in order.
    const request = this.pending.shift();
    if (!request) return;
    if (reply.id !== undefined && reply.id !== request.id) {
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
