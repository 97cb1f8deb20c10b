import { Module } from '@nestjs/common';
import { LoginAlerts } from './login-alerts';
import { TwoFactorService } from './two-factor.service';

/** Two-factor codes and login alerts, shared by sign-in and the Security tab. */
@Module({ providers: [TwoFactorService, LoginAlerts], exports: [TwoFactorService, LoginAlerts] })
export class AccountSecurityCoreModule {}
