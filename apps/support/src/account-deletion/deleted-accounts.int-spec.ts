import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, AdminRole, IDENTITY_EVENTS_STREAM, IdentityEvents, SUPPORT_EVENTS_STREAM, SupportCommands, SupportEvents } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { SupportModule } from '../support.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole = 'support'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

describe('a deleted account’s support tickets', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let database: Client;
  let events: StreamRecorder | undefined;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('support_deleted_accounts');
    service = await runService({ service: 'support', environment: ServiceEnvironment, module: (environment) => SupportModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    identity = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await events?.close();
    await database?.end();
    await identity?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const newTicket = { subject: 'My passport number', category: 'Account Setup' as const, priority: 'medium' as const, message: 'It is X1234567; I live at 1 Main Street.' };
  const rowsAbout = async (userId: string) => ({
    tickets: (await database.query('SELECT count(*)::int AS n FROM support.tickets WHERE user_id = $1', [userId])).rows[0].n as number,
    messages: (await database.query('SELECT count(*)::int AS n FROM support.ticket_messages m JOIN support.tickets t ON t.id = m.ticket_id WHERE t.user_id = $1', [userId])).rows[0].n as number,
    orphanMessages: (await database.query('SELECT count(*)::int AS n FROM support.ticket_messages m WHERE NOT EXISTS (SELECT 1 FROM support.tickets t WHERE t.id = m.ticket_id)')).rows[0].n as number,
  });

  it('erases the tickets and their conversations, admins’ answers included, once however often the event comes, and nobody else’s', async () => {
    const deleted = customer();
    const other = customer();
    const first = await client.as(deleted).send(SupportCommands.createTicket, newTicket);
    await client.as(deleted).send(SupportCommands.createTicket, { ...newTicket, subject: 'Second question' });
    await client.as(admin()).send(SupportCommands.updateTicket, { ticketId: first.id, status: 'in_progress', adminResponse: 'Thanks, we are looking into it.' });
    await client.as(deleted).send(SupportCommands.replyToOwnTicket, { ticketId: first.id, message: 'My phone is 555-0100.' });
    await client.as(other).send(SupportCommands.createTicket, newTicket);
    expect(await rowsAbout(deleted.userId)).toEqual({ tickets: 2, messages: 4, orphanMessages: 0 });

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() });
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'support', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));

    expect(await rowsAbout(deleted.userId)).toEqual({ tickets: 0, messages: 0, orphanMessages: 0 });
    expect((await client.as(admin()).send(SupportCommands.listAllTickets, { q: 'My passport number' })).items.map((ticket) => ticket.userId)).toEqual([other.userId]);
    expect(await rowsAbout(other.userId)).toMatchObject({ tickets: 1, messages: 1 });
  });

  it('announces each erased ticket as closed, once, without its subject or anything for the person, so the admins’ badge and lists refresh at once', async () => {
    const deleted = customer();
    const later = customer();
    const first = await client.as(deleted).send(SupportCommands.createTicket, newTicket);
    const second = await client.as(deleted).send(SupportCommands.createTicket, { ...newTicket, subject: 'Second question' });
    await client.as(admin()).send(SupportCommands.updateTicket, { ticketId: first.id, adminResponse: 'Thanks, we are looking into it.' });
    const latersTicket = await client.as(later).send(SupportCommands.createTicket, newTicket);
    events = await StreamRecorder.open(client.connection, SUPPORT_EVENTS_STREAM);
    const closedOf = (userId: string) => (payload: { userId: string; status: string }) => payload.userId === userId && payload.status === 'closed';

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null });
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'support', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));
    const announced = await events.waitForCount(SupportEvents.ticketUpdated, closedOf(deleted.userId), 2);
    expect(announced.map(({ payload }) => payload.ticketId).sort()).toEqual([first.id, second.id].sort());
    // The gateway passes these to admins as `ticket`; notification writes to the person only for an admin's answer.
    for (const { payload } of announced) expect(payload).toMatchObject({ userId: deleted.userId, status: 'closed', answeredBy: null, subject: '' });

    // The outbox publishes in order: once the next deletion's event is out, the repeat's would have been too.
    await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: later.userId, deletedBy: null }));
    expect((await events.waitFor(SupportEvents.ticketUpdated, closedOf(later.userId))).payload.ticketId).toBe(latersTicket.id);
    expect(events.all(SupportEvents.ticketUpdated, closedOf(deleted.userId))).toHaveLength(2);
  });
});
