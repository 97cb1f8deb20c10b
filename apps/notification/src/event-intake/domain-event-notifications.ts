import {
  ApplicationReviewedEvent,
  KycDocumentRequestedEvent,
  KycDocumentReviewedEvent,
  KycStatusChangedEvent,
  SecurityDepositEvent,
  TicketEvent,
  TransactionEvent,
} from '@portal/contracts';
import { formatAmount } from '../email/templates/transaction.templates';
import { NewNotification } from '../inbox/inbox';

type Content = Pick<NewNotification, 'title' | 'message' | 'type' | 'category'>;

const APPLICATION_NAMES: Record<string, string> = { personal: 'personal', corporate: 'corporate', gipp: 'GIPP' };
const DOCUMENT_NAMES: Record<string, string> = { id: 'identity document', tax: 'tax document', partnership: 'partnership document' };

function reason(text: string | null | undefined): string {
  return text?.trim() ? ` Reason: ${text.trim()}` : '';
}

/** What the user reads in the bell for each event that concerns them. */
export const DomainEventNotifications = {
  applicationReviewed(payload: ApplicationReviewedEvent): Content {
    const kind = APPLICATION_NAMES[payload.applicationType] ?? 'investment';
    if (payload.status === 'approved') {
      return { category: 'application', type: 'success', title: 'Application approved', message: `Your ${kind} investment application has been approved.` };
    }
    if (payload.status === 'rejected') {
      return { category: 'application', type: 'error', title: 'Application rejected', message: `Your ${kind} investment application was not approved.${reason(payload.note)}` };
    }
    return { category: 'application', type: 'info', title: 'Application under review', message: `Your ${kind} investment application is now being reviewed.` };
  },
  depositCompleted: (payload: TransactionEvent): Content => ({
    category: 'transaction',
    type: 'success',
    title: 'Deposit completed',
    message: `Your deposit of ${formatAmount(payload.amount, payload.currency)} (${payload.reference}) has been credited to your balance.`,
  }),
  depositRejected: (payload: TransactionEvent): Content => ({
    category: 'transaction',
    type: 'error',
    title: 'Deposit rejected',
    message: `Your deposit of ${formatAmount(payload.amount, payload.currency)} (${payload.reference}) was rejected.${reason(payload.reason)}`,
  }),
  withdrawalCompleted: (payload: TransactionEvent): Content => ({
    category: 'transaction',
    type: 'success',
    title: 'Withdrawal completed',
    message: `Your withdrawal of ${formatAmount(payload.amount, payload.currency)} (${payload.reference}) has been paid out.`,
  }),
  withdrawalRejected: (payload: TransactionEvent): Content => ({
    category: 'transaction',
    type: 'error',
    title: 'Withdrawal rejected',
    message: `Your withdrawal of ${formatAmount(payload.amount, payload.currency)} (${payload.reference}) was rejected and the held amount is available again.${reason(payload.reason)}`,
  }),
  securityDeposit(verb: 'created' | 'locked' | 'unlocked', payload: SecurityDepositEvent): Content {
    const amount = formatAmount(payload.amount, payload.currency);
    const text = {
      created: `A security deposit of ${amount} was created and locked for your investment protection.`,
      locked: `Your security deposit of ${amount} is locked.`,
      unlocked: `Your security deposit of ${amount} has been unlocked.`,
    }[verb];
    return { category: 'security_deposit', type: verb === 'unlocked' ? 'warning' : 'info', title: `Security deposit ${verb}`, message: `${text}${payload.lockReason ? ` (${payload.lockReason})` : ''}` };
  },
  documentReviewed(payload: KycDocumentReviewedEvent): Content {
    const document = DOCUMENT_NAMES[payload.documentType] ?? `${payload.documentType} document`;
    return payload.decision === 'approved'
      ? { category: 'kyc', type: 'success', title: 'Document approved', message: `Your ${document} has been approved.` }
      : { category: 'kyc', type: 'error', title: 'Document rejected', message: `Your ${document} was rejected. Please upload it again.${reason(payload.notes)}` };
  },
  documentsRequested: (payload: KycDocumentRequestedEvent): Content => ({
    category: 'kyc',
    type: 'warning',
    title: 'Documents requested',
    message: payload.message,
  }),
  /** Only a decision concerns the customer: the pending status opened at sign-up does not. */
  kycDecision(payload: KycStatusChangedEvent): Content | null {
    if (payload.kycStatus === 'verified') return { category: 'kyc', type: 'success', title: 'Account verified', message: 'Your identity verification (KYC) has been approved.' };
    if (payload.kycStatus === 'rejected') return { category: 'kyc', type: 'error', title: 'Verification not approved', message: `Your identity verification (KYC) was not approved.${reason(payload.reason)}` };
    return null;
  },
  ticketAnswered: (payload: TicketEvent): Content => ({
    category: 'support',
    type: 'info',
    title: 'Support ticket answered',
    message: `Our support team answered your ticket "${payload.subject}".`,
  }),
};
