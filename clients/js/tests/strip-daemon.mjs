// The strip controller's cases against the real detentd: every case of
// Tests/Conformance/strip-cases.txt that goes online runs on a DetentStrip
// whose connection is a real one, Node's net on the daemon's Unix socket (no
// relay), speaking JSON as a page does through websockify. Each request the
// strip hands out must be the case's `>` line and is sent as
// {op, ...fields}; each `<` line must be exactly the reply the daemon
// writes (its fields, their values), which is then given to the strip, as
// is each push a `!` line waits for (up to 5 s). So the twin is held to the
// daemon's own answers, not only to the file (clients/c/tests/
// test_strip_daemon.c replays the file's lines to it).
//   DETENT_BIN=DIR DETENT_FIXTURE=libfx.so node clients/js/tests/strip-daemon.mjs [CASES]
// The daemon runs on Tests/Conformance/strip.json in a temporary folder
// (DIR in a case), with the fixture plugin library copied there as libfx.so.
// SPDX-License-Identifier: Apache-2.0

import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DetentError, decodeLine } from '../detent.js';
import { runCase } from './drive.mjs';
import { cases } from './lines.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
const path = process.argv[2] ?? join(repo, 'Tests/Conformance/strip-cases.txt');
const bin = process.env.DETENT_BIN, fixture = process.env.DETENT_FIXTURE;
if (!bin || !fixture) {
  console.log('not ok 1 - DETENT_BIN (a folder with detentd) and DETENT_FIXTURE (libfx.so) are set');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'detent-js-strip.'));
const sock = join(dir, 'strip.sock');
copyFileSync(join(repo, 'Tests/Conformance/strip.json'), join(dir, 'strip.json'));
copyFileSync(fixture, join(dir, 'libfx.so')); // a copy: the daemon names its real path in DIR
const daemon = spawn(join(bin, 'detentd'), ['--config', join(dir, 'strip.json'), '--socket', sock, '--log-level', 'warning'],
  { stdio: ['ignore', 'ignore', 'pipe'] });
let daemonLog = '';
daemon.stderr.on('data', (d) => { daemonLog += d; });
let daemonExit = null;
daemon.on('exit', (code, signal) => { daemonExit = `exit ${code ?? signal}`; });

const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** A connection to the daemon's socket, or null when it refuses. */
function dial() {
  return new Promise((resolve) => {
    const socket = connect(sock);
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(null));
  });
}

/** One connection: its lines as they come, pushes kept aside for a `!` line while a reply is awaited. */
class Link {
  constructor(socket) {
    this.socket = socket;
    this.buffer = '';
    this.lines = [];
    this.pushes = [];
    this.waiter = null;
    socket.setEncoding('utf8');
    socket.on('data', (data) => {
      this.buffer += data;
      let nl;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
      }
      if (this.waiter && this.lines.length) this.waiter();
    });
    socket.on('error', () => {});
  }

  /** The next line, within 5 s; null on none. */
  async next() {
    if (!this.lines.length) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 5000);
        this.waiter = () => { clearTimeout(timer); resolve(); };
      });
      this.waiter = null;
    }
    return this.lines.length ? this.lines.shift() : null;
  }
}

const isPush = (o) => o.op === 'snap' && o.cause === 'autoplay' && o.id === undefined;

/** Why the daemon's JSON reply is not exactly the case's text line, or null. */
function differs(json, text) {
  let raw, got, want;
  try {
    raw = JSON.parse(json);
    got = decodeLine(json);
    want = decodeLine(text);
  } catch (error) {
    return error.message;
  }
  const keys = Object.keys(raw).filter((k) => k !== 'op').sort().join(' ');
  const wantKeys = Object.keys(want).filter((k) => k !== 'op').sort().join(' ');
  if (raw.op !== want.op || keys !== wantKeys) return `${raw.op} ${keys}, not ${want.op} ${wantKeys}`;
  for (const key of Object.keys(want)) {
    if (JSON.stringify(got[key]) !== JSON.stringify(want[key])) return `${key}=${JSON.stringify(got[key])}, not ${JSON.stringify(want[key])}`;
  }
  return null;
}

let link = null;
const expand = (text) => text.replaceAll('DIR/', `${dir}/`);
const daemonConnection = {
  online: async () => {
    link?.socket.destroy();
    const socket = await dial();
    link = socket && new Link(socket);
  },
  offline: async () => {
    link?.socket.destroy();
    link = null;
  },
  sent: async (r) => {
    link?.socket.write(`${JSON.stringify({ op: r.op, ...r.fields })}\n`);
  },
  answer: async (text) => {
    const want = expand(text);
    let line = null;
    while (link && (line = await link.next()) !== null) {
      let o;
      try {
        o = JSON.parse(line);
      } catch {
        break;
      }
      if (!isPush(o)) break;
      link.pushes.push(line); // a push comes between replies: kept for a `!` line
    }
    if (line === null) return { fail: `the daemon wrote nothing; the case says: ${want}` };
    const why = differs(line, want);
    if (why) return { fail: `the daemon says\n#     ${line}\n#   the case says\n#     ${want}\n#   (${why})` };
    const r = decodeLine(line);
    return r.op === 'error' ? { error: new DetentError(r.code, r.msg, r) } : { reply: r };
  },
  push: async (text) => {
    const want = expand(text);
    const line = link?.pushes.shift() ?? (link ? await link.next() : null);
    if (line === null) return { fail: `the daemon pushed nothing within 5 s; the case says: ${want}` };
    const why = differs(line, want);
    if (why) return { fail: `the daemon pushes\n#     ${line}\n#   the case says\n#     ${want}\n#   (${why})` };
    return { snap: decodeLine(line) };
  },
};

let failed = 0, n = 0;
try {
  for (let i = 0; i < 5000 && !(await dial().then((s) => { s?.destroy(); return s; })); i += 1) {
    if (daemonExit) throw new Error(`detentd ended before listening (${daemonExit}): ${daemonLog}`);
    await wait(2); // a poll interval, not a wait for readiness
  }
  const online = cases(readFileSync(path, 'utf8')).filter((c) => c.lines.some((l) => l.text === 'online'));
  console.log(`# ${online.length} cases go online; detentd ${join(bin, 'detentd')} on ${sock}`);
  for (const c of online) {
    n += 1;
    const failures = await runCase(c, daemonConnection);
    if (failures.length) failed += 1;
    console.log(`${failures.length ? 'not ok' : 'ok'} ${n} - ${c.name}`);
    for (const f of failures) console.log(`#   ${f}`);
  }
  n += 1;
  const enough = online.length >= 20;
  if (!enough) failed += 1;
  console.log(`${enough ? 'ok' : 'not ok'} ${n} - at least 20 cases go online (${online.length})`);
} catch (error) {
  failed += 1;
  console.log(`not ok - ${error.message}`);
} finally {
  daemon.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
if (daemonLog.trim()) console.log(`# detentd's log:\n${daemonLog.trim().replace(/^/gm, '#   ')}`);
console.log(`1..${n}`);
if (failed) process.exitCode = 1;
