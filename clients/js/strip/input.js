// Stub: filled in by the next commit.
export function press() { return false; } export function drag() {} export function release() {} export function cancel() {} export function step() {} export function goTo() {}
