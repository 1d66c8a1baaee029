// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/js.py); do not edit: change the description and run protocol/generate.
//
// detent-protocol(7) as tables: what each verb takes and needs, each
// key's type and rule, each reply kind's fields. detent.js checks a
// request and reads a reply by them; a page may read them too.

const finite = (v) => typeof v === 'number' && Number.isFinite(v);
const oneOf = (v, values) => values.includes(v);

/** What a request key's JSON value is, by the key's type: `is(value, values)`. */
export const KEY_TYPES = {
  number: { words: 'a finite number', is: finite },
  whole: { words: 'a whole number', is: (v) => Number.isInteger(v) },
  token: {
    words: 'a session name (1 to 64 of A-Z a-z 0-9 . _ -)',
    is: (v) => typeof v === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(v),
  },
  text: { words: 'a string', is: (v) => typeof v === 'string' },
  id: { words: 'a string or a number', is: (v) => typeof v === 'string' || finite(v) },
  numbers: { words: 'an array of finite numbers', is: (v) => Array.isArray(v) && v.every(finite) },
  boolean: { words: 'true, false, 0 or 1', is: (v) => v === true || v === false || v === 0 || v === 1 },
  enum: { words: 'one of', is: oneOf },
};

/** What a reply field's JSON value is, by the field's type: `is(value, values)`. */
export const FIELD_TYPES = {
  whole: { words: 'a whole number', is: (v) => Number.isInteger(v) },
  number: { words: 'a finite number', is: finite },
  token: { words: 'a string', is: (v) => typeof v === 'string' },
  tokens: {
    words: 'an array of strings',
    is: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string'),
  },
  text: { words: 'a string', is: (v) => typeof v === 'string' },
  id: { words: 'a string or a number', is: (v) => typeof v === 'string' || finite(v) },
  enum: { words: 'one of', is: oneOf },
  code: { words: 'one of', is: oneOf },
  curve: { words: 'one of', is: oneOf },
};

/**
 * Each request key: its type, an enumeration's values, and a rule the client
 * can check with the words of its refusal.
 */
export const KEYS = {
  s: { type: 'token' }, // the session, named per connection
  id: { type: 'id' }, // echoed unchanged in the reply
  client: { type: 'text' }, // the client's name, for the daemon's log
  plugin: { type: 'text' }, // a configured plugin (else the config's default)
  x: { type: 'number' }, // the content offset along the session's axis, points
  v: { type: 'number' }, // the velocity, points per ms, positive when the offset grows
  target: { type: 'number' }, // the offset the momentum would reach (else projected)
  by: { type: 'number' }, // a programmatic scroll's displacement, points, positive where the offset grows
  t: { type: 'number' }, // the event's timestamp, ms on a clock the client keeps
  // the autoplay period in ms; 0 stops
  every: { type: 'number', rule: (n) => n === 0 || n >= 1, problem: '0 (stop) or at least 1 ms' },
  index: { type: 'whole' }, // goto's item; with a geometry, the resting item
  viewport: { type: 'number' }, // the visible length
  item: { type: 'number', rule: (n) => n > 0, problem: 'must be > 0' }, // the uniform item length
  count: { type: 'whole' }, // the number of uniform items (>= 1) (<= limits.maxItems: the daemon's to check)
  // each item's length
  sizes: { type: 'numbers', rule: (list) => list.every((n) => n > 0), problem: 'every size must be > 0' },
  // the snap offsets themselves, strictly ascending; the last is the largest scroll offset
  points: { type: 'numbers' },
  // with points: the indexes, into points, of the points a programmatic scroll may not pass (CSS scroll-snap-stop: always); each whole and below the number of points
  snapstop: { type: 'numbers' },
  spacing: { type: 'number', rule: (n) => n >= 0, problem: 'must be >= 0' }, // the gap between items
  lead: { type: 'number', rule: (n) => n >= 0, problem: 'must be >= 0' }, // the inset before the first item
  trail: { type: 'number', rule: (n) => n >= 0, problem: 'must be >= 0' }, // the inset after the last item
  align: { type: 'enum', values: ['start', 'center', 'end'] }, // which edge of an item a snap lines up
  contain: { type: 'enum', values: ['trim', 'pad'] }, // how snaps meet the end of the content
  axis: { type: 'enum', values: ['x', 'y'] }, // the session's scroll axis
  loop: { type: 'boolean' }, // an infinite carousel (the carousel strategy only)
  // a wheel's or a touchpad's horizontal delta, positive where the offset grows (wheel: notches; scroll: points)
  dx: { type: 'number' },
  dy: { type: 'number' }, // the same, vertical
  // what the toolkit says made the wheel event; default mouse
  source: { type: 'enum', values: ['mouse', 'other'] },
  // a touchpad gesture's first or last event; absent for the updates
  phase: { type: 'enum', values: ['begin', 'end'] },
  // a step's way: one snap (or page) on or back, or an end
  to: { type: 'enum', values: ['next', 'prev', 'first', 'last'] },
  // reduced: every decision is drawn at once (curve=none); default the config's motion
  motion: { type: 'enum', values: ['full', 'reduced'] },
  // a widget's allow-long-swipes: long lets a swipe cross every page (adwaita); default the plugin's allowLongSwipes; ignored where a strategy has no such notion
  swipes: { type: 'enum', values: ['short', 'long'] },
  // the view has moved since it was put on its page (a session opened again after a reconnection); default 0: put there without moving (qt-swipeview)
  moved: { type: 'boolean' },
};

