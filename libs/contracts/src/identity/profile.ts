import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { ADMIN_ROLES, AdminRole } from '@portal/domain-rules';
import { KYC_STATUSES, KycStatus, USER_TYPES, UserType } from '../common/request';
import { IsOmittable, IsPlainName } from '../common/validators';
import { PASSWORD_MAX_LENGTH } from './auth';
import { refusal } from '../common/refusal';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normaliseEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Optional text fields: an empty string clears them. */
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** Messages of the profile form; the server's refusals say the same. */
export const ProfileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  invalidPhone: 'Please enter a valid phone number (digits, spaces, +, -, parentheses; 7 to 20 characters)',
  invalidDateOfBirth: 'Please enter a valid date of birth (YYYY-MM-DD)',
  dateOfBirthRange: 'You must be at least 18 years old, and the date of birth cannot be before 1900.',
  invalidNationality: 'Please enter a valid nationality (letters, spaces and hyphens only)',
  addressTooLong: 'Address must be at most 300 characters',
  invalidPhoto: 'Invalid File Type: Please select a JPG, PNG, or GIF image.',
  emailChangeInvalid: 'This email change link is invalid or has already been used.',
  emailChangeExpired: 'This email change link has expired. Please request the change again from Account Settings.',
} as const;

/**
 * `PATCH /me`: only the fields sent change. A new email needs the current password, and is
 * not applied until its owner confirms it from the new mailbox.
 */
export class UpdateProfilePayload {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOmittable()
  @Transform(trim)
  @IsString(refusal('first_name_required'))
  @IsNotEmpty(refusal('first_name_required'))
  @MaxLength(100, refusal('first_name_too_long'))
  @IsPlainName()
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOmittable()
  @Transform(trim)
  @IsString(refusal('last_name_required'))
  @IsNotEmpty(refusal('last_name_required'))
  @MaxLength(100, refusal('last_name_too_long'))
  @IsPlainName()
  lastName?: string;

  @ApiPropertyOptional({ format: 'email', description: 'A new address is confirmed by a link sent to it; the current one stays until then' })
  @IsOmittable()
  @Transform(normaliseEmail)
  @IsEmail({}, refusal('email_invalid'))
  @MaxLength(254, refusal('email_invalid'))
  email?: string;

  @ApiPropertyOptional({
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'The current password: required when `email` changes (wrong ones are limited per account, like the password change); ignored otherwise',
  })
  @IsOmittable()
  @IsString(refusal('current_password_required'))
  @MaxLength(PASSWORD_MAX_LENGTH, refusal('wrong_current_password'))
  currentPassword?: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 20 })
  @Transform(trimOrNull)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString(refusal('invalid_phone'))
  @Matches(/^\+?[0-9 ()-]{7,20}$/, refusal('invalid_phone'))
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 300 })
  @Transform(trimOrNull)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString(refusal('address_too_long'))
  @MaxLength(300, refusal('address_too_long'))
  address?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date', description: 'YYYY-MM-DD; at least 18 years ago' })
  @Transform(trimOrNull)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString(refusal('invalid_date_of_birth'))
  @Matches(/^\d{4}-\d{2}-\d{2}$/, refusal('invalid_date_of_birth'))
  @IsISO8601({ strict: true }, refusal('invalid_date_of_birth'))
  dateOfBirth?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 100 })
  @Transform(trimOrNull)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString(refusal('invalid_nationality'))
  @Matches(/^[\p{L}][\p{L} '-]{1,99}$/u, refusal('invalid_nationality'))
  nationality?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'uuid', description: 'A file uploaded with purpose profile_photo; null removes the photo' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUUID('all', refusal('invalid_photo'))
  photoFileId?: string | null;
}

export class Profile {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String, description: 'A new address waiting for confirmation by the link sent to it' }) pendingEmail: string | null;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String }) address: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) nationality: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Read with GET /api/v1/files/{id}' }) photoFileId: string | null;
  @ApiProperty({ enum: USER_TYPES }) userType: UserType;
  @ApiProperty({ enum: ADMIN_ROLES, nullable: true, type: String }) adminRole: AdminRole | null;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
}

export class ConfirmEmailChangePayload {
  @ApiProperty() @IsString(refusal('email_change_invalid')) @IsNotEmpty(refusal('email_change_invalid')) @MaxLength(200, refusal('email_change_invalid')) token: string;
}

export class EmailChangeConfirmed {
  @ApiProperty() email: string;
}

/**
 * Carries the single-use link to the new address; the notification service renders and sends it.
 * `currentEmail`, the address in use until the link is opened, is told that the change was asked
 * for (a security notice: someone holding a stolen session learns the password cannot hide it).
 * Optional only for events written before it existed.
 */
export class EmailChangeRequestedEvent {
  @IsUUID() userId: string;
  @IsEmail() newEmail: string;
  @IsOptional() @IsEmail() currentEmail?: string;
  @IsString() firstName: string;
  @IsString() confirmationUrl: string;
  @IsISO8601() expiresAt: string;
}

/** The new address was confirmed: services that keep a user's address update it. */
export class EmailChangedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsEmail() previousEmail: string;
  @IsString() firstName: string;
}
