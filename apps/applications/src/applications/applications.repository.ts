import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { ApplicationStatus, ApplicationType } from '@portal/contracts';
import { keysetPageOf, KeysetPageOf } from '@portal/database';
import { Investment } from '../investments/investment.entity';
import { InvestmentApplication } from './application.entity';
import { TextMatch } from './applicant-directory';

/** A submitted application with the investment its approval opened, if any. */
export type ApplicationWithInvestment = InvestmentApplication & { investment?: Investment };

/** An investment's fields as an approval fixes them (the id is given here). */
export type NewInvestment = Pick<
  Investment,
  'applicationId' | 'userId' | 'investmentType' | 'amountMinor' | 'currency' | 'durationMonths' | 'expectedReturnRate' | 'expectedReturnMinor' | 'feeRate' | 'feeMinor'
>;

/** The admin list's tiles, as PostgreSQL counts them (bigint as text). */
export interface OversightTiles {
  total: string;
  value: string;
  active: string;
  pending: string;
}

/** The admin list's order: newest submission first (a submission stored without its time counts from its creation), then id. */
const SUBMISSION_ORDER = 'COALESCE(application.submittedAt, application.createdAt)';

/** The applications and investments tables: every query and write of the use cases. */
@Injectable()
export class ApplicationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // ---- writes, inside a transaction ----

  newApplication(manager: EntityManager, userId: string): InvestmentApplication {
    return manager.create(InvestmentApplication, { id: randomUUID(), userId, currency: 'USD', version: 1 });
  }

  /** The caller's application, locked until the transaction ends; null when there is none of theirs with this id. */
  lockOwn(manager: EntityManager, applicationId: string, userId: string): Promise<InvestmentApplication | null> {
    return manager.findOne(InvestmentApplication, { where: { id: applicationId, userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Any application, locked until the transaction ends. */
  lock(manager: EntityManager, applicationId: string): Promise<InvestmentApplication | null> {
    return manager.findOne(InvestmentApplication, { where: { id: applicationId }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, record: InvestmentApplication): Promise<void> {
    await manager.save(InvestmentApplication, record);
  }

  /** The application as stored (with the timestamps the database set). */
  reload(manager: EntityManager, applicationId: string): Promise<InvestmentApplication> {
    return manager.findOneByOrFail(InvestmentApplication, { id: applicationId });
  }

  async openInvestment(manager: EntityManager, fields: NewInvestment): Promise<Investment> {
    const investment = manager.create(Investment, { id: randomUUID(), ...fields });
    await manager.insert(Investment, investment);
    return investment;
  }

  // ---- a person's applications ----

  own(userId: string, status: ApplicationStatus | undefined): Promise<InvestmentApplication[]> {
    return this.dataSource.manager.find(InvestmentApplication, {
      where: { userId, ...(status ? { status } : {}) },
      order: { createdAt: 'DESC' },
      take: 200,
    });
  }

  byId(applicationId: string): Promise<InvestmentApplication | null> {
    return this.dataSource.manager.findOneBy(InvestmentApplication, { id: applicationId });
  }

  /** The person's newest submitted application (never a draft). */
  latestSubmitted(userId: string): Promise<InvestmentApplication | null> {
    return this.dataSource.manager
      .createQueryBuilder(InvestmentApplication, 'application')
      .where('application.userId = :userId', { userId })
      .andWhere("application.status <> 'draft'")
      .orderBy('application.submittedAt', 'DESC')
      .getOne();
  }

  /** Of these file ids, those the person's submitted applications (never a draft) refer to as documents. */
  async fileIdsReferenced(userId: string, fileIds: string[]): Promise<Set<string>> {
    const table = this.dataSource.getMetadata(InvestmentApplication).tablePath;
    const rows: { fileId: string }[] = await this.dataSource.query(
      `SELECT DISTINCT document->>'fileId' AS "fileId" FROM ${table} application, jsonb_array_elements(application.documents) document
        WHERE application.user_id = $1 AND application.status <> 'draft' AND document->>'fileId' = ANY($2::text[])`,
      [userId, fileIds],
    );
    return new Set(rows.map((row) => row.fileId));
  }

  /** The investments the approved ones of these applications opened, by application id. */
  async investmentIds(rows: InvestmentApplication[]): Promise<Map<string, string>> {
    const approved = rows.filter((row) => row.status === 'approved').map((row) => row.id);
    if (approved.length === 0) return new Map();
    const investments = await this.dataSource.manager.findBy(Investment, { applicationId: In(approved) });
    return new Map(investments.map((investment) => [investment.applicationId, investment.id]));
  }

  // ---- the admin lists (submitted applications only) ----

  /**
   * A page of submitted applications matching the filters, newest submission first, after the
   * cursor's row (a keyset: rows submitted or removed meanwhile never shift a page), and how
   * many match (counted on the first page, carried in the cursor).
   */
  submittedPage(
    filter: { status?: ApplicationStatus; type?: ApplicationType },
    match: TextMatch | null,
    page: { limit: number; cursor?: string },
  ): Promise<KeysetPageOf<InvestmentApplication> & { total: number }> {
    const query = this.submitted();
    if (filter.status) query.andWhere('application.status = :status', { status: filter.status });
    if (filter.type) query.andWhere('application.applicationType = :type', { type: filter.type });
    this.whereTextMatches(query, match, false);
    return keysetPageOf(query, { at: SUBMISSION_ORDER, id: 'application.id', ...page, countTotal: () => query.getCount() });
  }

  /** How many submitted applications there are in each status. */
  countsByStatus(): Promise<{ status: ApplicationStatus; count: string }[]> {
    return this.submitted().select('application.status', 'status').addSelect('COUNT(*)', 'count').groupBy('application.status').getRawMany<{ status: ApplicationStatus; count: string }>();
  }

  /** Investment Oversight's rows: submitted applications with their investments, newest submission first (a status no application has matches none). */
  oversightRows(status: string | undefined, match: TextMatch | null, limit: number): Promise<[ApplicationWithInvestment[], number]> {
    const query = this.submitted().leftJoinAndMapOne('application.investment', Investment, 'investment', 'investment.applicationId = application.id');
    if (status) query.andWhere('application.status = :status', { status });
    // Oversight's search covers the investment type too.
    this.whereTextMatches(query, match, true);
    return query.orderBy('application.submittedAt', 'DESC').take(limit).getManyAndCount();
  }

  oversightTiles(): Promise<OversightTiles | undefined> {
    return this.submitted()
      .select('COUNT(*)', 'total')
      .addSelect('COALESCE(SUM(application.investmentAmountMinor), 0)', 'value')
      .addSelect("COUNT(*) FILTER (WHERE application.status = 'approved')", 'active')
      .addSelect("COUNT(*) FILTER (WHERE application.status = 'pending')", 'pending')
      .getRawOne<OversightTiles>();
  }

  /** The amounts applied for, one total per currency (amounts in different currencies are never added together). */
  valueByCurrency(): Promise<{ currency: string; value: string }[]> {
    const query = this.submitted().andWhere('application.investmentAmountMinor IS NOT NULL');
    return query.select('application.currency', 'currency').addSelect('SUM(application.investmentAmountMinor)', 'value').groupBy('application.currency').orderBy('application.currency').getRawMany<{ currency: string; value: string }>();
  }

  private submitted(): SelectQueryBuilder<InvestmentApplication> {
    return this.dataSource.manager.createQueryBuilder(InvestmentApplication, 'application').where("application.status <> 'draft'");
  }

  private whereTextMatches(query: SelectQueryBuilder<InvestmentApplication>, match: TextMatch | null, byType: boolean): void {
    if (!match) return;
    const { pattern, owners } = match;
    query.andWhere(
      new Brackets((where) => {
        where.where('application.fullName ILIKE :pattern', { pattern }).orWhere('application.email ILIKE :pattern', { pattern }).orWhere('application.companyName ILIKE :pattern', { pattern });
        if (byType) where.orWhere('application.applicationType ILIKE :pattern', { pattern });
        if (owners.length > 0) where.orWhere('application.userId IN (:...owners)', { owners: owners.slice(0, 5000) });
      }),
    );
  }
}
