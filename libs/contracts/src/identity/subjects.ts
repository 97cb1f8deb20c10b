import { defineCommand, defineEvent, defineStream, EmptyPayload } from '../common/messages';
import { AccountClosureEvents } from './account-closure';
import { SessionDeviceCommands } from './session-devices';
import { ReauthenticationCommands } from './reauthentication';
import { AuditLogPage, ListAuditLogsPayload, RecordDataExportPayload, RecordDataExportResult, RecordFileViewPayload, RecordFileViewResult, RecordRefusedCommandPayload, RecordSecurityEventPayload, RecordSecurityEventResult } from './audit';
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
  SignUpAttemptedEvent,
  UserConfirmedEvent,
  UserDeletedEvent,
  UserRegisteredEvent,
  UserStatusChangedEvent,
} from './events';
import { AdminUserPage, ChangeAdminRolePayload, CreateAdminPayload, ListUsersPayload, SuspendUserPayload, UserDeletedResult, UserIdPayload } from './account-administration';
import { FindUserIdsPayload, FoundUserIds, LookupUsersPayload, UserSummaries, UserSummary } from './directory';
import { CustomerViewRecorded, RecordCustomerViewPayload } from './customer-view';
import { AuthSession, SessionUser } from './session';
import {
  ChangePasswordPayload,
  CompleteMfaSignInPayload,
  MfaSignInSession,
  MfaTokenPayload,
  PasswordChangedResult,
  SecurityAlertEvent,
  SecurityPreferences,
  SignInResult,
  TwoFactorCodePayload,
  TwoFactorEnabledResult,
  TwoFactorEnrolment,
  UpdateSecurityPreferencesPayload,
} from './account-security';
import { AdminPermissionsView, AdminSettingList, AdminSettingView, AllSettings, PublicSettings, SettingHistory, SettingKeyPayload, SettingValue, UpdateSettingPayload } from './settings';
import { ConfirmEmailChangePayload, EmailChangeConfirmed, EmailChangedEvent, EmailChangeRequestedEvent, Profile, UpdateProfilePayload } from './profile';
import { PreferencesChangedEvent, UpdatePreferencesPayload, UserPreferences } from './preferences';
import { PasskeyAssertionPayload, PasskeyCreationOptions, PasskeyIdPayload, PasskeyList, PasskeyRequestOptions, PasskeySummary, RegisterPasskeyPayload, RenamePasskeyPayload } from './passkeys';

