import { Inject, Injectable } from '@nestjs/common';
import { IdentityCommands, RequestMeta, TicketView } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { LOGGER, ServiceClient } from '@portal/messaging';

/** Names the owners of tickets for an admin, as identity knows them. */
@Injectable()
export class TicketOwners {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Without identity the list still shows, with the names empty. */
  async named<T extends TicketView>(tickets: T[], meta: RequestMeta): Promise<T[]> {
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
