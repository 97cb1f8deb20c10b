import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, AdminRole, IDENTITY_EVENTS_STREAM, IdentityEvents, SupportCommands } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
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

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('support_deleted_accounts');
    service = await runService({ service: 'support', environment: ServiceEnvironment, module: (environment) => SupportModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
    identity = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
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
});