/** Keys a verb takes together. */
export const GROUPS = {
  geometry: [ // a collection's layout (detent-protocol(7), Geometry)
    'viewport', 'item', 'count', 'sizes', 'points', 'snapstop', 'spacing', 'lead', 'trail', 'align',
    'contain', 'index', 'axis', 'loop',
  ],
};

/** Pairs of a group's keys given both or neither (missing-key names the absent one). */
export const TOGETHER = {
  geometry: [['item', 'count']],
};

/**
 * Each verb: its scope, the keys it takes (groups expanded; every verb takes id
 * too) and needs, and its reply kinds (error aside).
 */
export const VERBS = {
  // Greets the daemon: its protocol, version and plugins.
  hello: { scope: 'connection', takes: ['client'], needs: [], replies: ['hello'] },
  ping: { scope: 'connection', takes: [], needs: [], replies: ['pong'] }, // Checks the connection.
  // The configured plugin names and the default one.
  plugins: { scope: 'connection', takes: [], needs: [], replies: ['plugins'] },
  // Opens a session with a plugin (else the config's default) on a geometry.
  open: {
    scope: 'connection',
    takes: [
      's', 'plugin', 'viewport', 'item', 'count', 'sizes', 'points', 'snapstop', 'spacing', 'lead', 'trail',
      'align', 'contain', 'index', 'axis', 'loop', 'motion', 'swipes', 'moved',
    ],
    needs: ['s', 'viewport'],
    replies: ['opened'],
  },
  // A complete new geometry for an open session; omitted keys take their defaults.
  layout: {
    scope: 'session',
    takes: [
      's', 'viewport', 'item', 'count', 'sizes', 'points', 'snapstop', 'spacing', 'lead', 'trail', 'align',
      'contain', 'index', 'axis', 'loop', 'motion', 'swipes',
    ],
    needs: ['s', 'viewport'],
    replies: ['opened'],
  },
  // Finger down: the resting snap the gesture starts from.
  begin: { scope: 'session', takes: ['s', 'x', 't'], needs: ['s', 'x'], replies: ['began'] },
  // Finger moved: where to draw the content.
  move: { scope: 'session', takes: ['s', 'x', 't'], needs: ['s', 'x'], replies: ['moved'] },
  // Finger up: the decision; without v the daemon estimates it.
  end: { scope: 'session', takes: ['s', 'x', 'v', 'target', 't'], needs: ['s', 'x'], replies: ['snap'] },
  cancel: { scope: 'session', takes: ['s'], needs: ['s'], replies: ['snap'] }, // Back to the resting snap.
  // To an item; x, where the content is drawn now, starts the motion there.
  goto: { scope: 'session', takes: ['s', 'index', 'x'], needs: ['s', 'index'], replies: ['snap'] },
  // One step ahead every so many ms, pushed; 0 stops.
  autoplay: { scope: 'session', takes: ['s', 'every'], needs: ['s', 'every'], replies: ['ok'] },
  close: { scope: 'connection', takes: ['s'], needs: ['s'], replies: ['closed'] }, // Forgets a session.
  stats: { scope: 'connection', takes: [], needs: [], replies: ['stats'] }, // The daemon's counters.
  // The daemon answers bye and closes the connection.
  quit: { scope: 'connection', takes: [], needs: [], replies: ['bye'] },
  // One wheel event: a decision, or kept when it changes nothing.
  wheel: {
    scope: 'session',
    takes: ['s', 'dx', 'dy', 't', 'source', 'x'],
    needs: ['s', 'dx', 'dy', 't'],
    replies: ['snap', 'kept'],
  },
  // One touchpad scroll event: where to draw the content; at phase=end the decision, or kept when the gesture was refused.
  scroll: {
    scope: 'session',
    takes: ['s', 'dx', 'dy', 't', 'phase', 'x'],
    needs: ['s', 'dx', 'dy', 't'],
    replies: ['moved', 'snap', 'kept'],
  },
  // One keyboard step: the next or previous snap, or an end; kept at a bound.
  step: { scope: 'session', takes: ['s', 'to', 'x', 't'], needs: ['s', 'to'], replies: ['snap', 'kept'] },
  // A programmatic scroll by a displacement: the snap nearest x + by in by's direction; kept when none lies that way.
  scrollby: { scope: 'session', takes: ['s', 'by', 'x', 't'], needs: ['s', 'by'], replies: ['snap', 'kept'] },
};

