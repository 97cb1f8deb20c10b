import { ApplicationsEvents } from '../applications/events';
import { NotificationEvents } from '../audit/service-streams';
import { IdentityEvents } from '../identity/subjects';
import { KycEvents } from '../kyc/events';
import { LedgerEvents, TransactionEvent, TransactionStatus, TransactionType } from '../ledger/events';
import { InvestmentLifecycleEvent } from '../ledger/investments';
import { CardRequestEvent } from '../ledger/cards';
import { SupportEvents, TicketEvent } from '../support/events';
import { AuditRecordedEvent } from '../audit/audit-events';
import { EventDefinition, StreamDefinition } from './messages';

/**
 * The published event catalogue: what each event means and what its payload looks like,
 * for teams outside this repository that subscribe to the streams. It is the source of
 * the AsyncAPI document (docs/asyncapi.json); event-catalogue.spec.ts fails when an event
 * of a stream (EVENT_STREAMS, bus/access.ts) has no entry here, or when an example breaks
 * its payload class's rules.
 */

export interface EventDescription<P extends object = object> {
  /** One line: what happened, for someone who has never seen the code. */
  meaning: string;
  /** A payload as the publisher sends it; it passes the payload class's validation. */
  example: P;
}

/** An entry keyed by the event's subject; the example is typed by the event's payload class. */
function described<P extends object>(event: EventDefinition<P>, meaning: string, example: NoInfer<P>): [string, EventDescription] {
  return [event.subject, { meaning, example }];
}

// Stable made-up identifiers, so the generated document does not change between runs.
const CUSTOMER = '5f0c7d1e-3b8a-4c2e-9a61-2d4f8e7b1c30';
const ADMIN = '9b2e4a6c-1d3f-4e5a-8b7c-0f1e2d3c4b5a';
const AT = '2026-03-02T09:15:00.000Z';

function transaction(type: TransactionType, status: TransactionStatus, reference: string, reason?: string): TransactionEvent {
  return {
    transactionId: '1c9e6f2a-7b3d-4e8f-a0b1-c2d3e4f5a6b7',
    userId: CUSTOMER,
    type,
    status,
    reference,
    amount: '2500.00',
    currency: 'USD',
    ...(reason ? { reason } : {}),
    occurredAt: AT,
  };
}

function investment(status: InvestmentLifecycleEvent['status'], paidOut: string): InvestmentLifecycleEvent {
  return {
    investmentId: '7d4c2b1a-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
    userId: CUSTOMER,
    investmentType: 'personal',
    status,
    amount: '10000.00',
    currency: 'USD',
    returnAmount: '1500.00',
    feeAmount: '100.00',
    paidOut,
    startDate: '2026-03-02',
    maturityDate: '2027-03-02',
    durationMonths: 12,
    occurredAt: AT,
  };
}

