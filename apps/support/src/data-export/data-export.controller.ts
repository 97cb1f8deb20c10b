import { Controller, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';

/** Download My Data: the caller's support tickets, each with its conversation. */
@Controller()
export class SupportDataExportController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(DataExportCommands.support)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const tickets = await personalRows(this.dataSource, `SELECT * FROM support.tickets WHERE user_id = $1 ORDER BY created_at DESC`, [actor.userId]);
    const messages = await personalRows(
      this.dataSource,
      // Which staff member answered is not the customer's data: their messages carry the role only.
      `SELECT m.id, m.ticket_id, CASE WHEN m.author_role = 'admin' THEN NULL ELSE m.author_id END AS author_id, m.author_role, m.body, m.position, m.created_at FROM support.ticket_messages m JOIN support.tickets t ON t.id = m.ticket_id WHERE t.user_id = $1 ORDER BY m.ticket_id, m.position`,
      [actor.userId],
    );
    return { service: 'support', data: { tickets: tickets.map((ticket) => ({ ...ticket, messages: messages.filter((message) => message.ticketId === ticket.id) })) } };
  }
}

@Module({ controllers: [SupportDataExportController] })
export class SupportDataExportModule {}