/** Commands identity answers over NATS request/reply (queue group "identity"). */
export const IdentityCommands = {
  signUp: defineCommand<SignUpPayload, SignUpResult>('identity.auth.sign-up.v1', SignUpPayload),
  confirmEmail: defineCommand<ConfirmEmailPayload, AuthSession>('identity.auth.confirm-email.v1', ConfirmEmailPayload),
  resendConfirmation: defineCommand<ResendConfirmationPayload, ResendConfirmationResult>('identity.auth.resend-confirmation.v1', ResendConfirmationPayload),
  /** A session, or (two-factor on, or required for an admin) a short-lived challenge for the second step. */
  signIn: defineCommand<SignInPayload, SignInResult>('identity.auth.sign-in.v1', SignInPayload),
  /** The second step of sign-in: the challenge and an authenticator or recovery code. */
  completeMfaSignIn: defineCommand<CompleteMfaSignInPayload, MfaSignInSession>('identity.auth.complete-mfa-sign-in.v1', CompleteMfaSignInPayload),
  /** An admin required to use two-factor sets it up during sign-in: a new secret for the challenge's account. */
  startMfaSignInEnrolment: defineCommand<MfaTokenPayload, TwoFactorEnrolment>('identity.auth.start-mfa-enrolment.v1', MfaTokenPayload),
  /** The signed-in person: current password checked, other sessions ended. */
  changePassword: defineCommand<ChangePasswordPayload, PasswordChangedResult>('identity.security.change-password.v1', ChangePasswordPayload),
  getSecurityPreferences: defineCommand<EmptyPayload, SecurityPreferences>('identity.security.get-preferences.v1', EmptyPayload),
  updateSecurityPreferences: defineCommand<UpdateSecurityPreferencesPayload, SecurityPreferences>('identity.security.update-preferences.v1', UpdateSecurityPreferencesPayload),
  startTwoFactorEnrolment: defineCommand<EmptyPayload, TwoFactorEnrolment>('identity.security.start-two-factor.v1', EmptyPayload),
  confirmTwoFactor: defineCommand<TwoFactorCodePayload, TwoFactorEnabledResult>('identity.security.confirm-two-factor.v1', TwoFactorCodePayload),
  disableTwoFactor: defineCommand<TwoFactorCodePayload, SecurityPreferences>('identity.security.disable-two-factor.v1', TwoFactorCodePayload),
  /** Options for signing in with a discoverable passkey (no email asked): a single-use challenge. */
  passkeySignInOptions: defineCommand<EmptyPayload, PasskeyRequestOptions>('identity.auth.passkey-options.v1', EmptyPayload),
  /** Signs in with a passkey alone: a session as a password sign-in gives, no second factor asked. */
  signInWithPasskey: defineCommand<PasskeyAssertionPayload, AuthSession>('identity.auth.passkey-sign-in.v1', PasskeyAssertionPayload),
  /** The signed-in person's passkeys (Security tab). */
  listPasskeys: defineCommand<EmptyPayload, PasskeyList>('identity.passkeys.list.v1', EmptyPayload),
  /** Options for adding a passkey to the caller's account: a single-use challenge bound to them. */
  passkeyRegistrationOptions: defineCommand<EmptyPayload, PasskeyCreationOptions>('identity.passkeys.registration-options.v1', EmptyPayload),
  /** Verifies the browser's answer to the registration options and keeps the passkey under its name; audited. */
  registerPasskey: defineCommand<RegisterPasskeyPayload, PasskeySummary>('identity.passkeys.register.v1', RegisterPasskeyPayload),
  renamePasskey: defineCommand<RenamePasskeyPayload, PasskeySummary>('identity.passkeys.rename.v1', RenamePasskeyPayload),
  /** Removes one of the caller's passkeys; audited. */
  removePasskey: defineCommand<PasskeyIdPayload, void>('identity.passkeys.remove.v1', PasskeyIdPayload),
  refreshSession: defineCommand<RefreshSessionPayload, AuthSession>('identity.auth.refresh-session.v1', RefreshSessionPayload),
  signOut: defineCommand<SignOutPayload, void>('identity.auth.sign-out.v1', SignOutPayload),
  /** Ends the session the caller's access token belongs to (the actor's sessionId), whatever refresh token it has now. */
  signOutCurrentSession: defineCommand<EmptyPayload, void>('identity.auth.sign-out-current.v1', EmptyPayload),
  requestPasswordReset: defineCommand<RequestPasswordResetPayload, AcceptedResult>('identity.auth.request-password-reset.v1', RequestPasswordResetPayload),
  updatePassword: defineCommand<UpdatePasswordPayload, PasswordUpdatedResult>('identity.auth.update-password.v1', UpdatePasswordPayload),
  getCurrentUser: defineCommand<EmptyPayload, SessionUser>('identity.user.get-current.v1', EmptyPayload),
  recordSecurityEvent: defineCommand<RecordSecurityEventPayload, RecordSecurityEventResult>('identity.audit.record-security-event.v1', RecordSecurityEventPayload),
  /** A service refused a command no trusted key signed: written to the audit trail (security_event, command_refused). */
  recordRefusedCommand: defineCommand<RecordRefusedCommandPayload, RecordSecurityEventResult>('identity.audit.record-refused-command.v1', RecordRefusedCommandPayload),
  /** Active admins only: an admin file export, recorded (admin_action, data_exported) before the gateway sends its first byte. */
  recordDataExport: defineCommand<RecordDataExportPayload, RecordDataExportResult>('identity.audit.record-data-export.v1', RecordDataExportPayload),
  /** Active admins only: an admin opening another person's file, recorded (admin_action, file_viewed) before the gateway sends its first byte. */
  recordFileView: defineCommand<RecordFileViewPayload, RecordFileViewResult>('identity.audit.record-file-view.v1', RecordFileViewPayload),
  /** Admins whose role has the users permission: an admin reading a customer's portal (read only), recorded (admin_action, customer_viewed) before the gateway reads it. */
  recordCustomerView: defineCommand<RecordCustomerViewPayload, CustomerViewRecorded>('identity.audit.record-customer-view.v1', RecordCustomerViewPayload),
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
  /** Admins with the settings permission (super admins have all): System Settings, secrets masked. */
  listAdminSettings: defineCommand<EmptyPayload, AdminSettingList>('identity.settings.list-admin.v1', EmptyPayload),
  /** Super admins only: validates and replaces the whole value; answers the masked view. */
  changeSetting: defineCommand<UpdateSettingPayload, AdminSettingView>('identity.settings.change.v1', UpdateSettingPayload),
  /** Admins with the settings permission: the key's changes, newest first. */
  getSettingHistory: defineCommand<SettingKeyPayload, SettingHistory>('identity.settings.history.v1', SettingKeyPayload),
  /** Any admin: their own role's current permissions. */
  getMyAdminPermissions: defineCommand<EmptyPayload, AdminPermissionsView>('identity.settings.my-admin-permissions.v1', EmptyPayload),
  /** The caller's own preferences (the defaults until they save). */
  getPreferences: defineCommand<EmptyPayload, UserPreferences>('identity.preferences.get.v1', EmptyPayload),
  /** Replaces the caller's preferences; announced as preferences-changed with a new version. */
  updatePreferences: defineCommand<UpdatePreferencesPayload, UserPreferences>('identity.preferences.update.v1', UpdatePreferencesPayload),
  /** The caller's own profile (Account Settings, Profile). */
  getProfile: defineCommand<EmptyPayload, Profile>('identity.profile.get.v1', EmptyPayload),
  /** Changes the caller's profile; a new email waits for confirmation by a link sent to it. */
  updateProfile: defineCommand<UpdateProfilePayload, Profile>('identity.profile.update.v1', UpdateProfilePayload),
  /** From the emailed link (no sign-in needed): the new address replaces the old one. */
  confirmEmailChange: defineCommand<ConfirmEmailChangePayload, EmailChangeConfirmed>('identity.profile.confirm-email-change.v1', ConfirmEmailChangePayload),
  ...SessionDeviceCommands,
  ...ReauthenticationCommands,
} as const;

