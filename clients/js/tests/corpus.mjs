// detent.js against the conformance corpus (Tests/Conformance/corpus.txt,
// its README: "What each client's conformance test does"): every reply
// line, text and JSON, decoded (decodeLine) into exactly the line's fields;
// every decision's motion read (motionOf) and drawn, `to` from its end on
// where the curve says so; curve=bezier and curve=path drawn at worked
// times as libdetent draws them (its detent_motion_position, to 1e-12 of
// their size) and refused where they are wrong, each refusal naming what;
// and, with DETENT_BIN's `detent motion` (the Swift client), every
// decision of the corpus drawn alike by both at many times (1e-12 too).
//   DETENT_BIN=DIR node clients/js/tests/corpus.mjs [CORPUS]   (TAP)
// SPDX-License-Identifier: Apache-2.0

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DetentError, decodeLine, motionOf, position } from '../detent.js';
import { number, split } from './lines.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const file = process.argv[2] ?? `${here}../../../Tests/Conformance/corpus.txt`;
const replies = readFileSync(file, 'utf8').split('\n').filter((l) => /^[<!] /.test(l)).map((l) => l.slice(2));

let n = 0, failed = 0;
const check = (ok, what, why = '') => {
  n += 1;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} ${n} - ${what}`);
  if (!ok && why) console.log(`  # ${why.split('\n').join('\n  # ')}`);
};
const near = (a, b, rel) => a === b || Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

/** Why the typed reply does not hold exactly the line's fields; '' when it does. */
function differs(line, typed) {
  if (line.startsWith('{')) {
    const written = JSON.parse(line);
    const a = Object.keys(typed).sort().join(','), b = Object.keys(written).sort().join(',');
    if (a !== b) return `holds ${a}, not ${b}`;
    const key = Object.keys(written).find((k) => JSON.stringify(typed[k]) !== JSON.stringify(written[k]));
    return key ? `${key}: ${JSON.stringify(typed[key])}` : '';
  }
  const { word, fields } = split(line);
  const a = Object.keys(typed).filter((k) => k !== 'op').sort().join(','), b = [...fields.keys()].sort().join(',');
  if (typed.op !== word || a !== b) return `holds ${typed.op} ${a}, not ${word} ${b}`;
  for (const [key, text] of fields) {
    const v = typed[key];
    const same = typeof v === 'number' ? v === number(text) : Array.isArray(v) ? v.join(',') === text : v === text;
    if (!same) return `${key}: ${JSON.stringify(v)}, not ${text}`;
  }
  return '';
}

// 1. Every reply line to exactly its fields.
const bad = [];
const snaps = [];
for (const line of replies) {
  try {
    const typed = decodeLine(line);
    const why = differs(line, typed);
    if (why) bad.push(`${line}: ${why}`);
    if (typed.op === 'snap') snaps.push({ line, typed });
  } catch (error) {
    bad.push(`${line}: ${error.message}`);
  }
}
check(replies.length >= 150 && bad.length === 0, `the corpus's ${replies.length} reply lines decode to exactly their fields`,
  bad.slice(0, 3).join('\n'));

// 2. Every decision's motion reads and draws; an ease, a brake, a bezier, a path, none: `to` from their end on.
const ENDS = { ease: 'ms', brake: 'ms', bezier: 'ms', none: 0, path: 'last' };
const unread = [];
const curves = new Set();
for (const { line, typed } of snaps) {
  try {
    const m = motionOf(typed);
    curves.add(m.curve);
    const ts = Array.from({ length: 41 }, (_, i) => (i / 40) * m.ms);
    if (!ts.every((t) => Number.isFinite(position(m, t)))) unread.push(`${line}: a position not finite`);
    const last = m.segments?.[m.segments.length - 1];
    const end = ENDS[m.curve] === 'ms' ? m.ms : ENDS[m.curve] === 'last' ? last.at + last.span : ENDS[m.curve];
    if (end !== undefined && !(position(m, end) === m.to && position(m, end + 1e6) === m.to)) {
      unread.push(`${line}: at ${end} ms ${position(m, end)}, not ${m.to}`);
    }
  } catch (error) {
    unread.push(`${line}: ${error.message}`);
  }
}
check(snaps.length >= 30 && unread.length === 0 && ['bezier', 'path'].every((c) => curves.has(c)),
  `the corpus's ${snaps.length} decisions' motions read and draw (curves ${[...curves].sort().join(', ')})`,
  unread.slice(0, 3).join('\n'));

