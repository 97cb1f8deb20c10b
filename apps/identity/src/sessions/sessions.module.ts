import { Module } from '@nestjs/common';
import { resolveJwtKeys } from '@portal/config';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { SettingsModule } from '../settings/settings.module';
import { AccessTokenSigner } from './access-token-signer';
import { SessionDevicesController } from './session-devices.controller';
import { SessionDevicesService } from './session-devices.service';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

@Module({
  imports: [SettingsModule],
  controllers: [SessionsController, SessionDevicesController],
  providers: [
    {
      provide: AccessTokenSigner,
      inject: [SERVICE_ENVIRONMENT],
      useFactory: (environment: IdentityEnvironment) => {
        // Only this environment's keys count (tests pass theirs without touching process.env).
        const keys = resolveJwtKeys({
          nodeEnv: environment.NODE_ENV,
          needPrivateKey: true,
          env: { JWT_PRIVATE_KEY: environment.JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: environment.JWT_PUBLIC_KEY },
          keysDir: environment.JWT_KEYS_DIR,
        });
        return new AccessTokenSigner(keys.privateKey as string, environment.ACCESS_TOKEN_TTL_SECONDS);
      },
    },
    SessionsService,
    SessionDevicesService,
  ],
  exports: [SessionsService],
})
export class SessionsModule {}
