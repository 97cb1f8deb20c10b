import { ApplicationsEvents } from '../applications/events';
import type { NotificationTopic } from '../identity/preferences';
import { KycEvents } from '../kyc/events';
import { CardRequestEvents } from '../ledger/cards';
import { LedgerEvents } from '../ledger/events';
import { SupportEvents } from '../support/events';

/**
 * Which notification toggle of Account Settings governs the emails and in-app
 * notifications an event causes. The one place this is decided: the notification
 * service sends nothing of a group the customer switched off.
 *
 * `always`: security and legally required messages (sign-in links, password changes,
 * identity verification decisions), sent whatever the toggles say. A subject not listed
 * here is always sent, so a new kind of message must be added here to become optional.
 */
export type NotificationGroup = NotificationTopic | 'always';

export const NOTIFICATION_GROUP_BY_SUBJECT: Readonly<Record<string, NotificationGroup>> = {
  // Investment updates: applications, the investments they become, Investment Protection.
  [ApplicationsEvents.submitted.subject]: 'investmentUpdates',
  [ApplicationsEvents.reviewed.subject]: 'investmentUpdates',
  [LedgerEvents.investmentRequested.subject]: 'investmentUpdates',
  [LedgerEvents.investmentPaid.subject]: 'investmentUpdates',
  [LedgerEvents.investmentRejected.subject]: 'investmentUpdates',
  [LedgerEvents.investmentActivated.subject]: 'investmentUpdates',
  [LedgerEvents.investmentMatured.subject]: 'investmentUpdates',
  [LedgerEvents.investmentCancelled.subject]: 'investmentUpdates',
  [LedgerEvents.securityDepositCreated.subject]: 'investmentUpdates',
  [LedgerEvents.securityDepositLocked.subject]: 'investmentUpdates',
  [LedgerEvents.securityDepositUnlocked.subject]: 'investmentUpdates',
  // Account activity: money in and out of the account, card orders, and answers to support tickets.
  [LedgerEvents.depositRequested.subject]: 'accountActivity',
  [LedgerEvents.depositCompleted.subject]: 'accountActivity',
  [LedgerEvents.depositRejected.subject]: 'accountActivity',
  [LedgerEvents.withdrawalRequested.subject]: 'accountActivity',
  [LedgerEvents.withdrawalCompleted.subject]: 'accountActivity',
  [LedgerEvents.withdrawalRejected.subject]: 'accountActivity',
  [SupportEvents.ticketUpdated.subject]: 'accountActivity',
  ...Object.fromEntries(Object.values(CardRequestEvents).map((event) => [event.subject, 'accountActivity' as const])),
  // Identity verification is a legal requirement: always sent.
  [KycEvents.documentReviewed.subject]: 'always',
  [KycEvents.documentRequested.subject]: 'always',
  [KycEvents.statusChanged.subject]: 'always',
};

export function notificationGroupOf(subject: string): NotificationGroup {
  return NOTIFICATION_GROUP_BY_SUBJECT[subject] ?? 'always';
}

/** Shown beside the toggles (the web app uses it word for word). */
export const ALWAYS_SENT_NOTICE = 'Always sent: security and legally required messages';
