// A small client of detentd's line protocol (detent-protocol(7)) for the
// browser: JSON lines over a WebSocket that websockify relays to the
// daemon's Unix socket. No build step, no dependencies: it imports only
// protocol.js beside it, the protocol's tables, generated from
// protocol/detent-protocol.json (protocol/generate). Debian's libjs-detent
// installs both in /usr/share/javascript/detent/ (clients/js/README.md).
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

import { FIELD_TYPES, GROUPS, KEY_TYPES, KEYS, MOTION, PUSHES, REPLIES, TOGETHER, VERBS } from './protocol.js';

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
 * "Motion"): `decay` (rate), `spring` (omega), `ease` (Qt's InOutQuad),
 * `brake` (accel, then an ease from `stop` ms; re-aimed at `aim` ms, if
 * given, by a uniform deceleration that stops on `to` at `stop`) and `none` (drawn at once:
 * motion=reduced). A decay or a spring is not
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
    case 'brake': {
      const r = motion.aim ?? 0;
      if (r > 0 && r < motion.stop) {
        if (time <= r) return braked(motion, time);
        const at = braked(motion, r);
        const l = motion.stop - r;
        const u = Math.min(time, motion.stop) - r;
        const w = 2 * (motion.to - at) / l;
        return time <= motion.stop ? at + w * u - w * u * u / (2 * l) : motion.to;
      }
      if (time <= motion.stop) return braked(motion, time);
      return eased(braked(motion, motion.stop), motion.to, time - motion.stop, motion.ms - motion.stop);
    }
    case 'none':
      return motion.to;
    default:
      return motion.to;
  }
}

/** Why `value` is not of `type` (KEY_TYPES' or FIELD_TYPES'), an enumeration's values listed. */
function notOf(type, spec, value) {
  return `${JSON.stringify(value)} is not ${type.words}${spec.values ? ` ${spec.values.join(', ')}` : ''}`;
}

/**
 * The fields of `specs` (a reply kind's, or MOTION) that `line` holds,
 * each of its type; the `always` ones and those of the curve it names
 * are required. Else throws bad(why).
 */
function readFields(specs, line, bad) {
  const out = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = line[name];
    if (value === undefined) continue;
    const type = FIELD_TYPES[spec.type];
    if (!type.is(value, spec.values)) throw bad(`${name}: ${notOf(type, spec, value)}`);
    out[name] = value;
  }
  const curves = Object.keys(specs).filter((name) => specs[name].type === 'curve').map((name) => out[name]);
  for (const [name, spec] of Object.entries(specs)) {
    const required = spec.always || (spec.curve !== undefined && !spec.optional && curves.includes(spec.curve));
    if (required && out[name] === undefined) throw bad(`without ${name}`);
  }
  return out;
}

/**
 * The motion of a decision (a parsed JSON line: its motion fields, and its
 * x as `to`); a DetentError('bad-reply') when one is missing or not of its
 * type, or a brake's `stop` is not from 0 to `ms` or its `aim` not from 0
 * to below `stop`.
 */
export function motionOf(snap) {
  const bad = (why) => new DetentError('bad-reply', `a decision ${why}: ${JSON.stringify(snap)}`, snap);
  if (!Number.isFinite(snap?.x)) throw bad('without a finite x');
  const motion = { to: snap.x, ...readFields(MOTION, snap, bad) };
  if (motion.ms < 0) throw bad('ms: not a whole number of ms');
  if (motion.curve === 'brake' && !(motion.stop >= 0 && motion.stop <= motion.ms)) throw bad('stop: not from 0 to ms');
  const aimOk = motion.aim === undefined || motion.aim === 0 || (motion.aim > 0 && motion.aim < motion.stop);
  if (motion.curve === 'brake' && !aimOk) throw bad('aim: not from 0 to below stop');
  return motion;
}

/** Each reply kind's fields (protocol.js's REPLIES): always there, then optional. */
export const REPLY_FIELDS = Object.fromEntries(Object.entries(REPLIES).map(([op, fields]) => {
  const names = Object.keys(fields);
  return [op, [names.filter((n) => fields[n].always), names.filter((n) => !fields[n].always)]];
}));

/**
 * A parsed JSON reply as its kind: `op` and the kind's fields, unknown
 * ones dropped; a kind it does not know, a missing field (a curve's own
 * ones included) or one of the wrong type is a DetentError('bad-reply').
 */
export function decodeReply(reply) {
  const bad = (why) => new DetentError('bad-reply', `${why}: ${JSON.stringify(reply)}`, reply);
  if (!Object.hasOwn(REPLIES, reply?.op)) throw bad('unknown reply');
  const kind = reply.op;
  return { op: kind, ...readFields(REPLIES[kind], reply, (why) => bad(`${kind} ${why}`)) };
}

