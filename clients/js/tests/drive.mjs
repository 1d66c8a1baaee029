// Runs the cases of Tests/Conformance/strip-cases.txt on a DetentStrip, as
// clients/c/tests/test_strip_cases.c (with strip_events.h) runs them on
// libdetent's: a case's lines of settings, link and input each to its
// call, each request the strip hands out checked against the next `>`
// line, `<` lines answering its oldest unanswered request and `!` lines
// pushing, through a connection the caller gives (scripted: the case's own
// lines; or a real detentd), and `frame NOW` asking what it draws at a
// time the case moves. SPDX-License-Identifier: Apache-2.0

import { DetentStrip } from '../strip.js';
import { int, num, sameLine, sameNumber, split } from './lines.mjs';

const HELLO = {
  op: 'hello', proto: 1, server: 'detentd/0.1.0', plugins: ['paging', 'cards', 'carousel', 'adwaita', 'qt', 'fails'],
};
const pick = (text, names) => (names.includes(text) ? text : undefined);

/**
 * One case on a new strip named a. conn: {online(), offline(), sent(request),
 * answer(text) -> {reply} | {error} | {fail}, push(text) -> {snap} | {fail}}
 * (async). Returns the failures, each "line N: why".
 */
export async function runCase(c, conn) {
  const strip = new DetentStrip('a');
  const failures = [];
  let at = c.line;
  const expect = (ok, why) => { if (!ok) failures.push(`line ${at}: ${why}`); };
  const taken = []; // requests handed out, not answered yet, oldest first

  const request = async (want) => {
    const r = strip.nextRequest();
    if (want === 'none') {
      expect(!r, `no request expected, it sends: ${r?.line}`);
      return;
    }
    if (!r) {
      expect(false, `it sends nothing; expected: ${want}`);
      return;
    }
    const why = sameLine(r.line, want);
    expect(!why, `it sends "${r.line}" (${why})`);
    taken.push(r.token);
    await conn.sent(r);
  };

  const reply = async (text, pushed) => {
    if (pushed) {
      const got = await conn.push(text);
      if (got.fail) expect(false, got.fail);
      else strip.push(got.snap);
      return;
    }
    if (!taken.length) {
      expect(false, 'a reply with no request awaiting it');
      return;
    }
    const token = taken.shift();
    const got = await conn.answer(text);
    if (got.fail) expect(false, got.fail);
    else if (got.error) strip.reply(token, null, got.error); // as a connection gives it: an error, no reply
    else strip.reply(token, got.reply, null);
  };

  const frame = (l, now) => {
    const f = strip.frameAt(Number(now));
    const want = num(l, 'offset', undefined);
    expect(want !== undefined && sameNumber(f.offset, want), `frame ${now}: offset ${f.offset}, not ${l.fields.get('offset')}`);
    const state = l.fields.get('state');
    expect(!state || state === f.state, `frame ${now}: state ${f.state}, not ${state}`);
    if (l.fields.has('index')) expect(f.index === int(l, 'index', -1), `frame ${now}: index ${f.index}`);
    expect(f.rest === (f.state === 'rest'), `frame ${now}: rest says ${f.rest} in state ${f.state}`);
  };

  const note = (l, kind) => {
    const n = strip.nextNote();
    if (kind === 'none') {
      expect(!n, `no note expected, it notes ${n?.kind} ${n?.index} ${n?.text ?? ''}`);
      return;
    }
    if (!n) {
      expect(false, `no note; expected ${kind}`);
      return;
    }
    expect(n.kind === kind, `note ${n.kind} index=${n.index} text=${n.text ?? '(none)'}, not ${kind}`);
    if (l.fields.has('index')) expect(n.index === int(l, 'index', -1), `note ${kind}: index ${n.index}`);
    if (l.fields.has('to')) expect(n.link === l.fields.get('to'), `note link: to ${n.link}`);
    const text = l.fields.get('text~');
    if (text !== undefined) expect(n.text?.includes(text), `note ${kind}: text "${n.text ?? ''}" lacks "${text}"`);
  };

  const check = (l) => {
    const f = l.fields;
    if (f.has('link')) expect(strip.getLink() === f.get('link'), `link is ${strip.getLink()}`);
    if (f.has('plugin')) {
      const p = strip.getPlugin();
      expect(f.get('plugin') === '-' ? p === null : p === f.get('plugin'), `plugin is ${p}`);
    }
    if (f.has('index')) expect(strip.getIndex() === int(l, 'index', NaN), `index is ${strip.getIndex()}`);
    if (f.has('animating')) expect(strip.animating() === (num(l, 'animating', 0) !== 0), `animating is ${strip.animating()}`);
    if (f.has('dup')) expect(strip.dup() === int(l, 'dup', NaN), `dup is ${strip.dup()}`);
    if (f.has('pad')) expect(strip.pad() === num(l, 'pad', NaN), `pad is ${strip.pad()}`);
    if (f.has('laid')) expect(strip.laidCount() === int(l, 'laid', NaN), `laid count is ${strip.laidCount()}`);
    if (f.has('error~')) expect(strip.getError().includes(f.get('error~')), `error is "${strip.getError()}"`);
  };

  const items = (l) => {
    if (l.word === 'laid') {
      const got = strip.laidItem(int(l, 'p', -1));
      expect(got.item === int(l, 'item', -2) && sameNumber(got.start, num(l, 'start', undefined))
        && sameNumber(got.length, num(l, 'length', undefined)),
      `laid p=${l.fields.get('p')}: item=${got.item} start=${got.start} length=${got.length}`);
    } else if (l.word === 'place') {
      const got = strip.place(int(l, 'item', -1), num(l, 'offset', NaN));
      expect(sameNumber(got, num(l, 'start', undefined)), `place item=${l.fields.get('item')} offset=${l.fields.get('offset')}: start=${got}`);
    } else {
      const got = strip.position(num(l, 'offset', NaN));
      expect(sameNumber(got, num(l, 'value', undefined)), `position offset=${l.fields.get('offset')}: ${got}`);
    }
  };

  const geometry = (l, good) => {
    const f = l.fields;
    // as strtod reads the list: none for an empty value, 0 for what is not a number
    const list = (key) => {
      if (!f.has(key)) return undefined;
      if (f.get(key) === '') return [];
      return f.get(key).split(',').map((v) => num({ fields: new Map([['v', v]]) }, 'v', 0));
    };
    const g = {
      viewport: num(l, 'viewport', 0), item: num(l, 'item', 0), count: int(l, 'count', 0),
      sizes: list('sizes'), points: list('points'),
      spacing: num(l, 'spacing', 0), lead: num(l, 'lead', 0), trail: num(l, 'trail', 0),
      align: pick(f.get('align'), ['start', 'center', 'end']), contain: pick(f.get('contain'), ['trim', 'pad']),
      axis: pick(f.get('axis'), ['x', 'y']), loop: num(l, 'loop', 0) !== 0,
      index: f.has('index') ? int(l, 'index', 0) : undefined,
    };
    const ok = strip.setGeometry(g);
    expect(good ? ok : !ok, `setGeometry gave ${ok} (${strip.getError()})`);
  };

  const takenAs = (l, got) => {
    const want = l.fields.get('taken');
    const expected = want === undefined || Number(want) !== 0;
    expect(got === expected, `${l.word}: taken is ${got}`);
  };

  const input = (l) => {
    const t = num(l, 't', NaN), delta = num(l, 'delta', NaN), w = l.word;
    if (w === 'press') takenAs(l, strip.press(t));
    else if (w === 'drag') strip.drag(delta, t);
    else if (w === 'release') strip.release(delta, t);
    else if (w === 'cancel') strip.cancel();
    else if (w === 'wheel') strip.wheel(num(l, 'dx', NaN), num(l, 'dy', NaN), t, pick(l.fields.get('source'), ['mouse', 'other']));
    else if (w === 'scroll') {
      takenAs(l, strip.scroll(num(l, 'dx', NaN), num(l, 'dy', NaN), t, pick(l.fields.get('phase'), ['begin', 'end'])));
    } else if (w === 'step') strip.step(pick(l.fields.get('to'), ['next', 'prev', 'first', 'last']), t);
    else if (w === 'goto') strip.goto(int(l, 'index', -1), num(l, 'animate', 1) !== 0);
    else expect(false, `not a line of the format: ${w}`);
  };

  const setting = async (l, arg) => {
    const w = l.word;
    if (w === 'plugin') expect(strip.setPlugin(arg === '-' ? null : arg), `setPlugin ${arg}`);
    else if (w === 'name') expect(strip.setName(arg), `setName ${arg}`);
    else if (w === 'motion') strip.setMotion(pick(arg, ['full', 'reduced']) ?? 'default');
    else if (w === 'swipes') strip.setSwipes(pick(arg, ['short', 'long']) ?? 'default');
    else if (w === 'autoplay') strip.setAutoplay(num(l, 'every', NaN));
    else if (w === 'online') {
      taken.length = 0; // a new connection
      await conn.online();
      strip.online(HELLO);
    } else if (w === 'offline') {
      taken.length = 0;
      await conn.offline();
      strip.offline();
    } else input(l);
  };

  for (const { no, text } of c.lines) {
    at = no;
    if ((text[0] === '>' || text[0] === '<' || text[0] === '!') && text[1] === ' ') {
      if (text[0] === '>') await request(text.slice(2));
      else await reply(text.slice(2), text[0] === '!');
      continue;
    }
    let l = split(text);
    if (!l) { // `plugin NAME`, `note KIND ...`, `frame NOW ...`: a word and a bare word
      const m = /^(\S+)[ \t]+(\S+)[ \t]*(.*)$/.exec(text);
      l = m && split(`${m[1]} ${m[3]}`);
      if (!l) {
        expect(false, `not a line of the format: ${text}`);
        continue;
      }
      const [word, arg] = [m[1], m[2]];
      if (word === 'frame') frame(l, arg);
      else if (word === 'note') note(l, arg);
      else if (word === 'notes' && arg === 'skip') while (strip.nextNote());
      else await setting(l, arg);
      continue;
    }
    if (l.word === 'geometry' || l.word === 'geometry-bad') geometry(l, l.word === 'geometry');
    else if (l.word === 'check') check(l);
    else if (l.word === 'laid' || l.word === 'place' || l.word === 'position') items(l);
    else await setting(l, '');
  }
  at = c.lines.length ? c.lines[c.lines.length - 1].no : c.line;
  for (let r; (r = strip.nextRequest());) expect(false, `at the case's end, a request not checked: ${r.line}`);
  for (let n; (n = strip.nextNote());) expect(false, `at the case's end, a note not read: ${n.kind} index=${n.index} ${n.text ?? ''}`);
  await conn.offline();
  return failures;
}
