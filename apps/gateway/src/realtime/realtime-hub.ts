import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  AdminPermission,
  BroadcastSentEvent,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationEvents,
  permissionsSatisfy,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { SessionRevocations } from '../auth/session-revocations';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { LOGGER } from '../connections/tokens';
import { EventRoutes } from './browser-events';
import { ConnectionRegistry } from './connection-registry';
import { EventFeeds, Feed } from './event-feeds';
import { RealtimeConnection } from './realtime-connection';
import { SessionSweeper } from './session-sweeper';

/**
 * The streams whose events reach browsers (never their audit events: they have no route),
 * and identity's users' events, which end streams (suspension, deletion, a role change).
 */
const FEEDS: Feed[] = [
  { stream: NOTIFICATION_EVENTS_STREAM },
  { stream: SUPPORT_EVENTS_STREAM },
  { stream: LEDGER_EVENTS_STREAM },
  { stream: IDENTITY_EVENTS_STREAM, filter: 'identity.user.>' },
];

/** Users asked per request when a broadcast's recipients are looked up among this replica's connections. */
const RECIPIENT_QUERY_CHUNK = 1_000;

/**
 * Passes the signed-in users' own events to their open browsers.
 *
 * Every gateway replica reads the event streams itself (EventFeeds: an ordered consumer of
 * its own, new events only) and delivers to the connections it holds (ConnectionRegistry).
 * So a user connected to any replica gets the event, without sticky sessions or a relay,
 * and a replica that restarts simply starts again from new events (the browser refetches
 * on reconnect). A durable consumer shared by the replicas would be wrong here: it hands
 * each event to one replica only.
 *
 * Admins receive the customers' ticket, transaction and security-deposit events only as
 * far as their role's current permissions go (tickets; transactions), asked per event of
 * AdminRolePermissions, which follows admin_roles changes.
 *
 * A stream lives no longer than its session (SessionSweeper). Identity ends sessions by
 * marking them in Redis (as every request is checked), and for an account's suspension,
 * deletion or an admin's role change it also publishes an event. So each stream is ended:
 * - before any delivery: the recipients' marks are read (one MGET per event, per thousand
 *   recipients of a broadcast) and nothing is written to a revoked session's stream;
 *   a failed read sends nothing (fail closed, as requests do) and ends those streams;
 * - when this replica reads identity's event, even if the Redis mark was never written:
 *   each stream from before the event (by its token's iat), since the event may arrive
 *   after the account was re-activated and signed in to again;
 * - otherwise within REVOCATION_SWEEP_MS: every held stream's mark is read in batches.
 */