/**
 * Each reply kind's fields: type, `always` (else optional), an enumeration's
 * values, the curve a parameter is of, `group`.
 */
export const REPLIES = {
  // The daemon's greeting.
  hello: {
    id: { type: 'id' },
    proto: { type: 'whole', always: true }, // the protocol's version
    server: { type: 'token', always: true }, // detentd/VERSION
    plugins: { type: 'tokens', always: true }, // the configured plugins
  },
  // The answer to ping.
  pong: {
    id: { type: 'id' },
  },
  // The configured plugins.
  plugins: {
    id: { type: 'id' },
    names: { type: 'tokens', always: true }, // every configured plugin
    default: { type: 'token', always: true }, // the plugin of an open without plugin
  },
  // A session's resting snap, after open or layout.
  opened: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    plugin: { type: 'token', always: true }, // the session's plugin
    index: { type: 'whole', always: true }, // the resting item
    x: { type: 'number', always: true }, // the resting offset
    snaps: { type: 'whole', always: true }, // the number of snaps
    pad: { type: 'number' }, // the trailing space to add, exactly with contain=pad
    dup: { type: 'whole' }, // the items duplicated at each end, exactly for loops
  },
  // The resting snap a gesture starts from.
  began: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    index: { type: 'whole', always: true }, // the item
    x: { type: 'number', always: true }, // its offset
    jump: { type: 'number' }, // in a loop, the real item's offset to set at once
  },
  // Where to draw the content during a drag.
  moved: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    x: { type: 'number', always: true }, // the offset to draw
  },
  // A decision: where the collection comes to rest and the motion there.
  snap: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    index: { type: 'whole', always: true }, // the item it rests on (for loops the logical one)
    x: { type: 'number', always: true }, // the offset it rests at
    // keep the momentum, or stop and animate
    mode: { type: 'enum', always: true, values: ['decelerate', 'animate'] },
    // what led to it
    cause: {
      type: 'enum',
      always: true,
      values: ['release', 'cancel', 'goto', 'autoplay', 'wheel', 'scroll', 'step', 'scrollby'],
    },
    page: { type: 'whole' }, // the page, with the page strategies
    jump: { type: 'number' }, // for loops, the equivalent offset to set once at rest
    from: { type: 'number', always: true, group: 'motion' }, // where the motion starts
    v: { type: 'number', always: true, group: 'motion' }, // the velocity it starts with, pt/ms
    // the motion's curve, with its fields
    curve: {
      type: 'curve',
      always: true,
      values: ['decay', 'spring', 'ease', 'brake', 'none', 'bezier', 'path'],
      group: 'motion',
    },
    rate: { type: 'number', curve: 'decay', group: 'motion' },
    omega: { type: 'number', curve: 'spring', group: 'motion' },
    accel: { type: 'number', curve: 'brake', group: 'motion' },
    stop: { type: 'whole', curve: 'brake', group: 'motion' },
    // ms into the motion at which the deceleration re-aims to stop on x at stop (qt-swipeview); absent: none
    aim: { type: 'number', curve: 'brake', optional: true, group: 'motion' },
    p1x: { type: 'number', curve: 'bezier', group: 'motion' }, // the first control point's x
    p1y: { type: 'number', curve: 'bezier', group: 'motion' }, // its y
    p2x: { type: 'number', curve: 'bezier', group: 'motion' }, // the second control point's x
    p2y: { type: 'number', curve: 'bezier', group: 'motion' }, // its y
    // the segments, each at/span/from/to/p1x/p1y/p2x/p2y
    path: { type: 'tokens', curve: 'path', group: 'motion' },
    ms: { type: 'whole', always: true, group: 'motion' }, // the duration in ms
  },
  // Autoplay set.
  ok: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    every: { type: 'number', always: true }, // the period in ms, 0 when stopped
  },
  // A session forgotten.
  closed: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
  },
  // The daemon's counters.
  stats: {
    id: { type: 'id' },
    connections: { type: 'whole', always: true }, // open connections, refused ones excluded
    sessions: { type: 'whole', always: true }, // open sessions on all of them
    requests: { type: 'whole', always: true }, // request lines answered since start
    errors: { type: 'whole', always: true }, // error replies sent since start
    uptime: { type: 'whole', always: true }, // whole seconds since start
  },
  // The answer to quit; the connection is then closed.
  bye: {
    id: { type: 'id' },
  },
  // A refusal: the connection stays open and the session keeps its state unless said.
  error: {
    id: { type: 'id' },
    // the error code
    code: {
      type: 'code',
      always: true,
      values: [
        'bad-line', 'line-too-long', 'unknown-verb', 'unknown-key', 'missing-key', 'bad-value',
        'unknown-session', 'session-exists', 'unknown-plugin', 'too-many-sessions', 'bad-layout',
        'unsupported-layout', 'busy', 'forbidden', 'plugin-failed',
      ],
    },
    s: { type: 'token' }, // the session, when valid
    msg: { type: 'text', always: true }, // what was wrong, in words
  },
  // A wheel event, a touchpad gesture's end, a step or a scrollby that changes nothing (a lock, a motion under way, a bound, the other axis, a touchpad hold): where the collection rests.
  kept: {
    s: { type: 'token', always: true },
    id: { type: 'id' },
    index: { type: 'whole', always: true }, // the item of the last decision
  },
};

