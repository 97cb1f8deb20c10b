import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPageOf } from '@portal/database';
import { CreateTicketPayload, TicketDetail, TicketListPayload, TicketPage, TicketStatus } from '@portal/contracts';
import { found } from './ticket-access';
import { Ticket, TicketMessage } from './ticket.entity';
import { OPEN_STATUSES, ticketDetail, TicketReader, ticketView } from './ticket-views';

/** The SQL of support.tickets and support.ticket_messages. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A new open ticket with its opening message (position 1); the ticket as stored. */
  async open(manager: EntityManager, ownerId: string, payload: CreateTicketPayload): Promise<Ticket> {
    const ticket = manager.create(Ticket, {
      id: randomUUID(),
      userId: ownerId,
      subject: payload.subject,
      category: payload.category,
      priority: payload.priority,
      message: payload.message,
      status: 'open',
      messageCount: 1,
    });
    await manager.insert(Ticket, ticket);
    await manager.insert(TicketMessage, { id: randomUUID(), ticketId: ticket.id, authorId: ownerId, authorRole: 'customer', body: payload.message, position: 1 });
    return manager.findOneByOrFail(Ticket, { id: ticket.id });
  }

  /** The customer's own ticket (null for another's). */
  findOwn(ticketId: string, userId: string): Promise<Ticket | null> {
    return this.dataSource.manager.findOne(Ticket, { where: { id: ticketId, userId } });
  }

  /** The customer's own ticket, locked for a change (null for another's). */
  findOwnForChange(manager: EntityManager, ticketId: string, userId: string): Promise<Ticket | null> {
    return manager.findOne(Ticket, { where: { id: ticketId, userId }, lock: { mode: 'pessimistic_write' } });
  }

  findForChange(manager: EntityManager, ticketId: string): Promise<Ticket | null> {
    return manager.findOne(Ticket, { where: { id: ticketId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Sets the status and, with a message, adds it to the conversation; the ticket as stored.
   * The message is numbered under the ticket's lock: the conversation shows messages in the order they were written.
   */
  async change(manager: EntityManager, ticket: Ticket, status: TicketStatus, message: { authorId: string; authorRole: 'customer' | 'admin'; body: string } | null): Promise<Ticket> {
    if (message) await manager.insert(TicketMessage, { id: randomUUID(), ticketId: ticket.id, ...message, position: ticket.messageCount + 1 });
    await manager.update(Ticket, { id: ticket.id }, { status, ...(message ? { messageCount: () => 'message_count + 1' } : {}) });
    return manager.findOneByOrFail(Ticket, { id: ticket.id });
  }

  async remove(manager: EntityManager, ticketId: string): Promise<void> {
    await manager.delete(Ticket, { id: ticketId });
  }

  /** Open and in-progress tickets: the customer's, or everyone's without an owner. */
  countOpen(userId: string | null): Promise<number> {
    const query = this.dataSource.getRepository(Ticket).createQueryBuilder('t');
    if (userId) query.where('t.userId = :userId', { userId });
    return query.andWhere('t.status IN (:...open)', { open: OPEN_STATUSES }).getCount();
  }

  /**
   * Newest first; the customer's own, or everyone's without an owner. Pages by keyset (the
   * rows after the cursor's), so a ticket raised or removed meanwhile neither repeats nor
   * skips a row; the total is counted on the first page and carried in the cursor.
   */
  async list(payload: TicketListPayload, userId: string | null): Promise<TicketPage> {
    const query = this.dataSource.getRepository(Ticket).createQueryBuilder('t');
    if (userId) query.andWhere('t.userId = :userId', { userId });
    if (payload.status) query.andWhere('t.status = :status', { status: payload.status });
    const text = payload.q?.trim();
    if (text) query.andWhere('(t.subject ILIKE :q OR t.message ILIKE :q)', { q: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const {
      rows: tickets,
      nextCursor,
      total,
    } = await keysetPageOf(query, { at: 't.createdAt', id: 't.id', limit: payload.limit ?? 20, cursor: payload.cursor ?? undefined, countTotal: () => query.getCount() });
    const responses = await this.latestAdminResponses(tickets.map((ticket) => ticket.id));
    return { items: tickets.map((ticket) => ticketView(ticket, responses.get(ticket.id) ?? null)), nextCursor, total };
  }

  private async latestAdminResponses(ticketIds: string[]): Promise<Map<string, string>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { ticket_id: string; body: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (ticket_id) ticket_id, body FROM support.ticket_messages WHERE ticket_id = ANY($1) AND author_role = 'admin' ORDER BY ticket_id, position DESC`,
      [ticketIds],
    );
    return new Map(rows.map((row) => [row.ticket_id, row.body]));
  }

  /** The ticket with its conversation, as the reader may see it. */
  async detail(ticketId: string, reader: TicketReader): Promise<TicketDetail> {
    const manager = this.dataSource.manager;
    const ticket = found(await manager.findOneBy(Ticket, { id: ticketId }));
    const messages = await manager.find(TicketMessage, { where: { ticketId }, order: { position: 'ASC' } });
    return ticketDetail(ticket, messages, reader);
  }
}
