// Stub: filled in by the next commit.
export function online() {} export function offline() {}
