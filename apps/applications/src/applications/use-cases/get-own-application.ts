import { Injectable } from '@nestjs/common';
import { Actor, ApplicationView } from '@portal/contracts';
import { ApplicationAccess, applicationNotFound } from '../application-access';
import { applicationView } from '../application-view';
import { ApplicationsRepository } from '../applications.repository';

/** One of the caller's applications. */
@Injectable()
export class GetOwnApplication {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(applicationId: string, actor: Actor | null): Promise<ApplicationView> {
    const caller = this.access.signedIn(actor);
    const row = await this.applications.byId(applicationId);
    // Another person's application does not exist for the caller; an admin with the investments permission may read any.
    if (!row || (row.userId !== caller.userId && !this.access.isInvestmentsAdmin(caller))) throw applicationNotFound();
    return applicationView(row, (await this.applications.investmentIds([row])).get(row.id));
  }
}
