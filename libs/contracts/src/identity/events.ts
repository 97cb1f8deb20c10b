import { IsDefined, IsEmail, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUrl, IsUUID, Min } from 'class-validator';
import { ADMIN_ROLES, AdminRole } from '@portal/domain-rules';
import { USER_STATUSES, USER_TYPES, UserStatus, UserType } from '../common/request';

export class UserRegisteredEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsString() lastName: string;
  @IsIn(USER_TYPES) userType: UserType;
}

/**
 * Someone signed up with the address of an existing account: its owner is told, with a
 * way to sign in and to reset the password, instead of the sign-up saying it is taken.
 */
export class SignUpAttemptedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsIn(USER_TYPES) userType: UserType;
}

/** Carries the single-use link: the notification service only renders and sends it. */
export class EmailConfirmationRequestedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsUrl({ require_tld: false }) confirmationUrl: string;
  @IsISO8601() expiresAt: string;
}

export class UserConfirmedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
}

export class PasswordResetRequestedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsUrl({ require_tld: false }) resetUrl: string;
  @IsISO8601() expiresAt: string;
}

export class PasswordChangedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsIn(['reset', 'change']) via: 'reset' | 'change';
}

export class SecurityEventRecordedEvent {
  @IsUUID() auditId: string;
  @IsString() type: string;
  @IsOptional() @IsUUID() userId?: string | null;
  @IsString() description: string;
}

/**
 * A platform setting changed (identity owns settings). Every service that obeys a
 * setting applies it from this event without a restart; `version` grows with each
 * change of the key, so an older value never replaces a newer one.
 */
export class SettingChangedEvent {
  @IsString() key: string;
  @IsDefined() value: unknown;
  @IsInt() @Min(1) version: number;
  @IsOptional() @IsUUID() changedBy: string | null;
}

/** An admin suspended or re-activated an account, or changed an admin's role. */
export class UserStatusChangedEvent {
  @IsUUID() userId: string;
  @IsIn(USER_STATUSES) userStatus: UserStatus;
  @IsOptional() @IsIn(ADMIN_ROLES) adminRole?: AdminRole | null;
  @IsOptional() @IsUUID() changedBy: string | null;
}

/** An account was deleted: services that keep personal data by user id remove or anonymise it. */
export class UserDeletedEvent {
  @IsUUID() userId: string;
  @IsOptional() @IsUUID() deletedBy: string | null;
}
