/** An id the user can quote to support and that matches the console log of the error. */
export function newErrorId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; plain-http previews still get a usable id.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
