// The strip controller's cases (Tests/Conformance/strip-cases.txt, its
// format in that folder's README) on the JavaScript twin, with a scripted
// connection and a clock each case moves: no socket, no sleep, no display.
// libdetent runs the same file (clients/c/tests/test_strip_cases.c): a case
// the two disagree on is a bug in one of them.
//   node clients/js/tests/strip-cases.mjs [CASES]   (TAP on stdout; exit 1 on a failure)
// SPDX-License-Identifier: Apache-2.0

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DetentError, decodeLine } from '../detent.js';
import { runCase } from './drive.mjs';
import { cases } from './lines.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const path = process.argv[2] ?? `${here}../../../Tests/Conformance/strip-cases.txt`;

/** The case's own lines as the connection: a `<` line is the reply (an `error` line given as the error). */
const scripted = {
  online: async () => {},
  offline: async () => {},
  sent: async () => {},
  answer: async (text) => {
    let r;
    try {
      r = decodeLine(text);
    } catch (error) {
      return { fail: `the case's reply does not parse: ${error.message}` };
    }
    return r.op === 'error' ? { error: new DetentError(r.code, r.msg, r) } : { reply: r };
  },
  push: async (text) => {
    let r;
    try {
      r = decodeLine(text);
    } catch (error) {
      return { fail: `the case's push does not parse: ${error.message}` };
    }
    return r.op === 'snap' ? { snap: r } : { fail: 'a push is a snap' };
  },
};

const all = cases(readFileSync(path, 'utf8'));
console.log(`# cases: ${path}`);
let failed = 0;
for (const [i, c] of all.entries()) {
  const failures = await runCase(c, scripted);
  if (failures.length) failed += 1;
  console.log(`${failures.length ? 'not ok' : 'ok'} ${i + 1} - ${c.name}`);
  for (const f of failures) console.log(`#   ${f}`);
}
console.log(`1..${all.length}`);
console.log(`# ${all.length} cases run, ${failed} failed`);
if (all.length < 40) {
  console.log(`not ok - the file holds its cases (${all.length} < 40)`);
  process.exitCode = 1;
}
if (failed) process.exitCode = 1;
