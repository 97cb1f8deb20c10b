import { Injectable } from '@nestjs/common';
import { Actor, ApplicationPage, ApplicationStatus } from '@portal/contracts';
import { ApplicationAccess } from '../application-access';
import { applicationView } from '../application-view';
import { ApplicationsRepository } from '../applications.repository';

/** The caller's applications, drafts included, newest first (at most 200). */
@Injectable()
export class ListOwnApplications {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(actor: Actor | null, status?: ApplicationStatus): Promise<ApplicationPage> {
    const customer = this.access.signedIn(actor);
    const rows = await this.applications.own(customer.userId, status);
    const investments = await this.applications.investmentIds(rows);
    return { items: rows.map((row) => applicationView(row, investments.get(row.id))), nextCursor: null, total: rows.length };
  }
}
