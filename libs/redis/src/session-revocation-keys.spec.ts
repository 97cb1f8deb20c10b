import { clusterSlotOf } from './cluster-slot';
import { REVOCATION_BUCKETS, revocationBucketOf, revocationMarkKey } from './session-revocation-keys';

describe('clusterSlotOf', () => {
  it('computes the slots of the Redis Cluster specification', () => {
    expect(clusterSlotOf('123456789')).toBe(0x31c3);
    expect(clusterSlotOf('{user1000}.following')).toBe(clusterSlotOf('{user1000}.followers'));
    expect(clusterSlotOf('{user1000}.following')).toBe(clusterSlotOf('user1000'));
    // An empty tag hashes the whole key; only the first tag counts. (Checked against CLUSTER KEYSLOT.)
    expect(clusterSlotOf('foo{}{bar}')).toBe(8363);
    expect(clusterSlotOf('foo{{bar}}zap')).toBe(clusterSlotOf('{bar'));
    expect(clusterSlotOf('foo{bar}{zap}')).toBe(clusterSlotOf('bar'));
  });
});

describe('revocation mark keys', () => {
  const sessionIds = Array.from({ length: 2_000 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

  it('puts the marks of one bucket in one cluster slot, so one MGET reads them', () => {
    const slotsByBucket = new Map<number, Set<number>>();
    for (const sessionId of sessionIds) {
      const bucket = revocationBucketOf(sessionId);
      slotsByBucket.set(bucket, (slotsByBucket.get(bucket) ?? new Set()).add(clusterSlotOf(revocationMarkKey(sessionId))));
    }
    expect(slotsByBucket.size).toBe(REVOCATION_BUCKETS);
    for (const slots of slotsByBucket.values()) expect(slots.size).toBe(1);
    // Distinct buckets are distinct slots, so a cluster spreads them over its nodes.
    expect(new Set([...slotsByBucket.values()].map((slots) => [...slots][0])).size).toBe(REVOCATION_BUCKETS);
  });

  it('spreads sessions evenly over the buckets and keeps a session in the same bucket', () => {
    const counts = new Array<number>(REVOCATION_BUCKETS).fill(0);
    for (const sessionId of sessionIds) counts[revocationBucketOf(sessionId)]++;
    for (const count of counts) expect(count).toBeGreaterThan((sessionIds.length / REVOCATION_BUCKETS) * 0.7);
    // Identity writes and the gateway reads with this: a change strands every mark.
    expect(revocationMarkKey('3f1c2a9e-7b4d-4e8f-9a6b-1c2d3e4f5a6b')).toBe('auth:revoked-session:{rev:1}:3f1c2a9e-7b4d-4e8f-9a6b-1c2d3e4f5a6b');
  });
});
