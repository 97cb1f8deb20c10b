import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EqualsProperty, IsOmittable, IsPlainName } from '../common/validators';
import { refusal } from '../common/refusal';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normaliseEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export const CUSTOMER_PASSWORD_MIN_LENGTH = 6;
/** Upper bound so hashing cost cannot be driven up by huge inputs. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Sign-up, checked in the order of spec 01 §5: first name, last name, email, password,
 * password length, confirmation. Validation stops at each field's first failure.
 */
export class SignUpPayload {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsNotEmpty(refusal('first_name_required'))
  @IsString(refusal('first_name_required'))
  @MaxLength(100, refusal('first_name_too_long'))
  @IsPlainName()
  firstName: string;

  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsNotEmpty(refusal('last_name_required'))
  @IsString(refusal('last_name_required'))
  @MaxLength(100, refusal('last_name_too_long'))
  @IsPlainName()
  lastName: string;

  @ApiProperty({ format: 'email' })
  @Transform(normaliseEmail)
  @IsNotEmpty(refusal('email_required'))
  @IsEmail({}, refusal('email_invalid'))
  @MaxLength(254, refusal('email_invalid'))
  email: string;

  @ApiProperty({ minLength: CUSTOMER_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsNotEmpty(refusal('password_required'))
  @IsString(refusal('password_required'))
  @MinLength(CUSTOMER_PASSWORD_MIN_LENGTH, refusal('password_too_short'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('password_too_long'))
  password: string;

  @ApiProperty()
  @EqualsProperty('password', refusal('passwords_do_not_match'))
  confirmPassword: string;

  @ApiProperty({ enum: ['customer'], description: 'Only customers can sign up' })
  @IsIn(['customer'], refusal('customer_signup_only'))
  userType: 'customer';
}

/**
 * The same for an address that is new and one already registered (whose owner is emailed
 * instead): the answer never tells who has an account. No account id, for that reason.
 */
export class SignUpResult {
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Always true: the person is to follow the link emailed to the address' })
  confirmationRequired: boolean;
}

export class SignInPayload {
  @ApiProperty({ format: 'email' })
  @Transform(normaliseEmail)
  @IsNotEmpty(refusal('fields_required'))
  @IsString(refusal('fields_required'))
  @MaxLength(254, refusal('invalid_credentials'))
  email: string;

  @ApiProperty()
  @IsNotEmpty(refusal('fields_required'))
  @IsString(refusal('fields_required'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('invalid_credentials'))
  password: string;
}

export class ConfirmEmailPayload {
  @ApiProperty()
  @IsNotEmpty(refusal('confirmation_invalid'))
  @IsString(refusal('confirmation_invalid'))
  @MaxLength(200, refusal('confirmation_invalid'))
  token: string;
}

/**
 * Resend by email never reveals whether an account exists. Resend from a confirmation
 * link (token, even expired or used) proves the link was received, so it may answer
 * "already confirmed".
 */
export class ResendConfirmationPayload {
  @ApiPropertyOptional({ format: 'email' })
  @ValidateIf((o: ResendConfirmationPayload) => !o.token)
  @Transform(normaliseEmail)
  @IsNotEmpty(refusal('resend_email_required'))
  @IsEmail({}, refusal('email_invalid'))
  email?: string;

  @ApiPropertyOptional({ description: 'The token of a confirmation link, when resending from that link' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  token?: string;
}

export const RESEND_OUTCOMES = ['sent', 'already_confirmed'] as const;
export class ResendConfirmationResult {
  @ApiProperty({ enum: RESEND_OUTCOMES }) outcome: (typeof RESEND_OUTCOMES)[number];
}

export class RefreshSessionPayload {
  @ApiPropertyOptional({ description: 'For API clients; browsers send the httpOnly cookie instead' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  refreshToken?: string;
}

export class SignOutPayload extends RefreshSessionPayload {}

export class RequestPasswordResetPayload {
  @ApiProperty({ format: 'email' })
  @Transform(normaliseEmail)
  @IsNotEmpty(refusal('reset_email_required'))
  @IsEmail({}, refusal('email_invalid'))
  email: string;
}

export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new password reset.';

export class UpdatePasswordPayload {
  @ApiProperty()
  @IsNotEmpty(refusal('invalid_reset_link'))
  @IsString(refusal('invalid_reset_link'))
  @MaxLength(200, refusal('invalid_reset_link'))
  token: string;

  @ApiProperty({ minLength: CUSTOMER_PASSWORD_MIN_LENGTH })
  @IsNotEmpty(refusal('password_required'))
  @IsString(refusal('password_required'))
  @MinLength(CUSTOMER_PASSWORD_MIN_LENGTH, refusal('password_too_short'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('password_too_long'))
  password: string;
}

export class AcceptedResult {
  @ApiProperty({ example: true }) accepted: boolean;
}

/** A completed password reset; the person then signs in with the new password. */
export class PasswordUpdatedResult {
  @ApiProperty({ example: true }) updated: boolean;
}

/** Messages of spec 01 §8 that clients and tests rely on word for word. */
export const AuthMessages = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please check your email and click the confirmation link',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  duplicateEmail: 'An account with this email already exists. Please try logging in instead.',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  registrationsClosed: 'New registrations are currently closed. Please try again later.',
  confirmationExpired: 'Your confirmation link has expired. Please request a new one.',
  confirmationInvalid: 'This confirmation link is invalid. Please request a new confirmation email.',
  alreadyConfirmed: 'Your email has already been confirmed. You can now log in to your account.',
  invalidResetLink: INVALID_RESET_LINK,
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** Machine-readable codes carried in ErrorBody.code. */
export const AuthErrorCodes = {
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  tooManyAttempts: 'too_many_attempts',
  duplicateEmail: 'duplicate_email',
  accountSuspended: 'account_suspended',
  registrationsClosed: 'registrations_closed',
  confirmationExpired: 'confirmation_expired',
  confirmationInvalid: 'confirmation_invalid',
  alreadyConfirmed: 'already_confirmed',
  invalidResetLink: 'invalid_reset_link',
  sessionEnded: 'session_ended',
} as const;
