import { Injectable } from '@nestjs/common';
import { Actor, AdminApplicationPage, AdminListApplicationsPayload, ApplicationStatus } from '@portal/contracts';
import { ApplicantDirectory } from '../applicant-directory';
import { ApplicationAccess } from '../application-access';
import { applicationView, personName } from '../application-view';
import { ApplicationsRepository } from '../applications.repository';

/** The admins' list of submitted applications: filters, text search, the applicants' accounts and the status counters. */
@Injectable()
export class ListApplicationsForAdmin {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly applicants: ApplicantDirectory,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(filter: AdminListApplicationsPayload, actor: Actor | null): Promise<AdminApplicationPage> {
    const admin = this.access.admin(actor);
    const match = await this.applicants.textMatch(filter.q, admin);
    // A cursor no page gave is InvalidCursorError: 400 cursor_invalid.
    const { rows, nextCursor, total } = await this.applications.submittedPage(filter, match, { limit: filter.limit ?? 20, cursor: filter.cursor ?? undefined });
    const counts = await this.applications.countsByStatus();
    const count = (status: ApplicationStatus) => Number(counts.find((row) => row.status === status)?.count ?? 0);
    const people = await this.applicants.people(rows.map((row) => row.userId), admin);
    const investments = await this.applications.investmentIds(rows);
    return {
      items: rows.map((row) => ({ ...applicationView(row, investments.get(row.id)), applicantName: personName(people.get(row.userId)), applicantEmail: people.get(row.userId)?.email ?? null })),
      nextCursor,
      total,
      counters: {
        total: counts.reduce((sum, row) => sum + Number(row.count), 0),
        pending: count('pending'),
        underReview: count('under_review'),
        approved: count('approved'),
        rejected: count('rejected'),
      },
    };
  }
}
