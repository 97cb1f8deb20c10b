import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { CUSTOMER_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './auth';
import { AuthSession } from './session';
import { refusal } from '../common/refusal';

const trimCode = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

/** Messages of the Security tab and of two-factor sign-in, word for word for clients and tests. */
export const AccountSecurityMessages = {
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current password',
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  invalidCode: 'Invalid verification code. Please try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notEnabled: 'Two-factor authentication is not enabled.',
  noEnrolment: 'Two-factor setup has not been started or has expired. Please start again.',
  enrolmentRequired: 'Your administrator requires two-factor authentication. Set it up to continue.',
} as const;

export const AccountSecurityErrorCodes = {
  wrongCurrentPassword: 'wrong_current_password',
  samePassword: 'same_password',
  invalidCode: 'invalid_two_factor_code',
  challengeExpired: 'mfa_challenge_expired',
  alreadyEnabled: 'two_factor_already_enabled',
  notEnabled: 'two_factor_not_enabled',
  noEnrolment: 'two_factor_no_enrolment',
  enrolmentRequired: 'two_factor_enrolment_required',
} as const;

/** The signed-in person changes their password (Security tab, Update Password). */
export class ChangePasswordPayload {
  @ApiProperty()
  @IsNotEmpty(refusal('current_password_required'))
  @IsString(refusal('current_password_required'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('wrong_current_password'))
  currentPassword: string;

  @ApiProperty({ minLength: CUSTOMER_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsNotEmpty(refusal('new_password_required'))
  @IsString(refusal('new_password_required'))
  @MinLength(CUSTOMER_PASSWORD_MIN_LENGTH, refusal('password_too_short'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('password_too_long'))
  newPassword: string;
}

export class PasswordChangedResult {
  @ApiProperty({ example: true }) changed: boolean;
  @ApiProperty({ description: 'How many other sessions of the account were ended' }) otherSessionsEnded: number;
}

/**
 * Sign-in answered with a second step instead of a session: the password was right, and
 * the account needs an authenticator code (or must first set two-factor up).
 */
export class MfaChallenge {
  @ApiProperty({ enum: [true] }) mfaRequired: true;
  @ApiProperty({ description: 'Short-lived; sent back with the code to /auth/login/mfa' }) mfaToken: string;
  @ApiProperty({ description: 'True when two-factor must first be set up (administrators, when required)' }) enrolmentRequired: boolean;
  @ApiProperty({ description: 'Seconds the challenge stays valid' }) expiresIn: number;
}

/** What sign-in answers: a session, or the second step. */
export type SignInResult = AuthSession | MfaChallenge;

export function isMfaChallenge(result: SignInResult): result is MfaChallenge {
  return (result as MfaChallenge).mfaRequired === true;
}

export class MfaTokenPayload {
  @ApiProperty()
  @IsNotEmpty(refusal('mfa_challenge_expired'))
  @IsString(refusal('mfa_challenge_expired'))
  @MaxLength(200, refusal('mfa_challenge_expired'))
  mfaToken: string;
}

/** A six-digit authenticator code, or one of the recovery codes. */
export class TwoFactorCodePayload {
  @ApiProperty({ description: 'Six-digit authenticator code, or a recovery code' })
  @Transform(trimCode)
  @IsNotEmpty(refusal('two_factor_code_required'))
  @IsString(refusal('two_factor_code_required'))
  @MaxLength(32, refusal('invalid_two_factor_code'))
  code: string;
}

export class CompleteMfaSignInPayload extends TwoFactorCodePayload {
  @ApiProperty()
  @IsNotEmpty(refusal('mfa_challenge_expired'))
  @IsString(refusal('mfa_challenge_expired'))
  @MaxLength(200, refusal('mfa_challenge_expired'))
  mfaToken: string;
}

/** A session from the second step; recoveryCodes only when it completed a required enrolment (shown once). */
export class MfaSignInSession extends AuthSession {
  @ApiPropertyOptional({ type: [String] }) recoveryCodes?: string[];
}

/** A new, not yet confirmed authenticator secret. */
export class TwoFactorEnrolment {
  @ApiProperty({ description: 'Base32 secret for manual entry' }) secret: string;
  @ApiProperty({ description: 'otpauth:// URI to show as a QR code' }) otpauthUri: string;
}

export class TwoFactorEnabledResult {
  @ApiProperty({ example: true }) twoFactorEnabled: boolean;
  @ApiProperty({ type: [String], description: 'Single-use recovery codes; shown this once only' }) recoveryCodes: string[];
}

/** The Security tab's toggles (spec 02 §3 Preferences.security). */
export class SecurityPreferences {
  @ApiProperty({ description: 'Read-only here: changed by enrolling or disabling two-factor' }) twoFactorEnabled: boolean;
  @ApiProperty() loginAlerts: boolean;
  @ApiProperty() biometricLogin: boolean;
}

export class UpdateSecurityPreferencesPayload {
  @ApiProperty()
  @IsBoolean(refusal('setting_not_boolean', { field: 'loginAlerts' }))
  loginAlerts: boolean;

  @ApiProperty()
  @IsBoolean(refusal('setting_not_boolean', { field: 'biometricLogin' }))
  biometricLogin: boolean;

  @ApiPropertyOptional({ description: 'Ignored if sent: two-factor is turned on by enrolling and off with a code' })
  @IsOptional()
  twoFactorEnabled?: unknown;
}

/** The `security` platform setting (API.md); the defaults apply while it is not stored. */
export interface SecuritySettings {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  maxFailedLogins: number;
  requireAdminMfa: boolean;
}

export const SECURITY_SETTING_KEY = 'security';

/** Spec 02 §9: session timeout 30 minutes, max failed logins 5. */
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 24,
  maxFailedLogins: 5,
  requireAdminMfa: false,
};

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Each field from the stored value where it is usable, else its default. */
export function resolveSecuritySettings(stored: unknown, defaults: SecuritySettings = DEFAULT_SECURITY_SETTINGS): SecuritySettings {
  const value = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return {
    sessionIdleMinutes: positiveInteger(value.sessionIdleMinutes, defaults.sessionIdleMinutes),
    sessionAbsoluteHours: positiveInteger(value.sessionAbsoluteHours, defaults.sessionAbsoluteHours),
    maxFailedLogins: positiveInteger(value.maxFailedLogins, defaults.maxFailedLogins),
    requireAdminMfa: typeof value.requireAdminMfa === 'boolean' ? value.requireAdminMfa : defaults.requireAdminMfa,
  };
}

export const SECURITY_ALERT_KINDS = ['two_factor_enabled', 'two_factor_disabled', 'new_sign_in', 'recovery_code_used'] as const;
export type SecurityAlertKind = (typeof SECURITY_ALERT_KINDS)[number];

/** Something the account's owner must hear about by email (always sent, whatever their notification choices). */
export class SecurityAlertEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsIn(SECURITY_ALERT_KINDS) kind: SecurityAlertKind;
  @IsOptional() @IsString() clientIp?: string | null;
  @IsOptional() @IsString() userAgent?: string | null;
  /** new_sign_in: the single-use link that ends the session of that sign-in. */
  @IsOptional() @IsString() endSessionUrl?: string | null;
}
