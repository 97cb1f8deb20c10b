import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokenAuthenticator } from './access-token.authenticator';
import { AccessTokenStrategy } from './access-token.strategy';
import { AdminAccessDenial } from './admin-access';
import { AdminPermissionGuard } from './admin-permission.guard';
import { AdminRolePermissions } from './admin-role-permissions';
import { AuthController } from './auth.controller';
import { ReauthenticationController } from './reauthentication.controller';
import { RecentSignInGuard } from './recent-sign-in.guard';
import { AuthenticationGuard } from './authentication.guard';
import { RefreshCookie } from './refresh-cookie';
import { UserTypeGuard } from './user-type.guard';
import { SessionRevocations } from './session-revocations';

/** Authentication (RS256 access tokens + session revocation), roles and admin permissions, the refresh cookie and the auth endpoints. */
@Module({
  controllers: [AuthController, ReauthenticationController],
  providers: [
    AccessTokenStrategy,
    SessionRevocations,
    AccessTokenAuthenticator,
    AdminAccessDenial,
    AdminRolePermissions,
    RefreshCookie,
    // Global guards run in this order: who is calling, then whether they may.
    { provide: APP_GUARD, useClass: AuthenticationGuard },
    { provide: APP_GUARD, useClass: UserTypeGuard },
    { provide: APP_GUARD, useClass: AdminPermissionGuard },
    { provide: APP_GUARD, useClass: RecentSignInGuard },
  ],
  exports: [AccessTokenAuthenticator, AdminAccessDenial, AdminRolePermissions, RefreshCookie],
})
export class AuthModule {}
