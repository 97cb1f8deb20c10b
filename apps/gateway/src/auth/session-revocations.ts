import { Inject, Injectable } from '@nestjs/common';
import { REVOCATION_REASONS, RevocationReason, revokedSessionKey } from '@portal/contracts';
import { RedisClient, REVOCATION_BUCKETS, revocationBucketOf, revocationMarkKey } from '@portal/redis';
import { REDIS } from '../connections/tokens';

/** Marks read in one MGET (all of one bucket, so of one Redis Cluster slot). */
const MARKS_PER_READ = 1_000;

/**
 * Sessions that ended before their access tokens expire (sign-out, refresh-token reuse,
 * password reset, suspension, deletion, a role change): identity marks them in Redis
 * with the reason, and every request checks the mark.
 *
 * Migration: marks used to live under `revokedSessionKey` (no hash tag). Identity writes
 * both names for one release and this reads both (a mark under either counts). Drop the
 * old name (`legacyMarksOf` here, its write in identity's markRevoked) once this release
 * has run for one access-token lifetime (ACCESS_TOKEN_TTL_SECONDS) after its deploy: every
 * mark written only under the old name has expired by then. On a Redis Cluster the old names
 * are not read: their MGET would span slots, and no release that wrote only them could run
 * on a Cluster, so every mark there has its tagged name too.
 */
@Injectable()
export class SessionRevocations {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  /** Why the session ended, or null while it is live. */
  async revocationOf(sessionId: string): Promise<RevocationReason | null> {
    const [mark, legacy] = await Promise.all([this.redis.get(revocationMarkKey(sessionId)), this.redis.isCluster ? null : this.redis.get(revokedSessionKey(sessionId))]);
    return reasonOf(mark ?? legacy);
  }

  /**
   * Why each of these sessions ended (null: live), in their order: one MGET per bucket
   * (in batches of MARKS_PER_READ), all sent at once.
   */
  async revocationsOf(sessionIds: readonly string[]): Promise<(RevocationReason | null)[]> {
    if (sessionIds.length === 0) return [];
    const [marks, legacy] = await Promise.all([this.marksOf(sessionIds), this.legacyMarksOf(sessionIds)]);
    return marks.map((mark, index) => reasonOf(mark ?? legacy[index]));
  }

  private async marksOf(sessionIds: readonly string[]): Promise<(string | null)[]> {
    const buckets = Array.from({ length: REVOCATION_BUCKETS }, () => [] as number[]);
    sessionIds.forEach((sessionId, index) => buckets[revocationBucketOf(sessionId)].push(index));
    const marks: (string | null)[] = new Array(sessionIds.length).fill(null);
    const reads = buckets.flatMap((indexes) => batches(indexes, MARKS_PER_READ));
    await Promise.all(
      reads.map(async (indexes) => {
        const read = await this.redis.mget(indexes.map((index) => revocationMarkKey(sessionIds[index])));
        read.forEach((mark, position) => (marks[indexes[position]] = mark));
      }),
    );
    return marks;
  }

  /** Marks under the old, untagged name (see the class comment: one release only). */
  private async legacyMarksOf(sessionIds: readonly string[]): Promise<(string | null)[]> {
    if (this.redis.isCluster) return sessionIds.map(() => null);
    const reads = batches([...sessionIds], MARKS_PER_READ);
    return (await Promise.all(reads.map((batch) => this.redis.mget(batch.map(revokedSessionKey))))).flat();
  }
}

function reasonOf(mark: string | null): RevocationReason | null {
  if (mark === null) return null;
  return (REVOCATION_REASONS as readonly string[]).includes(mark) ? (mark as RevocationReason) : 'signed_out';
}

function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
