import { Body, Inject } from '@nestjs/common';
import {
  ChangePasswordPayload,
  ConfirmEmailChangePayload,
  EmailChangeConfirmed,
  IdentityCommands,
  NotificationCommands,
  PasswordChangedResult,
  Profile,
  RequestMeta,
  SecurityPreferences,
  SessionUser,
  TwoFactorCodePayload,
  TwoFactorEnabledResult,
  TwoFactorEnrolment,
  UpdatePreferencesPayload,
  UpdateProfilePayload,
  UpdateSecurityPreferencesPayload,
  UserPreferences,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { GATEWAY_CONFIG, LOGGER } from '../connections/tokens';
import type { GatewayConfig } from '../config/gateway-environment';
import { Public, SignedIn } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint, PatchEndpoint, PutEndpoint } from '../openapi/endpoint.decorators';

/** The signed-in person; identity reads them from the verified actor, never from input. */
@ApiController('me', 'api/v1/me')
@SignedIn()
export class MeController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @GetEndpoint({ summary: 'The signed-in user', type: SessionUser })
  currentUser(@RequestMetadata() meta: RequestMeta): Promise<SessionUser> {
    return this.services.send(IdentityCommands.getCurrentUser, {}, meta);
  }

  @ActionEndpoint('password', { summary: 'Change the password: the current one is checked; every other session ends, this one stays; the owner is emailed', type: PasswordChangedResult, errors: [400, 401, 409] })
  changePassword(@Body() payload: ChangePasswordPayload, @RequestMetadata() meta: RequestMeta): Promise<PasswordChangedResult> {
    // Two password hashes: it may queue behind a burst of sign-ins (see PASSWORD_CHECK_WAIT_MS).
    return this.services.send(IdentityCommands.changePassword, payload, meta, this.config.environment.PASSWORD_CHECK_WAIT_MS);
  }

  @GetEndpoint('security', { summary: 'The Security tab toggles: two-factor (read-only here), login alerts, biometric login', type: SecurityPreferences })
  securityPreferences(@RequestMetadata() meta: RequestMeta): Promise<SecurityPreferences> {
    return this.services.send(IdentityCommands.getSecurityPreferences, {}, meta);
  }

  @PutEndpoint('security', { summary: 'Set login alerts and biometric login (two-factor changes through its own endpoints)', type: SecurityPreferences, errors: [400, 401] })
  updateSecurityPreferences(@Body() payload: UpdateSecurityPreferencesPayload, @RequestMetadata() meta: RequestMeta): Promise<SecurityPreferences> {
    return this.services.send(IdentityCommands.updateSecurityPreferences, { loginAlerts: payload.loginAlerts, biometricLogin: payload.biometricLogin }, meta);
  }

  @ActionEndpoint('two-factor/enrol', { summary: 'Start turning two-factor on: a new authenticator secret and its otpauth:// URI (for a QR code)', type: TwoFactorEnrolment, errors: [401, 409] })
  startTwoFactor(@RequestMetadata() meta: RequestMeta): Promise<TwoFactorEnrolment> {
    return this.services.send(IdentityCommands.startTwoFactorEnrolment, {}, meta);
  }

  @ActionEndpoint('two-factor/confirm', { summary: 'Confirm the new secret with a code from the app: two-factor is on; the recovery codes are shown this once', type: TwoFactorEnabledResult, errors: [400, 401, 409] })
  confirmTwoFactor(@Body() payload: TwoFactorCodePayload, @RequestMetadata() meta: RequestMeta): Promise<TwoFactorEnabledResult> {
    return this.services.send(IdentityCommands.confirmTwoFactor, payload, meta);
  }

  @ActionEndpoint('two-factor/disable', { summary: 'Turn two-factor off with a valid authenticator or recovery code', type: SecurityPreferences, errors: [400, 401, 409] })
  disableTwoFactor(@Body() payload: TwoFactorCodePayload, @RequestMetadata() meta: RequestMeta): Promise<SecurityPreferences> {
    return this.services.send(IdentityCommands.disableTwoFactor, payload, meta);
  }

  @PatchEndpoint({
    summary:
      "Change the caller's profile (only the fields sent). A new email needs `currentPassword` (wrong ones are limited per account, like the password change), " +
      'is announced to the address in use, and is applied once the link sent to the new address is opened',
    type: Profile,
    errors: [400, 409, 429],
  })
  updateProfile(@Body() body: UpdateProfilePayload, @RequestMetadata() meta: RequestMeta): Promise<Profile> {
    // A change of email checks the password: it may queue behind a burst of sign-ins (see PASSWORD_CHECK_WAIT_MS).
    const wait = body.email !== undefined ? this.config.environment.PASSWORD_CHECK_WAIT_MS : undefined;
    return this.services.send(IdentityCommands.updateProfile, body, meta, wait);
  }

  @GetEndpoint('profile', { summary: 'The caller\'s profile: details, photo file and any email change waiting for confirmation', type: Profile })
  profile(@RequestMetadata() meta: RequestMeta): Promise<Profile> {
    return this.services.send(IdentityCommands.getProfile, {}, meta);
  }

  @GetEndpoint('preferences', { summary: 'The caller\'s notification, display and privacy preferences (the defaults until saved)', type: UserPreferences })
  preferences(@RequestMetadata() meta: RequestMeta): Promise<UserPreferences> {
    return this.services.send(IdentityCommands.getPreferences, {}, meta);
  }

  @PutEndpoint('preferences', { summary: 'Replace the caller\'s preferences (every group in full); notification toggles apply to later messages', type: UserPreferences, errors: [400] })
  async updatePreferences(@Body() body: UpdatePreferencesPayload, @RequestMetadata() meta: RequestMeta): Promise<UserPreferences> {
    const saved = await this.services.send(IdentityCommands.updatePreferences, body, meta);
    // The toggles apply to the very next message, not only once identity's event arrives.
    // If the notification service cannot take them now, that event still brings them.
    await this.services
      .send(NotificationCommands.applyPreferences, { notifications: saved.notifications, language: saved.app.language, version: saved.version }, meta)
      .catch((error: Error) => this.logger.warn({ err: error.message, userId: meta.actor?.userId }, "notification toggles left to identity's event"));
    return saved;
  }
}

/**
 * Confirming a new email address from the emailed link: no sign-in needed (the link proves
 * the mailbox). A controller of its own, so the OpenAPI document does not mark it signed-in.
 */
@ApiController('me', 'api/v1/me')
@Public()
export class EmailChangeConfirmationController {
  constructor(private readonly services: ServiceClient) {}

  @ActionEndpoint('email/confirm', { summary: 'Confirm a new email address from the emailed link (no sign-in needed: the link proves the mailbox)', type: EmailChangeConfirmed, errors: [400, 409] })
  confirmEmailChange(@Body() body: ConfirmEmailChangePayload, @RequestMetadata() meta: RequestMeta): Promise<EmailChangeConfirmed> {
    return this.services.send(IdentityCommands.confirmEmailChange, body, meta);
  }
}