/** The fields of a decision's motion (group motion), as in the reply kinds that hold them. */
export const MOTION = {
  from: { type: 'number', always: true, group: 'motion' }, // where the motion starts
  v: { type: 'number', always: true, group: 'motion' }, // the velocity it starts with, pt/ms
  // the motion's curve, with its fields
  curve: {
    type: 'curve',
    always: true,
    values: ['decay', 'spring', 'ease', 'brake', 'none', 'bezier', 'path'],
    group: 'motion',
  },
  rate: { type: 'number', curve: 'decay', group: 'motion' },
  omega: { type: 'number', curve: 'spring', group: 'motion' },
  accel: { type: 'number', curve: 'brake', group: 'motion' },
  stop: { type: 'whole', curve: 'brake', group: 'motion' },
  // ms into the motion at which the deceleration re-aims to stop on x at stop (qt-swipeview); absent: none
  aim: { type: 'number', curve: 'brake', optional: true, group: 'motion' },
  p1x: { type: 'number', curve: 'bezier', group: 'motion' }, // the first control point's x
  p1y: { type: 'number', curve: 'bezier', group: 'motion' }, // its y
  p2x: { type: 'number', curve: 'bezier', group: 'motion' }, // the second control point's x
  p2y: { type: 'number', curve: 'bezier', group: 'motion' }, // its y
  // the segments, each at/span/from/to/p1x/p1y/p2x/p2y
  path: { type: 'tokens', curve: 'path', group: 'motion' },
  ms: { type: 'whole', always: true, group: 'motion' }, // the duration in ms
};

