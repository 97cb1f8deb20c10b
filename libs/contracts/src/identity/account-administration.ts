import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { CursorQuery } from '../common/paging';
import { IsPlainName } from '../common/validators';
import { ADMIN_ROLES, AdminRole } from '@portal/domain-rules';
import { KYC_STATUSES, KycStatus, USER_STATUSES, USER_TYPES, UserStatus, UserType } from '../common/request';

export class SuspendUserPayload {
  @IsUUID() userId: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class UserIdPayload {
  @IsUUID() userId: string;
}

export class ChangeAdminRolePayload {
  @IsUUID() userId: string;
  @ApiProperty({ enum: ADMIN_ROLES }) @IsIn(ADMIN_ROLES) adminRole: AdminRole;
}

export class UserDeletedResult {
  @ApiProperty({ example: true }) deleted: true;
}

/**
 * Why a session was ended before its access token expired: identity writes it as the
 * revocation mark, and the gateway tells the person in words that fit.
 */
export const REVOCATION_REASONS = ['signed_out', 'refresh_token_reused', 'password_reset', 'suspended', 'deleted', 'role_changed', 'password_changed'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** User and Admin Management's list: search over name and email, filters, newest first, cursor pages with the total. */
export class ListUsersPayload extends CursorQuery {
  @ApiPropertyOptional({ description: 'Part of a first name, last name or email' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: USER_STATUSES }) @IsOptional() @IsIn(USER_STATUSES) status?: UserStatus;
  @ApiPropertyOptional({ enum: KYC_STATUSES }) @IsOptional() @IsIn(KYC_STATUSES) kycStatus?: KycStatus;
  @ApiPropertyOptional({ enum: USER_TYPES }) @IsOptional() @IsIn(USER_TYPES) userType?: UserType;
}

export class AdminUserRow {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: USER_TYPES }) userType: UserType;
  @ApiProperty({ enum: ADMIN_ROLES, nullable: true, type: String }) adminRole: AdminRole | null;
  @ApiProperty({ enum: USER_STATUSES }) userStatus: UserStatus;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
  @ApiProperty() createdAt: string;
}

/** Counts over every account (not only the filtered ones), for the screen's badges. */
export class UserCounts {
  @ApiProperty() total: number;
  @ApiProperty() active: number;
  @ApiProperty() suspended: number;
  @ApiProperty() customers: number;
  @ApiProperty() admins: number;
  @ApiProperty() kycPending: number;
}

export class AdminUserPage {
  @ApiProperty({ type: [AdminUserRow] }) items: AdminUserRow[];
  /** How many accounts match the search and filters. */
  @ApiProperty() total: number;
  /** Pass back as cursor for the next page; null on the last. */
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty({ type: UserCounts }) counts: UserCounts;
}

/** The Create Admin dialog (spec 02 §5): checked by identity in the spec's order, with its messages. */
export class CreateAdminPayload {
  @ApiProperty({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(200) @IsPlainName() firstName?: string;
  @ApiProperty({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(200) @IsPlainName() lastName?: string;
  @ApiProperty({ maxLength: 254 }) @IsOptional() @IsString() @MaxLength(300) email?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) password?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(200) confirmPassword?: string;
  @ApiProperty({ enum: ADMIN_ROLES }) @IsOptional() @IsString() @MaxLength(30) adminRole?: string;
}

/** Refusal of deleting a customer who still holds money (checked with the ledger when it answers balances). */
export const DELETE_WITH_BALANCE_MESSAGE = 'This customer still holds funds. Settle or withdraw the balance before deleting the account.';
