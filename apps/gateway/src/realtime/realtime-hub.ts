import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import {
  Actor,
  AdminPermission,
  BroadcastSentEvent,
  EventEnvelope,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationCreatedEvent,
  NotificationEvents,
  permissionsSatisfy,
  SecurityDepositEvent,
  StreamDefinition,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
  TicketEvent,
  TransactionEvent,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { decodeJson, requireStream, ServiceClient } from '@portal/messaging';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { LOGGER } from '../connections/tokens';

/** One open event stream of one signed-in browser tab. */
export class RealtimeConnection {
  constructor(
    readonly actor: Actor,
    private readonly res: ServerResponse,
  ) {}

  send(event: string, data: unknown): void {
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.res.write(`: ${text}\n\n`);
  }

  /** Ends the stream, telling the browser why (it reconnects, to another replica if this one is going). */
  end(reason: string): void {
    if (this.res.writableEnded) return;
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

/** The streams whose events reach browsers (never their audit events: see dispatch). */
const FEEDS: StreamDefinition[] = [NOTIFICATION_EVENTS_STREAM, SUPPORT_EVENTS_STREAM, LEDGER_EVENTS_STREAM];

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
  private markReady!: () => void;
  /** Resolves once this replica reads every feed (tests wait for it: only new events are read). */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly nats: NatsConnectionHolder,
    private readonly services: ServiceClient,
    private readonly rolePermissions: AdminRolePermissions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves HTTP even while NATS is away; live updates follow.
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
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
    return () => {
      connections.delete(connection);
      if (connections.size === 0 && this.byUser.get(userId) === connections) this.byUser.delete(userId);
      this.admins.delete(connection);
    };
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
    // The whole stream, not filtered: several filter subjects need NATS 2.10, and the
    // few subjects not passed on (audit records) are skipped in dispatch.
    const consumer = await connection.jetstream().consumers.get(stream.name, { deliver_policy: DeliverPolicy.New });
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

  private toUser(userId: string, event: string, data: unknown): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.send(event, data);
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
    admins.forEach((connection, index) => {
      // Still open: the stream may have closed while the permissions were asked.
      if (allowed[index] && this.admins.has(connection)) connection.send(event, data);
    });
    if (failure) this.logger.warn({ event, err: String(failure) }, 'admin permissions unknown; live update not sent to admins');
  }

  private async dispatch(event: EventEnvelope): Promise<void> {
    const { subject } = event;
    if (subject === NotificationEvents.notificationCreated.subject) {
      const payload = event.payload as unknown as NotificationCreatedEvent;
      this.toUser(payload.userId, 'notification', { notificationId: payload.notificationId, title: payload.title, type: payload.type, category: payload.category });
    } else if (subject === NotificationEvents.broadcastSent.subject) {
      await this.broadcast(event.payload as unknown as BroadcastSentEvent);
    } else if (subject === SupportEvents.ticketCreated.subject || subject === SupportEvents.ticketUpdated.subject) {
      const payload = event.payload as unknown as TicketEvent;
      const data = { ticketId: payload.ticketId, status: payload.status, answeredBy: payload.answeredBy ?? null, created: subject === SupportEvents.ticketCreated.subject };
      this.toUser(payload.userId, 'ticket', data);
      await this.toAdmins('tickets', 'ticket', data, event);
    } else if (TRANSACTION_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as TransactionEvent;
      const data = { transactionId: payload.transactionId, transactionType: payload.type, status: payload.status };
      this.toUser(payload.userId, 'transaction', data);
      await this.toAdmins('transactions', 'transaction', data, event);
    } else if (SECURITY_DEPOSIT_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as SecurityDepositEvent;
      const data = { securityDepositId: payload.securityDepositId, locked: payload.locked };
      this.toUser(payload.userId, 'security-deposit', data);
      await this.toAdmins('transactions', 'security-deposit', data, event);
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
      for (const userId of userIds) this.toUser(userId, 'notification', { ...data, unreadCount: unreadCounts?.[userId] ?? null });
    }
  }
}