/** Each motion curve: the fields it adds (detent-protocol(7), "Motion"). */
export const CURVES = {
  // pos(t) = x - D*R^t with D = x - from: the momentum kept, retargeted to stop at x
  decay: ['rate'],
  // pos(t) = x + (A + B*t)*exp(-W*t), A = from - x, B = v + W*A: a critically damped spring
  spring: ['omega'],
  // pos(t) = from + (x - from)*e(t/ms), Qt's InOutQuad
  ease: [],
  // a uniform deceleration until stop ms (from aim ms, if given, one that stops on x at stop), then an ease to x
  brake: ['accel', 'stop'],
  // pos(t) = x: drawn at once, no animation (motion=reduced)
  none: [],
  // pos(t) = from + (x - from)*B(t/ms), B the CSS cubic-bezier(p1x, p1y, p2x, p2y) solved as Chromium's gfx::CubicBezier; x from ms on
  bezier: ['p1x', 'p1y', 'p2x', 'p2y'],
  // segments in time order, each at/span/from/to/p1x/p1y/p2x/p2y: pos(t) is the last segment with at <= t, from + (to - from)*B((t - at)/span), its to from at + span on; from before the first
  path: ['path'],
};

/** The reply kinds the daemon sends unasked (without id), with what they are. */
export const PUSHES = {
  snap: 'an autoplay step (cause=autoplay), without id, in the encoding of the request that enabled it',
};

/** Each error code, with what it means. */
export const ERRORS = {
  'bad-line': 'not a verb with key=value fields, unbalanced quotes, a key twice, invalid JSON, not UTF-8',
  'line-too-long': 'a line longer than limits.maxLineBytes',
  'unknown-verb': 'a well-formed verb that does not exist',
  'unknown-key': 'a key the verb does not take',
  'missing-key': 'a required key is absent',
  'bad-value': 'not a finite number, out of range, wrong type, a malformed list, an invalid s',
  'unknown-session': 'no session of that name on this connection',
  'session-exists': 'a session of that name is already open',
  'unknown-plugin': 'no plugin of that name is configured',
  'too-many-sessions': 'more than limits.maxSessionsPerConnection',
  'bad-layout': 'geometry that cannot be paged',
  'unsupported-layout': "the plugin's strategy cannot page it",
  busy: 'more than limits.maxConnections, or out of descriptors; sent once, then the connection is closed',
  forbidden: 'the peer is not in allowUsers or allowGroups; sent once, then the connection is closed',
  'plugin-failed': 'a loaded strategy failed or chose what is not a decision; the session stays where it rested',
};
