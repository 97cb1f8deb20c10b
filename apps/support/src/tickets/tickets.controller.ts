import { Controller } from '@nestjs/common';
import {
  Actor,
  CreateTicketPayload,
  ReplyToTicketPayload,
  RequestMeta,
  SupportCommands,
  TicketDeleted,
  TicketDetail,
  TicketIdPayload,
  TicketListPayload,
  TicketPage,
  TicketSummary,
  UpdateTicketPayload,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { CountOpenTickets } from './use-cases/count-open-tickets';
import { CountOwnOpenTickets } from './use-cases/count-own-open-tickets';
import { DeleteTicket } from './use-cases/delete-ticket';
import { ListOwnTickets } from './use-cases/list-own-tickets';
import { ListTicketsForAdmin } from './use-cases/list-tickets-for-admin';
import { OpenTicket } from './use-cases/open-ticket';
import { ReplyToTicket } from './use-cases/reply-to-ticket';
import { ShowOwnTicket } from './use-cases/show-own-ticket';
import { ShowTicketToAdmin } from './use-cases/show-ticket-to-admin';
import { UpdateTicket } from './use-cases/update-ticket';

/**
 * Support tickets with their conversation. A customer reaches only their own tickets
 * (another's is "not found"); admins whose role has the tickets permission reach all.
 */
@Controller()
export class TicketsController {
  constructor(
    private readonly openTicket: OpenTicket,
    private readonly listOwnTickets: ListOwnTickets,
    private readonly showOwnTicket: ShowOwnTicket,
    private readonly replyToTicket: ReplyToTicket,
    private readonly countOwnOpenTickets: CountOwnOpenTickets,
    private readonly listTicketsForAdmin: ListTicketsForAdmin,
    private readonly showTicketToAdmin: ShowTicketToAdmin,
    private readonly countOpenTickets: CountOpenTickets,
    private readonly updateTicket: UpdateTicket,
    private readonly deleteTicket: DeleteTicket,
  ) {}

  @HandlesCommand(SupportCommands.createTicket)
  create(@CommandActor() actor: Actor, @CommandPayload() payload: CreateTicketPayload): Promise<TicketDetail> {
    return this.openTicket.execute(actor, payload);
  }

  @HandlesCommand(SupportCommands.listOwnTickets)
  listOwn(@CommandActor() actor: Actor, @CommandPayload() payload: TicketListPayload): Promise<TicketPage> {
    return this.listOwnTickets.execute(actor, payload);
  }

  @HandlesCommand(SupportCommands.getOwnTicket)
  getOwn(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload): Promise<TicketDetail> {
    return this.showOwnTicket.execute(actor, ticketId);
  }

  @HandlesCommand(SupportCommands.replyToOwnTicket)
  reply(@CommandActor() actor: Actor, @CommandPayload() payload: ReplyToTicketPayload): Promise<TicketDetail> {
    return this.replyToTicket.execute(actor, payload);
  }

  @HandlesCommand(SupportCommands.ownSummary)
  ownSummary(@CommandActor() actor: Actor): Promise<TicketSummary> {
    return this.countOwnOpenTickets.execute(actor);
  }

  @HandlesCommand(SupportCommands.listAllTickets)
  listAll(@CommandActor() actor: Actor, @CommandPayload() payload: TicketListPayload, @CommandMeta() meta: RequestMeta): Promise<TicketPage> {
    return this.listTicketsForAdmin.execute(actor, payload, meta);
  }

  @HandlesCommand(SupportCommands.getAnyTicket)
  getAny(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDetail> {
    return this.showTicketToAdmin.execute(actor, ticketId, meta);
  }

  @HandlesCommand(SupportCommands.allSummary)
  allSummary(@CommandActor() actor: Actor): Promise<TicketSummary> {
    return this.countOpenTickets.execute(actor);
  }

  @HandlesCommand(SupportCommands.updateTicket)
  update(@CommandActor() actor: Actor, @CommandPayload() payload: UpdateTicketPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDetail> {
    return this.updateTicket.execute(actor, payload, meta);
  }

  @HandlesCommand(SupportCommands.deleteTicket)
  remove(@CommandActor() actor: Actor, @CommandPayload() { ticketId }: TicketIdPayload, @CommandMeta() meta: RequestMeta): Promise<TicketDeleted> {
    return this.deleteTicket.execute(actor, ticketId, meta);
  }
}
