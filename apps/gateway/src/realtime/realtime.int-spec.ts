import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { JwtService } from '@nestjs/jwt';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AccessTokenClaims,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationEvents,
  RevocationReason,
  revokedSessionKey,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
} from '@portal/contracts';
import { resolveJwtKeys } from '@portal/config';
import { createLogger } from '@portal/logging';
import { ensureStream } from '@portal/messaging';
import { eventEnvelope, EventPublisher } from '@portal/testing';
import { loadGatewayConfig } from '../config/gateway-environment';
import { createGatewayApp } from '../create-gateway-app';
import { adminActor, customerActor } from '../testing/builders';
import { SessionRevocations } from '../auth/session-revocations';
import { eventually, FakeResponder, GatewayHarness, TestActor } from '../testing/gateway-harness';
import { RealtimeHub } from './realtime-hub';

jest.setTimeout(60_000);

/** The streams whose events reach browsers, owned by notification, support and ledger. */
const FEEDS = [NOTIFICATION_EVENTS_STREAM.name, SUPPORT_EVENTS_STREAM.name, LEDGER_EVENTS_STREAM.name];

interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A browser's EventSource, reduced to what the tests read: the named events in order. */
class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  /** The server ended the response. */
  ended = false;
  private buffer = '';
  private constructor(private readonly req: http.ClientRequest) {}

  static open(url: string): Promise<{ status: number; client: EventStreamClient | null; body?: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, client: null, body }));
          return;
        }
        const client = new EventStreamClient(req);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.take(chunk));
        res.on('end', () => (client.ended = true));
        resolve({ status: 200, client });
      });
      req.on('error', reject);
    });
  }

  private take(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) this.events.push({ event, data: JSON.parse(data) });
    }
  }

  named(event: string): ReceivedEvent[] {
    return this.events.filter((received) => received.event === event);
  }

  close() {
    this.req.destroy();
  }
}

