import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ADMIN_ROLES, AdminRole } from '../common/request';

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
export const REVOCATION_REASONS = ['signed_out', 'refresh_token_reused', 'password_reset', 'suspended', 'deleted', 'role_changed'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
