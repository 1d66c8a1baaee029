// Stub: filled in by the next commit.
export function frameAt() { return { offset: 0, state: 'rest', index: 0, rest: true }; }