function cardRequest(status: CardRequestEvent['status'], extra: Partial<CardRequestEvent> = {}): CardRequestEvent {
  return { cardRequestId: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b', userId: CUSTOMER, cardType: 'physical', status, cardName: 'JANE DOE', ...extra, occurredAt: AT };
}

function ticket(status: TicketEvent['status'], answeredBy?: TicketEvent['answeredBy']): TicketEvent {
  return { ticketId: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d', userId: CUSTOMER, subject: 'Where is my deposit?', status, ...(answeredBy ? { answeredBy } : {}), occurredAt: AT };
}

function audit(actionType: string, targetType: string, description: string): AuditRecordedEvent {
  return {
    category: 'admin_action',
    actionType,
    actor: { userId: ADMIN, email: 'admin@example.com' },
    targetType,
    targetId: '1c9e6f2a-7b3d-4e8f-a0b1-c2d3e4f5a6b7',
    description,
    metadata: {},
    clientIp: '203.0.113.10',
  };
}

/** What each event means and an example payload, keyed by subject. */
export const EVENT_CATALOGUE: ReadonlyMap<string, EventDescription> = new Map([
  // identity
  described(IdentityEvents.userRegistered, 'A person signed up (customer) or a super admin created an administrator.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    userType: 'customer',
  }),
  described(IdentityEvents.signUpAttempted, 'Someone signed up with the address of an existing account; its owner is told instead of the sign-up failing.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    userType: 'customer',
  }),
  described(IdentityEvents.emailConfirmationRequested, 'A new account needs its email address confirmed; carries the single-use confirmation link.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    confirmationUrl: 'https://portal.example.com/auth/confirm-email?token=example',
    expiresAt: '2026-03-03T09:15:00.000Z',
  }),
  described(IdentityEvents.userConfirmed, 'A person confirmed their email address; the account can sign in.', { userId: CUSTOMER, email: 'jane.doe@example.com' }),
  described(IdentityEvents.passwordResetRequested, 'A person asked to reset a forgotten password; carries the single-use reset link.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    resetUrl: 'https://portal.example.com/auth/reset-password?token=example',
    expiresAt: '2026-03-02T10:15:00.000Z',
  }),
  described(IdentityEvents.passwordChanged, 'A password was changed, by a reset link or from the signed-in account.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    via: 'change',
  }),
  described(IdentityEvents.securityEventRecorded, 'A security event (failed sign-in, lock-out, session ended ...) was written to the audit log.', {
    auditId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    type: 'login_failed',
    userId: CUSTOMER,
    description: 'Failed sign-in: wrong password',
  }),
  described(IdentityEvents.settingChanged, 'A platform setting changed; services that obey it apply the new value without a restart.', {
    key: 'maintenance_mode',
    value: false,
    version: 4,
    changedBy: ADMIN,
  }),
  described(IdentityEvents.userStatusChanged, 'An admin suspended or re-activated an account, or changed an administrator’s role.', {
    userId: CUSTOMER,
    userStatus: 'suspended',
    adminRole: null,
    changedBy: ADMIN,
  }),
  described(IdentityEvents.userDeleted, 'A super admin deleted an account; keepers of personal data by user id remove or anonymise it.', { userId: CUSTOMER, deletedBy: ADMIN }),
  described(IdentityEvents.accountClosed, 'A customer closed their own account; keepers of personal data by user id remove or anonymise it.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    closedAt: AT,
  }),
  described(IdentityEvents.securityAlert, 'Something the account’s owner must hear about by email: two-factor turned on or off, a new sign-in, a recovery code used.', {
    userId: CUSTOMER,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    kind: 'new_sign_in',
    clientIp: '198.51.100.7',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/128.0',
    endSessionUrl: 'https://portal.example.com/auth/end-session?token=example',
  }),
  described(IdentityEvents.preferencesChanged, 'A customer saved their preferences: notification toggles and the language of emails.', {
    userId: CUSTOMER,
    notifications: { investmentUpdates: true, marketAlerts: false, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true },
    language: 'en',
    version: 2,
  }),
  described(IdentityEvents.emailChangeRequested, 'A person asked to change their email address; carries the confirmation link sent to the new one.', {
    userId: CUSTOMER,
    newEmail: 'jane.new@example.com',
    currentEmail: 'jane.doe@example.com',
    firstName: 'Jane',
    confirmationUrl: 'https://portal.example.com/auth/confirm-email-change?token=example',
    expiresAt: '2026-03-03T09:15:00.000Z',
  }),
  described(IdentityEvents.emailChanged, 'A new email address was confirmed and replaced the old one.', {
    userId: CUSTOMER,
    email: 'jane.new@example.com',
    previousEmail: 'jane.doe@example.com',
    firstName: 'Jane',
  }),

  // kyc
  described(KycEvents.statusChanged, 'A customer’s KYC status changed (pending, verified, rejected); `version` orders the changes.', {
    userId: CUSTOMER,
    kycStatus: 'verified',
    version: 3,
    reason: null,
  }),
  described(KycEvents.documentReviewed, 'An admin approved or rejected one of a customer’s KYC documents.', {
    documentId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    userId: CUSTOMER,
    documentType: 'passport',
    decision: 'rejected',
    notes: 'The photo page is cut off',
  }),
  described(KycEvents.documentUploaded, 'A customer uploaded a KYC document; it waits for review.', {
    documentId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    userId: CUSTOMER,
    documentType: 'passport',
    fileId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  }),
  described(KycEvents.documentRequested, 'An admin asked a customer for a document.', {
    requestId: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
    userId: CUSTOMER,
    message: 'Please upload a utility bill from the last three months.',
    requestedBy: ADMIN,
  }),
  described(KycEvents.biometricVerified, 'A customer passed biometric verification (all steps passed the provider’s checks).', {
    sessionId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
    userId: CUSTOMER,
    provider: 'example-provider',
  }),
  described(KycEvents.auditRecorded, 'An admin action in the kyc service, for the platform’s audit trail.', audit('kyc_document_rejected', 'kyc_document', 'Rejected passport: the photo page is cut off')),

  // applications
  described(ApplicationsEvents.submitted, 'A customer submitted an investment application (a saved draft is not announced).', {
    applicationId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
    userId: CUSTOMER,
    applicationType: 'personal',
    fullName: 'Jane Doe',
    email: 'jane.doe@example.com',
    investmentAmount: '10000.00',
    submittedAt: AT,
  }),
  described(ApplicationsEvents.reviewed, 'An admin moved an application on (under review, approved with the investment’s terms, rejected); `version` orders the changes.', {
    applicationId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
    userId: CUSTOMER,
    applicationType: 'personal',
    status: 'approved',
    note: null,
    reviewedBy: ADMIN,
    submittedAt: AT,
    version: 3,
    investmentId: '7d4c2b1a-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
    terms: {
      amount: '10000.00',
      currency: 'USD',
      durationMonths: 12,
      expectedReturnRate: '15.00',
      expectedReturnAmount: '1500.00',
      feeRate: '1.00',
      feeAmount: '100.00',
    },
  }),
  described(ApplicationsEvents.auditRecorded, 'An admin action in the applications service, for the platform’s audit trail.', audit('application_approved', 'application', 'Approved personal application')),

  // ledger
  described(LedgerEvents.depositRequested, 'A customer asked to deposit money; it waits for an admin to confirm the money arrived.', transaction('deposit', 'pending', 'DEP-20260302-0001')),
  described(LedgerEvents.depositCompleted, 'An admin confirmed a deposit; the money is in the customer’s available balance.', transaction('deposit', 'completed', 'DEP-20260302-0001')),
  described(LedgerEvents.depositRejected, 'An admin rejected a deposit, with the reason.', transaction('deposit', 'failed', 'DEP-20260302-0001', 'No matching bank transfer')),
  described(LedgerEvents.withdrawalRequested, 'A customer asked to withdraw money; the amount is held until an admin decides.', transaction('withdrawal', 'pending', 'WTH-20260302-0001')),
  described(LedgerEvents.withdrawalCompleted, 'An admin approved a withdrawal and the money left the balance.', transaction('withdrawal', 'completed', 'WTH-20260302-0001')),
  described(LedgerEvents.withdrawalRejected, 'An admin rejected a withdrawal, with the reason; the held amount is available again.', transaction('withdrawal', 'failed', 'WTH-20260302-0001', 'Bank details do not match the account holder')),
  described(LedgerEvents.investmentRequested, 'A customer paid for an investment by bank or Bitcoin; it waits for an admin to confirm the money arrived.', transaction('investment', 'pending', 'INV-BANK-20260302-0001')),
  described(LedgerEvents.investmentPaid, 'Money went into an investment: paid from the balance, or a payment confirmed by an admin.', transaction('investment', 'completed', 'INV-BANK-20260302-0001')),
  described(LedgerEvents.investmentRejected, 'An admin rejected an investment payment, with the reason.', transaction('investment', 'failed', 'INV-BANK-20260302-0001', 'No matching bank transfer')),
  described(LedgerEvents.investmentActivated, 'An investment is fully funded and earns from its start date until its maturity date.', investment('active', '0.00')),
  described(LedgerEvents.investmentMatured, 'An investment matured: principal and return paid to the available balance, fee charged.', investment('matured', '11400.00')),
  described(LedgerEvents.investmentCancelled, 'An investment was cancelled by the customer, or unfunded past its funding period; any funded part returned.', investment('cancelled', '10000.00')),
  described(LedgerEvents.securityDepositCreated, 'An admin created a security deposit (Investment Protection) for a customer.', {
    securityDepositId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
    userId: CUSTOMER,
    amount: '5000.00',
    currency: 'USD',
    locked: false,
    lockReason: null,
    occurredAt: AT,
  }),
  described(LedgerEvents.securityDepositLocked, 'An admin locked a security deposit, with the reason.', {
    securityDepositId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
    userId: CUSTOMER,
    amount: '5000.00',
    currency: 'USD',
    locked: true,
    lockReason: 'Open compliance review',
    occurredAt: AT,
  }),
  described(LedgerEvents.securityDepositUnlocked, 'An admin unlocked a security deposit.', {
    securityDepositId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
    userId: CUSTOMER,
    amount: '5000.00',
    currency: 'USD',
    locked: false,
    lockReason: null,
    occurredAt: AT,
  }),
  described(LedgerEvents.cardRequested, 'A customer requested a physical or virtual card.', cardRequest('pending')),
  described(LedgerEvents.cardApproved, 'An admin approved a card request.', cardRequest('approved')),
  described(LedgerEvents.cardRejected, 'An admin rejected a card request, with the reason.', cardRequest('rejected', { rejectionReason: 'KYC is not verified' })),
  described(LedgerEvents.cardDelivered, 'A physical card was sent out, with its tracking number.', cardRequest('delivered', { trackingNumber: 'TRK123456789' })),
  described(LedgerEvents.cardCancelled, 'A customer cancelled a pending card request.', cardRequest('cancelled')),
  described(LedgerEvents.auditRecorded, 'An admin action in the ledger service, for the platform’s audit trail.', audit('deposit_approved', 'transaction', 'Approved deposit DEP-20260302-0001')),

  // support
  described(SupportEvents.ticketCreated, 'A customer opened a support ticket.', ticket('open')),
  described(SupportEvents.ticketUpdated, 'A support ticket changed: a new message (who wrote it in `answeredBy`) or a new status.', ticket('in_progress', 'admin')),
  described(SupportEvents.auditRecorded, 'An admin action in the support service, for the platform’s audit trail.', audit('ticket_closed', 'ticket', 'Closed ticket: Where is my deposit?')),

  // notification
  described(NotificationEvents.auditRecorded, 'An admin action in the notification service, for the platform’s audit trail.', audit('broadcast_sent', 'broadcast', 'Sent a broadcast to 120 customers')),
  described(NotificationEvents.notificationCreated, 'An in-app notification was stored for one user.', {
    notificationId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
    userId: CUSTOMER,
    title: 'Deposit completed',
    type: 'success',
    category: 'transaction',
  }),
  described(NotificationEvents.broadcastSent, 'An admin sent a broadcast notification to its audience (all at once).', {
    broadcastId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
    sentBy: ADMIN,
    title: 'Scheduled maintenance on Sunday',
    type: 'info',
    recipientCount: 120,
    userId: null,
  }),
]);

/** The events of these streams that have no catalogue entry (a new event must be described before it ships). */
export function undescribedEvents(streams: readonly StreamDefinition[]): string[] {
  return streams.flatMap((stream) => stream.subjects).filter((subject) => !EVENT_CATALOGUE.has(subject));
}

/** The catalogue entry of an event; throws for an event without one. */
export function eventDescription(subject: string): EventDescription {
  const description = EVENT_CATALOGUE.get(subject);
  if (!description) throw new Error(`${subject} has no entry in the event catalogue (libs/contracts/src/common/event-catalogue.ts)`);
  return description;
}
