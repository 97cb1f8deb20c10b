/**
 * Where identity marks a session revoked and the gateway reads the mark (the value is the
 * reason; it lives as long as an access token). The marks are spread over a few hash tags,
 * `{rev:0}` … `{rev:15}`: keys sharing a tag sit in one Redis Cluster slot, so the gateway
 * reads a bucket's marks in one MGET, and sixteen buckets still spread them over the nodes.
 */
export const REVOCATION_BUCKETS = 16;

/** The session's bucket: FNV-1a of its id, so every process of every release agrees. */
export function revocationBucketOf(sessionId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < sessionId.length; index++) {
    hash ^= sessionId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % REVOCATION_BUCKETS;
}

/** The key of a session's revocation mark, in its bucket's hash tag. */
export function revocationMarkKey(sessionId: string): string {
  return `auth:revoked-session:{rev:${revocationBucketOf(sessionId)}}:${sessionId}`;
}
