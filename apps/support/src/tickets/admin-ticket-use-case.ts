import { Injectable } from '@nestjs/common';
import { Actor } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { requireTicketsAdmin } from './ticket-access';
import { TicketOwners } from './ticket-owners';
import { TicketsRepository } from './tickets.repository';

/**
 * What every admin use case on tickets starts from: the tickets, their owners' names, and
 * the one check that the signed-in admin's role has the tickets permission.
 */
@Injectable()
export abstract class AdminTicketUseCase {
  constructor(
    private readonly settings: PlatformSettings,
    protected readonly tickets: TicketsRepository,
    protected readonly owners: TicketOwners,
  ) {}

  /** The admin, when their role has the tickets permission (the live admin_roles setting). */
  protected admin(actor: Actor | null): Actor {
    return requireTicketsAdmin(this.settings, actor);
  }
}
