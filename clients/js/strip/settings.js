// Stub: filled in by the next commit.
export function setName() { return false; } export function setGeometry() { return false; } export function getGeometry() { return null; } export function setPlugin() { return false; } export function setMotion() {} export function setSwipes() {} export function setAutoplay() {}