/** A text value: bare, or double-quoted with \" and \\ when empty or holding a blank, a quote or a backslash. */
function textValue(value) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.map(textValue).join(',');
  const text = String(value);
  if (text !== '' && !/[ \t"\\]/.test(text)) return text;
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * A request in the text encoding (detent-protocol(7), "Encodings"): the
 * verb, then key=value for each field that is not undefined, in order,
 * without a newline. A boolean is 1 or 0, a list comma-separated.
 */
export function encodeLine(op, fields = {}) {
  let line = op;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) line += ` ${key}=${textValue(value)}`;
  }
  return line;
}

/** A number of the text encoding: [+-]?(D+(.D*)?|.D+)([eE][+-]?D+)?, finite; else undefined. */
function textNumber(text) {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A text line's verb and fields as strings; a DetentError('bad-reply') when it is not of the format. */
function splitLine(text) {
  const bad = (why) => new DetentError('bad-reply', `${why}: ${text}`);
  const verb = /^[^ \t]+/.exec(text);
  if (!verb) throw bad('no verb');
  const fields = {};
  let i = verb[0].length;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i += 1;
    if (i >= text.length) return { op: verb[0], fields };
    const eq = text.indexOf('=', i);
    if (eq <= i || /[ \t]/.test(text.slice(i, eq))) throw bad('a field without key=value');
    const key = text.slice(i, eq);
    let value = '';
    i = eq + 1;
    if (text[i] === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        value += text[i];
      }
      if (text[i] !== '"') throw bad('an unbalanced quote');
      i += 1;
    } else {
      const end = text.slice(i).search(/[ \t]|$/);
      value = text.slice(i, i + end);
      i += end;
    }
    if (Object.hasOwn(fields, key)) throw bad(`${key} twice`);
    fields[key] = value;
  }
}

/**
 * A reply line of either encoding (a JSON object, or text: `verb
 * key=value...`) as decodeReply gives it: each field typed by its kind's
 * table (numbers, lists comma-separated), unknown ones dropped; a
 * DetentError('bad-reply') when it is not one.
 */
export function decodeLine(text) {
  const line = text.replace(/\r?\n$/, '');
  if (line.startsWith('{')) {
    let parsed;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new DetentError('bad-reply', `${error.message}: ${line}`);
    }
    return decodeReply(parsed);
  }
  const { op, fields } = splitLine(line);
  const specs = Object.hasOwn(REPLIES, op) ? REPLIES[op] : {};
  const typed = { op };
  for (const [key, value] of Object.entries(fields)) {
    const type = specs[key]?.type;
    if (type === 'whole' || type === 'number') typed[key] = textNumber(value) ?? value;
    else if (type === 'tokens') typed[key] = value === '' ? [] : value.split(',');
    else typed[key] = value;
  }
  return decodeReply(typed);
}

/**
 * Checks a request as the daemon would, in its order (unknown verb,
 * unknown key, missing key, then each value by its type and rule), so a
 * mistake fails here with the daemon's code; throws a DetentError. A
 * field set to undefined is absent (JSON drops it); `id` is the
 * connection's. What needs the daemon's config (limits.maxItems) or the
 * whole geometry is left to the daemon.
 */
export function checkRequest(verb, fields) {
  const refuse = (code, why) => new DetentError(code, why);
  if (!Object.hasOwn(VERBS, verb)) throw refuse('unknown-verb', `unknown verb ${JSON.stringify(verb)}`);
  const { takes, needs } = VERBS[verb];
  const given = Object.keys(fields).filter((key) => fields[key] !== undefined && key !== 'id');
  const unknown = given.find((key) => !takes.includes(key));
  if (unknown) throw refuse('unknown-key', `${verb} does not take "${unknown}"; it takes: id ${takes.join(' ')}`);
  const missing = needs.find((key) => !given.includes(key));
  if (missing) throw refuse('missing-key', `${missing}: required by ${verb}`);
  for (const [group, pairs] of Object.entries(TOGETHER)) {
    if (!GROUPS[group].every((key) => takes.includes(key))) continue;
    for (const [a, b] of pairs) {
      if (given.includes(a) !== given.includes(b)) {
        const [absent, present] = given.includes(a) ? [b, a] : [a, b];
        throw refuse('missing-key', `${absent}: required with ${present}`);
      }
    }
  }
  for (const key of given) {
    const spec = KEYS[key], type = KEY_TYPES[spec.type], value = fields[key];
    if (!type.is(value, spec.values)) throw refuse('bad-value', `${key}: ${notOf(type, spec, value)}`);
    if (spec.rule && !spec.rule(value)) throw refuse('bad-value', `${key}: ${spec.problem}`);
  }
}

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
