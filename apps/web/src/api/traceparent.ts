function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A W3C `traceparent` for one call to the gateway: the browser's request starts the trace
 * that the gateway and the services continue, so its id finds the call in their logs and spans.
 */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}
