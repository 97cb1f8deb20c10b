import { Injectable } from '@nestjs/common';
import { Actor, AdminListInvestmentsPayload, Currency, InvestmentView, OversightPage, OversightRow, UserSummary } from '@portal/contracts';
import { fromMinor } from '../application-rules';
import { ApplicantDirectory } from '../applicant-directory';
import { ApplicationAccess } from '../application-access';
import { ApplicationSettings } from '../application-settings';
import { personName } from '../application-view';
import { ApplicationsRepository, ApplicationWithInvestment } from '../applications.repository';
import { OtherServicesClient } from '../other-services.client';

/** Investment Oversight: submitted applications with the investments they opened (the ledger's view of each) and the tiles. */
@Injectable()
export class InvestmentOversight {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly applicants: ApplicantDirectory,
    private readonly applications: ApplicationsRepository,
    private readonly settings: ApplicationSettings,
    private readonly ledger: OtherServicesClient,
  ) {}

  async execute(filter: AdminListInvestmentsPayload, actor: Actor | null): Promise<OversightPage> {
    // Active investments are the approved applications' (the ledger tells each one's state).
    const status = filter.status === 'active' ? 'approved' : filter.status;
    const admin = this.access.admin(actor);
    const match = await this.applicants.textMatch(filter.q, admin);
    const [rows, total] = await this.applications.oversightRows(status, match, filter.limit ?? 100);
    const [tiles, values] = await Promise.all([this.applications.oversightTiles(), this.applications.valueByCurrency()]);
    const approved = rows.flatMap((row) => (row.investment ? [row.investment.id] : []));
    const [people, lifecycles] = await Promise.all([this.applicants.people(rows.map((row) => row.userId), admin), this.ledger.lifecycles(approved, admin)]);
    return {
      items: rows.map((row) => this.row(row, people.get(row.userId), row.investment ? lifecycles.get(row.investment.id) : undefined)),
      total,
      tiles: {
        totalInvestments: Number(tiles?.total ?? 0),
        totalValue: fromMinor(tiles?.value ?? '0'),
        totalValueByCurrency: values.map((row) => ({ currency: row.currency as Currency, amount: fromMinor(row.value) })),
        activeInvestments: Number(tiles?.active ?? 0),
        pendingApplications: Number(tiles?.pending ?? 0),
      },
    };
  }

  private row(row: ApplicationWithInvestment, person: UserSummary | undefined, lifecycle: InvestmentView | undefined): OversightRow {
    const investment = row.investment ?? null;
    return {
      applicationId: row.id,
      investmentId: investment?.id ?? null,
      userId: row.userId,
      userName: personName(person) ?? row.fullName,
      userEmail: person?.email ?? row.email,
      investmentType: row.applicationType,
      amount: row.investmentAmountMinor === null ? null : fromMinor(row.investmentAmountMinor),
      currency: row.currency,
      // The ledger's word once approved; awaiting funding until the ledger has opened it.
      status: investment ? (lifecycle?.status ?? 'awaiting_funding') : (row.status as OversightRow['status']),
      fundedAmount: investment ? (lifecycle?.fundedAmount ?? '0.00') : null,
      accruedReturn: investment ? (lifecycle?.accruedReturn ?? '0.00') : null,
      expectedReturnRate: investment ? Number(investment.expectedReturnRate).toFixed(2) : this.settings.returnRate(row.applicationType).toFixed(2),
      expectedReturnAmount: investment ? fromMinor(investment.expectedReturnMinor) : null,
      maturityDate: lifecycle?.maturityDate ?? null,
      applicationDate: row.submittedAt?.toISOString() ?? null,
    };
  }
}
