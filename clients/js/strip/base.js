// Stub: filled in by the next commit.
export function goodName(name) { return typeof name === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(name); }
export function newState(self, name) { return { self, name, out: [], wait: [], link: 0, state: 'rest', index: 0, dup: 0, pad: 0, running: null, error: '', motion: 'default', swipes: 'default' }; }
export function nextNote() { return null; }
export function nextRequest() { return null; }
export function done() {}
