// Stub: filled in by the next commit.
export function reply() {} export function push() {}