describe('live updates (server-sent events)', () => {
  let gateway: GatewayHarness;
  let second: NestFastifyApplication;
  let secondUrl: string;
  let publisher: EventPublisher;
  let rolePermissions: FakeResponder;
  /** The streams there were after both replicas had tried to read them, before their owners started. */
  let streamsBeforeOwners: string[];
  const streams: EventStreamClient[] = [];

  async function streamNames(): Promise<string[]> {
    const names: string[] = [];
    for await (const name of (await gateway.nats.jetstreamManager()).streams.names()) names.push(name);
    return names;
  }

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-realtime');
    // A second replica of the gateway on the same NATS and Redis, as two pods behind one Service.
    second = await createGatewayApp(loadGatewayConfig(gateway.infrastructure.env), createLogger('gateway-2', 'silent'));
    await second.listen(0, '127.0.0.1');
    secondUrl = (await second.getUrl()).replace('[::1]', '127.0.0.1');
    // The gateways came first: they have tried (and retried) to read streams nobody created yet.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    streamsBeforeOwners = await streamNames();
    // Now the services that own the streams start and create them (with the cluster's replica count).
    const jsm = await gateway.nats.jetstreamManager();
    for (const stream of [NOTIFICATION_EVENTS_STREAM, SUPPORT_EVENTS_STREAM, LEDGER_EVENTS_STREAM]) await ensureStream(jsm, stream);
    await Promise.all([gateway.app.get(RealtimeHub).ready, second.get(RealtimeHub).ready]);
    publisher = await EventPublisher.connect(gateway.infrastructure.nats.url);
    // Identity's answer to "what may this admin role do" (spec 02 §6 defaults).
    rolePermissions = await gateway.grantRolePermissions();
  });

  afterAll(async () => {
    await rolePermissions?.stop();
    for (const stream of streams) stream.close();
    await publisher?.close();
    await second?.close();
    await gateway?.close();
  });

  async function ticketFor(actor: TestActor, baseUrl = gateway.baseUrl): Promise<string> {
    const response = await request(baseUrl).post('/api/v1/events/tickets').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
    expect(response.status).toBe(201);
    expect(response.body.expiresIn).toBe(30);
    return response.body.ticket;
  }

  async function connect(actor: TestActor, baseUrl = gateway.baseUrl, hub: RealtimeHub = gateway.app.get(RealtimeHub)): Promise<EventStreamClient> {
    const before = hub.connectionCount;
    const { status, client } = await EventStreamClient.open(`${baseUrl}/api/v1/events?ticket=${encodeURIComponent(await ticketFor(actor))}`);
    expect(status).toBe(200);
    streams.push(client as EventStreamClient);
    await eventually(() => (client as EventStreamClient).named('ready').length === 1 && hub.connectionCount === before + 1);
    return client as EventStreamClient;
  }

  it('delivers a new notification to its user only, on whichever replica they are connected to', async () => {
    const ada = customerActor();
    const grace = customerActor();
    const onFirst = await connect(ada);
    const graceStream = await connect(grace, secondUrl, second.get(RealtimeHub));
    const adaOnSecond = await connect(ada, secondUrl, second.get(RealtimeHub));

    await publisher.publish(
      NOTIFICATION_EVENTS_STREAM,
      eventEnvelope(NotificationEvents.notificationCreated, { notificationId: randomUUID(), userId: ada.userId, title: 'Deposit completed', type: 'success', category: 'transaction' }),
    );
    await eventually(() => onFirst.named('notification').length === 1 && adaOnSecond.named('notification').length === 1);
    expect(onFirst.named('notification')[0].data).toMatchObject({ title: 'Deposit completed', category: 'transaction' });

    // Grace's own event arrives; Ada's never reached her.
    await publisher.publish(
      LEDGER_EVENTS_STREAM,
      eventEnvelope(LedgerEvents.withdrawalCompleted, {
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
    await eventually(() => graceStream.named('transaction').length === 1);
    expect(graceStream.named('transaction')[0].data).toMatchObject({ transactionType: 'withdrawal', status: 'completed' });
    expect(graceStream.named('notification')).toHaveLength(0);
    expect(onFirst.named('transaction')).toHaveLength(0);
  });

  it('never creates the event streams itself: it reads them once the services that own them have created them', () => {
    expect(streamsBeforeOwners.filter((name) => FEEDS.includes(name))).toEqual([]);
  });

  it('sends ticket changes to the owner and to the connected admins whose role has the tickets permission', async () => {
    const owner = customerActor();
    const other = customerActor();
    const ownerStream = await connect(owner);
    const otherStream = await connect(other);
    const adminStream = await connect(adminActor({ adminRole: 'support' }), secondUrl, second.get(RealtimeHub));
    const withoutTickets = await connect(adminActor({ adminRole: 'admin' }));
    const moderatorStream = await connect(adminActor({ adminRole: 'moderator' }), secondUrl, second.get(RealtimeHub));
    const superAdminStream = await connect(adminActor({ adminRole: 'super_admin' }));
    const ticketId = randomUUID();
    await publisher.publish(
      SUPPORT_EVENTS_STREAM,
      eventEnvelope(SupportEvents.ticketCreated, { ticketId, userId: owner.userId, subject: 'Help', status: 'open', answeredBy: null, occurredAt: new Date().toISOString() }),
    );
    await eventually(() => ownerStream.named('ticket').length === 1 && adminStream.named('ticket').length === 1 && superAdminStream.named('ticket').length === 1);
    expect(adminStream.named('ticket')[0].data).toEqual({ ticketId, status: 'open', answeredBy: null, created: true });
    expect(otherStream.named('ticket')).toHaveLength(0);

    // A later event reached everyone who may see it: the ones without the permission got nothing before it.
    await publisher.publish(
      NOTIFICATION_EVENTS_STREAM,
      eventEnvelope(NotificationEvents.notificationCreated, { notificationId: randomUUID(), userId: owner.userId, title: 'Ticket opened', type: 'info', category: 'support' }),
    );
    await eventually(() => ownerStream.named('notification').length === 1);
    expect(withoutTickets.named('ticket')).toHaveLength(0);
    expect(moderatorStream.named('ticket')).toHaveLength(0);
  });

  it("sends customers' transactions and security deposits only to the connected admins whose role has the transactions permission", async () => {
    const owner = customerActor();
    const ownerStream = await connect(owner, secondUrl, second.get(RealtimeHub));
    const finance = await connect(adminActor({ adminRole: 'admin' }));
    const support = await connect(adminActor({ adminRole: 'support' }), secondUrl, second.get(RealtimeHub));
    await publisher.publish(
      LEDGER_EVENTS_STREAM,
      eventEnvelope(LedgerEvents.depositCompleted, {
        transactionId: randomUUID(),
        userId: owner.userId,
        type: 'deposit',
        status: 'completed',
        reference: 'DEP-1',
        amount: '1500.00',
        currency: 'USD',
        occurredAt: new Date().toISOString(),
      }),
    );
    await publisher.publish(
      LEDGER_EVENTS_STREAM,
      eventEnvelope(LedgerEvents.securityDepositLocked, {
        securityDepositId: randomUUID(),
        userId: owner.userId,
        amount: '500.00',
        currency: 'USD',
        locked: true,
        lockReason: null,
        occurredAt: new Date().toISOString(),
      }),
    );
    await eventually(() => finance.named('transaction').length === 1 && finance.named('security-deposit').length === 1 && ownerStream.named('security-deposit').length === 1);
    expect(support.named('transaction')).toHaveLength(0);
    expect(support.named('security-deposit')).toHaveLength(0);
  });

  it('fans a broadcast out to the connected recipients the notification service names', async () => {
    const recipient = customerActor();
    const outsider = customerActor();
    const recipientStream = await connect(recipient, secondUrl, second.get(RealtimeHub));
    const outsiderStream = await connect(outsider);
    const broadcastId = randomUUID();
    const asked = await gateway.respond(NotificationCommands.recipientsAmong, (req) => {
      const userIds = (req.payload.userIds as string[]).filter((userId) => userId === recipient.userId);
      return { userIds, unreadCounts: Object.fromEntries(userIds.map((userId) => [userId, 4])) };
    });
    await publisher.publish(NOTIFICATION_EVENTS_STREAM, eventEnvelope(NotificationEvents.broadcastSent, { broadcastId, sentBy: randomUUID(), title: 'Scheduled Maintenance', type: 'warning', recipientCount: 10_000, userId: null }));
    await eventually(() => recipientStream.named('notification').length === 1);
    expect(recipientStream.named('notification')[0].data).toMatchObject({ broadcastId, category: 'broadcast', title: 'Scheduled Maintenance', unreadCount: 4 });
    await eventually(() => asked.requests.length === 2); // each replica asked about its own connections
    expect(outsiderStream.named('notification')).toHaveLength(0);
    await asked.stop();
  });

  it('opens only with a fresh ticket, used once, from a signed-in caller', async () => {
    const ada = customerActor();
    expect((await request(gateway.baseUrl).post('/api/v1/events/tickets')).status).toBe(401);
    expect((await EventStreamClient.open(`${gateway.baseUrl}/api/v1/events`)).status).toBe(401);
    expect((await EventStreamClient.open(`${gateway.baseUrl}/api/v1/events?ticket=made-up`)).status).toBe(401);

    const ticket = await ticketFor(ada);
    const first = await EventStreamClient.open(`${secondUrl}/api/v1/events?ticket=${encodeURIComponent(ticket)}`);
    expect(first.status).toBe(200);
    streams.push(first.client as EventStreamClient);
    const again = await EventStreamClient.open(`${gateway.baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body as string).message).toBe('This live-update ticket is not valid or has expired. Please reconnect.');
  });

  it('lets one user hold at most REALTIME_STREAMS_PER_USER streams (10) on a replica, and frees a place when one closes', async () => {
    const ada = customerActor();
    const open: EventStreamClient[] = [];
    for (let index = 0; index < 10; index += 1) open.push(await connect(ada));
    const refused = await EventStreamClient.open(`${gateway.baseUrl}/api/v1/events?ticket=${encodeURIComponent(await ticketFor(ada))}`);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body as string)).toMatchObject({ statusCode: 429, code: 'too_many_streams', retryAfterSeconds: 10 });
    // Another user is not affected.
    await connect(customerActor());
    const hub = gateway.app.get(RealtimeHub);
    open[0].close();
    await eventually(() => hub.connectionsOf(ada.userId) === 9);
    await connect(ada);
  });

  it('forgets a stream whose browser went away while it was being opened', async () => {
    const hub = gateway.app.get(RealtimeHub);
    const before = hub.connectionCount;
    const ada = customerActor();
    const ticket = await ticketFor(ada);
    let req: http.ClientRequest | null = null;
    let checked = false;
    const revocationOf = SessionRevocations.prototype.revocationOf;
    const spy = jest.spyOn(SessionRevocations.prototype, 'revocationOf').mockImplementation(async function (this: SessionRevocations, sessionId: string) {
      if (sessionId === ada.sessionId && !checked) {
        // The browser gives up while the gateway still checks the session.
        req?.destroy();
        await new Promise((resolve) => setTimeout(resolve, 200));
        checked = true;
      }
      return revocationOf.call(this, sessionId);
    });
    try {
      req = http.get(`${gateway.baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket)}`, { headers: { accept: 'text/event-stream' } });
      req.on('error', () => undefined);
      await eventually(() => checked);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hub.connectionCount).toBe(before);
    } finally {
      spy.mockRestore();
    }
  });

  it('ends its streams when a replica shuts down, so browsers reconnect to another one', async () => {
    const leaving = await createGatewayApp(loadGatewayConfig(gateway.infrastructure.env), createLogger('gateway-3', 'silent'));
    await leaving.listen(0, '127.0.0.1');
    await leaving.get(RealtimeHub).ready;
    const stream = await connect(customerActor(), (await leaving.getUrl()).replace('[::1]', '127.0.0.1'), leaving.get(RealtimeHub));
    await leaving.close();
    await eventually(() => stream.named('end').length === 1);
    expect(stream.named('end').map((event) => event.data)).toEqual([{ reason: 'server_restarting' }]);
  });

  describe('when the session behind a stream ends', () => {
    /** Well under a second after identity's change, on every replica. */
    const PROMPTLY_MS = 1_000;

    /** What identity does once the change has committed: the session's access tokens are refused from now on. */
    const markRevoked = (actor: TestActor, reason: RevocationReason) => gateway.redis.set(revokedSessionKey(actor.sessionId), reason, 'EX', 300);
    const notifyUser = (userId: string, title: string) =>
      publisher.publish(NOTIFICATION_EVENTS_STREAM, eventEnvelope(NotificationEvents.notificationCreated, { notificationId: randomUUID(), userId, title, type: 'info', category: 'transaction' }));
    const endedBecause = (stream: EventStreamClient, reason: string) => stream.named('end').some((end) => end.data.reason === reason) && stream.ended;

    it("ends a suspended customer's streams on every replica at once, delivers them nothing more, and leaves others' streams alone", async () => {
      const ada = customerActor();
      const grace = customerActor();
      const adaOnFirst = await connect(ada);
      const adaOnSecond = await connect(ada, secondUrl, second.get(RealtimeHub));
      const graceStream = await connect(grace, secondUrl, second.get(RealtimeHub));

      // Identity suspends Ada: her sessions are marked, then its outbox publishes the change.
      await markRevoked(ada, 'suspended');
      const suspendedAt = Date.now();
      await notifyUser(ada.userId, 'For Ada after her suspension');
      await publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userStatusChanged, { userId: ada.userId, userStatus: 'suspended', adminRole: null, changedBy: randomUUID() }));
      await notifyUser(grace.userId, 'For Grace');

      await eventually(() => endedBecause(adaOnFirst, 'suspended') && endedBecause(adaOnSecond, 'suspended'), PROMPTLY_MS);
      expect(Date.now() - suspendedAt).toBeLessThan(PROMPTLY_MS);
      await eventually(() => graceStream.named('notification').length === 1);
      await notifyUser(ada.userId, 'For Ada, later still');
      await eventually(() => graceStream.named('notification').length === 1 && gateway.app.get(RealtimeHub).connectionsOf(ada.userId) === 0 && second.get(RealtimeHub).connectionsOf(ada.userId) === 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(adaOnFirst.named('notification')).toHaveLength(0);
      expect(adaOnSecond.named('notification')).toHaveLength(0);
      expect(graceStream.ended).toBe(false);
      expect(graceStream.named('end')).toHaveLength(0);
    });

    it('ends the streams of a session signed out elsewhere (no account event: only its mark) within a second, and not the same user\'s other session', async () => {
      const ada = customerActor();
      const adaElsewhere = customerActor({ userId: ada.userId });
      const revokedStream = await connect(ada, secondUrl, second.get(RealtimeHub));
      const otherSession = await connect(adaElsewhere);

      // Nothing is delivered meanwhile: the stream ends by itself.
      await markRevoked(ada, 'signed_out');
      const signedOutAt = Date.now();
      await eventually(() => endedBecause(revokedStream, 'signed_out'), PROMPTLY_MS);
      expect(Date.now() - signedOutAt).toBeLessThan(PROMPTLY_MS);
      await notifyUser(ada.userId, 'After the sign-out');
      await eventually(() => otherSession.named('notification').length === 1);
      expect(revokedStream.named('notification')).toHaveLength(0);
      expect(otherSession.ended).toBe(false);
    });

    it('delivers nothing to a stream whose session was signed out a moment before the event, however soon it comes', async () => {
      const ada = customerActor();
      const adaElsewhere = customerActor({ userId: ada.userId });
      const revokedStream = await connect(ada);
      const otherSession = await connect(adaElsewhere, secondUrl, second.get(RealtimeHub));
      await markRevoked(ada, 'password_changed');
      await notifyUser(ada.userId, 'Your password was changed');
      await eventually(() => otherSession.named('notification').length === 1 && endedBecause(revokedStream, 'signed_out'), PROMPTLY_MS);
      expect(revokedStream.named('notification')).toHaveLength(0);
    });

    it("ends a deleted account's streams on every replica when identity's event arrives, even if its sessions were never marked", async () => {
      const ada = customerActor();
      const onFirst = await connect(ada);
      const onSecond = await connect(ada, secondUrl, second.get(RealtimeHub));
      const other = await connect(customerActor());

      // Redis missed the marks (identity only logs that): the event alone ends the streams.
      await publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: ada.userId, deletedBy: ada.userId }));
      await eventually(() => endedBecause(onFirst, 'deleted') && endedBecause(onSecond, 'deleted'), PROMPTLY_MS);
      await notifyUser(ada.userId, 'After the deletion');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onFirst.named('notification')).toHaveLength(0);
      expect(onSecond.named('notification')).toHaveLength(0);
      expect(other.ended).toBe(false);
    });

    it("ends a demoted admin's streams at once: no more tickets the new role may not see, while other admins still get them", async () => {
      const demoted = adminActor({ adminRole: 'support' });
      const demotedStream = await connect(demoted, secondUrl, second.get(RealtimeHub));
      const colleague = await connect(adminActor({ adminRole: 'support' }));
      const owner = customerActor();

      // A super admin makes the support agent a moderator (no tickets permission).
      await markRevoked(demoted, 'role_changed');
      const demotedAt = Date.now();
      await publisher.publish(
        SUPPORT_EVENTS_STREAM,
        eventEnvelope(SupportEvents.ticketCreated, { ticketId: randomUUID(), userId: owner.userId, subject: 'Help', status: 'open', answeredBy: null, occurredAt: new Date().toISOString() }),
      );
      await publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userStatusChanged, { userId: demoted.userId, userStatus: 'active', adminRole: 'moderator', changedBy: randomUUID() }));

      await eventually(() => endedBecause(demotedStream, 'role_changed'), PROMPTLY_MS);
      expect(Date.now() - demotedAt).toBeLessThan(PROMPTLY_MS);
      await eventually(() => colleague.named('ticket').length === 1);
      expect(demotedStream.named('ticket')).toHaveLength(0);
      expect(colleague.ended).toBe(false);
    });

    it('keeps a stream whose access token was issued after a suspension that arrives late (the account re-activated and signed in to again)', async () => {
      const ada = customerActor();
      const earlier = customerActor({ userId: ada.userId });
      // The suspension committed a minute ago; its event comes only now.
      const suspendedAt = Date.now() - 60_000;
      const fresh = await connect(ada);
      // A stream of a token issued before the suspension (and whose mark Redis missed) still ends.
      const { privateKey } = resolveJwtKeys({ nodeEnv: 'test', needPrivateKey: true, keysDir: gateway.infrastructure.env.JWT_KEYS_DIR, env: {} });
      const identity = new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } });
      const claims: AccessTokenClaims = { sub: earlier.userId, sid: earlier.sessionId, typ: 'customer', role: null };
      const oldToken = identity.sign({ ...claims, iat: Math.floor((suspendedAt - 30_000) / 1000) }, { expiresIn: 300 });
      const answer = await request(gateway.baseUrl).post('/api/v1/events/tickets').set('authorization', `Bearer ${oldToken}`);
      expect(answer.status).toBe(201);
      const opened = await EventStreamClient.open(`${gateway.baseUrl}/api/v1/events?ticket=${encodeURIComponent(answer.body.ticket)}`);
      const stale = opened.client as EventStreamClient;
      streams.push(stale);
      await eventually(() => stale.named('ready').length === 1);

      await publisher.publish(
        IDENTITY_EVENTS_STREAM,
        eventEnvelope(IdentityEvents.userStatusChanged, { userId: ada.userId, userStatus: 'suspended', adminRole: null, changedBy: randomUUID() }, { occurredAt: new Date(suspendedAt).toISOString() }),
      );
      await eventually(() => endedBecause(stale, 'suspended'), PROMPTLY_MS);
      await notifyUser(ada.userId, 'Welcome back');
      await eventually(() => fresh.named('notification').length === 1);
      expect(fresh.ended).toBe(false);
    });

    it("keeps an admin's streams open when an account event leaves their role as it is (re-activation)", async () => {
      const admin = adminActor({ adminRole: 'support' });
      const stream = await connect(admin);
      await publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userStatusChanged, { userId: admin.userId, userStatus: 'active', adminRole: 'support', changedBy: randomUUID() }));
      await notifyUser(admin.userId, 'Still here');
      await eventually(() => stream.named('notification').length === 1);
      expect(stream.ended).toBe(false);
    });
  });
});
