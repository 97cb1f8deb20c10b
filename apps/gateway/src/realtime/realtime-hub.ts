import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import {
  Actor,
  AdminPermission,
  BroadcastSentEvent,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationCreatedEvent,
  NotificationEvents,
  permissionsSatisfy,
  RevocationReason,
  SecurityDepositEvent,
  StreamDefinition,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
  TicketEvent,
  TransactionEvent,
  UserDeletedEvent,
  UserStatusChangedEvent,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { decodeJson, requireStream, ServiceClient } from '@portal/messaging';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { SessionRevocations } from '../auth/session-revocations';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { LOGGER } from '../connections/tokens';

/** One open event stream of one signed-in browser tab. */
export class RealtimeConnection {
  constructor(
    readonly actor: Actor,
    private readonly res: ServerResponse,
    /**
     * When identity issued the access token the stream was opened with (its iat, in ms; null
     * when unknown): tells a stream of a session an account event revoked from one begun since.
     */
    readonly tokenIssuedAt: number | null = null,
  ) {}

  /** Still writable: not ended by the hub, and the browser has not gone. */
  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send(event: string, data: unknown): void {
    if (!this.open) return;
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    if (!this.open) return;
    this.res.write(`: ${text}\n\n`);
  }

  /** Ends the stream, telling the browser why (it reconnects, to another replica if this one is going). */
  end(reason: string): void {
    if (!this.open) return;
    this.send('end', { reason });
    this.res.end();
  }
}

const TRANSACTION_SUBJECTS = new Set(
  [LedgerEvents.depositRequested, LedgerEvents.depositCompleted, LedgerEvents.depositRejected, LedgerEvents.withdrawalRequested, LedgerEvents.withdrawalCompleted, LedgerEvents.withdrawalRejected, LedgerEvents.investmentRequested, LedgerEvents.investmentPaid, LedgerEvents.investmentRejected].map(
    (event) => event.subject,
  ),
);
const SECURITY_DEPOSIT_SUBJECTS = new Set([LedgerEvents.securityDepositCreated, LedgerEvents.securityDepositLocked, LedgerEvents.securityDepositUnlocked].map((event) => event.subject));

/**
 * The streams whose events reach browsers (never their audit events: see dispatch), and
 * identity's, whose account events end streams (suspension, deletion, a role change).
 */
const FEEDS: StreamDefinition[] = [NOTIFICATION_EVENTS_STREAM, SUPPORT_EVENTS_STREAM, LEDGER_EVENTS_STREAM, IDENTITY_EVENTS_STREAM];
/**
 * Only part of a feed, where most of it is of no use here: of identity's, its users' events
 * (one filter subject each: several need NATS 2.10).
 */
const FEED_FILTERS: ReadonlyMap<string, string> = new Map([[IDENTITY_EVENTS_STREAM.name, 'identity.user.>']]);

/**
 * How often every stream held here has its session's revocation mark read (in batches):
 * a session ended without an account event (signed out elsewhere, a password change or
 * reset, a refresh token reused) closes its streams within this, on every replica.
 * Measured: a sweep of 10,000 streams (ten MGETs of 1,000) costs about 15 ms and 13 ms
 * of CPU, so some 3% of a core at this interval for a replica holding that many.
 */
export const REVOCATION_SWEEP_MS = 400;
/** Sessions whose revocation marks are read in one MGET. */
const REVOCATION_READ_CHUNK = 1_000;

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

/** Users asked per request when a broadcast's recipients are looked up among this replica's connections. */
const RECIPIENT_QUERY_CHUNK = 1_000;

/**
 * The wait before trying a feed again: while its stream does not exist yet (its owner has
 * not started) every second; after its reader stopped, doubled with each stop in a row
 * (a reader that delivered an event, or ran longer than the longest wait, starts afresh).
 */
export const FEED_RETRY_MS = 1_000;
export const FEED_RETRY_MAX_MS = 30_000;

/**
 * Passes the signed-in users' own events to their open browsers.
 *
 * Every gateway replica reads the event streams itself with an ordered consumer of its
 * own (ephemeral, new events only): JetStream gives each replica every event, and each
 * replica delivers to the connections it holds. So a user connected to any replica gets
 * the event, without sticky sessions or a relay, and a replica that restarts simply
 * starts again from new events (the browser refetches on reconnect). A durable consumer
 * shared by the replicas would be wrong here: it hands each event to one replica only.
 *
 * The gateway never creates a stream: the service that owns it does, with the cluster's
 * replica count (JETSTREAM_REPLICAS). Until then its feed is retried, the others are read.
 * Each feed has at most one reader; a reader that stops or fails is logged and started
 * again after a back-off, so live updates never silently end.
 *
 * Admins receive the customers' ticket, transaction and security-deposit events only as
 * far as their role's current permissions go (tickets; transactions), asked per event of
 * AdminRolePermissions, which follows admin_roles changes.
 *
 * A stream lives no longer than its session. Identity ends sessions by marking them in
 * Redis (as every request is checked), and for an account's suspension, deletion or an
 * admin's role change it also publishes an event. So each stream is ended:
 * - before any delivery: the recipients' marks are read (one MGET per event, per thousand
 *   recipients of a broadcast) and nothing is written to a revoked session's stream;
 *   a failed read sends nothing (fail closed, as requests do) and ends those streams;
 * - when this replica reads identity's event (its own ordered consumer, like every feed:
 *   every replica gets it), even if the Redis mark was never written: each stream from
 *   before the event (by its token's iat; see endUserStreams), since the event may arrive
 *   after the account was re-activated and signed in to again;
 * - otherwise within REVOCATION_SWEEP_MS: every held stream's mark is read in batches.
 */
@Injectable()
export class RealtimeHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private readonly admins = new Set<RealtimeConnection>();
  /** The one reader of each feed followed now, by stream name. */
  private readonly readers = new Map<string, ConsumerMessages>();
  /** Stops in a row of each feed's reader: its back-off. */
  private readonly stops = new Map<string, number>();
  private following: Promise<void> | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private sweepFailing = false;
  private markReady!: () => void;
  /** Resolves once this replica reads every feed (tests wait for it: only new events are read). */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly nats: NatsConnectionHolder,
    private readonly services: ServiceClient,
    private readonly rolePermissions: AdminRolePermissions,
    private readonly revocations: SessionRevocations,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves HTTP even while NATS is away; live updates follow.
    this.start();
    this.sweeper = setInterval(() => void this.sweep(), REVOCATION_SWEEP_MS);
    this.sweeper.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.sweeper) clearInterval(this.sweeper);
    // Open streams would keep the HTTP server from closing; browsers reconnect elsewhere.
    for (const connections of [...this.byUser.values()]) for (const connection of [...connections]) connection.end('server_restarting');
    await this.following;
    const readers = [...this.readers.values()];
    this.readers.clear();
    await Promise.all(readers.map((reader) => reader.close().catch(() => undefined)));
  }

  get connectionCount(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  /** How many streams this user holds open on this replica. */
  connectionsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** How many feeds are read now (one reader each at most). */
  get feedCount(): number {
    return this.readers.size;
  }

  add(connection: RealtimeConnection): () => void {
    const { userId, userType } = connection.actor;
    const connections = this.byUser.get(userId) ?? new Set<RealtimeConnection>();
    connections.add(connection);
    this.byUser.set(userId, connections);
    if (userType === 'admin') this.admins.add(connection);
    return () => this.remove(connection);
  }

  private remove(connection: RealtimeConnection): void {
    const { userId } = connection.actor;
    const connections = this.byUser.get(userId);
    connections?.delete(connection);
    if (connections?.size === 0) this.byUser.delete(userId);
    this.admins.delete(connection);
  }

  private holds(connection: RealtimeConnection): boolean {
    return this.byUser.get(connection.actor.userId)?.has(connection) === true;
  }

  /** Ends the stream and forgets it at once: nothing more is written to it, whenever its socket closes. */
  private endStream(connection: RealtimeConnection, reason: string): void {
    this.remove(connection);
    connection.end(reason);
  }

  /**
   * Those of `connections` whose sessions are live now, read from their revocation marks;
   * the others are ended (and, when the marks cannot be read, all of them: fail closed).
   */
  private async liveOnly(connections: RealtimeConnection[]): Promise<RealtimeConnection[]> {
    const held = connections.filter((connection) => connection.open && this.holds(connection));
    if (held.length === 0) return [];
    let marks: (RevocationReason | null)[];
    try {
      marks = (await Promise.all(chunks(held, REVOCATION_READ_CHUNK).map((chunk) => this.revocations.revocationsOf(chunk.map((connection) => connection.actor.sessionId))))).flat();
    } catch (error) {
      this.logger.warn({ streams: held.length, err: String(error) }, 'sessions could not be checked; live update not sent, streams ended');
      for (const connection of held) this.endStream(connection, SESSION_UNCHECKED);
      return [];
    }
    return held.filter((connection, index) => {
      const revoked = marks[index];
      if (revoked) this.endStream(connection, endReasonOf(revoked));
      // Still open: it may have closed while the marks were read.
      return !revoked && this.holds(connection);
    });
  }

  /** Sends to those of `connections` whose sessions are still live (checked just before). */
  private async deliver(connections: RealtimeConnection[], event: string, dataOf: (connection: RealtimeConnection) => unknown): Promise<void> {
    for (const connection of await this.liveOnly(connections)) connection.send(event, dataOf(connection));
  }

  /**
   * Reads every held stream's revocation mark and ends the revoked ones. One sweep at a
   * time; a failed read keeps the streams (every delivery is checked anyway) and is logged once.
   */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    const held = [...this.byUser.values()].flatMap((connections) => [...connections]);
    if (held.length === 0) return;
    this.sweeping = true;
    try {
      for (const chunk of chunks(held, REVOCATION_READ_CHUNK)) {
        const marks = await this.revocations.revocationsOf(chunk.map((connection) => connection.actor.sessionId));
        chunk.forEach((connection, index) => {
          const revoked = marks[index];
          if (revoked && this.holds(connection)) this.endStream(connection, endReasonOf(revoked));
        });
      }
      this.sweepFailing = false;
    } catch (error) {
      if (!this.sweepFailing) this.logger.warn({ err: String(error) }, 'revoked sessions could not be checked; live streams kept until the check succeeds');
      this.sweepFailing = true;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Identity ended an account's sessions: those of its streams here (`which`) that the event
   * concerns end now, marked in Redis or not. Given the event's occurredAt, a stream whose
   * token was issued clearly after it (EVENT_CLOCK_MARGIN_MS) is of a session begun since, the
   * event having arrived late: it is not ended for the event, but its session's mark is read
   * now and decides (ended if revoked, or if the mark cannot be read). So this only ever
   * spares a stream that Redis says is live; a stream of unknown age is ended as before.
   */
  private async endUserStreams(userId: string, reason: string, which: (connection: RealtimeConnection) => boolean = () => true, occurredAt?: string): Promise<void> {
    // NaN (no or an unreadable occurredAt) spares nothing: every comparison with it is false.
    const issuedSince = occurredAt === undefined ? Number.NaN : Date.parse(occurredAt) + EVENT_CLOCK_MARGIN_MS;
    const newer: RealtimeConnection[] = [];
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (!which(connection)) continue;
      if (connection.tokenIssuedAt !== null && connection.tokenIssuedAt >= issuedSince) newer.push(connection);
      else this.endStream(connection, reason);
    }
    if (newer.length > 0) await this.liveOnly(newer);
  }

  /** Follows every feed not read yet; one round at a time. */
  private start(): void {
    this.retry = null;
    if (this.stopped || this.following) return;
    this.following = this.followMissing()
      .catch((error) => this.logger.error({ err: String(error) }, 'live updates could not be started'))
      .finally(() => {
        this.following = null;
        if (this.stopped) return;
        if (this.missingFeeds().length === 0) this.markReady();
        else this.scheduleStart();
      });
  }

  private missingFeeds(): StreamDefinition[] {
    return FEEDS.filter((stream) => !this.readers.has(stream.name));
  }

  private scheduleStart(): void {
    if (this.stopped || this.retry) return;
    const stops = Math.max(1, ...this.missingFeeds().map((stream) => this.stops.get(stream.name) ?? 0));
    const delay = Math.min(FEED_RETRY_MS * 2 ** Math.min(stops - 1, 16), FEED_RETRY_MAX_MS);
    this.retry = setTimeout(() => this.start(), delay);
    this.retry.unref();
  }

  /** Only the feeds without a reader: a feed already read never gets a second one. */
  private async followMissing(): Promise<void> {
    for (const stream of this.missingFeeds()) {
      if (this.stopped) return;
      try {
        const connection = this.nats.connected;
        if (!connection) throw new Error('NATS is not connected yet');
        await this.follow(connection, stream);
      } catch (error) {
        this.logger.warn({ stream: stream.name, err: String(error) }, 'live updates of this feed not started yet; retrying');
      }
    }
  }

  private async follow(connection: NatsConnection, stream: StreamDefinition): Promise<void> {
    // Read only: the owning service creates the stream with the cluster's replica count.
    await requireStream(await connection.jetstreamManager(), stream.name);
    // The whole stream, or one filter subject (FEED_FILTERS): several need NATS 2.10, and
    // the subjects not passed on (audit records) are skipped in dispatch.
    const filter = FEED_FILTERS.get(stream.name);
    const consumer = await connection.jetstream().consumers.get(stream.name, { deliver_policy: DeliverPolicy.New, ...(filter ? { filterSubjects: filter } : {}) });
    const messages = await consumer.consume();
    if (this.stopped) {
      await messages.close().catch(() => undefined);
      return;
    }
    this.readers.set(stream.name, messages);
    void this.read(stream, messages).catch((error) => this.logger.error({ stream: stream.name, err: String(error) }, 'live-update reader failed'));
  }

  /** Never rejects: a reader that ends or fails is logged and its feed followed again. */
  private async read(stream: StreamDefinition, messages: ConsumerMessages): Promise<void> {
    let failure: unknown = new Error('the reader ended');
    const startedAt = Date.now();
    try {
      for await (const message of messages) {
        this.stops.delete(stream.name);
        try {
          await this.dispatch(decodeJson<EventEnvelope>(message.data));
        } catch (error) {
          this.logger.warn({ seq: message.seq, stream: stream.name, err: String(error) }, 'live update not delivered');
        }
      }
    } catch (error) {
      failure = error;
    }
    if (this.readers.get(stream.name) === messages) this.readers.delete(stream.name);
    if (this.stopped) return;
    const stops = Date.now() - startedAt > FEED_RETRY_MAX_MS ? 1 : (this.stops.get(stream.name) ?? 0) + 1;
    this.stops.set(stream.name, stops);
    this.logger.warn({ stream: stream.name, stops, err: String(failure) }, 'live-update reader stopped; following the feed again');
    // Its consumer is let go before the feed is followed again with a new one.
    await messages.close().catch(() => undefined);
    this.scheduleStart();
  }

  private toUser(userId: string, event: string, data: unknown): Promise<void> {
    return this.deliver([...(this.byUser.get(userId) ?? [])], event, () => data);
  }

  /** To the connected admins whose role's current permissions include `permission`; none when they cannot be known. */
  private async toAdmins(permission: AdminPermission, event: string, data: unknown, envelope: EventEnvelope): Promise<void> {
    if (this.admins.size === 0) return;
    const admins = [...this.admins];
    const meta = envelope.requestId ? { requestId: envelope.requestId } : {};
    let failure: unknown = null;
    const allowed = await Promise.all(
      admins.map((connection) =>
        this.rolePermissions.of(connection.actor, meta).then(
          (granted) => permissionsSatisfy(granted, permission),
          (error) => {
            failure ??= error;
            return false;
          },
        ),
      ),
    );
    // Only to the allowed ones still open (a stream may have closed while the permissions were asked) and still signed in.
    await this.deliver(
      admins.filter((connection, index) => allowed[index] && this.admins.has(connection)),
      event,
      () => data,
    );
    if (failure) this.logger.warn({ event, err: String(failure) }, 'admin permissions unknown; live update not sent to admins');
  }

  private async dispatch(event: EventEnvelope): Promise<void> {
    const { subject } = event;
    if (subject === NotificationEvents.notificationCreated.subject) {
      const payload = event.payload as unknown as NotificationCreatedEvent;
      await this.toUser(payload.userId, 'notification', { notificationId: payload.notificationId, title: payload.title, type: payload.type, category: payload.category });
    } else if (subject === NotificationEvents.broadcastSent.subject) {
      await this.broadcast(event.payload as unknown as BroadcastSentEvent);
    } else if (subject === SupportEvents.ticketCreated.subject || subject === SupportEvents.ticketUpdated.subject) {
      const payload = event.payload as unknown as TicketEvent;
      const data = { ticketId: payload.ticketId, status: payload.status, answeredBy: payload.answeredBy ?? null, created: subject === SupportEvents.ticketCreated.subject };
      await this.toUser(payload.userId, 'ticket', data);
      await this.toAdmins('tickets', 'ticket', data, event);
    } else if (TRANSACTION_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as TransactionEvent;
      const data = { transactionId: payload.transactionId, transactionType: payload.type, status: payload.status };
      await this.toUser(payload.userId, 'transaction', data);
      await this.toAdmins('transactions', 'transaction', data, event);
    } else if (SECURITY_DEPOSIT_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as SecurityDepositEvent;
      const data = { securityDepositId: payload.securityDepositId, locked: payload.locked };
      await this.toUser(payload.userId, 'security-deposit', data);
      await this.toAdmins('transactions', 'security-deposit', data, event);
    } else if (subject === IdentityEvents.userStatusChanged.subject) {
      const payload = event.payload as unknown as UserStatusChangedEvent;
      // Only the streams from before the event: a suspension read late must not end the stream
      // of a sign-in after the account was re-activated meanwhile.
      if (payload.userStatus === 'suspended') await this.endUserStreams(payload.userId, 'suspended', undefined, event.occurredAt);
      // An admin's role changed: streams opened under another role end (a new sign-in carries the new one),
      // but not those signed in since with a role given after this change (two changes in a row).
      else if (payload.adminRole)
        await this.endUserStreams(payload.userId, 'role_changed', (connection) => connection.actor.userType === 'admin' && connection.actor.adminRole !== payload.adminRole, event.occurredAt);
    } else if (subject === IdentityEvents.userDeleted.subject) {
      // Nobody signs in to a deleted account: every stream of it ends, however new.
      await this.endUserStreams((event.payload as unknown as UserDeletedEvent).userId, 'deleted');
    } else if (subject === IdentityEvents.passwordChanged.subject) {
      // The account's other sessions (all, after a reset) were revoked: check this user's streams now, not at the next sweep.
      await this.liveOnly([...(this.byUser.get((event.payload as unknown as { userId: string }).userId) ?? [])]);
    }
  }

  /** One event for the whole audience: ask which of the users connected here received it. */
  private async broadcast(payload: BroadcastSentEvent): Promise<void> {
    const data = { broadcastId: payload.broadcastId, title: payload.title, type: payload.type, category: 'broadcast' };
    if (payload.userId) return this.toUser(payload.userId, 'notification', data);
    const connected = [...this.byUser.keys()];
    for (let start = 0; start < connected.length; start += RECIPIENT_QUERY_CHUNK) {
      const { userIds, unreadCounts } = await this.services.send(NotificationCommands.recipientsAmong, {
        broadcastId: payload.broadcastId,
        userIds: connected.slice(start, start + RECIPIENT_QUERY_CHUNK),
      });
      // With the new unread count, thousands of bells update without each asking for it.
      // The recipients' sessions are checked together: one MGET per chunk.
      const recipients = userIds.flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
      await this.deliver(recipients, 'notification', (connection) => ({ ...data, unreadCount: unreadCounts?.[connection.actor.userId] ?? null }));
    }
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
