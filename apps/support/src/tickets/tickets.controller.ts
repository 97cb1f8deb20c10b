import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  Actor,
  CreateTicketPayload,
  IdentityCommands,
  ReplyToTicketPayload,
  RequestMeta,
  SupportCommands,
  SupportEvents,
  SupportMessages,
  TicketDeleted,
  TicketDetail,
  TicketIdPayload,
  TicketListPayload,
  TicketPage,
  TicketStatus,
  TicketSummary,
  TicketView,
  UpdateTicketPayload,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import {
  addToOutbox,
  CommandActor,
  CommandMeta,
  CommandPayload,
  HandlesCommand,
  LOGGER,
  PlatformSettings,
  requireAdminPermission,
  ServiceClient,
  ServiceError,
} from '@portal/messaging';
import { Ticket, TicketMessage } from './ticket.entity';

const OPEN_STATUSES: TicketStatus[] = ['open', 'in_progress'];
/** What an admin may set (spec 02 §4): a ticket is never put back to open by hand. */
const ADMIN_STATUSES: TicketStatus[] = ['in_progress', 'resolved', 'closed'];
/** The statuses an answer may leave the ticket in; without one it is resolved (spec 02 §4). */
const REPLY_STATUSES: TicketStatus[] = ['open', ...ADMIN_STATUSES];

function customer(actor: Actor | null): Actor {
  if (!actor || actor.userType !== 'customer') throw ServiceError.forbidden('Only customers can open and answer their own tickets.', 'forbidden');
  return actor;
}

function page(payload: TicketListPayload): { limit: number; offset: number } {
  // The payload's validation refused any other cursor (400), rather than answering the first page again.
  const offset = payload.cursor ? Number(payload.cursor) : 0;
  return { limit: payload.limit ?? 20, offset };
}

