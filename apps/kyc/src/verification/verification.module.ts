import { Module } from '@nestjs/common';
import { ServiceEnvironment, SettingsSecretBox } from '@portal/config';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** Biometric verification: sessions of three steps decided by the configured provider's adapter. */
@Module({
  controllers: [VerificationController],
  providers: [
    VerificationService,
    // The provider's API key arrives encrypted by identity; only this service decrypts it.
    { provide: SettingsSecretBox, inject: [SERVICE_ENVIRONMENT], useFactory: (environment: ServiceEnvironment) => SettingsSecretBox.fromEnvironment(environment) },
  ],
})
export class VerificationModule {}
