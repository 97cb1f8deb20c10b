import type { TFunction } from 'i18next';
import { capitalise } from '../money/format';

/**
 * Every actionType the services write into the audit trail, each labelled in the catalogue
 * (`audit.actions.<name>`). The action filter offers these; a spec checks the catalogue
 * against this list, so a new action needs both. The English texts are also the gateway's
 * (its audit-log exports): libs/contracts/src/audit/audit-action-labels.ts holds them, and
 * its spec checks en.json's `audit.actions` against it word for word.
 */
export const AUDIT_ACTIONS = [
  // identity: security events (SECURITY_EVENT_TYPES, reported by the web app or the gateway)
  'unauthorized_access',
  'suspicious_activity',
  'data_breach_attempt',
  'command_refused',
  // identity: sign-in, sessions, passwords, two-factor
  'sign_in_failed',
  'sign_in_locked_out',
  'recovery_code_used',
  'refresh_token_reused',
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'password_change_failed',
  'security_preferences_updated',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_code_failed',
  // identity: the account's owner
  'email_change_requested',
  'email_changed',
  'email_change_failed',
  'account_deletion_failed',
  'account_deleted_by_owner',
  // identity: administration, settings, exports, file views
  'admin_created',
  'admin_role_changed',
  'user_suspended',
  'user_activated',
  'user_deleted',
  'setting_updated',
  'data_exported',
  'file_viewed',
  'customer_viewed',
  // applications: application_<decision>
  'application_under_review',
  'application_approved',
  'application_rejected',
  // ledger: <type>_approved|rejected, card_request_<decision>, security deposits
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_first_approval',
  'withdrawal_approved',
  'withdrawal_rejected',
  'investment_approved',
  'investment_rejected',
  'card_request_approved',
  'card_request_rejected',
  'card_request_delivered',
  'security_deposit_created',
  'security_deposit_locked',
  'security_deposit_unlocked',
  // kyc
  'kyc_document_requested',
  'kyc_document_approved',
  'kyc_document_rejected',
  'kyc_approved',
  'kyc_rejected',
  // notification
  'notification_broadcast',
  'failed_email_retried',
  'failed_email_dismissed',
  'webhook_endpoint_created',
  'webhook_endpoint_deleted',
  'webhook_delivery_replayed',
  // support: ticket_answered, ticket_<status> (an admin never sets open), ticket_deleted
  'ticket_answered',
  'ticket_in_progress',
  'ticket_resolved',
  'ticket_closed',
  'ticket_deleted',
] as const;

/** An action the catalogue does not know (yet) as words: "payout_held" → "Payout held". */
export function readableAction(action: string): string {
  const words = action.replace(/_+/g, ' ').trim();
  return words ? capitalise(words) : action;
}

// Only a plain snake_case name is looked up: a dot or colon in it would be read as a key path or namespace.
const LOOKUP = /^[a-z0-9_]+$/;

/** An action's label in the shown language, or its readable form when it has none. */
export function actionLabel(t: TFunction<'reports'>, action: string): string {
  const readable = readableAction(action);
  return LOOKUP.test(action) ? t(`audit.actions.${action}`, { defaultValue: readable }) : readable;
}
