import type { RevocationReason } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import type { SessionRevocations } from '../auth/session-revocations';
import type { ConnectionRegistry } from './connection-registry';
import type { RealtimeConnection } from './realtime-connection';

/**
 * How often every stream held here has its session's revocation mark read (in batches):
 * a session ended without an account event (signed out elsewhere, a password change or
 * reset, a refresh token reused) closes its streams within this, on every replica.
 * Measured: a sweep of 10,000 streams costs about 15 ms and 13 ms of CPU, so some 3% of a
 * core at this interval for a replica holding that many. SessionRevocations reads them in
 * one MGET per hash-tag bucket (sixteen, sent at once): for 10,000 sessions about 7.6 ms and
 * 5.6 ms of CPU against a local Redis, as ten MGETs of 1,000 untagged names took (8.3 ms,
 * 5.1 ms); about twice that (17 ms, 12 ms) while the old names are read too, for one
 * release; 10,000 single GETs take 81 ms.
 */
export const REVOCATION_SWEEP_MS = 400;

/**
 * The reason an ended session's stream gives the browser (its own session's, so nothing is
 * disclosed). The web signs out at once on these four (SESSION_REVOKED_REASONS), so a new
 * one must be added there too.
 */
export function endReasonOf(revocation: RevocationReason): string {
  return revocation === 'suspended' || revocation === 'deleted' || revocation === 'role_changed' ? revocation : 'signed_out';
}
/** A stream whose session could not be checked before a delivery (Redis away): the browser reconnects later and refetches. */
export const SESSION_UNCHECKED = 'session_check_unavailable';

/**
 * How much later than an account event's occurredAt a token may have been issued and still
 * belong to a session that event revoked. occurredAt is the database's clock at the start of
 * the revoking transaction; iat is an identity replica's clock, in whole seconds, and a
 * refresh holding the account lock signs its token before the revocation goes on (see
 * SessionsService), so the margin covers clock skew plus that wait. A token issued after the
 * revocation committed belongs to a session begun since (a sign-in after re-activation or
 * with the new role): no revoked session gets a token then, as issuing waits on the lock.
 */
export const EVENT_CLOCK_MARGIN_MS = 10_000;

/**
 * Keeps the held streams to live sessions: checks them before a delivery (liveOnly), ends
 * them for an account event (endUserStreams), and sweeps them all every REVOCATION_SWEEP_MS.
 */
export class SessionSweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private failing = false;

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly revocations: SessionRevocations,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), REVOCATION_SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Ends the stream and forgets it at once: nothing more is written to it, whenever its socket closes. */
  endStream(connection: RealtimeConnection, reason: string): void {
    this.registry.remove(connection);
    connection.end(reason);
  }

  /**
   * Those of `connections` whose sessions are live now, read from their revocation marks;
   * the others are ended (and, when the marks cannot be read, all of them: fail closed).
   */
  async liveOnly(connections: RealtimeConnection[]): Promise<RealtimeConnection[]> {
    const held = connections.filter((connection) => connection.open && this.registry.holds(connection));
    if (held.length === 0) return [];
    let marks: (RevocationReason | null)[];
    try {
      marks = await this.revocations.revocationsOf(held.map((connection) => connection.actor.sessionId));
    } catch (error) {
      this.logger.warn({ streams: held.length, err: String(error) }, 'sessions could not be checked; live update not sent, streams ended');
      for (const connection of held) this.endStream(connection, SESSION_UNCHECKED);
      return [];
    }
    return held.filter((connection, index) => {
      const revoked = marks[index];
      if (revoked) this.endStream(connection, endReasonOf(revoked));
      // Still open: it may have closed while the marks were read.
      return !revoked && this.registry.holds(connection);
    });
  }

  /**
   * Identity ended an account's sessions: those of its streams here (`which`) that the event
   * concerns end now, marked in Redis or not. Given the event's occurredAt, a stream whose
   * token was issued clearly after it (EVENT_CLOCK_MARGIN_MS) is of a session begun since, the
   * event having arrived late: it is not ended for the event, but its session's mark is read
   * now and decides (ended if revoked, or if the mark cannot be read). So this only ever
   * spares a stream that Redis says is live; a stream of unknown age is ended as before.
   */
  async endUserStreams(userId: string, reason: string, which: (connection: RealtimeConnection) => boolean = () => true, occurredAt?: string): Promise<void> {
    // NaN (no or an unreadable occurredAt) spares nothing: every comparison with it is false.
    const issuedSince = occurredAt === undefined ? Number.NaN : Date.parse(occurredAt) + EVENT_CLOCK_MARGIN_MS;
    const newer: RealtimeConnection[] = [];
    for (const connection of this.registry.of(userId)) {
      if (!which(connection)) continue;
      if (connection.tokenIssuedAt !== null && connection.tokenIssuedAt >= issuedSince) newer.push(connection);
      else this.endStream(connection, reason);
    }
    if (newer.length > 0) await this.liveOnly(newer);
  }

  /**
   * Reads every held stream's revocation mark and ends the revoked ones. One sweep at a
   * time; a failed read keeps the streams (every delivery is checked anyway) and is logged once.
   */
  private async sweep(): Promise<void> {
    if (this.sweeping || !this.timer) return;
    const held = this.registry.all();
    if (held.length === 0) return;
    this.sweeping = true;
    try {
      const marks = await this.revocations.revocationsOf(held.map((connection) => connection.actor.sessionId));
      held.forEach((connection, index) => {
        const revoked = marks[index];
        if (revoked && this.registry.holds(connection)) this.endStream(connection, endReasonOf(revoked));
      });
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: String(error) }, 'revoked sessions could not be checked; live streams kept until the check succeeds');
      this.failing = true;
    } finally {
      this.sweeping = false;
    }
  }
}
