import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { CurrentPasswordCheck } from './current-password-check';
import { LoginAlerts } from './login-alerts';
import { TwoFactorCodeLimit } from './two-factor-code-limit';
import { TwoFactorService } from './two-factor.service';

/**
 * Two-factor codes and login alerts, shared by sign-in and the Security tab; and the check of
 * the current password that the Security tab, the profile's email change and Delete Account share.
 */
@Module({ imports: [SettingsModule], providers: [TwoFactorService, LoginAlerts, CurrentPasswordCheck, TwoFactorCodeLimit], exports: [TwoFactorService, LoginAlerts, CurrentPasswordCheck, TwoFactorCodeLimit] })
export class AccountSecurityCoreModule {}
