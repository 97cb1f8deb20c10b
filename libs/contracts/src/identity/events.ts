import { IsEmail, IsIn, IsISO8601, IsOptional, IsString, IsUrl, IsUUID } from 'class-validator';
import { USER_TYPES, UserType } from '../common/request';

export class UserRegisteredEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() firstName: string;
  @IsString() lastName: string;
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
