import { EntityManager } from 'typeorm';
import { ApplicationsEvents, ReviewDecision } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { Investment } from '../investments/investment.entity';
import { fromMinor } from './application-rules';
import { InvestmentApplication } from './application.entity';
import { investmentTerms } from './application-view';

/** A decision as the review records it. */
export interface ReviewRecord {
  record: InvestmentApplication;
  previous: InvestmentApplication['status'];
  decision: ReviewDecision;
  note: string | null;
  reviewerId: string;
  investment: Investment | null;
}

/** `ApplicationsEvents.submitted`, in the transaction that submits the application (never for a draft). */
export async function announceSubmission(manager: EntityManager, record: InvestmentApplication): Promise<void> {
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

/** `ApplicationsEvents.reviewed` and the audit trail's record of the decision, in the transaction that makes it. */
export async function announceReview(manager: EntityManager, { record, previous, decision, note, reviewerId, investment }: ReviewRecord): Promise<void> {
  await addToOutbox(manager, ApplicationsEvents.reviewed, {
    applicationId: record.id,
    userId: record.userId,
    applicationType: record.applicationType,
    status: decision,
    note,
    reviewedBy: reviewerId,
    submittedAt: (record.submittedAt ?? record.createdAt).toISOString(),
    version: record.version,
    investmentId: investment?.id ?? null,
    terms: investment ? investmentTerms(investment) : null,
  });
  await addToOutbox(manager, ApplicationsEvents.auditRecorded, {
    category: 'admin_action',
    actionType: `application_${decision}`,
    actor: { userId: reviewerId, email: null },
    targetType: 'investment_application',
    targetId: record.id,
    description: `Investment application moved from ${previous} to ${decision}`,
    metadata: { previous, decision, note, applicantId: record.userId, investmentId: investment?.id ?? null },
  });
}
