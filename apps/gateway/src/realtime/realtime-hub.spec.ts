import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NatsConnection } from 'nats';
import {
  Actor,
  AdminRole,
  DEFAULT_ADMIN_ROLE_PERMISSIONS,
  EventDefinition,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationEvents,
  REVOCATION_REASONS,
  RevocationReason,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { encodeEvent, ServiceClient } from '@portal/messaging';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { SessionRevocations } from '../auth/session-revocations';
import { GatewayConfig } from '../config/gateway-environment';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { FEED_RETRY_MS } from './event-feeds';
import { RealtimeConnection } from './realtime-connection';
import { RealtimeHub } from './realtime-hub';
import { endReasonOf, EVENT_CLOCK_MARGIN_MS, REVOCATION_SWEEP_MS, SESSION_UNCHECKED } from './session-sweeper';

const FEEDS = [NOTIFICATION_EVENTS_STREAM.name, SUPPORT_EVENTS_STREAM.name, LEDGER_EVENTS_STREAM.name, IDENTITY_EVENTS_STREAM.name];

function envelope<P extends object>(event: EventDefinition<P>, payload: P, occurredAt = new Date()): EventEnvelope<P> {
  return { id: randomUUID(), subject: event.subject, occurredAt: occurredAt.toISOString(), requestId: randomUUID(), payload };
}

/** One ordered consumer's messages as the hub iterates them; the test pushes, fails or ends them. */
class FakeMessages {
  private readonly items: { data?: Uint8Array; error?: unknown; done?: true }[] = [];
  private wake: (() => void) | null = null;
  private seq = 0;
  closed = false;

  push(event: EventEnvelope): void {
    this.enqueue({ data: encodeEvent(event) });
  }

  fail(error: unknown): void {
    this.enqueue({ error });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.enqueue({ done: true });
  }

  private enqueue(item: { data?: Uint8Array; error?: unknown; done?: true }): void {
    this.items.push(item);
    this.wake?.();
    this.wake = null;
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      while (this.items.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
      const item = this.items.shift() as { data?: Uint8Array; error?: unknown; done?: true };
      if (item.done) return;
      if (item.error) throw item.error;
      yield { seq: ++this.seq, data: item.data as Uint8Array };
    }
  }
}

/** A JetStream with the calls the hub makes: streams exist when the test says so, consumers can fail once. */
class FakeJetStream {
  readonly existing = new Set<string>();
  readonly created: string[] = [];
  readonly updated: string[] = [];
  readonly readers = new Map<string, FakeMessages[]>();
  readonly failNextConsumer = new Set<string>();

  readonly connection = {
    jetstreamManager: async () => ({
      streams: {
        info: async (name: string) => {
          if (!this.existing.has(name)) throw Object.assign(new Error('stream not found'), { code: '404' });
          return { config: { name, subjects: [] } };
        },
        add: async (config: { name: string }) => {
          this.created.push(config.name);
          this.existing.add(config.name);
          return { config };
        },
        update: async (name: string) => {
          this.updated.push(name);
          return { config: { name } };
        },
      },
    }),
    jetstream: () => ({
      consumers: {
        get: async (name: string) => {
          if (this.failNextConsumer.delete(name)) throw new Error('consumer not created: timeout');
          return {
            consume: async () => {
              const messages = new FakeMessages();
              this.readers.set(name, [...(this.readers.get(name) ?? []), messages]);
              return messages;
            },
          };
        },
      },
    }),
  };

  readersOf(name: string): FakeMessages[] {
    return this.readers.get(name) ?? [];
  }

  current(name: string): FakeMessages {
    const readers = this.readersOf(name);
    return readers[readers.length - 1];
  }
}

/** A browser's stream: what the hub wrote to it, as named events. */
class FakeBrowser {
  userId: string = randomUUID();
  readonly events: { event: string; data: Record<string, unknown> }[] = [];
  readonly res = {
    writableEnded: false,
    write: (chunk: string) => {
      if (this.res.writableEnded) throw new Error('write after end');
      const event = /^event: (.*)$/m.exec(chunk)?.[1];
      const data = /^data: (.*)$/m.exec(chunk)?.[1];
      if (event && data) this.events.push({ event, data: JSON.parse(data) });
      return true;
    },
    end: () => {
      (this.res as { writableEnded: boolean }).writableEnded = true;
    },
  } as unknown as ServerResponse;
  sessionId: string = randomUUID();

  get ended(): boolean {
    return this.res.writableEnded;
  }

  named(event: string) {
    return this.events.filter((received) => received.event === event);
  }
}

const config = { environment: { ADMIN_PERMISSIONS_CACHE_MS: 60_000 } } as GatewayConfig;

/** Lets every pending promise run (setImmediate is left real). */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('RealtimeHub', () => {
  let jetstream: FakeJetStream;
  let logger: Logger & { warn: jest.Mock; error: jest.Mock };
  let roles: Record<string, string[]>;
  let identityDown: boolean;
  let rolePermissions: AdminRolePermissions;
  let hub: RealtimeHub;
  /** Identity's revocation marks, as Redis holds them. */
  let marks: Map<string, RevocationReason>;
  let redisDown: boolean;
  let markReads: number;
  let unhandled: unknown[];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    unhandled = [];
    process.on('unhandledRejection', onUnhandled);
    jetstream = new FakeJetStream();
    logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn(), debug: jest.fn() } as unknown as Logger & { warn: jest.Mock; error: jest.Mock };
    roles = { ...DEFAULT_ADMIN_ROLE_PERMISSIONS };
    identityDown = false;
    const services = {
      send: jest.fn(async (command: { subject: string }, payload: { userIds?: string[] }, meta: { actor: Actor }) => {
        // The notification service: every connected user asked about received the broadcast.
        if (command.subject === NotificationCommands.recipientsAmong.subject) return { userIds: payload.userIds, unreadCounts: {} };
        if (command.subject !== 'identity.settings.my-admin-permissions.v1') throw new Error(`unexpected ${command.subject}`);
        if (identityDown) throw new Error('The identity service is unavailable. Please try again shortly.');
        return { adminRole: meta.actor.adminRole, permissions: roles[meta.actor.adminRole ?? ''] ?? [] };
      }),
    } as unknown as ServiceClient;
    const nats = { connected: jetstream.connection as unknown as NatsConnection } as NatsConnectionHolder;
    rolePermissions = new AdminRolePermissions(config, services, { connected: null } as NatsConnectionHolder, logger);
    marks = new Map();
    redisDown = false;
    markReads = 0;
    const revocations = {
      revocationsOf: async (sessionIds: string[]) => {
        markReads += 1;
        if (redisDown) throw new Error('Connection is closed.');
        return sessionIds.map((sessionId) => marks.get(sessionId) ?? null);
      },
    } as unknown as SessionRevocations;
    hub = new RealtimeHub(nats, services, rolePermissions, revocations, logger);
  });

  afterEach(async () => {
    await hub.beforeApplicationShutdown();
    process.off('unhandledRejection', onUnhandled);
    jest.useRealTimers();
  });

  /** A stream opened now, with an access token issued at `tokenIssuedAt` (ms; null: unknown). */
  const connect = (actor: Partial<Actor> = {}, tokenIssuedAt: number | null = Date.now()) => {
    const browser = new FakeBrowser();
    const connection = new RealtimeConnection({ userId: browser.userId, sessionId: browser.sessionId, userType: 'customer', adminRole: null, ...actor }, browser.res, tokenIssuedAt);
    browser.userId = connection.actor.userId;
    browser.sessionId = connection.actor.sessionId;
    hub.add(connection);
    return browser;
  };
  const admin = (adminRole: AdminRole, tokenIssuedAt?: number | null) => connect({ userType: 'admin', adminRole }, tokenIssuedAt);
  const streamsExist = () => FEEDS.forEach((name) => jetstream.existing.add(name));

  it('never creates a stream: it waits for the owning service to create each one, then reads it', async () => {
    hub.onApplicationBootstrap();
    await settle();
    await jest.advanceTimersByTimeAsync(10 * FEED_RETRY_MS);
    expect(jetstream.created).toEqual([]);
    expect(jetstream.updated).toEqual([]);
    expect(hub.feedCount).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ stream: NOTIFICATION_EVENTS_STREAM.name, err: expect.stringContaining('does not exist yet') }), expect.any(String));

    // Notification starts first: its feed is read while the others are still awaited.
    jetstream.existing.add(NOTIFICATION_EVENTS_STREAM.name);
    await jest.advanceTimersByTimeAsync(FEED_RETRY_MS);
    expect(jetstream.readersOf(NOTIFICATION_EVENTS_STREAM.name)).toHaveLength(1);
    expect(hub.feedCount).toBe(1);

    streamsExist();
    await jest.advanceTimersByTimeAsync(FEED_RETRY_MS);
    await hub.ready;
    expect(FEEDS.map((name) => jetstream.readersOf(name).length)).toEqual([1, 1, 1, 1]);
    expect(jetstream.created).toEqual([]);
  });

  it('after a partial start, follows only the feeds still missing: every event arrives once', async () => {
    streamsExist();
    jetstream.failNextConsumer.add(SUPPORT_EVENTS_STREAM.name);
    hub.onApplicationBootstrap();
    await settle();
    expect(FEEDS.map((name) => jetstream.readersOf(name).length)).toEqual([1, 0, 1, 1]);

    await jest.advanceTimersByTimeAsync(FEED_RETRY_MS);
    await hub.ready;
    expect(FEEDS.map((name) => jetstream.readersOf(name).length)).toEqual([1, 1, 1, 1]);

    const ada = connect();
    jetstream.current(NOTIFICATION_EVENTS_STREAM.name).push(
      envelope(NotificationEvents.notificationCreated, { notificationId: randomUUID(), userId: ada.userId, title: 'Deposit completed', type: 'success', category: 'transaction' }),
    );
    await settle();
    expect(ada.named('notification')).toHaveLength(1);
  });

  it('logs a reader that fails and follows its feed again after a growing back-off, never leaving it unread', async () => {
    streamsExist();
    hub.onApplicationBootstrap();
    await hub.ready;
    const grace = connect();
    const first = jetstream.current(LEDGER_EVENTS_STREAM.name);

    first.fail(new Error('consumer deleted'));
    await settle();
    expect(unhandled).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ stream: LEDGER_EVENTS_STREAM.name, err: 'Error: consumer deleted' }), 'live-update reader stopped; following the feed again');
    expect(first.closed).toBe(true);
    expect(hub.feedCount).toBe(3);

    await jest.advanceTimersByTimeAsync(FEED_RETRY_MS - 1);
    expect(jetstream.readersOf(LEDGER_EVENTS_STREAM.name)).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(jetstream.readersOf(LEDGER_EVENTS_STREAM.name)).toHaveLength(2);

    // Failing again at once: the next wait is twice as long.
    jetstream.current(LEDGER_EVENTS_STREAM.name).fail(new Error('consumer deleted'));
    await settle();
    await jest.advanceTimersByTimeAsync(2 * FEED_RETRY_MS - 1);
    expect(jetstream.readersOf(LEDGER_EVENTS_STREAM.name)).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(jetstream.readersOf(LEDGER_EVENTS_STREAM.name)).toHaveLength(3);

    // A reader that simply ends (the connection closed under it) is followed again too.
    jetstream.current(NOTIFICATION_EVENTS_STREAM.name).close();
    await settle();
    await jest.advanceTimersByTimeAsync(FEED_RETRY_MS);
    expect(jetstream.readersOf(NOTIFICATION_EVENTS_STREAM.name)).toHaveLength(2);
    expect(hub.feedCount).toBe(4);

    jetstream.current(LEDGER_EVENTS_STREAM.name).push(
      envelope(LedgerEvents.withdrawalCompleted, {
        transactionId: randomUUID(),
        userId: grace.userId,
        type: 'withdrawal',
        status: 'completed',
        reference: 'WTH-1',
        amount: '100.00',
        currency: 'USD',
        occurredAt: new Date().toISOString(),
      }),
    );
    await settle();
    expect(grace.named('transaction')).toHaveLength(1);
    expect(unhandled).toEqual([]);
  });

  describe('admins', () => {
    const ticket = (userId: string) => envelope(SupportEvents.ticketCreated, { ticketId: randomUUID(), userId, subject: 'Help', status: 'open', answeredBy: null, occurredAt: new Date().toISOString() });
    const transaction = (userId: string) =>
      envelope(LedgerEvents.depositCompleted, {
        transactionId: randomUUID(),
        userId,
        type: 'deposit',
        status: 'completed',
        reference: 'DEP-1',
        amount: '1500.00',
        currency: 'USD',
        occurredAt: new Date().toISOString(),
      });
    const securityDeposit = (userId: string) =>
      envelope(LedgerEvents.securityDepositLocked, { securityDepositId: randomUUID(), userId, amount: '500.00', currency: 'USD', locked: true, lockReason: null, occurredAt: new Date().toISOString() });

    beforeEach(async () => {
      streamsExist();
      hub.onApplicationBootstrap();
      await hub.ready;
    });

    it("receive customers' tickets, transactions and security deposits only as far as their role's permissions go", async () => {
      const owner = connect();
      const browsers = { super_admin: admin('super_admin'), admin: admin('admin'), moderator: admin('moderator'), support: admin('support') };
      const received = (event: string) => Object.entries(browsers).flatMap(([role, browser]) => (browser.named(event).length > 0 ? [role] : []));

      jetstream.current(SUPPORT_EVENTS_STREAM.name).push(ticket(owner.userId));
      jetstream.current(LEDGER_EVENTS_STREAM.name).push(transaction(owner.userId));
      jetstream.current(LEDGER_EVENTS_STREAM.name).push(securityDeposit(owner.userId));
      await settle();

      expect(received('ticket')).toEqual(['super_admin', 'support']);
      expect(received('transaction')).toEqual(['super_admin', 'admin']);
      expect(received('security-deposit')).toEqual(['super_admin', 'admin']);
      expect(owner.named('ticket')).toHaveLength(1);
      expect(owner.named('transaction')).toHaveLength(1);
      expect(owner.named('security-deposit')).toHaveLength(1);
    });

    it('follow a change of the admin_roles setting, and send admins nothing while the permissions cannot be known', async () => {
      const owner = connect();
      const support = admin('support');
      jetstream.current(LEDGER_EVENTS_STREAM.name).push(transaction(owner.userId));
      await settle();
      expect(support.named('transaction')).toHaveLength(0);

      // A super admin grants support the transactions permission (and takes tickets away).
      roles = { ...roles, support: ['transactions'] };
      rolePermissions.forget();
      jetstream.current(LEDGER_EVENTS_STREAM.name).push(transaction(owner.userId));
      jetstream.current(SUPPORT_EVENTS_STREAM.name).push(ticket(owner.userId));
      await settle();
      expect(support.named('transaction')).toHaveLength(1);
      expect(support.named('ticket')).toHaveLength(0);

      rolePermissions.forget();
      identityDown = true;
      jetstream.current(LEDGER_EVENTS_STREAM.name).push(transaction(owner.userId));
      await settle();
      expect(support.named('transaction')).toHaveLength(1);
      expect(owner.named('transaction')).toHaveLength(3);
      expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'transaction' }), 'admin permissions unknown; live update not sent to admins');
    });
  });

  describe('sessions', () => {
    const notification = (userId: string) =>
      envelope(NotificationEvents.notificationCreated, { notificationId: randomUUID(), userId, title: 'Deposit completed', type: 'success', category: 'transaction' });
    const ticket = (userId: string) => envelope(SupportEvents.ticketCreated, { ticketId: randomUUID(), userId, subject: 'Help', status: 'open', answeredBy: null, occurredAt: new Date().toISOString() });
    const endReasons = (browser: FakeBrowser) => browser.named('end').map((end) => end.data.reason);

    beforeEach(async () => {
      streamsExist();
      hub.onApplicationBootstrap();
      await hub.ready;
    });

    it('tells a revoked session by one of four end reasons, which the web signs out on at once, and never by the others', () => {
      expect(new Set(REVOCATION_REASONS.map(endReasonOf))).toEqual(new Set(['signed_out', 'suspended', 'deleted', 'role_changed']));
      // Sessions that could not be checked are not revoked: the browser reconnects after its back-off.
      expect(REVOCATION_REASONS.map(endReasonOf)).not.toContain(SESSION_UNCHECKED);
    });

    it("never writes an event to a revoked session's stream: it ends it with the reason instead, and others still get theirs", async () => {
      const ada = connect();
      const adaElsewhere = connect({ userId: ada.userId });
      marks.set(ada.sessionId, 'suspended');
      jetstream.current(NOTIFICATION_EVENTS_STREAM.name).push(notification(ada.userId));
      await settle();
      expect(ada.named('notification')).toHaveLength(0);
      expect(endReasons(ada)).toEqual(['suspended']);
      expect(ada.ended).toBe(true);
      expect(adaElsewhere.named('notification')).toHaveLength(1);
      expect(hub.connectionsOf(ada.userId)).toBe(1);
    });

    it('ends a revoked stream within one sweep, with no event to deliver', async () => {
      const ada = connect();
      const grace = connect();
      marks.set(ada.sessionId, 'password_reset');
      await jest.advanceTimersByTimeAsync(REVOCATION_SWEEP_MS);
      expect(endReasons(ada)).toEqual(['signed_out']);
      expect(grace.ended).toBe(false);
      expect(hub.connectionCount).toBe(1);
    });

    it("ends an account's streams on identity's events, marked in Redis or not", async () => {
      const suspended = connect();
      const deleted = connect();
      const demoted = admin('support');
      // The same admin, signed in again since: the new session's token carries the new role.
      const signedInAgain = connect({ userType: 'admin', adminRole: 'moderator', userId: demoted.userId });
      const untouched = admin('support');
      const identity = jetstream.current(IDENTITY_EVENTS_STREAM.name);
      identity.push(envelope(IdentityEvents.userStatusChanged, { userId: suspended.userId, userStatus: 'suspended', adminRole: null, changedBy: randomUUID() }));
      identity.push(envelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null }));
      identity.push(envelope(IdentityEvents.userStatusChanged, { userId: demoted.userId, userStatus: 'active', adminRole: 'moderator', changedBy: randomUUID() }));
      identity.push(envelope(IdentityEvents.userStatusChanged, { userId: untouched.userId, userStatus: 'active', adminRole: 'support', changedBy: randomUUID() }));
      await settle();
      expect(endReasons(suspended)).toEqual(['suspended']);
      expect(endReasons(deleted)).toEqual(['deleted']);
      expect(endReasons(demoted)).toEqual(['role_changed']);
      expect(signedInAgain.ended).toBe(false);
      expect(untouched.ended).toBe(false);

      jetstream.current(SUPPORT_EVENTS_STREAM.name).push(ticket(suspended.userId));
      await settle();
      expect(demoted.named('ticket')).toHaveLength(0);
      expect(suspended.named('ticket')).toHaveLength(0);
      expect(untouched.named('ticket')).toHaveLength(1);
      expect(markReads).toBeGreaterThan(0);
    });

    describe('an account event read after the account was signed in to again', () => {
      const MINUTE = 60_000;

      it('ends only the streams from before a suspension: not one signed in since (after a re-activation), whose session is read from Redis instead', async () => {
        // Ada is suspended and re-activated at once; she signs in again a minute later. The suspension arrives after that.
        const suspendedAt = new Date(Date.now() - 2 * MINUTE);
        const before = connect({}, suspendedAt.getTime() - 5 * MINUTE);
        const unknownAge = connect({ userId: before.userId }, null);
        // Issued by an identity replica whose clock is ahead of the database's: still taken for older.
        const aheadClock = connect({ userId: before.userId }, suspendedAt.getTime() + EVENT_CLOCK_MARGIN_MS - 1_000);
        const signedInSince = connect({ userId: before.userId }, suspendedAt.getTime() + MINUTE);
        // Newer, but its session is revoked (Redis holds the mark): Redis decides, so it ends too.
        const revokedSince = connect({ userId: before.userId }, suspendedAt.getTime() + MINUTE);
        marks.set(revokedSince.sessionId, 'signed_out');
        markReads = 0;

        jetstream.current(IDENTITY_EVENTS_STREAM.name).push(envelope(IdentityEvents.userStatusChanged, { userId: before.userId, userStatus: 'suspended', adminRole: null, changedBy: randomUUID() }, suspendedAt));
        await settle();
        expect(signedInSince.ended).toBe(false);
        expect([before, unknownAge, aheadClock].map(endReasons)).toEqual([['suspended'], ['suspended'], ['suspended']]);
        expect(endReasons(revokedSince)).toEqual(['signed_out']);
        expect(markReads).toBe(1);
        expect(hub.connectionsOf(before.userId)).toBe(1);

        jetstream.current(NOTIFICATION_EVENTS_STREAM.name).push(notification(before.userId));
        await settle();
        expect(signedInSince.named('notification')).toHaveLength(1);
      });

      it('ends the newer stream too when its session cannot be checked (fail closed)', async () => {
        const suspendedAt = new Date(Date.now() - 2 * MINUTE);
        const signedInSince = connect({}, suspendedAt.getTime() + MINUTE);
        redisDown = true;
        jetstream.current(IDENTITY_EVENTS_STREAM.name).push(envelope(IdentityEvents.userStatusChanged, { userId: signedInSince.userId, userStatus: 'suspended', adminRole: null, changedBy: randomUUID() }, suspendedAt));
        await settle();
        expect(endReasons(signedInSince)).toEqual([SESSION_UNCHECKED]);
      });

      it("ends an admin's streams from before a role change, not one signed in since with a role given after it (two changes in a row)", async () => {
        // Support made moderator, then support again; the admin signs in after both, and both events arrive after that.
        const demotedAt = new Date(Date.now() - 3 * MINUTE);
        const restoredAt = new Date(Date.now() - 2 * MINUTE);
        const before = admin('support', demotedAt.getTime() - 5 * MINUTE);
        const signedInSince = connect({ userType: 'admin', adminRole: 'support', userId: before.userId }, restoredAt.getTime() + MINUTE);
        const identity = jetstream.current(IDENTITY_EVENTS_STREAM.name);
        identity.push(envelope(IdentityEvents.userStatusChanged, { userId: before.userId, userStatus: 'active', adminRole: 'moderator', changedBy: randomUUID() }, demotedAt));
        identity.push(envelope(IdentityEvents.userStatusChanged, { userId: before.userId, userStatus: 'active', adminRole: 'support', changedBy: randomUUID() }, restoredAt));
        await settle();
        expect(endReasons(before)).toEqual(['role_changed']);
        expect(signedInSince.ended).toBe(false);
      });

      it('ends every stream of a deleted account, however new its token', async () => {
        const deletedAt = new Date(Date.now() - 2 * MINUTE);
        const newer = connect({}, deletedAt.getTime() + MINUTE);
        jetstream.current(IDENTITY_EVENTS_STREAM.name).push(envelope(IdentityEvents.userDeleted, { userId: newer.userId, deletedBy: null }, deletedAt));
        await settle();
        expect(endReasons(newer)).toEqual(['deleted']);
      });
    });

    it('sends nothing when the sessions cannot be checked (fail closed) and ends those streams; a failed sweep keeps them and is logged once', async () => {
      const ada = connect();
      const grace = connect();
      redisDown = true;
      await jest.advanceTimersByTimeAsync(3 * REVOCATION_SWEEP_MS);
      expect(ada.ended).toBe(false);
      expect(logger.warn.mock.calls.filter(([, message]) => String(message).startsWith('revoked sessions could not be checked'))).toHaveLength(1);

      jetstream.current(NOTIFICATION_EVENTS_STREAM.name).push(notification(ada.userId));
      await settle();
      expect(ada.named('notification')).toHaveLength(0);
      expect(endReasons(ada)).toEqual(['session_check_unavailable']);
      expect(grace.ended).toBe(false);
      expect(unhandled).toEqual([]);
    });

    it("checks a broadcast's recipients a thousand at a time: one read of the marks per thousand streams", async () => {
      const browsers = Array.from({ length: 2_500 }, () => connect());
      marks.set(browsers[7].sessionId, 'deleted');
      markReads = 0;
      jetstream.current(NOTIFICATION_EVENTS_STREAM.name).push(envelope(NotificationEvents.broadcastSent, { broadcastId: randomUUID(), sentBy: randomUUID(), title: 'Maintenance', type: 'warning', recipientCount: 2_500, userId: null }));
      await settle();
      expect(markReads).toBe(3);
      expect(browsers.filter((browser) => browser.named('notification').length === 1)).toHaveLength(2_499);
      expect(endReasons(browsers[7])).toEqual(['deleted']);
    });
  });
});