/** Domain events identity publishes through its outbox to the IDENTITY_EVENTS stream. */
export const IdentityEvents = {
  userRegistered: defineEvent('identity.user.registered.v1', UserRegisteredEvent),
  signUpAttempted: defineEvent('identity.user.sign-up-attempted.v1', SignUpAttemptedEvent),
  emailConfirmationRequested: defineEvent('identity.user.email-confirmation-requested.v1', EmailConfirmationRequestedEvent),
  userConfirmed: defineEvent('identity.user.confirmed.v1', UserConfirmedEvent),
  passwordResetRequested: defineEvent('identity.user.password-reset-requested.v1', PasswordResetRequestedEvent),
  passwordChanged: defineEvent('identity.user.password-changed.v1', PasswordChangedEvent),
  securityEventRecorded: defineEvent('identity.audit.security-event-recorded.v1', SecurityEventRecordedEvent),
  settingChanged: defineEvent('identity.settings.changed.v1', SettingChangedEvent),
  userStatusChanged: defineEvent('identity.user.status-changed.v1', UserStatusChangedEvent),
  userDeleted: defineEvent('identity.user.deleted.v1', UserDeletedEvent),
  ...AccountClosureEvents,
  securityAlert: defineEvent('identity.user.security-alert.v1', SecurityAlertEvent),
  preferencesChanged: defineEvent('identity.user.preferences-changed.v1', PreferencesChangedEvent),
  emailChangeRequested: defineEvent('identity.user.email-change-requested.v1', EmailChangeRequestedEvent),
  emailChanged: defineEvent('identity.user.email-changed.v1', EmailChangedEvent),
} as const;

export const IDENTITY_EVENTS_STREAM = defineStream('IDENTITY_EVENTS', IdentityEvents);
