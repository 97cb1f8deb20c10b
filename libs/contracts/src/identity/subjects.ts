import { defineCommand, defineEvent, defineStream, EmptyPayload } from '../common/messages';
import { AuditLogPage, ListAuditLogsPayload, RecordSecurityEventPayload, RecordSecurityEventResult } from './audit';
import {
  AcceptedResult,
  ConfirmEmailPayload,
  PasswordUpdatedResult,
  RefreshSessionPayload,
  RequestPasswordResetPayload,
  ResendConfirmationPayload,
  ResendConfirmationResult,
  SignInPayload,
  SignOutPayload,
  SignUpPayload,
  SignUpResult,
  UpdatePasswordPayload,
} from './auth';
import {
  EmailConfirmationRequestedEvent,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  SecurityEventRecordedEvent,
  SettingChangedEvent,
  UserConfirmedEvent,
  UserDeletedEvent,
  UserRegisteredEvent,
  UserStatusChangedEvent,
} from './events';
import { AdminUserPage, ChangeAdminRolePayload, CreateAdminPayload, ListUsersPayload, SuspendUserPayload, UserDeletedResult, UserIdPayload } from './account-administration';
import { FindUserIdsPayload, FoundUserIds, LookupUsersPayload, UserSummaries, UserSummary } from './directory';
import { AuthSession, SessionUser } from './session';
import { AllSettings, PublicSettings, SettingValue, UpdateSettingPayload } from './settings';

/** Commands identity answers over NATS request/reply (queue group "identity"). */
export const IdentityCommands = {
  signUp: defineCommand<SignUpPayload, SignUpResult>('identity.auth.sign-up.v1', SignUpPayload),
  confirmEmail: defineCommand<ConfirmEmailPayload, AuthSession>('identity.auth.confirm-email.v1', ConfirmEmailPayload),
  resendConfirmation: defineCommand<ResendConfirmationPayload, ResendConfirmationResult>('identity.auth.resend-confirmation.v1', ResendConfirmationPayload),
  signIn: defineCommand<SignInPayload, AuthSession>('identity.auth.sign-in.v1', SignInPayload),
  refreshSession: defineCommand<RefreshSessionPayload, AuthSession>('identity.auth.refresh-session.v1', RefreshSessionPayload),
  signOut: defineCommand<SignOutPayload, void>('identity.auth.sign-out.v1', SignOutPayload),
  requestPasswordReset: defineCommand<RequestPasswordResetPayload, AcceptedResult>('identity.auth.request-password-reset.v1', RequestPasswordResetPayload),
  updatePassword: defineCommand<UpdatePasswordPayload, PasswordUpdatedResult>('identity.auth.update-password.v1', UpdatePasswordPayload),
  getCurrentUser: defineCommand<EmptyPayload, SessionUser>('identity.user.get-current.v1', EmptyPayload),
  recordSecurityEvent: defineCommand<RecordSecurityEventPayload, RecordSecurityEventResult>('identity.audit.record-security-event.v1', RecordSecurityEventPayload),
  listAuditLogs: defineCommand<ListAuditLogsPayload, AuditLogPage>('identity.audit.list.v1', ListAuditLogsPayload),
  /** Admin callers only (any admin role): other services' admin screens name the people in them. */
  lookupUsers: defineCommand<LookupUsersPayload, UserSummaries>('identity.directory.lookup-users.v1', LookupUsersPayload),
  /** Admin callers only: a broadcast's audience, or owners matched by name or email. */
  findUserIds: defineCommand<FindUserIdsPayload, FoundUserIds>('identity.directory.find-user-ids.v1', FindUserIdsPayload),
  /** Admins with the users permission; acting on an administrator needs a super admin. Ends the account's sessions. */
  suspendUser: defineCommand<SuspendUserPayload, UserSummary>('identity.accounts.suspend.v1', SuspendUserPayload),
  activateUser: defineCommand<UserIdPayload, UserSummary>('identity.accounts.activate.v1', UserIdPayload),
  /** Admins with the users permission: User and Admin Management's paged list with counts. */
  listUsers: defineCommand<ListUsersPayload, AdminUserPage>('identity.accounts.list.v1', ListUsersPayload),
  /** Super admins only: a new administrator with a role; announced as a registered user of type admin. */
  createAdmin: defineCommand<CreateAdminPayload, SessionUser>('identity.accounts.create-admin.v1', CreateAdminPayload),
  /** Super admins only: ends the account's sessions, closes it and anonymises its personal data (the id stays for money records). */
  deleteUser: defineCommand<UserIdPayload, UserDeletedResult>('identity.accounts.delete.v1', UserIdPayload),
  /** Super admins only: the admin's sessions end, so the new role applies at once. */
  changeAdminRole: defineCommand<ChangeAdminRolePayload, UserSummary>('identity.accounts.change-admin-role.v1', ChangeAdminRolePayload),
  getPublicSettings: defineCommand<EmptyPayload, PublicSettings>('identity.settings.get-public.v1', EmptyPayload),
  getAllSettings: defineCommand<EmptyPayload, AllSettings>('identity.settings.get-all.v1', EmptyPayload),
  updateSetting: defineCommand<UpdateSettingPayload, SettingValue>('identity.settings.update.v1', UpdateSettingPayload),
} as const;

/** Domain events identity publishes through its outbox to the IDENTITY_EVENTS stream. */
export const IdentityEvents = {
  userRegistered: defineEvent('identity.user.registered.v1', UserRegisteredEvent),
  emailConfirmationRequested: defineEvent('identity.user.email-confirmation-requested.v1', EmailConfirmationRequestedEvent),
  userConfirmed: defineEvent('identity.user.confirmed.v1', UserConfirmedEvent),
  passwordResetRequested: defineEvent('identity.user.password-reset-requested.v1', PasswordResetRequestedEvent),
  passwordChanged: defineEvent('identity.user.password-changed.v1', PasswordChangedEvent),
  securityEventRecorded: defineEvent('identity.audit.security-event-recorded.v1', SecurityEventRecordedEvent),
  settingChanged: defineEvent('identity.settings.changed.v1', SettingChangedEvent),
  userStatusChanged: defineEvent('identity.user.status-changed.v1', UserStatusChangedEvent),
  userDeleted: defineEvent('identity.user.deleted.v1', UserDeletedEvent),
} as const;

export const IDENTITY_EVENTS_STREAM = defineStream('IDENTITY_EVENTS', IdentityEvents);
