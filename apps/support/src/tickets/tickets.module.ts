import { Module } from '@nestjs/common';
import { TicketOwners } from './ticket-owners';
import { TicketsController } from './tickets.controller';
import { TicketsRepository } from './tickets.repository';
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

@Module({
  controllers: [TicketsController],
  providers: [
    TicketsRepository,
    TicketOwners,
    OpenTicket,
    ListOwnTickets,
    ShowOwnTicket,
    ReplyToTicket,
    CountOwnOpenTickets,
    ListTicketsForAdmin,
    ShowTicketToAdmin,
    CountOpenTickets,
    UpdateTicket,
    DeleteTicket,
  ],
})
export class TicketsModule {}