function view(ticket: Ticket, adminResponse: string | null): TicketView {
  return {
    id: ticket.id,
    userId: ticket.userId,
    subject: ticket.subject,
    category: ticket.category,
    priority: ticket.priority,
    message: ticket.message,
    status: ticket.status,
    adminResponse,
    messageCount: ticket.messageCount,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/**
 * Support tickets with their conversation. A customer reaches only their own tickets
 * (another's is "not found"); admins whose role has the tickets permission reach all.
 */
@Controller()
export class TicketsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandlesCommand(SupportCommands.createTicket)
  async create(@CommandActor() actor: Actor, @CommandPayload() payload: CreateTicketPayload): Promise<TicketDetail> {
    const owner = customer(actor);
    const id = await this.dataSource.transaction(async (manager) => {
      const ticket = manager.create(Ticket, {
        id: randomUUID(),
        userId: owner.userId,
        subject: payload.subject,
        category: payload.category,
        priority: payload.priority,
        message: payload.message,
        status: 'open',
        messageCount: 1,
      });
      await manager.insert(Ticket, ticket);
      await manager.insert(TicketMessage, { id: randomUUID(), ticketId: ticket.id, authorId: owner.userId, authorRole: 'customer', body: payload.message, position: 1 });
      const saved = await manager.findOneByOrFail(Ticket, { id: ticket.id });
      await addToOutbox(manager, SupportEvents.ticketCreated, this.event(saved, null));
      return ticket.id;
    });
    return this.detail(this.dataSource.manager, id, 'customer');
  }

  @HandlesCommand(SupportCommands.listOwnTickets)
  async listOwn(@CommandActor() actor: Actor, @CommandPayload() payload: TicketListPayload): Promise<TicketPage> {
    const owner = customer(actor);
    return this.list(payload, owner.userId);
  }

  @HandlesCommand(SupportCommands.getOwnTicket)
  async getOwn(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload): Promise<TicketDetail> {
    const owner = customer(actor);
    await this.ownTicket(this.dataSource.manager, ticketId, owner.userId);
    return this.detail(this.dataSource.manager, ticketId, 'customer');
  }

  @HandlesCommand(SupportCommands.replyToOwnTicket)
  async reply(@CommandActor() actor: Actor, @CommandPayload() { ticketId, message }: ReplyToTicketPayload): Promise<TicketDetail> {
    const owner = customer(actor);
    await this.dataSource.transaction(async (manager) => {
      const ticket = await this.ownTicket(manager, ticketId, owner.userId, true);
      if (ticket.status === 'closed') throw ServiceError.conflict(SupportMessages.closed, 'ticket_closed');
      // A reply to a resolved ticket means it is not resolved after all.
      const status: TicketStatus = ticket.status === 'resolved' ? 'open' : ticket.status;
      // Numbered under the ticket's lock: the conversation shows messages in the order they were written.
      await manager.insert(TicketMessage, { id: randomUUID(), ticketId, authorId: owner.userId, authorRole: 'customer', body: message, position: ticket.messageCount + 1 });
      await manager.update(Ticket, { id: ticketId }, { status, messageCount: () => 'message_count + 1' });
      const saved = await manager.findOneByOrFail(Ticket, { id: ticketId });
      await addToOutbox(manager, SupportEvents.ticketUpdated, this.event(saved, 'customer'));
    });
    return this.detail(this.dataSource.manager, ticketId, 'customer');
  }

  @HandlesCommand(SupportCommands.ownSummary)
  async ownSummary(@CommandActor() actor: Actor): Promise<TicketSummary> {
    const owner = customer(actor);
    const openCount = await this.dataSource.getRepository(Ticket).createQueryBuilder('t').where('t.userId = :userId', { userId: owner.userId }).andWhere('t.status IN (:...open)', { open: OPEN_STATUSES }).getCount();
    return { openCount };
  }

  @HandlesCommand(SupportCommands.listAllTickets)
  async listAll(@CommandActor() actor: Actor, @CommandPayload() payload: TicketListPayload, @CommandMeta() meta: RequestMeta): Promise<TicketPage> {
    this.admin(actor);
    const result = await this.list(payload, null);
    return { ...result, items: await this.withOwnerNames(result.items, meta) };
  }

  @HandlesCommand(SupportCommands.getAnyTicket)
  async getAny(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDetail> {
    this.admin(actor);
    const detail = await this.detail(this.dataSource.manager, ticketId, 'admin');
    const [named] = await this.withOwnerNames([detail], meta);
    return { ...detail, ...named };
  }

  @HandlesCommand(SupportCommands.allSummary)
  async allSummary(@CommandActor() actor: Actor): Promise<TicketSummary> {
    this.admin(actor);
    const openCount = await this.dataSource.getRepository(Ticket).createQueryBuilder('t').where('t.status IN (:...open)', { open: OPEN_STATUSES }).getCount();
    return { openCount };
  }

  @HandlesCommand(SupportCommands.updateTicket)
  async update(@CommandActor() actor: Actor, @CommandPayload() payload: UpdateTicketPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDetail> {
    const admin = this.admin(actor);
    const response = payload.adminResponse?.trim() || null;
    if (!payload.status && !response) throw ServiceError.badRequest(SupportMessages.responseRequired, { details: [{ field: 'adminResponse', message: SupportMessages.responseRequired }] });
    // With an answer the admin may also keep the ticket open ("Send and keep open", issue 30); on its own, open is the customer's move.
    const allowed = response ? REPLY_STATUSES : ADMIN_STATUSES;
    if (payload.status && !allowed.includes(payload.status)) {
      throw ServiceError.badRequest(`Status must be one of ${allowed.join(', ')}.`, { details: [{ field: 'status', message: `Status must be one of ${allowed.join(', ')}.` }] });
    }
    await this.dataSource.transaction(async (manager) => {
      const ticket = await manager.findOne(Ticket, { where: { id: payload.ticketId }, lock: { mode: 'pessimistic_write' } });
      if (!ticket) throw ServiceError.notFound(SupportMessages.notFound, 'ticket_not_found');
      // Sending a response sets the ticket resolved (spec 02 §4) unless a status is chosen with it.
      const status: TicketStatus = payload.status ?? 'resolved';
      if (!response && status === ticket.status) throw ServiceError.conflict(`The ticket is already ${status.replace('_', ' ')}.`, 'ticket_status_unchanged');
      if (response) await manager.insert(TicketMessage, { id: randomUUID(), ticketId: ticket.id, authorId: admin.userId, authorRole: 'admin', body: response, position: ticket.messageCount + 1 });
      await manager.update(Ticket, { id: ticket.id }, { status, ...(response ? { messageCount: () => 'message_count + 1' } : {}) });
      const saved = await manager.findOneByOrFail(Ticket, { id: ticket.id });
      await addToOutbox(manager, SupportEvents.ticketUpdated, this.event(saved, response ? 'admin' : null));
      await addToOutbox(manager, SupportEvents.auditRecorded, {
        category: 'admin_action',
        actionType: response ? 'ticket_answered' : `ticket_${status}`,
        actor: { userId: admin.userId },
        targetType: 'support_ticket',
        targetId: ticket.id,
        description: response ? `Answered support ticket "${ticket.subject}" (now ${status})` : `Set support ticket "${ticket.subject}" to ${status}`,
        metadata: { from: ticket.status, to: status, answered: Boolean(response) },
        clientIp: meta.clientIp ?? null,
      });
    });
    return this.detail(this.dataSource.manager, payload.ticketId, 'admin');
  }

  @HandlesCommand(SupportCommands.deleteTicket)
  async remove(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDeleted> {
    const admin = this.admin(actor);
    await this.dataSource.transaction(async (manager) => {
      const ticket = await manager.findOne(Ticket, { where: { id: ticketId }, lock: { mode: 'pessimistic_write' } });
      if (!ticket) throw ServiceError.notFound(SupportMessages.notFound, 'ticket_not_found');
      await manager.delete(Ticket, { id: ticketId });
      // Closed for anyone still watching it (the owner's open list, other admins).
      await addToOutbox(manager, SupportEvents.ticketUpdated, { ...this.event(ticket, null), status: 'closed' });
      await addToOutbox(manager, SupportEvents.auditRecorded, {
        category: 'admin_action',
        actionType: 'ticket_deleted',
        actor: { userId: admin.userId },
        targetType: 'support_ticket',
        targetId: ticket.id,
        description: `Deleted support ticket "${ticket.subject}"`,
        metadata: { status: ticket.status, ownerId: ticket.userId },
        clientIp: meta.clientIp ?? null,
      });
    });
    return { deleted: true };
  }

  private admin(actor: Actor | null): Actor {
    return requireAdminPermission(this.settings, actor, 'tickets', SupportMessages.notAllowed);
  }

  private event(ticket: Ticket, answeredBy: 'admin' | 'customer' | null) {
    return { ticketId: ticket.id, userId: ticket.userId, subject: ticket.subject, status: ticket.status, answeredBy, occurredAt: new Date().toISOString() };
  }

  /** Another customer's ticket is "not found", exactly like a ticket that does not exist. */
  private async ownTicket(manager: EntityManager, ticketId: string, userId: string, lock = false): Promise<Ticket> {
    const ticket = await manager.findOne(Ticket, { where: { id: ticketId, userId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!ticket) throw ServiceError.notFound(SupportMessages.notFound, 'ticket_not_found');
    return ticket;
  }

  private async list(payload: TicketListPayload, userId: string | null): Promise<TicketPage> {
    const { limit, offset } = page(payload);
    const query = this.dataSource.getRepository(Ticket).createQueryBuilder('t').orderBy('t.createdAt', 'DESC').addOrderBy('t.id', 'DESC').skip(offset).take(limit);
    if (userId) query.andWhere('t.userId = :userId', { userId });
    if (payload.status) query.andWhere('t.status = :status', { status: payload.status });
    const text = payload.q?.trim();
    if (text) query.andWhere('(t.subject ILIKE :q OR t.message ILIKE :q)', { q: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [tickets, total] = await query.getManyAndCount();
    const responses = await this.latestAdminResponses(tickets.map((ticket) => ticket.id));
    return {
      items: tickets.map((ticket) => view(ticket, responses.get(ticket.id) ?? null)),
      nextCursor: offset + tickets.length < total ? String(offset + tickets.length) : null,
      total,
    };
  }

  private async latestAdminResponses(ticketIds: string[]): Promise<Map<string, string>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { ticket_id: string; body: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (ticket_id) ticket_id, body FROM support.ticket_messages WHERE ticket_id = ANY($1) AND author_role = 'admin' ORDER BY ticket_id, position DESC`,
      [ticketIds],
    );
    return new Map(rows.map((row) => [row.ticket_id, row.body]));
  }

  /** A customer reads who wrote each message by role: which staff member answered (their user id) stays with the admins. */
  private async detail(manager: EntityManager, ticketId: string, reader: 'customer' | 'admin'): Promise<TicketDetail> {
    const ticket = await manager.findOneBy(Ticket, { id: ticketId });
    if (!ticket) throw ServiceError.notFound(SupportMessages.notFound, 'ticket_not_found');
    const messages = await manager.find(TicketMessage, { where: { ticketId }, order: { position: 'ASC' } });
    const adminResponse = [...messages].reverse().find((message) => message.authorRole === 'admin')?.body ?? null;
    return {
      ...view(ticket, adminResponse),
      messages: messages.map((message) => ({
        id: message.id,
        authorId: reader === 'customer' && message.authorRole === 'admin' ? null : message.authorId,
        authorRole: message.authorRole, body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  }

  /** Names the owners for an admin, as identity knows them; without identity the list still shows. */
  private async withOwnerNames<T extends TicketView>(tickets: T[], meta: RequestMeta): Promise<T[]> {
    if (tickets.length === 0) return tickets;
    try {
      const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: [...new Set(tickets.map((ticket) => ticket.userId))] }, meta);
      const byId = new Map(users.map((user) => [user.id, user]));
      return tickets.map((ticket) => {
        const user = byId.get(ticket.userId);
        return { ...ticket, userName: user ? `${user.firstName} ${user.lastName}`.trim() : null, userEmail: user?.email ?? null };
      });
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'ticket owners could not be named');
      return tickets.map((ticket) => ({ ...ticket, userName: null, userEmail: null }));
    }
  }
}
