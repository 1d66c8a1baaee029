// The line format of Tests/Conformance/strip-cases.txt (its README), read
// as clients/c/tests/strip_lines.h reads it: a word, then key=value
// fields, a value bare or double-quoted with \" and \\; numbers as strtod
// reads them (nan and inf included). SPDX-License-Identifier: Apache-2.0

/** A line's word and fields ({word, fields: Map}), or null when it is not of the format. */
export function split(text) {
  const word = /^[^ \t]+/.exec(text);
  if (!word) return null;
  const fields = new Map();
  let i = word[0].length;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i += 1;
    if (i >= text.length) return { word: word[0], fields };
    const eq = text.indexOf('=', i);
    if (eq <= i || /[ \t]/.test(text.slice(i, eq))) return null;
    const key = text.slice(i, eq);
    let value = '';
    i = eq + 1;
    if (text[i] === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        value += text[i];
      }
      if (text[i] !== '"') return null;
      i += 1;
    } else {
      while (i < text.length && text[i] !== ' ' && text[i] !== '\t') value += text[i++];
    }
    if (!fields.has(key)) fields.set(key, value);
  }
}

/** A number of the file (strtod's: nan and inf included), or undefined. */
export function number(text) {
  if (typeof text !== 'string' || text === '') return undefined;
  const special = /^([+-]?)(nan|inf|infinity)$/i.exec(text);
  if (special) return special[2].toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** A field as a number, or fallback. */
export function num(line, key, fallback) {
  const v = number(line.fields.get(key));
  return v === undefined ? fallback : v;
}

/** A field as an integer: clamped into [-2^53, 2^53] and truncated (C's cast), NaN or none as fallback. */
export function int(line, key, fallback) {
  const v = num(line, key, NaN);
  if (Number.isNaN(v)) return fallback;
  return Math.trunc(Math.min(Math.max(v, -9007199254740992), 9007199254740992));
}

/** Numbers by value (to 1e-9 of their size), else text. */
export function sameNumber(x, y) {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  return x === y || Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

export function sameValue(a, b) {
  const x = number(a), y = number(b);
  if (x !== undefined && y !== undefined) return sameNumber(x, y);
  return a === b;
}

/** Two request lines alike: the same verb, the same keys (in any order), the same values; else why not. */
export function sameLine(a, b) {
  const x = split(a), y = split(b);
  if (!x || !y) return 'not of the line format';
  if (x.word !== y.word) return `verb ${x.word}, not ${y.word}`;
  for (const [key, value] of y.fields) {
    const v = x.fields.get(key);
    if (v === undefined || !sameValue(v, value)) return `${key}=${v ?? '(absent)'}, not ${value}`;
  }
  for (const [key, value] of x.fields) if (!y.fields.has(key)) return `${key}=${value} more`;
  return null;
}

/** The cases of a file: [{name, lines: [{no, text}]}], its comments and blank lines left out. */
export function cases(text) {
  const out = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('case ')) out.push({ name: line.slice(5).trim(), line: i + 1, lines: [] });
    else if (out.length) out[out.length - 1].lines.push({ no: i + 1, text: line });
  });
  return out;
}
