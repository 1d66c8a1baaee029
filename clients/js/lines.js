// detentd's lines as the protocol's tables (protocol.js, generated from
// protocol/detent-protocol.json) describe them: a request checked as the
// daemon checks it, a reply of either encoding read and typed, a request
// written in the text encoding, a decision's motion read. These change
// with the description; the connection (detent.js) only carries them.
// detent.js exports all of it. SPDX-License-Identifier: Apache-2.0

import { FIELD_TYPES, GROUPS, KEY_TYPES, KEYS, MOTION, REPLIES, TOGETHER, VERBS } from './protocol.js';

/** An `error` reply, or a request that could not be answered. */
export class DetentError extends Error {
  constructor(code, message, reply = null) {
    super(`${code}: ${message}`);
    this.code = code;
    this.reply = reply;
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
 * A path's segment, "at/span/from/to/p1x/p1y/p2x/p2y" (numbers of the text
 * encoding), as {at, span, from, to, p1x, p1y, p2x, p2y}; undefined unless
 * it is 8 finite numbers, span not negative, p1x and p2x within [0, 1].
 */
export function parseSegment(text) {
  const parts = typeof text === 'string' ? text.split('/') : [];
  const v = parts.map(textNumber);
  if (v.length !== 8 || v.some((n) => n === undefined)) return undefined;
  const [at, span, from, to, p1x, p1y, p2x, p2y] = v;
  if (span < 0 || !(p1x >= 0 && p1x <= 1 && p2x >= 0 && p2x <= 1)) return undefined;
  return { at, span, from, to, p1x, p1y, p2x, p2y };
}

/** Why a curve=path's segments are not a path ending at `to` within `ms`; undefined when they are. */
function pathProblem(motion) {
  let at = -Infinity;
  for (const [i, segment] of motion.segments.entries()) {
    if (!segment) {
      return `path: ${JSON.stringify(motion.path[i])} is not at/span/from/to/p1x/p1y/p2x/p2y (span >= 0, p1x and p2x in [0, 1])`;
    }
    if (segment.at < at) return `path: segment ${i} starts before the one before it`;
    at = segment.at;
  }
  const last = motion.segments[motion.segments.length - 1];
  if (!last) return 'path: no segment';
  if (last.to !== motion.to) return 'path: the last segment does not end at x';
  if (last.at + last.span > motion.ms) return 'path: the last segment ends after ms';
  return undefined;
}

/**
 * The motion of a decision (a parsed JSON line: its motion fields, and its
 * x as `to`; a curve=path's segments read as `segments`, parseSegment's);
 * a DetentError('bad-reply') when one is missing or not of its type, a
 * brake's `stop` is not from 0 to `ms` or its `aim` not from 0 to below
 * `stop`, a bezier's p1x or p2x is not within [0, 1], or a path's
 * segments are not well formed, in time order, the last ending at x
 * within ms.
 */
export function motionOf(snap) {
  const bad = (why) => new DetentError('bad-reply', `a decision ${why}: ${JSON.stringify(snap)}`, snap);
  if (!Number.isFinite(snap?.x)) throw bad('without a finite x');
  const motion = { to: snap.x, ...readFields(MOTION, snap, bad) };
  if (motion.ms < 0) throw bad('ms: not a whole number of ms');
  if (motion.curve === 'brake' && !(motion.stop >= 0 && motion.stop <= motion.ms)) throw bad('stop: not from 0 to ms');
  const aimOk = motion.aim === undefined || motion.aim === 0 || (motion.aim > 0 && motion.aim < motion.stop);
  if (motion.curve === 'brake' && !aimOk) throw bad('aim: not from 0 to below stop');
  if (motion.curve === 'bezier') {
    for (const name of ['p1x', 'p2x']) {
      if (!(motion[name] >= 0 && motion[name] <= 1)) throw bad(`${name}: ${motion[name]} is not within 0 and 1`);
    }
  }
  if (motion.curve === 'path') {
    motion.segments = motion.path.map(parseSegment);
    const problem = pathProblem(motion);
    if (problem) throw bad(problem);
  }
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
