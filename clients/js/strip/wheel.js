// Stub: filled in by the next commit.
export function wheel() {} export function scroll() { return false; }
