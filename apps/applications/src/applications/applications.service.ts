import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import {
  adminRoleAllows,
  Actor,
  AdminApplicationPage,
  AdminListApplicationsPayload,
  AdminListInvestmentsPayload,
  APPLICATION_FILE_PURPOSE_PREFIX,
  APPLICATION_MESSAGES,
  ApplicationDocument,
  ApplicationInput,
  ApplicationsEvents,
  ApplicationStatus,
  ApplicationType,
  ApplicationView,
  Currency,
  DEFAULT_FEATURE_TOGGLES,
  IdentityCommands,
  InvestmentTerms,
  InvestmentView,
  LedgerInvestmentCommands,
  KycFileCommands,
  LatestApplicationStatus,
  OversightPage,
  OversightRow,
  ReferencedFiles,
  REJECTION_REASON_MESSAGE,
  ReviewApplicationPayload,
  ReviewDecision,
  UserSummary,
} from '@portal/contracts';
import { addToOutbox, PlatformSettings, ServiceClient, ServiceCallError, ServiceError } from '@portal/messaging';
import { Investment } from '../investments/investment.entity';
import {
  cleanApplication,
  CleanApplication,
  documentProblems,
  draftProblems,
  expectedReturnMinor,
  fromMinor,
  OfferedOptions,
  sanitizeText,
  submissionProblems,
} from './application-rules';
import { InvestmentApplication } from './application.entity';

/** Defaults of spec 01 §9 and 02 §9, used until identity's settings are loaded. */
const DEFAULT_DURATIONS: Record<ApplicationType, number[]> = { personal: [3, 6, 12, 24, 36], corporate: [3, 6, 12, 24, 36, 48, 60], gipp: [3, 6, 12, 24, 36] };
const DEFAULT_STRUCTURES = ['Private Limited Company', 'Public Limited Company', 'Partnership', 'Sole Proprietorship', 'Limited Liability Partnership', 'Other'];
const DEFAULT_CATEGORIES = ['Oil & Gas', 'Gold Mining', 'Real Estate', 'Technology', 'Healthcare', 'Renewable Energy'];
const DEFAULT_ROI: Record<ApplicationType, number> = { personal: 15, corporate: 18, gipp: 25 };
const DEFAULT_FEES: Record<ApplicationType, number> = { personal: 2.5, corporate: 2, gipp: 1.5 };

