import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Actor, ApplicationStatus, ApplicationView, ReviewApplicationPayload, ReviewDecision } from '@portal/contracts';
import { fieldRefusal, ServiceError } from '@portal/messaging';
import { Investment } from '../../investments/investment.entity';
import { expectedReturnMinor, sanitizeText } from '../application-rules';
import { InvestmentApplication } from '../application.entity';
import { ApplicationAccess, applicationNotFound } from '../application-access';
import { announceReview } from '../application-outbox';
import { ApplicationSettings } from '../application-settings';
import { applicationView } from '../application-view';
import { ApplicationsRepository } from '../applications.repository';

/** Allowed moves of the review workflow; anything else is a 409. */
const TRANSITIONS: Record<ApplicationStatus, ReviewDecision[]> = {
  draft: [],
  pending: ['under_review', 'approved', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

/**
 * An admin's decision: pending → under_review → approved | rejected (pending may be decided
 * at once). One transaction writes the status, on approval the investment, the reviewed
 * event and the audit record.
 */
@Injectable()
export class ReviewApplication {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly settings: ApplicationSettings,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(payload: ReviewApplicationPayload, actor: Actor | null): Promise<ApplicationView> {
    const admin = this.access.admin(actor);
    const note = sanitizeText(payload.note);
    // The customer is told why: a rejection without a reason changes nothing (issue 30).
    if (payload.decision === 'rejected' && !note) throw ServiceError.of(400, 'rejection_reason_required', { details: [fieldRefusal('note', 'rejection_reason_required')] });
    return this.applications.transaction(async (manager) => {
      const record = await this.applications.lock(manager, payload.applicationId);
      if (!record || record.status === 'draft') throw applicationNotFound();
      if (!TRANSITIONS[record.status].includes(payload.decision)) {
        throw ServiceError.of(409, 'invalid_transition', { params: { status: record.status.replace('_', ' '), decision: payload.decision.replace('_', ' ') } });
      }
      const previous = record.status;
      record.status = payload.decision;
      record.reviewNote = note;
      record.reviewedBy = admin.userId;
      record.reviewedAt = new Date();
      record.version += 1;
      await this.applications.save(manager, record);
      const investment = payload.decision === 'approved' ? await this.openInvestment(manager, record) : null;
      await announceReview(manager, { record, previous, decision: payload.decision, note, reviewerId: admin.userId, investment });
      return applicationView(record, investment?.id ?? null);
    });
  }

  /**
   * The investment an approval opens, its terms fixed now from roi_rates and platform_fees
   * (a later change of either does not touch it). The ledger opens it as awaiting funding.
   */
  private openInvestment(manager: EntityManager, record: InvestmentApplication): Promise<Investment> {
    const rate = this.settings.returnRate(record.applicationType);
    const feeRate = this.settings.feeRate(record.applicationType);
    const amount = BigInt(record.investmentAmountMinor ?? '0');
    const months = record.investmentDuration ?? 12;
    return this.applications.openInvestment(manager, {
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
  }
}
