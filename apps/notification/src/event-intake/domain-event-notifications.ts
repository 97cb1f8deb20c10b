import { ApplicationNotifications } from './notifications/application-notifications';
import { KycNotifications } from './notifications/kyc-notifications';
import { LedgerNotifications } from './notifications/ledger-notifications';
import { SupportNotifications } from './notifications/support-notifications';

export type { Content } from './notifications/content';
export { reason, textParams } from './notifications/content';
export { isKycDecision } from './notifications/kyc-notifications';

/** What the user reads in the bell for each event that concerns them, in their language, with its code and values. */
export const DomainEventNotifications = {
  ...ApplicationNotifications,
  ...LedgerNotifications,
  ...KycNotifications,
  ...SupportNotifications,
};
