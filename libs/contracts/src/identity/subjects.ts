/** Commands identity answers over NATS request/reply (queue group "identity"). */
export const IdentityCommands = {
  signUp: 'identity.auth.sign-up.v1',
  confirmEmail: 'identity.auth.confirm-email.v1',
  resendConfirmation: 'identity.auth.resend-confirmation.v1',
  signIn: 'identity.auth.sign-in.v1',
  refreshSession: 'identity.auth.refresh-session.v1',
  signOut: 'identity.auth.sign-out.v1',
  requestPasswordReset: 'identity.auth.request-password-reset.v1',
  updatePassword: 'identity.auth.update-password.v1',
  getCurrentUser: 'identity.user.get-current.v1',
  recordSecurityEvent: 'identity.audit.record-security-event.v1',
  listAuditLogs: 'identity.audit.list.v1',
  getPublicSettings: 'identity.settings.get-public.v1',
} as const;

/** Domain events identity publishes through its outbox to the IDENTITY_EVENTS stream. */
export const IdentityEvents = {
  userRegistered: 'identity.user.registered.v1',
  emailConfirmationRequested: 'identity.user.email-confirmation-requested.v1',
  userConfirmed: 'identity.user.confirmed.v1',
  passwordResetRequested: 'identity.user.password-reset-requested.v1',
  passwordChanged: 'identity.user.password-changed.v1',
  securityEventRecorded: 'identity.audit.security-event-recorded.v1',
} as const;

export const IDENTITY_EVENTS_STREAM = {
  name: 'IDENTITY_EVENTS',
  subjects: Object.values(IdentityEvents),
} as const;
