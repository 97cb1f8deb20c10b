import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, AdminRole, DataExportCommands, SUPPORT_EVENTS_STREAM, SupportCommands, SupportEvents } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient, refusalOf as failure } from '@portal/testing';
import { SupportModule } from '../support.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole = 'support'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

describe('support tickets', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let events: StreamRecorder;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('support_tickets');
    service = await runService({ service: 'support', environment: ServiceEnvironment, module: (environment) => SupportModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
  });

  afterAll(async () => {
    await events?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const newTicket = (overrides: Record<string, unknown> = {}) => ({ subject: 'Cannot see my deposit', category: 'Payments' as const, priority: 'high' as const, message: 'I sent 1,500 USD on Monday.', ...overrides });

  it('opens a ticket for a customer, announces it, and shows it only to its owner', async () => {
    const ada = customer();
    const grace = customer();
    const created = await client.as(ada).send(SupportCommands.createTicket, newTicket());
    expect(created).toMatchObject({ userId: ada.userId, status: 'open', subject: 'Cannot see my deposit', adminResponse: null, messageCount: 1 });
    expect(created.messages).toEqual([expect.objectContaining({ authorId: ada.userId, authorRole: 'customer', body: 'I sent 1,500 USD on Monday.' })]);

    events = await StreamRecorder.open(client.connection, SUPPORT_EVENTS_STREAM);
    const announced = await events.waitFor(SupportEvents.ticketCreated, (payload) => payload.ticketId === created.id);
    expect(announced.payload).toMatchObject({ userId: ada.userId, status: 'open', subject: 'Cannot see my deposit' });

    expect((await client.as(ada).send(SupportCommands.listOwnTickets, {})).items.map((ticket) => ticket.id)).toEqual([created.id]);
    expect(await client.as(grace).send(SupportCommands.listOwnTickets, {})).toEqual({ items: [], nextCursor: null, total: 0 });
    // Another customer's ticket is "not found", the same answer as for a ticket that never existed.
    expect(await failure(client.as(grace).send(SupportCommands.getOwnTicket, { ticketId: created.id }))).toMatchObject({ statusCode: 404, message: 'Support ticket not found.' });
    expect(await failure(client.as(grace).send(SupportCommands.replyToOwnTicket, { ticketId: created.id, message: 'mine now' }))).toMatchObject({ statusCode: 404 });
    expect(await failure(client.as(ada).send(SupportCommands.getOwnTicket, { ticketId: randomUUID() }))).toMatchObject({ statusCode: 404 });
  });

  it('refuses a ticket with a missing field with the spec message, storing nothing', async () => {
    const ada = customer();
    for (const broken of [newTicket({ subject: '   ' }), newTicket({ message: '' }), newTicket({ category: 'Gossip' }), newTicket({ priority: undefined })]) {
      expect(await failure(client.as(ada).sendUnchecked(SupportCommands.createTicket, broken))).toMatchObject({
        statusCode: 400,
        message: 'Validation Error: Please fill in all required fields.',
      });
    }
    expect((await client.as(ada).send(SupportCommands.listOwnTickets, {})).total).toBe(0);
    expect(await failure(client.as(admin()).send(SupportCommands.createTicket, newTicket()))).toMatchObject({ statusCode: 403 });
  });

  it('keeps a subject, which admins read in lists and the audit log, to one line that reads as it is stored', async () => {
    const ada = customer();
    // A right-to-left override would show admins "Refund gnp.exe" reversed; line breaks would start a fake line.
    const created = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: '  Refund\n\tplease \u202Eexe.gnp\u202C ', message: 'Line one\nLine two' }));
    expect(created.subject).toBe('Refund please exe.gnp');
    expect(created.message).toBe('Line one\nLine two');
    for (const blank of ['\u202E', ' \n\u2066\u2069 ']) {
      expect(await failure(client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: blank })))).toMatchObject({
        statusCode: 400,
        message: 'Validation Error: Please fill in all required fields.',
      });
    }
  });

  it('keeps the conversation: each answer is a message with its author and time; an answer resolves the ticket', async () => {
    const ada = customer();
    const agent = admin('support');
    const ticket = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: 'Two answers' }));

    const answered = await client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: 'We found it; it is on its way.' });
    expect(answered.status).toBe('resolved');
    expect(answered.adminResponse).toBe('We found it; it is on its way.');

    const replied = await client.as(ada).send(SupportCommands.replyToOwnTicket, { ticketId: ticket.id, message: 'Still not there.' });
    expect(replied.status).toBe('open');

    const again = await client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: 'Credited now.', status: 'in_progress' });
    expect(again.status).toBe('in_progress');
    const seen = await client.as(ada).send(SupportCommands.getOwnTicket, { ticketId: ticket.id });
    expect(seen.messages.map((message) => [message.authorRole, message.body])).toEqual([
      ['customer', 'I sent 1,500 USD on Monday.'],
      ['admin', 'We found it; it is on its way.'],
      ['customer', 'Still not there.'],
      ['admin', 'Credited now.'],
    ]);
    // The customer reads who wrote by role; which staff member answered stays with the admins.
    expect(seen.messages.map((message) => message.authorId)).toEqual([ada.userId, null, ada.userId, null]);
    const asAdmin = await client.as(admin('super_admin')).send(SupportCommands.getAnyTicket, { ticketId: ticket.id });
    expect(asAdmin.messages.map((message) => message.authorId)).toEqual([ada.userId, agent.userId, ada.userId, agent.userId]);
    expect(replied.messages[1].authorId).toBeNull();
    expect(again.messages[1].authorId).toBe(agent.userId);

    // Download My Data holds the conversation the same way.
    const exported = await client.as(ada).send(DataExportCommands.support, {});
    const [mine] = (exported.data as { tickets: { id: string; messages: { authorId: string | null; authorRole: string; position: number }[] }[] }).tickets.filter((own) => own.id === ticket.id);
    expect(mine.messages.map((message) => [message.position, message.authorRole, message.authorId])).toEqual([
      [1, 'customer', ada.userId],
      [2, 'admin', null],
      [3, 'customer', ada.userId],
      [4, 'admin', null],
    ]);
    expect(seen.adminResponse).toBe('Credited now.');
    expect(seen.messageCount).toBe(4);

    const updates = await events.waitForCount(SupportEvents.ticketUpdated, (payload) => payload.ticketId === ticket.id, 3);
    expect(updates.map((event) => [event.payload.status, event.payload.answeredBy])).toEqual([
      ['resolved', 'admin'],
      ['open', 'customer'],
      ['in_progress', 'admin'],
    ]);
    const audits = await events.waitForCount(SupportEvents.auditRecorded, (payload) => payload.targetId === ticket.id, 2);
    expect(audits[0].payload).toMatchObject({ category: 'admin_action', actionType: 'ticket_answered', actor: { userId: agent.userId }, targetType: 'support_ticket' });
  });

  it('keeps the conversation in the order it was written when the customer and admins write at once', async () => {
    for (let round = 0; round < 5; round++) {
      const ada = customer();
      const ticket = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: `At once ${round}` }));
      await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          index % 2 === 0
            ? client.as(admin()).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: `Answer ${index}` })
            : client.as(ada).send(SupportCommands.replyToOwnTicket, { ticketId: ticket.id, message: `Reply ${index}` }),
        ),
      );
      const seen = await client.as(ada).send(SupportCommands.getOwnTicket, { ticketId: ticket.id });
      expect(seen.messages).toHaveLength(7);
      // The events go out in the order the changes were written (the outbox's sequence).
      const updates = await events.waitForCount(SupportEvents.ticketUpdated, (payload) => payload.ticketId === ticket.id, 6);
      expect(seen.messages.slice(1).map((message) => message.authorRole)).toEqual(updates.map((event) => event.payload.answeredBy));
      // The last message decides the status: a customer's question shown last is not "resolved".
      const last = seen.messages[seen.messages.length - 1];
      expect(seen.status).toBe(last.authorRole === 'admin' ? 'resolved' : 'open');
      expect(seen.adminResponse).toBe([...seen.messages].reverse().find((message) => message.authorRole === 'admin')?.body);
    }
  });

  it('numbers a message written without its place (a replica of the code before positions, during a rollout)', async () => {
    const ada = customer();
    const ticket = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: 'Mid-rollout' }));
    await client.as(admin()).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: 'Looking into it.' });
    const database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
    try {
      // What the previous release inserts: no position column.
      await database.query(`INSERT INTO support.ticket_messages (id, ticket_id, author_id, author_role, body) VALUES ($1, $2, $3, 'customer', 'Written by an old replica.')`, [randomUUID(), ticket.id, ada.userId]);
    } finally {
      await database.end();
    }
    const seen = await client.as(ada).send(SupportCommands.getOwnTicket, { ticketId: ticket.id });
    expect(seen.messages.map((message) => message.body)).toEqual(['I sent 1,500 USD on Monday.', 'Looking into it.', 'Written by an old replica.']);
  });

  it('moves a ticket through the admin statuses and refuses what makes no sense', async () => {
    const ada = customer();
    const agent = admin('super_admin');
    const ticket = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: 'Transitions' }));
    expect((await client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, status: 'in_progress' })).status).toBe('in_progress');
    expect(await failure(client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, status: 'in_progress' }))).toMatchObject({ statusCode: 409 });
    expect(await failure(client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, status: 'open' }))).toMatchObject({ statusCode: 400 });
    expect(await failure(client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: '   ' }))).toMatchObject({
      statusCode: 400,
      message: 'Please enter a response message.',
    });
    // Issue 30: an answer resolves the ticket unless the admin picks another status in the same action, open included.
    const keptOpen = await client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: 'We are checking with the bank.', status: 'open' });
    expect(keptOpen).toMatchObject({ status: 'open', adminResponse: 'We are checking with the bank.', messageCount: 2 });
    const updates = await events.waitForCount(SupportEvents.ticketUpdated, (payload) => payload.ticketId === ticket.id, 2);
    expect(updates.map((event) => [event.payload.status, event.payload.answeredBy ?? null])).toEqual([
      ['in_progress', null],
      ['open', 'admin'],
    ]);
    expect(await failure(client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, adminResponse: 'Hm', status: 'pending' as never }))).toMatchObject({ statusCode: 400 });
    expect((await client.as(agent).send(SupportCommands.getAnyTicket, { ticketId: ticket.id })).messageCount).toBe(2);
    expect((await client.as(agent).send(SupportCommands.updateTicket, { ticketId: ticket.id, status: 'closed' })).status).toBe('closed');
    expect(await failure(client.as(ada).send(SupportCommands.replyToOwnTicket, { ticketId: ticket.id, message: 'hello?' }))).toMatchObject({ statusCode: 409 });
    expect(await failure(client.as(agent).send(SupportCommands.updateTicket, { ticketId: randomUUID(), status: 'closed' }))).toMatchObject({ statusCode: 404 });
  });

  it('lets only admins whose role has the tickets permission see, change and delete every ticket', async () => {
    const ada = customer();
    const ticket = await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: 'Permissions' }));
    for (const refused of [ada, admin('moderator'), admin('admin')]) {
      expect(await failure(client.as(refused).send(SupportCommands.listAllTickets, {}))).toMatchObject({ statusCode: 403 });
      expect(await failure(client.as(refused).send(SupportCommands.updateTicket, { ticketId: ticket.id, status: 'closed' }))).toMatchObject({ statusCode: 403 });
      expect(await failure(client.as(refused).send(SupportCommands.deleteTicket, { ticketId: ticket.id }))).toMatchObject({ statusCode: 403 });
    }
    const agent = admin('support');
    const all = await client.as(agent).send(SupportCommands.listAllTickets, { limit: 100 });
    expect(all.items.map((item) => item.id)).toContain(ticket.id);
    const summary = await client.as(agent).send(SupportCommands.allSummary, {});
    expect(summary.openCount).toBeGreaterThanOrEqual(1);
    expect(await client.as(ada).send(SupportCommands.ownSummary, {})).toEqual({ openCount: 1 });

    expect(await client.as(agent).send(SupportCommands.deleteTicket, { ticketId: ticket.id })).toEqual({ deleted: true });
    expect(await failure(client.as(ada).send(SupportCommands.getOwnTicket, { ticketId: ticket.id }))).toMatchObject({ statusCode: 404 });
    expect(await client.as(ada).send(SupportCommands.ownSummary, {})).toEqual({ openCount: 0 });
    const audit = await events.waitFor(SupportEvents.auditRecorded, (payload) => payload.targetId === ticket.id && payload.actionType === 'ticket_deleted');
    expect(audit.payload.actor).toEqual({ userId: agent.userId });
  });

  it('pages a customer\'s list newest first', async () => {
    const ada = customer();
    for (let index = 0; index < 12; index++) await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: `Ticket ${index}` }));
    const first = await client.as(ada).send(SupportCommands.listOwnTickets, { limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.items[0].subject).toBe('Ticket 11');
    const second = await client.as(ada).send(SupportCommands.listOwnTickets, { limit: 10, cursor: first.nextCursor as string });
    expect(second.items.map((ticket) => ticket.subject)).toEqual(['Ticket 1', 'Ticket 0']);
    expect(second.nextCursor).toBeNull();
    expect(second.total).toBe(12);
    // A cursor no page gave is refused, not answered with the first page again (nor with a 500).
    const position = (at: string, id: string, ...carried: number[]) => Buffer.from([at, id, ...carried].join('|')).toString('base64url');
    const forged = [
      'abc',
      '10',
      '-10',
      '12345678901',
      position('2024-02-30T00:00:00.000000Z', randomUUID(), 12),
      position('2026-01-01T00:00:00.000000Z', randomUUID()),
      position('2026-01-01T00:00:00.000000Z', 'not-a-ticket', 12),
      'a'.repeat(401),
    ];
    for (const cursor of forged) {
      expect(await failure(client.as(ada).sendUnchecked(SupportCommands.listOwnTickets, { limit: 10, cursor }))).toMatchObject({ statusCode: 400, code: 'cursor_invalid' });
    }
  });

  it('pages by position: a ticket raised while an admin reads page 1 neither repeats a row on page 2 nor changes the total', async () => {
    const marker = `Keyset ${randomUUID()}`;
    const ada = customer();
    for (let index = 0; index < 4; index++) await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: `${marker} ${index}` }));
    const agent = admin('support');
    const subjects = (page: { items: { subject: string }[] }) => page.items.map((ticket) => ticket.subject);
    const first = await client.as(agent).send(SupportCommands.listAllTickets, { q: marker, limit: 2 });
    expect(subjects(first)).toEqual([`${marker} 3`, `${marker} 2`]);
    expect(first.total).toBe(4);

    await client.as(customer()).send(SupportCommands.createTicket, newTicket({ subject: `${marker} raised meanwhile` }));
    const second = await client.as(agent).send(SupportCommands.listAllTickets, { q: marker, limit: 2, cursor: first.nextCursor as string });
    expect(subjects(second)).toEqual([`${marker} 1`, `${marker} 0`]);
    expect(second.total).toBe(4);
    expect(second.nextCursor).toBeNull();
  });

  it('pages by position: a ticket removed while its owner reads page 1 skips no row of page 2', async () => {
    const ada = customer();
    const opened = [];
    for (let index = 0; index < 4; index++) opened.push(await client.as(ada).send(SupportCommands.createTicket, newTicket({ subject: `Mine ${index}` })));
    const first = await client.as(ada).send(SupportCommands.listOwnTickets, { limit: 2 });
    expect(first.items.map((ticket) => ticket.subject)).toEqual(['Mine 3', 'Mine 2']);

    expect(await client.as(admin('support')).send(SupportCommands.deleteTicket, { ticketId: opened[3].id })).toEqual({ deleted: true });
    const second = await client.as(ada).send(SupportCommands.listOwnTickets, { limit: 2, cursor: first.nextCursor as string });
    expect(second.items.map((ticket) => ticket.subject)).toEqual(['Mine 1', 'Mine 0']);
    expect(second.nextCursor).toBeNull();
  });
});
