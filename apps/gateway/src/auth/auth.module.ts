import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { AccessTokenAuthenticator } from './access-token.authenticator';
import { AccessTokenVerifier } from './access-token.verifier';
import { AdminAccessDenial } from './admin-access';
import { AuthController } from './auth.controller';
import { AuthenticationGuard } from './authentication.guard';
import { RefreshCookie } from './refresh-cookie';
import { RolesGuard } from './roles.guard';
import { SessionRevocations } from './session-revocations';

/** Authentication (RS256 access tokens + session revocation), roles, the refresh cookie and the auth endpoints. */
@Module({
  controllers: [AuthController],
  providers: [
    { provide: AccessTokenVerifier, inject: [GATEWAY_CONFIG], useFactory: (config: GatewayConfig) => new AccessTokenVerifier(config.jwtPublicKey) },
    SessionRevocations,
    AccessTokenAuthenticator,
    AdminAccessDenial,
    RefreshCookie,
    // Global guards run in this order: who is calling, then whether they may.
    { provide: APP_GUARD, useClass: AuthenticationGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AccessTokenAuthenticator, AdminAccessDenial],
})
export class AuthModule {}
