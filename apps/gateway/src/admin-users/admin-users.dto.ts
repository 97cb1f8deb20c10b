import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { ADMIN_ROLES, AdminRole, IsOmittable, KYC_STATUSES, KycStatus, USER_STATUSES, USER_TYPES, UserStatus, UserSummary, UserType, refusal } from '@portal/contracts';

export class AdminUserSummary implements UserSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: USER_TYPES }) userType: UserType;
  @ApiPropertyOptional({ enum: ADMIN_ROLES, nullable: true }) adminRole: AdminRole | null;
  @ApiProperty({ enum: USER_STATUSES }) userStatus: UserStatus;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
}

export class SuspendUserBody {
  @ApiPropertyOptional({ maxLength: 500, description: 'Why, for the audit log' })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class ChangeAdminRoleBody {
  @ApiProperty({ enum: ADMIN_ROLES })
  @IsIn(ADMIN_ROLES, refusal('admin_role_filter_invalid', { roles: ADMIN_ROLES.join(', ') }))
  adminRole: AdminRole;
}

export class UserDeletedBody {
  @ApiProperty({ example: true }) deleted: true;
}