@Injectable()
export class RealtimeHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly connections = new ConnectionRegistry();
  private readonly sessions: SessionSweeper;
  private readonly feeds: EventFeeds;
  /** Resolves once this replica reads every feed (tests wait for it: only new events are read). */
  readonly ready: Promise<void>;

  constructor(
    nats: NatsConnectionHolder,
    private readonly services: ServiceClient,
    private readonly rolePermissions: AdminRolePermissions,
    revocations: SessionRevocations,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sessions = new SessionSweeper(this.connections, revocations, logger);
    const routes = this.browserEvents();
    this.feeds = new EventFeeds(nats, logger, FEEDS, (event) => routes.dispatch(event));
    this.ready = this.feeds.ready;
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves HTTP even while NATS is away; live updates follow.
    this.feeds.start();
    this.sessions.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    const feedsStopped = this.feeds.stop();
    this.sessions.stop();
    // Open streams would keep the HTTP server from closing; browsers reconnect elsewhere.
    for (const connection of this.connections.all()) connection.end('server_restarting');
    await feedsStopped;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** How many streams this user holds open on this replica. */
  connectionsOf(userId: string): number {
    return this.connections.of(userId).length;
  }

  /** How many feeds are read now (one reader each at most). */
  get feedCount(): number {
    return this.feeds.count;
  }

  add(connection: RealtimeConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.remove(connection);
  }

  /** Each event that reaches browsers or ends their streams, and what it becomes. */
  private browserEvents(): EventRoutes {
    const transactions = [
      LedgerEvents.depositRequested,
      LedgerEvents.depositCompleted,
      LedgerEvents.depositRejected,
      LedgerEvents.withdrawalRequested,
      LedgerEvents.withdrawalCompleted,
      LedgerEvents.withdrawalRejected,
      LedgerEvents.investmentRequested,
      LedgerEvents.investmentPaid,
      LedgerEvents.investmentRejected,
    ];
    return new EventRoutes()
      .on([NotificationEvents.notificationCreated], (payload) =>
        this.toUser(payload.userId, 'notification', { notificationId: payload.notificationId, title: payload.title, type: payload.type, category: payload.category }),
      )
      .on([NotificationEvents.broadcastSent], (payload) => this.broadcast(payload))
      .on([SupportEvents.ticketCreated, SupportEvents.ticketUpdated], async (payload, event) => {
        const data = { ticketId: payload.ticketId, status: payload.status, answeredBy: payload.answeredBy ?? null, created: event.subject === SupportEvents.ticketCreated.subject };
        await this.toUser(payload.userId, 'ticket', data);
        await this.toAdmins('tickets', 'ticket', data, event);
      })
      .on(transactions, async (payload, event) => {
        const data = { transactionId: payload.transactionId, transactionType: payload.type, status: payload.status };
        await this.toUser(payload.userId, 'transaction', data);
        await this.toAdmins('transactions', 'transaction', data, event);
      })
      .on([LedgerEvents.securityDepositCreated, LedgerEvents.securityDepositLocked, LedgerEvents.securityDepositUnlocked], async (payload, event) => {
        const data = { securityDepositId: payload.securityDepositId, locked: payload.locked };
        await this.toUser(payload.userId, 'security-deposit', data);
        await this.toAdmins('transactions', 'security-deposit', data, event);
      })
      .on([IdentityEvents.userStatusChanged], async (payload, event) => {
        // Only the streams from before the event: a suspension read late must not end the stream
        // of a sign-in after the account was re-activated meanwhile.
        if (payload.userStatus === 'suspended') await this.sessions.endUserStreams(payload.userId, 'suspended', undefined, event.occurredAt);
        // An admin's role changed: streams opened under another role end (a new sign-in carries the new one),
        // but not those signed in since with a role given after this change (two changes in a row).
        else if (payload.adminRole)
          await this.sessions.endUserStreams(payload.userId, 'role_changed', (connection) => connection.actor.userType === 'admin' && connection.actor.adminRole !== payload.adminRole, event.occurredAt);
      })
      // Nobody signs in to a deleted account: every stream of it ends, however new.
      .on([IdentityEvents.userDeleted], (payload) => this.sessions.endUserStreams(payload.userId, 'deleted'))
      // The account's other sessions (all, after a reset) were revoked: check this user's streams now, not at the next sweep.
      .on([IdentityEvents.passwordChanged], async (payload) => {
        await this.sessions.liveOnly(this.connections.of(payload.userId));
      });
  }

  /** Sends to those of `connections` whose sessions are still live (checked just before). */
  private async deliver(connections: RealtimeConnection[], event: string, dataOf: (connection: RealtimeConnection) => unknown): Promise<void> {
    for (const connection of await this.sessions.liveOnly(connections)) connection.send(event, dataOf(connection));
  }

  private toUser(userId: string, event: string, data: unknown): Promise<void> {
    return this.deliver(this.connections.of(userId), event, () => data);
  }

  /** To the connected admins whose role's current permissions include `permission`; none when they cannot be known. */
  private async toAdmins(permission: AdminPermission, event: string, data: unknown, envelope: EventEnvelope): Promise<void> {
    if (!this.connections.hasAdmins) return;
    const admins = this.connections.admins();
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
      admins.filter((connection, index) => allowed[index] && this.connections.isAdminStream(connection)),
      event,
      () => data,
    );
    if (failure) this.logger.warn({ event, err: String(failure) }, 'admin permissions unknown; live update not sent to admins');
  }

  /** One event for the whole audience: ask which of the users connected here received it. */
  private async broadcast(payload: BroadcastSentEvent): Promise<void> {
    const data = { broadcastId: payload.broadcastId, title: payload.title, type: payload.type, category: 'broadcast' };
    if (payload.userId) return this.toUser(payload.userId, 'notification', data);
    const connected = this.connections.users();
    for (let start = 0; start < connected.length; start += RECIPIENT_QUERY_CHUNK) {
      const { userIds, unreadCounts } = await this.services.send(NotificationCommands.recipientsAmong, {
        broadcastId: payload.broadcastId,
        userIds: connected.slice(start, start + RECIPIENT_QUERY_CHUNK),
      });
      // With the new unread count, thousands of bells update without each asking for it.
      // The recipients' sessions are checked together: one MGET per chunk.
      const recipients = userIds.flatMap((userId) => this.connections.of(userId));
      await this.deliver(recipients, 'notification', (connection) => ({ ...data, unreadCount: unreadCounts?.[connection.actor.userId] ?? null }));
    }
  }
}