/** Allowed moves of the review workflow; anything else is a 409. */
const TRANSITIONS: Record<ApplicationStatus, ReviewDecision[]> = {
  draft: [],
  pending: ['under_review', 'approved', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

const NOT_FOUND = 'Application not found';

/** Another service's refusal or outage, answered as such rather than as this service's own failure (a 500). */
function passOn(error: unknown): never {
  if (error instanceof ServiceCallError) {
    if (error.body.statusCode >= 500) throw ServiceError.unavailable('A service needed for applications is unavailable. Please try again shortly.');
    throw new ServiceError(error.body);
  }
  throw error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

@Injectable()
export class ApplicationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly services: ServiceClient,
  ) {}

  // ---- customers ----

  async submit(input: ApplicationInput, actor: Actor | null): Promise<ApplicationView> {
    const customer = this.requireCustomer(actor);
    const application = cleanApplication(input);
    const draft = input.draft === true;
    if (!draft) this.requireInvestmentsEnabled();
    this.check(application, draft);
    const documents = await this.ownedDocuments(input.documentIds ?? [], customer);
    if (!draft) this.checkDocuments(application, documents);
    const contact = draft ? null : await this.accountOf(customer);
    return this.dataSource.transaction(async (manager) => {
      const record = manager.create(InvestmentApplication, { id: randomUUID(), userId: customer.userId, currency: 'USD', version: 1 });
      this.fill(record, application, documents, draft, contact);
      await manager.save(InvestmentApplication, record);
      if (!draft) await this.announceSubmission(manager, record);
      return this.view(await manager.findOneByOrFail(InvestmentApplication, { id: record.id }));
    });
  }

  async updateDraft(applicationId: string, input: ApplicationInput, actor: Actor | null): Promise<ApplicationView> {
    const customer = this.requireCustomer(actor);
    const application = cleanApplication(input);
    const draft = input.draft !== false;
    if (!draft) this.requireInvestmentsEnabled();
    this.check(application, draft);
    const documents = await this.ownedDocuments(input.documentIds ?? [], customer);
    if (!draft) this.checkDocuments(application, documents);
    const contact = draft ? null : await this.accountOf(customer);
    return this.dataSource.transaction(async (manager) => {
      const record = await manager.findOne(InvestmentApplication, { where: { id: applicationId, userId: customer.userId }, lock: { mode: 'pessimistic_write' } });
      if (!record) throw ServiceError.notFound(NOT_FOUND, 'application_not_found');
      if (record.status !== 'draft') throw ServiceError.conflict('This application was already submitted and can no longer be changed.', 'not_a_draft');
      this.fill(record, application, documents, draft, contact);
      await manager.save(record);
      if (!draft) await this.announceSubmission(manager, record);
      return this.view(await manager.findOneByOrFail(InvestmentApplication, { id: record.id }));
    });
  }

  async listOwn(actor: Actor | null, status?: ApplicationStatus) {
    const customer = this.requireSignedIn(actor);
    const rows = await this.dataSource.manager.find(InvestmentApplication, {
      where: { userId: customer.userId, ...(status ? { status } : {}) },
      order: { createdAt: 'DESC' },
      take: 200,
    });
    const investments = await this.investmentIds(rows);
    return { items: rows.map((row) => this.view(row, investments.get(row.id))), nextCursor: null, total: rows.length };
  }

  async getOwn(applicationId: string, actor: Actor | null): Promise<ApplicationView> {
    const caller = this.requireSignedIn(actor);
    const row = await this.dataSource.manager.findOneBy(InvestmentApplication, { id: applicationId });
    // Another person's application does not exist for the caller; an admin with the investments permission may read any.
    if (!row || (row.userId !== caller.userId && !(caller.userType === 'admin' && this.adminMay(caller)))) throw ServiceError.notFound(NOT_FOUND, 'application_not_found');
    return this.view(row, (await this.investmentIds([row])).get(row.id));
  }

  async latestStatus(actor: Actor | null): Promise<LatestApplicationStatus> {
    const caller = this.requireSignedIn(actor);
    const row = await this.dataSource.manager
      .createQueryBuilder(InvestmentApplication, 'application')
      .where('application.userId = :userId', { userId: caller.userId })
      .andWhere("application.status <> 'draft'")
      .orderBy('application.submittedAt', 'DESC')
      .getOne();
    return { status: row?.status ?? null, applicationId: row?.id ?? null };
  }

  /**
   * Of these files of a person, those the records kept after the person's account is
   * deleted refer to: their submitted applications, whatever their status. A draft is
   * never counted, so the answer is the same before and after the drafts are erased on
   * identity's user-deleted event, whichever service handles it first.
   */
  async referencedFiles(userId: string, fileIds: string[]): Promise<ReferencedFiles> {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return { fileIds: [] };
    const table = this.dataSource.getMetadata(InvestmentApplication).tablePath;
    const rows: { fileId: string }[] = await this.dataSource.query(
      `SELECT DISTINCT document->>'fileId' AS "fileId" FROM ${table} application, jsonb_array_elements(application.documents) document
        WHERE application.user_id = $1 AND application.status <> 'draft' AND document->>'fileId' = ANY($2::text[])`,
      [userId, ids],
    );
    const referenced = new Set(rows.map((row) => row.fileId));
    return { fileIds: ids.filter((id) => referenced.has(id)) };
  }

  // ---- administrators ----

  async adminList(filter: AdminListApplicationsPayload, actor: Actor | null): Promise<AdminApplicationPage> {
    const admin = this.requireAdmin(actor);
    const limit = filter.limit ?? 20;
    const offset = Math.max(0, Number.parseInt(filter.cursor ?? '0', 10) || 0);
    const query = this.dataSource.manager.createQueryBuilder(InvestmentApplication, 'application').where("application.status <> 'draft'");
    if (filter.status) query.andWhere('application.status = :status', { status: filter.status });
    if (filter.type) query.andWhere('application.applicationType = :type', { type: filter.type });
    await this.matchText(query, filter.q, admin);
    const [rows, total] = await query.orderBy('application.submittedAt', 'DESC').addOrderBy('application.id').skip(offset).take(limit).getManyAndCount();
    const counts = await this.dataSource.manager
      .createQueryBuilder(InvestmentApplication, 'application')
      .select('application.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where("application.status <> 'draft'")
      .groupBy('application.status')
      .getRawMany<{ status: ApplicationStatus; count: string }>();
    const count = (status: ApplicationStatus) => Number(counts.find((row) => row.status === status)?.count ?? 0);
    const people = await this.people(rows.map((row) => row.userId), admin);
    const investments = await this.investmentIds(rows);
    return {
      items: rows.map((row) => ({ ...this.view(row, investments.get(row.id)), applicantName: this.nameOf(people.get(row.userId)), applicantEmail: people.get(row.userId)?.email ?? null })),
      nextCursor: offset + rows.length < total ? String(offset + rows.length) : null,
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

  async review(payload: ReviewApplicationPayload, actor: Actor | null): Promise<ApplicationView> {
    const admin = this.requireAdmin(actor);
    const note = sanitizeText(payload.note);
    // The customer is told why: a rejection without a reason changes nothing (issue 30).
    if (payload.decision === 'rejected' && !note) throw ServiceError.badRequest(REJECTION_REASON_MESSAGE, { details: [{ field: 'note', message: REJECTION_REASON_MESSAGE }] });
    return this.dataSource.transaction(async (manager) => {
      const record = await manager.findOne(InvestmentApplication, { where: { id: payload.applicationId }, lock: { mode: 'pessimistic_write' } });
      if (!record || record.status === 'draft') throw ServiceError.notFound(NOT_FOUND, 'application_not_found');
      if (!TRANSITIONS[record.status].includes(payload.decision)) {
        throw ServiceError.conflict(`An application that is ${record.status.replace('_', ' ')} cannot be moved to ${payload.decision.replace('_', ' ')}.`, 'invalid_transition');
      }
      const previous = record.status;
      record.status = payload.decision;
      record.reviewNote = note;
      record.reviewedBy = admin.userId;
      record.reviewedAt = new Date();
      record.version += 1;
      await manager.save(record);
      let investment: Investment | null = null;
      if (payload.decision === 'approved') investment = await this.openInvestment(manager, record);
      await addToOutbox(manager, ApplicationsEvents.reviewed, {
        applicationId: record.id,
        userId: record.userId,
        applicationType: record.applicationType,
        status: payload.decision,
        note,
        reviewedBy: admin.userId,
        submittedAt: (record.submittedAt ?? record.createdAt).toISOString(),
        version: record.version,
        investmentId: investment?.id ?? null,
        terms: investment ? this.termsOf(investment) : null,
      });
      await addToOutbox(manager, ApplicationsEvents.auditRecorded, {
        category: 'admin_action',
        actionType: `application_${payload.decision}`,
        actor: { userId: admin.userId, email: null },
        targetType: 'investment_application',
        targetId: record.id,
        description: `Investment application moved from ${previous} to ${payload.decision}`,
        metadata: { previous, decision: payload.decision, note, applicantId: record.userId, investmentId: investment?.id ?? null },
      });
      return this.view(record, investment?.id ?? null);
    });
  }

  async adminInvestments(filter: AdminListInvestmentsPayload, actor: Actor | null): Promise<OversightPage> {
    const admin = this.requireAdmin(actor);
    const query = this.dataSource.manager
      .createQueryBuilder(InvestmentApplication, 'application')
      .leftJoinAndMapOne('application.investment', Investment, 'investment', 'investment.applicationId = application.id')
      .where("application.status <> 'draft'");
    const status = filter.status === 'active' ? 'approved' : filter.status;
    if (status) query.andWhere('application.status = :status', { status });
    await this.matchText(query, filter.q, admin, true);
    const [rows, total] = await query
      .orderBy('application.submittedAt', 'DESC')
      .take(filter.limit ?? 100)
      .getManyAndCount();
    const [tiles, values] = await Promise.all([
      this.dataSource.manager
        .createQueryBuilder(InvestmentApplication, 'application')
        .select('COUNT(*)', 'total')
        .addSelect('COALESCE(SUM(application.investmentAmountMinor), 0)', 'value')
        .addSelect("COUNT(*) FILTER (WHERE application.status = 'approved')", 'active')
        .addSelect("COUNT(*) FILTER (WHERE application.status = 'pending')", 'pending')
        .where("application.status <> 'draft'")
        .getRawOne<{ total: string; value: string; active: string; pending: string }>(),
      // Amounts in different currencies are never added together: one total per currency.
      this.dataSource.manager
        .createQueryBuilder(InvestmentApplication, 'application')
        .select('application.currency', 'currency')
        .addSelect('SUM(application.investmentAmountMinor)', 'value')
        .where("application.status <> 'draft'")
        .andWhere('application.investmentAmountMinor IS NOT NULL')
        .groupBy('application.currency')
        .orderBy('application.currency')
        .getRawMany<{ currency: string; value: string }>(),
    ]);
    const approved = rows.flatMap((row) => ((row as InvestmentApplication & { investment?: Investment }).investment ? [(row as InvestmentApplication & { investment: Investment }).investment.id] : []));
    const [people, lifecycles] = await Promise.all([this.people(rows.map((row) => row.userId), admin), this.lifecycles(approved, admin)]);
    const items: OversightRow[] = rows.map((row) => {
      const investment = (row as InvestmentApplication & { investment?: Investment }).investment ?? null;
      const lifecycle = investment ? lifecycles.get(investment.id) : undefined;
      const person = people.get(row.userId);
      return {
        applicationId: row.id,
        investmentId: investment?.id ?? null,
        userId: row.userId,
        userName: this.nameOf(person) ?? row.fullName,
        userEmail: person?.email ?? row.email,
        investmentType: row.applicationType,
        amount: row.investmentAmountMinor === null ? null : fromMinor(row.investmentAmountMinor),
        currency: row.currency,
        // The ledger's word once approved; awaiting funding until the ledger has opened it.
        status: investment ? (lifecycle?.status ?? 'awaiting_funding') : (row.status as OversightRow['status']),
        fundedAmount: investment ? (lifecycle?.fundedAmount ?? '0.00') : null,
        accruedReturn: investment ? (lifecycle?.accruedReturn ?? '0.00') : null,
        expectedReturnRate: investment ? Number(investment.expectedReturnRate).toFixed(2) : this.percentByType('roi_rates', row.applicationType, DEFAULT_ROI).toFixed(2),
        expectedReturnAmount: investment ? fromMinor(investment.expectedReturnMinor) : null,
        maturityDate: lifecycle?.maturityDate ?? null,
        applicationDate: row.submittedAt?.toISOString() ?? null,
      };
    });
    return {
      items,
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

  // ---- helpers ----

  private check(application: CleanApplication, draft: boolean): void {
    const problems = draft ? draftProblems(application) : submissionProblems(application, this.offeredOptions());
    if (problems) throw ServiceError.badRequest(problems.message, { code: 'invalid_application', details: problems.details });
  }

  /** A submission holds a file in each slot its form marks as required (issue 30); a draft need not. */
  private checkDocuments(application: CleanApplication, documents: ApplicationDocument[]): void {
    const problems = documentProblems(application.applicationType, documents);
    if (problems) throw ServiceError.badRequest(problems.message, { code: 'application_documents_required', details: problems.details });
  }

  private fill(record: InvestmentApplication, application: CleanApplication, documents: ApplicationDocument[], draft: boolean, contact: UserSummaryLike | null): void {
    record.applicationType = application.applicationType;
    record.status = draft ? 'draft' : 'pending';
    // Personal and corporate forms ask for no email; the account's is the applicant's contact.
    record.fullName = application.fullName ?? (contact ? sanitizeText(`${contact.firstName} ${contact.lastName}`) : null);
    record.email = application.email ?? contact?.email ?? null;
    record.phone = application.phone;
    record.investmentAmountMinor = application.investmentAmountMinor === null ? null : application.investmentAmountMinor.toString();
    record.investmentDuration = application.investmentDuration;
    record.investmentCategory = application.investmentCategory;
    record.companyName = application.companyName;
    record.companyRegistration = application.companyRegistration;
    record.applicationData = application.applicationType === 'gipp' && !draft ? { ...application.applicationData, submittedAt: new Date().toISOString() } : application.applicationData;
    record.documents = documents;
    record.submittedAt = draft ? null : new Date();
  }

  private async announceSubmission(manager: EntityManager, record: InvestmentApplication): Promise<void> {
    await addToOutbox(manager, ApplicationsEvents.submitted, {
      applicationId: record.id,
      userId: record.userId,
      applicationType: record.applicationType,
      fullName: record.fullName ?? '',
      email: record.email ?? '',
      investmentAmount: fromMinor(record.investmentAmountMinor ?? '0'),
      submittedAt: (record.submittedAt as Date).toISOString(),
    });
  }

  /**
   * The investment an approval opens, its terms fixed now from roi_rates and platform_fees
   * (a later change of either does not touch it). The ledger opens it as awaiting funding.
   */
  private async openInvestment(manager: EntityManager, record: InvestmentApplication): Promise<Investment> {
    const rate = this.percentByType('roi_rates', record.applicationType, DEFAULT_ROI);
    const feeRate = this.percentByType('platform_fees', record.applicationType, DEFAULT_FEES);
    const amount = BigInt(record.investmentAmountMinor ?? '0');
    const months = record.investmentDuration ?? 12;
    const investment = manager.create(Investment, {
      id: randomUUID(),
      applicationId: record.id,
      userId: record.userId,
      investmentType: record.applicationType,
      amountMinor: amount.toString(),
      currency: record.currency,
      durationMonths: months,
      expectedReturnRate: rate.toFixed(2),
      expectedReturnMinor: expectedReturnMinor(amount, rate, months).toString(),
      feeRate: feeRate.toFixed(2),
      feeMinor: expectedReturnMinor(amount, feeRate, months).toString(),
    });
    await manager.insert(Investment, investment);
    return investment;
  }

  private termsOf(investment: Investment): InvestmentTerms {
    return {
      amount: fromMinor(investment.amountMinor),
      currency: investment.currency as Currency,
      durationMonths: investment.durationMonths,
      expectedReturnRate: Number(investment.expectedReturnRate).toFixed(2),
      expectedReturnAmount: fromMinor(investment.expectedReturnMinor),
      feeRate: Number(investment.feeRate).toFixed(2),
      feeAmount: fromMinor(investment.feeMinor),
    };
  }

  /**
   * Documents must be files the applicant uploaded for an application; kyc, their owner,
   * tells which are. Another upload of theirs (a KYC document may be a DOC or DOCX, a
   * profile photo a GIF) was not checked against spec 01 §5's PDF, JPG or PNG, and the
   * admins who review applications are not the ones its purpose lets read it.
   */
  private async ownedDocuments(fileIds: string[], customer: Actor): Promise<ApplicationDocument[]> {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return [];
    const { files: owned } = await this.services.send(KycFileCommands.ownedFiles, { fileIds: ids }, { actor: customer }).catch(passOn);
    const files = owned.filter((file) => file.purpose?.startsWith(APPLICATION_FILE_PURPOSE_PREFIX));
    if (files.length !== ids.length) throw ServiceError.badRequest(APPLICATION_MESSAGES.documents, { code: 'documents_not_found', details: [{ field: 'documentIds', message: APPLICATION_MESSAGES.documents }] });
    const byId = new Map(files.map((file) => [file.id, file]));
    return ids.flatMap((id) => {
      const file = byId.get(id);
      return file ? [{ fileId: file.id, name: file.name, size: file.size, mimeType: file.mimeType, purpose: file.purpose }] : [];
    });
  }

  private async accountOf(customer: Actor): Promise<UserSummaryLike> {
    return this.services.send(IdentityCommands.getCurrentUser, {}, { actor: customer }).catch(passOn);
  }

  /** Text search over full name, email and company, and over the applicant's account name and email (identity answers). */
  private async matchText(query: SelectQueryBuilder<InvestmentApplication>, q: string | undefined, admin: Actor, byType = false): Promise<void> {
    const text = q?.trim();
    if (!text) return;
    const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    let owners: string[] = [];
    try {
      owners = (await this.services.send(IdentityCommands.findUserIds, { q: text }, { actor: admin })).userIds;
    } catch (error) {
      if (!(error instanceof ServiceCallError)) throw error;
      // Identity unavailable: search what this service holds.
    }
    query.andWhere(
      new Brackets((match) => {
        match.where('application.fullName ILIKE :pattern', { pattern }).orWhere('application.email ILIKE :pattern', { pattern }).orWhere('application.companyName ILIKE :pattern', { pattern });
        if (byType) match.orWhere('application.applicationType ILIKE :pattern', { pattern });
        if (owners.length > 0) match.orWhere('application.userId IN (:...owners)', { owners: owners.slice(0, 5000) });
      }),
    );
  }

  private async people(userIds: string[], admin: Actor): Promise<Map<string, UserSummary>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    try {
      const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: ids }, { actor: admin });
      return new Map(users.map((user) => [user.id, user]));
    } catch (error) {
      if (error instanceof ServiceCallError) return new Map();
      throw error;
    }
  }

  private async investmentIds(rows: InvestmentApplication[]): Promise<Map<string, string>> {
    const approved = rows.filter((row) => row.status === 'approved').map((row) => row.id);
    if (approved.length === 0) return new Map();
    const investments = await this.dataSource.manager.findBy(Investment, { applicationId: In(approved) });
    return new Map(investments.map((investment) => [investment.applicationId, investment.id]));
  }

  /** The ledger's view of these investments (status, funding, accrual); empty when it cannot answer, the list still shows. */
  private async lifecycles(investmentIds: string[], admin: Actor): Promise<Map<string, InvestmentView>> {
    if (investmentIds.length === 0) return new Map();
    try {
      const { items } = await this.services.send(LedgerInvestmentCommands.lookupInvestments, { investmentIds }, { actor: admin });
      return new Map(items.map((item) => [item.id, item]));
    } catch (error) {
      if (error instanceof ServiceCallError) return new Map();
      throw error;
    }
  }

  private nameOf(person: UserSummary | undefined): string | null {
    return person ? `${person.firstName} ${person.lastName}`.trim() : null;
  }

  private offeredOptions(): OfferedOptions {
    const durations = this.settings.get<unknown>('investment_durations');
    const list = (value: unknown, fallback: number[]) => (Array.isArray(value) && value.every((item) => typeof item === 'number') ? (value as number[]) : fallback);
    const strings = (value: unknown, fallback: string[]) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : fallback);
    const byType = isRecord(durations) ? durations : {};
    return {
      durations: { personal: list(byType.personal, DEFAULT_DURATIONS.personal), corporate: list(byType.corporate, DEFAULT_DURATIONS.corporate), gipp: list(byType.gipp, DEFAULT_DURATIONS.gipp) },
      corporateStructures: strings(this.settings.get('corporate_structures'), DEFAULT_STRUCTURES),
      investmentCategories: strings(this.settings.get('investment_categories'), DEFAULT_CATEGORIES),
    };
  }

  /** An annual percent by investment type from a setting (roi_rates, platform_fees), or the spec's default. */
  private percentByType(key: 'roi_rates' | 'platform_fees', type: ApplicationType, defaults: Record<ApplicationType, number>): number {
    const rates = this.settings.get<unknown>(key);
    const value = isRecord(rates) ? rates[type] : undefined;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : defaults[type];
  }

  private requireInvestmentsEnabled(): void {
    const toggles = this.settings.get<unknown>('feature_toggles');
    const enabled = isRecord(toggles) && typeof toggles.investments_enabled === 'boolean' ? toggles.investments_enabled : DEFAULT_FEATURE_TOGGLES.investments_enabled;
    if (!enabled) throw ServiceError.forbidden('New investments are currently disabled. Please try again later.', 'investments_disabled');
  }

  private requireSignedIn(actor: Actor | null): Actor {
    if (!actor) throw ServiceError.unauthorized('Please sign in to continue.');
    return actor;
  }

  private requireCustomer(actor: Actor | null): Actor {
    const caller = this.requireSignedIn(actor);
    if (caller.userType !== 'customer') throw ServiceError.forbidden('Only customers can apply for investments.', 'customers_only');
    return caller;
  }

  /** An admin whose role has the investments permission (admin_roles setting; super admins have all). */
  private requireAdmin(actor: Actor | null): Actor {
    const caller = this.requireSignedIn(actor);
    if (caller.userType !== 'admin' || !this.adminMay(caller)) throw ServiceError.forbidden('Access denied. You do not have permission to do this.', 'forbidden');
    return caller;
  }

  private adminMay(caller: Actor): boolean {
    return adminRoleAllows(this.settings.get<unknown>('admin_roles'), caller.adminRole, 'investments');
  }

  view(row: InvestmentApplication, investmentId: string | null | undefined = null): ApplicationView {
    investmentId = investmentId ?? null;
    return {
      id: row.id,
      userId: row.userId,
      applicationType: row.applicationType,
      status: row.status,
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      investmentAmount: row.investmentAmountMinor === null ? null : fromMinor(row.investmentAmountMinor),
      currency: row.currency,
      investmentDuration: row.investmentDuration,
      investmentCategory: row.investmentCategory,
      companyName: row.companyName,
      companyRegistration: row.companyRegistration,
      applicationData: row.applicationData,
      documents: row.documents,
      reviewNote: row.reviewNote,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      investmentId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

interface UserSummaryLike {
  email: string;
  firstName: string;
  lastName: string;
}
