import { ApiProperty } from '@nestjs/swagger';
import { ADMIN_ROLES, AdminRole } from '@portal/domain-rules';
import { KYC_STATUSES, KycStatus, USER_STATUSES, USER_TYPES, UserStatus, UserType } from '../common/request';

export class SessionUser {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: USER_TYPES }) userType: UserType;
  @ApiProperty({ enum: ADMIN_ROLES, nullable: true, type: String }) adminRole: AdminRole | null;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
  @ApiProperty({ enum: USER_STATUSES }) userStatus: UserStatus;
}

/** A signed-in session: a short-lived access token and the opaque refresh token that renews it. */
export class AuthSession {
  @ApiProperty() accessToken: string;
  @ApiProperty({ description: 'Opaque; also set as an httpOnly cookie for browsers' }) refreshToken: string;
  @ApiProperty({ description: 'Access token lifetime in seconds' }) expiresIn: number;
  @ApiProperty({ description: 'Access token expiry, ISO-8601' }) expiresAt: string;
  @ApiProperty({ type: SessionUser }) user: SessionUser;
}

/** Claims of the access token identity signs and the gateway verifies. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  typ: UserType;
  role: AdminRole | null;
}

export const ACCESS_TOKEN_ISSUER = 'portal-identity';
export const ACCESS_TOKEN_AUDIENCE = 'portal';

/** Redis key that marks a session revoked (logout, reuse, password reset) before its access token expires. */
export function revokedSessionKey(sessionId: string): string {
  return `auth:revoked-session:${sessionId}`;
}
