// DetentStrip under random use (seeded: the same run every time): random
// calls with values of every type (NaN, Infinity, 1e16, strings, null,
// objects), random replies to its requests (the replies of
// Tests/Conformance/strip-cases.txt, some with a field made wrong, and
// errors), pushes, links going and coming. Nothing may throw, and after
// every call: each request it hands out passes detent.js's checkRequest
// (the daemon would take its shape), a frame is finite with a known state,
// its index is a whole number, each note is well formed.
//   node clients/js/tests/fuzz.mjs [RUNS] [SEED]   (TAP; exit 1 on a failure)
// SPDX-License-Identifier: Apache-2.0

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkRequest, decodeLine } from '../detent.js';
import { VERBS } from '../protocol.js';
import { DetentStrip } from '../strip.js';

const runs = Number(process.argv[2] ?? 300);
let seed = Number(process.argv[3] ?? 20261129) >>> 0 || 1;
const random = () => { // xorshift32
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const here = fileURLToPath(new URL('.', import.meta.url));
const lines = readFileSync(`${here}../../../Tests/Conformance/strip-cases.txt`, 'utf8').split('\n')
  .filter((l) => /^[<!] /.test(l)).map((l) => l.slice(2).replaceAll('DIR/', '/tmp/'));
const replies = lines.map((l) => decodeLine(l));

const ODD = [NaN, Infinity, -Infinity, 1e16, -1e16, '12', null, undefined, {}, [], true, -0, 2 ** 53];
const value = () => (random() < 0.2 ? pick(ODD) : pick([0, 1, -1, 0.5, 16, 30, 343, 400, 1e3, -90, 1e14, 7.25]));
const index = () => (random() < 0.2 ? pick(ODD) : Math.floor(random() * 8) - 1);
const geometry = () => {
  const g = { viewport: random() < 0.9 ? pick([400, 375, 300]) : value() };
  const kind = random();
  if (kind < 0.6) Object.assign(g, { item: random() < 0.9 ? pick([400, 343, 100]) : value(), count: random() < 0.9 ? pick([0, 1, 3, 5, 8]) : value() });
  else if (kind < 0.8) g.sizes = random() < 0.9 ? [400, 120, 300, 80].slice(0, Math.floor(random() * 5)) : [1, value()];
  else g.points = random() < 0.9 ? [0, 100, 250, 900].slice(0, Math.floor(random() * 5)) : [value(), 0];
  if (random() < 0.3) g.spacing = pick([0, 8, value()]);
  if (random() < 0.3) g.lead = pick([0, 16, value()]);
  if (random() < 0.2) g.trail = pick([0, 16]);
  if (random() < 0.3) g.align = pick(['start', 'center', 'end', 'middle', 3]);
  if (random() < 0.2) g.contain = pick(['trim', 'pad', 'x']);
  if (random() < 0.2) g.axis = pick(['x', 'y', 'z']);
  if (random() < 0.3) g.loop = pick([true, false, 1, 'yes']);
  if (random() < 0.3) g.index = index();
  return random() < 0.03 ? pick([null, 'geometry', 5]) : g;
};
const mangled = (r) => {
  const copy = { ...r };
  if (random() < 0.7) return copy;
  const key = pick(Object.keys(copy));
  copy[key] = pick(ODD);
  return copy;
};

let failures = 0;
const problems = [];
function run(n) {
  const strip = new DetentStrip(pick(['a', 'b.c', 'strip-1']));
  const handed = [];
  const failed = (why) => { problems.push(`run ${n}: ${why}`); };
  const invariants = (what) => {
    for (let r; (r = strip.nextRequest());) {
      try {
        checkRequest(r.op, r.fields);
      } catch (error) {
        failed(`${what}: a request the daemon would refuse: ${r.line} (${error.message})`);
      }
      if (!r.line.startsWith(`${r.op} s=`)) failed(`${what}: its line ${r.line}`);
      handed.push({ token: r.token, op: r.op });
    }
    const f = strip.frameAt(random() < 0.05 ? NaN : n * 1000 + random() * 5000);
    if (!Number.isFinite(f.offset) || !['rest', 'drag', 'moving'].includes(f.state) || f.rest !== (f.state === 'rest')) {
      failed(`${what}: frame ${JSON.stringify(f)}`);
    }
    // (within the items is not asked: a decision answering a request sent before a layout is the daemon's word
    // on the geometry it had, until the layout's own reply)
    if (!Number.isInteger(strip.getIndex()) || strip.getIndex() < 0) failed(`${what}: index ${strip.getIndex()}`);
    for (let note; (note = strip.nextNote());) {
      if (!['index', 'rest', 'kept', 'opened', 'link', 'log'].includes(note.kind) || !Number.isInteger(note.index)) {
        failed(`${what}: note ${JSON.stringify(note)}`);
      }
    }
  };
  const calls = [
    () => strip.setGeometry(geometry()),
    () => strip.setPlugin(pick([null, 'cards', 'carousel', 'paging', '', 'a\nb', 7])),
    () => strip.setName(pick(['a', 'b', 'x y', '', 9])),
    () => strip.setMotion(pick(['default', 'full', 'reduced', 'slow', null])),
    () => strip.setSwipes(pick(['default', 'short', 'long', 1])),
    () => strip.setAutoplay(pick([0, 50, 2000, -1, NaN, '5'])),
    () => strip.online({ op: 'hello' }),
    () => strip.offline(),
    () => strip.press(value()),
    () => strip.drag(value(), value()),
    () => strip.release(value(), value()),
    () => strip.cancel(),
    () => strip.wheel(value(), value(), value(), pick([undefined, 'mouse', 'other', 'pen'])),
    () => strip.scroll(value(), value(), value(), pick([undefined, 'begin', 'end', 'middle'])),
    () => strip.step(pick(['next', 'prev', 'first', 'last', 'up']), value()),
    () => strip.goto(index(), random() < 0.5),
    () => strip.laidItem(index()),
    () => strip.place(index(), value()),
    () => strip.position(value()),
    ...new Array(6).fill(() => { // a reply, an error or a wrong object to a request handed out
      if (!handed.length) return;
      const { token, op } = handed.splice(random() < 0.8 ? 0 : Math.floor(random() * handed.length), 1)[0];
      const r = random();
      const fitting = replies.filter((x) => VERBS[op].replies.includes(x.op));
      if (r < 0.6 && fitting.length) strip.reply(token, mangled({ ...pick(fitting), s: strip.getName() }), null);
      else if (r < 0.7) strip.reply(token, mangled(pick(replies)), null);
      else if (r < 0.85) strip.reply(token, null, { code: pick(['unsupported-layout', 'unknown-plugin', 'bad-layout', 'plugin-failed', 'offline']), msg: 'm' });
      else strip.reply(token, pick(ODD), pick([null, undefined, 'oops']));
    }),
    () => strip.push(mangled({ ...pick(replies), s: strip.getName() })),
  ];
  for (let i = 0; i < 200; i += 1) {
    const call = Math.floor(random() * calls.length);
    try {
      calls[call]();
      invariants(`call ${call}`);
    } catch (error) {
      failed(`call ${call} threw: ${error.stack}`);
      return;
    }
  }
}

for (let n = 0; n < runs; n += 1) {
  const before = problems.length;
  run(n);
  if (problems.length > before) failures += 1;
}
console.log(`${failures ? 'not ok' : 'ok'} 1 - ${runs} runs of 200 random calls: nothing threw, every request passes checkRequest, every frame is finite`);
for (const p of problems.slice(0, 10)) console.log(`#   ${p}`);
console.log('1..1');
if (failures) process.exitCode = 1;
