import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import {
  Actor,
  BroadcastSentEvent,
  EventEnvelope,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationCreatedEvent,
  NotificationEvents,
  SecurityDepositEvent,
  StreamDefinition,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
  TicketEvent,
  TransactionEvent,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { decodeJson, ensureStream, ServiceClient } from '@portal/messaging';
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
  [LedgerEvents.depositRequested, LedgerEvents.depositCompleted, LedgerEvents.depositRejected, LedgerEvents.withdrawalRequested, LedgerEvents.withdrawalCompleted, LedgerEvents.withdrawalRejected, LedgerEvents.investmentPaid].map(
    (event) => event.subject,
  ),
);
const SECURITY_DEPOSIT_SUBJECTS = new Set([LedgerEvents.securityDepositCreated, LedgerEvents.securityDepositLocked, LedgerEvents.securityDepositUnlocked].map((event) => event.subject));

/** The streams whose events reach browsers (never their audit events: see dispatch). */
const FEEDS: StreamDefinition[] = [NOTIFICATION_EVENTS_STREAM, SUPPORT_EVENTS_STREAM, LEDGER_EVENTS_STREAM];

/** Users asked per request when a broadcast's recipients are looked up among this replica's connections. */
const RECIPIENT_QUERY_CHUNK = 1_000;

/**
 * Passes the signed-in users' own events to their open browsers.
 *
 * Every gateway replica reads the event streams itself with an ordered consumer of its
 * own (ephemeral, new events only): JetStream gives each replica every event, and each
 * replica delivers to the connections it holds. So a user connected to any replica gets
 * the event, without sticky sessions or a relay, and a replica that restarts simply
 * starts again from new events (the browser refetches on reconnect). A durable consumer
 * shared by the replicas would be wrong here: it hands each event to one replica only.
 */
@Injectable()
export class RealtimeHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private readonly admins = new Set<RealtimeConnection>();
  private readonly readers: ConsumerMessages[] = [];
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private markReady!: () => void;
  /** Resolves once this replica reads every feed (tests wait for it: only new events are read). */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly nats: NatsConnectionHolder,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves HTTP even while NATS is away; live updates follow.
    void this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    // Open streams would keep the HTTP server from closing; browsers reconnect elsewhere.
    for (const connections of [...this.byUser.values()]) for (const connection of [...connections]) connection.end('server_restarting');
    await Promise.all(this.readers.map((reader) => reader.close().catch(() => undefined)));
  }

  get connectionCount(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  add(connection: RealtimeConnection): () => void {
    const { userId, userType } = connection.actor;
    const connections = this.byUser.get(userId) ?? new Set<RealtimeConnection>();
    connections.add(connection);
    this.byUser.set(userId, connections);
    if (userType === 'admin') this.admins.add(connection);
    return () => {
      connections.delete(connection);
      if (connections.size === 0) this.byUser.delete(userId);
      this.admins.delete(connection);
    };
  }

  private async start(): Promise<void> {
    if (this.stopped) return;
    const connection = this.nats.connected;
    try {
      if (!connection) throw new Error('NATS is not connected yet');
      await this.follow(connection);
      this.markReady();
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'live updates not started yet; retrying');
      this.retry = setTimeout(() => void this.start(), 1_000);
      this.retry.unref();
    }
  }

  private async follow(connection: NatsConnection): Promise<void> {
    const jsm = await connection.jetstreamManager();
    for (const stream of FEEDS) {
      await ensureStream(jsm, stream);
      // The whole stream, not filtered: several filter subjects need NATS 2.10, and the
      // few subjects not passed on (audit records) are skipped in dispatch.
      const consumer = await connection.jetstream().consumers.get(stream.name, { deliver_policy: DeliverPolicy.New });
      const messages = await consumer.consume();
      this.readers.push(messages);
      void (async () => {
        for await (const message of messages) {
          try {
            await this.dispatch(decodeJson<EventEnvelope>(message.data));
          } catch (error) {
            this.logger.warn({ seq: message.seq, stream: stream.name, err: String(error) }, 'live update not delivered');
          }
        }
      })();
    }
  }

  private toUser(userId: string, event: string, data: unknown): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.send(event, data);
  }

  private toAdmins(event: string, data: unknown): void {
    for (const connection of this.admins) connection.send(event, data);
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
      this.toAdmins('ticket', data);
    } else if (TRANSACTION_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as TransactionEvent;
      const data = { transactionId: payload.transactionId, transactionType: payload.type, status: payload.status };
      this.toUser(payload.userId, 'transaction', data);
      this.toAdmins('transaction', data);
    } else if (SECURITY_DEPOSIT_SUBJECTS.has(subject)) {
      const payload = event.payload as unknown as SecurityDepositEvent;
      const data = { securityDepositId: payload.securityDepositId, locked: payload.locked };
      this.toUser(payload.userId, 'security-deposit', data);
      this.toAdmins('security-deposit', data);
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
