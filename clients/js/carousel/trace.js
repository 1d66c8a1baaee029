// <detent-carousel>'s trace: while its `trace` property is true, a
// `detent-trace` event (not bubbling) for every request its session sends
// ({kind: 'request', op, fields}), every reply to one ({kind: 'reply', op,
// fields, reply}: the reply as detent.js decodes it, or {op: 'error', code,
// msg}; after the element took it), every pushed decision ({kind: 'push',
// snap}; after it too) and every frame it
// draws ({kind: 'frame', now, offset, state, index}: the strip's frame at
// the frame's time). What a page's tools or tests read; nothing otherwise.
// SPDX-License-Identifier: Apache-2.0

/** Watches strip's requests, replies and pushes; emit(detail) is called only while on() is true. */
export function traceStrip(strip, on, emit) {
  const sent = new Map();
  const nextRequest = strip.nextRequest.bind(strip);
  const reply = strip.reply.bind(strip);
  const push = strip.push.bind(strip);
  strip.nextRequest = () => {
    const request = nextRequest();
    if (request && on()) {
      sent.set(request.token, request);
      emit({ kind: 'request', op: request.op, fields: request.fields });
    }
    return request;
  };
  strip.reply = (token, r, error) => {
    reply(token, r, error);
    const request = sent.get(token);
    if (request) {
      sent.delete(token);
      const answer = r ?? { op: 'error', code: error?.code, msg: error?.message ?? error?.msg };
      emit({ kind: 'reply', op: request.op, fields: request.fields, reply: answer });
    }
  };
  strip.push = (snap) => {
    push(snap);
    if (on()) emit({ kind: 'push', snap });
  };
}

/** A frame drawn at now: the strip's frame f. */
export function traceFrame(on, emit, now, f) {
  if (on()) emit({ kind: 'frame', now, offset: f.offset, state: f.state, index: f.index });
}
