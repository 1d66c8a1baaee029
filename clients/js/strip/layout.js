// Stub: filled in by the next commit.
export function laidCount() { return 0; }
export function laidItem() { return { item: -1, start: NaN, length: NaN }; }
export function place() { return NaN; }
export function position() { return NaN; }
