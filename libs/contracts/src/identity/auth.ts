import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EqualsProperty, IsOmittable, IsPlainName } from '../common/validators';

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
  @IsNotEmpty({ message: 'First name is required' })
  @IsString({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsPlainName()
  firstName: string;

  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsNotEmpty({ message: 'Last name is required' })
  @IsString({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsPlainName()
  lastName: string;

  @ApiProperty({ format: 'email' })
  @Transform(normaliseEmail)
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ minLength: CUSTOMER_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  @MinLength(CUSTOMER_PASSWORD_MIN_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  password: string;

  @ApiProperty()
  @EqualsProperty('password', { message: 'Passwords do not match' })
  confirmPassword: string;

  @ApiProperty({ enum: ['customer'], description: 'Only customers can sign up' })
  @IsIn(['customer'], { message: 'Only customer accounts can be created by signing up' })
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
  @IsNotEmpty({ message: 'Please fill in all fields' })
  @IsString({ message: 'Please fill in all fields' })
  @MaxLength(254, { message: 'Invalid email or password' })
  email: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Please fill in all fields' })
  @IsString({ message: 'Please fill in all fields' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Invalid email or password' })
  password: string;
}

export class ConfirmEmailPayload {
  @ApiProperty()
  @IsNotEmpty({ message: 'This confirmation link is invalid. Please request a new confirmation email.' })
  @IsString({ message: 'This confirmation link is invalid. Please request a new confirmation email.' })
  @MaxLength(200, { message: 'This confirmation link is invalid. Please request a new confirmation email.' })
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
  @IsNotEmpty({ message: 'Please enter your email address to resend the confirmation.' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
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
  @IsNotEmpty({ message: 'Please enter your email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}

export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new password reset.';

export class UpdatePasswordPayload {
  @ApiProperty()
  @IsNotEmpty({ message: INVALID_RESET_LINK })
  @IsString({ message: INVALID_RESET_LINK })
  @MaxLength(200, { message: INVALID_RESET_LINK })
  token: string;

  @ApiProperty({ minLength: CUSTOMER_PASSWORD_MIN_LENGTH })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  @MinLength(CUSTOMER_PASSWORD_MIN_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
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
