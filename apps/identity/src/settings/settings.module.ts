import { Module } from '@nestjs/common';
import { SettingsSecretBox } from '@portal/config';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** Platform settings (system_settings): feature toggles, currencies, fees, rates, wallets, roles. */
@Module({
  controllers: [SettingsController],
  providers: [
    SettingsService,
    { provide: SettingsSecretBox, inject: [SERVICE_ENVIRONMENT], useFactory: (environment: IdentityEnvironment) => SettingsSecretBox.fromEnvironment(environment) },
  ],
  exports: [SettingsService],
})
export class SettingsModule {}
