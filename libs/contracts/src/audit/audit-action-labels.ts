/**
 * The English label of every action the services write into the audit trail
 * (`AuditRecordedEvent.actionType`), as an admin reads it: on the Audit Logs screen and in
 * the audit-log exports (CSV, Excel) the gateway writes. English is the product's base
 * language; the web app's catalogue apps/web/src/reports/locales/en.json holds these same
 * texts under `audit.actions` (audit-action-labels.spec.ts checks it word for word, in
 * this order), and es/fr/de translate them there (npm run check:translations).
 *
 * A new action needs its label here and in that catalogue (and its name in the web app's
 * AUDIT_ACTIONS). An action without a label (a newer service) is still exported, by its
 * raw name (the screen shows it in words, readableAction in the web app).
 *
 * Kept free of imports, like user-messages.ts, so a script can evaluate it alone.
 */
export const AUDIT_ACTION_LABELS = {
  // identity: security events (SECURITY_EVENT_TYPES, reported by the web app or the gateway)
  unauthorized_access: 'Unauthorized access attempt',
  suspicious_activity: 'Suspicious activity',
  data_breach_attempt: 'Data breach attempt',
  // a service refused a command no trusted key signed (libs/messaging command-signatures.ts)
  command_refused: 'Unsigned command refused',
  // identity: sign-in, sessions, passwords, two-factor
  sign_in_failed: 'Sign-in failed',
  sign_in_locked_out: 'Sign-in locked',
  recovery_code_used: 'Recovery code used',
  refresh_token_reused: 'Refresh token reused',
  password_reset_requested: 'Password reset requested',
  password_reset_completed: 'Password reset completed',
  password_changed: 'Password changed',
  password_change_failed: 'Password change failed',
  security_preferences_updated: 'Security preferences updated',
  two_factor_enabled: 'Two-factor authentication enabled',
  two_factor_disabled: 'Two-factor authentication disabled',
  two_factor_code_failed: 'Wrong two-factor code',
  // identity: the account's owner
  email_change_requested: 'Email change requested',
  email_changed: 'Email changed',
  email_change_failed: 'Email change failed',
  account_deletion_failed: 'Account deletion failed',
  account_deleted_by_owner: 'Account deleted by its owner',
  // identity: administration, settings, exports, file views
  admin_created: 'Admin created',
  admin_role_changed: 'Admin role changed',
  user_suspended: 'User suspended',
  user_activated: 'User activated',
  user_deleted: 'User deleted',
  setting_updated: 'Setting updated',
  data_exported: 'Data exported',
  file_viewed: 'File viewed',
  customer_viewed: 'Customer account viewed',
  // applications: application_<decision>
  application_under_review: 'Application put under review',
  application_approved: 'Application approved',
  application_rejected: 'Application rejected',
  // ledger: <type>_approved|rejected, card_request_<decision>, security deposits
  deposit_approved: 'Deposit approved',
  deposit_rejected: 'Deposit rejected',
  withdrawal_first_approval: 'Withdrawal approved (first of two)',
  withdrawal_approved: 'Withdrawal approved',
  withdrawal_rejected: 'Withdrawal rejected',
  investment_approved: 'Investment payment approved',
  investment_rejected: 'Investment payment rejected',
  card_request_approved: 'Card request approved',
  card_request_rejected: 'Card request rejected',
  card_request_delivered: 'Card marked delivered',
  security_deposit_created: 'Security deposit created',
  security_deposit_locked: 'Security deposit locked',
  security_deposit_unlocked: 'Security deposit unlocked',
  // kyc
  kyc_document_requested: 'KYC document requested',
  kyc_document_approved: 'KYC document approved',
  kyc_document_rejected: 'KYC document rejected',
  kyc_approved: 'KYC approved',
  kyc_rejected: 'KYC rejected',
  // notification
  notification_broadcast: 'Notification broadcast',
  failed_email_retried: 'Failed email retried',
  failed_email_dismissed: 'Failed email dismissed',
  webhook_endpoint_created: 'Webhook endpoint registered',
  webhook_endpoint_deleted: 'Webhook endpoint deleted',
  webhook_delivery_replayed: 'Webhook delivery replayed',
  // support: ticket_answered, ticket_<status> (an admin never sets open), ticket_deleted
  ticket_answered: 'Support ticket answered',
  ticket_in_progress: 'Support ticket set in progress',
  ticket_resolved: 'Support ticket resolved',
  ticket_closed: 'Support ticket closed',
  ticket_deleted: 'Support ticket deleted',
} as const satisfies Record<string, string>;

export type LabelledAuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** An action's English label, or its raw name when it has none (yet). */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as LabelledAuditAction] : action;
}