// 3. Worked values: libdetent's detent_motion_position (clients/c/src/bezier.c at 20cc0ac) at these times.
const TIMES = [-1, 0, 0.5, 1, 5, 10, 16.7, 33.3, 50, 77.7, 100, 144.5, 150, 199.9, 200, 210, 216, 217, 217.5, 230, 250,
  288, 288.9, 289, 300, 399, 400.3, 400.4, 401];
const WORKED = [
  ['a key\'s bezier (the corpus)', 'snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289',
    [0, 0, 0.0018798259273298441, 0.0075558496492451437, 0.19657732909060893, 0.82887806751528226, 2.4953385026541555,
      12.456011263746788, 38.350322666275403, 143.6887379154382, 203.10748071909836, 258.45659672577301,
      262.65564563821584, 287.61727393192433, 287.64955467677203, 290.60788200402811, 292.14213455973169,
      292.38140149476067, 292.49932183039709, 295.09413169589243, 297.98071875601102, 299.99879974140924,
      299.99998802410659, 300, 300, 300, 300, 300, 300]],
  ['a notch\'s path (a worked path)', 'snap s=cs index=2 x=600 mode=animate cause=wheel from=300 v=0 curve=path path=0/200/300/420/0.42/0/0.58/1,217/183.33333333333334/420/600/0.42/0/0.58/1 ms=401',
    [300, 300, 300.00141882702241, 300.00568167933096, 300.1433205717322, 300.57956996011762, 301.63921834807212,
      306.72186546248417, 315.49943172567458, 337.64197965860842, 360, 400.81151207358698, 404.50056827432547,
      419.99994329790803, 420, 420, 420, 420, 420.00253304066143, 421.76402351516992, 431.83520862553377,
      476.11700968167122, 477.50517559070744, 477.66012099683371, 495.41235525870633, 599.98195051251901,
      599.99998875491337, 600, 600]],
  ['a retargeted path (test_curves.c: the second starts before the first ends; the first starts before 0)',
    'snap s=cs index=1 x=300 mode=animate cause=wheel from=0 v=0 curve=path path=-20/100/0/100/0.25/0.25/0.75/0.75,30/100/40/300/0.25/0.25/0.75/0.75 ms=130',
    [20.000000000001556, 20.000000000001556, 20.500000000002302, 21.000000000002967, 25.000000000000888,
      30.000003270945147, 36.700001560247244, 48.580000002159927, 92.000000000004036, 164.02000006118939,
      221.99999149554259, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300]],
];
for (const [what, line, want] of WORKED) {
  const m = motionOf(decodeLine(line));
  const off = TIMES.map((t, i) => [t, position(m, t), want[i]]).filter(([, got, w]) => !near(got, w, 1e-12));
  check(off.length === 0, `${what}: drawn as libdetent draws it at ${TIMES.length} times`,
    off.slice(0, 3).map(([t, got, w]) => `at ${t}: ${got}, libdetent ${w}`).join('\n'));
}
const key = motionOf(decodeLine(WORKED[0][1]));
check(position(key, 100) === 203.10748071909836 && key.p1x === 0.4 && key.p2y === 1 && key.ms === 289,
  'a key\'s bezier at 100 ms: 203.10748071909836 exactly (libdetent and `detent motion` print it)', `${position(key, 100)}`);
const notch = motionOf(decodeLine(WORKED[1][1]));
const second = notch.segments[1];
check(notch.segments.length === 2 && second.at === 217 && second.span === 183.33333333333334 && second.from === 420
  && second.to === 600 && second.p1x === 0.42 && second.p2y === 1, 'a notch\'s path: its segments read (motionOf\'s segments)',
  JSON.stringify(notch.segments));

// 4. What is wrong is named (test_curves.c's refusals).
const HEAD = 'snap s=c index=1 x=300 mode=animate cause=step from=0 v=0 ';
const REFUSED = [
  ['curve=bezier p1x=0.4 p1y=0 p2x=0 ms=289', 'without p2y'],
  ['curve=bezier p1x=1.5 p1y=0 p2x=0 p2y=1 ms=289', 'p1x: 1.5 is not within 0 and 1'],
  ['curve=bezier p1x=0.4 p1y=0 p2x=-0.1 p2y=1 ms=289', 'p2x: -0.1 is not within 0 and 1'],
  ['curve=path ms=200', 'without path'],
  ['curve=path path=0/200/0/300/0.4/0/0 ms=200', 'path: "0/200/0/300/0.4/0/0" is not'],
  ['curve=path path=0/200/0/300/0.4/0/0/1/9 ms=200', 'is not at/span'],
  ['curve=path path=0/-1/0/300/0.4/0/0/1 ms=200', 'is not at/span'],
  ['curve=path path=0/200/0/300/0.4/0/0/x ms=200', 'is not at/span'],
  ['curve=path path=0/200/0/300/0.4/0/0/nan ms=200', 'is not at/span'],
  ['curve=path path=0/200/0/299/0.4/0/0/1 ms=200', 'does not end at x'],
  ['curve=path path=0/201/0/300/0.4/0/0/1 ms=200', 'ends after ms'],
  ['curve=path path=50/10/0/100/0.4/0/0/1,0/200/0/300/0.4/0/0/1 ms=200', 'starts before'],
];
for (const [tail, part] of REFUSED) {
  let error = null;
  try {
    motionOf(decodeLine(HEAD + tail));
  } catch (e) {
    error = e;
  }
  check(error instanceof DetentError && error.code === 'bad-reply' && error.message.includes(part),
    `refused, naming "${part}": ${tail}`, error ? error.message : 'taken');
}

// 5. The Swift client draws every decision of the corpus as this one does: `detent motion --json --at`.
const detent = process.env.DETENT_BIN ? join(process.env.DETENT_BIN, 'detent') : '';
if (!existsSync(detent)) {
  check(false, 'DETENT_BIN holds `detent` (the Swift client\'s `detent motion`)', `no ${detent || 'DETENT_BIN'}`);
} else {
  const lines = [...snaps.map((s) => s.line), ...WORKED.map((w) => w[1])];
  const at = Array.from({ length: 91 }, (_, i) => i * 4.7 - 3);
  const run = spawnSync(detent, ['motion', '--json', `--at=${at.join(',')}`], { input: `${lines.join('\n')}\n`, encoding: 'utf8' });
  const out = (run.stdout ?? '').split('\n').filter((l) => l !== '');
  const apart = [];
  lines.forEach((line, i) => {
    const m = motionOf(decodeLine(line));
    let swift;
    try {
      swift = JSON.parse(out[i]);
    } catch {
      apart.push(`${line}: detent motion printed ${out[i]}`);
      return;
    }
    const t = at.findIndex((time, k) => !near(position(m, time), swift.x[k], 1e-12));
    if (t >= 0) apart.push(`${line}: at ${at[t]} ms detent.js ${position(m, at[t])}, detent motion ${swift.x[t]}`);
  });
  check(run.status === 0 && out.length === lines.length && apart.length === 0,
    `\`detent motion\` (the Swift client) and detent.js draw the corpus's ${lines.length} decisions alike at ${at.length} times`,
    [run.status !== 0 ? `detent motion: ${run.stderr.trim()}` : '', ...apart.slice(0, 3)].filter(Boolean).join('\n'));
}

console.log(`1..${n}`);
process.exit(failed ? 1 : 0);
