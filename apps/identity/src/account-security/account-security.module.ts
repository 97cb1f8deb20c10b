import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { AccountSecurityCoreModule } from './account-security-core.module';
import { AccountSecurityController } from './account-security.controller';
import { AccountSecurityService } from './account-security.service';

/** Password change, two-factor enrolment and the Security tab's toggles of the signed-in person. */
@Module({
  imports: [SessionsModule, SettingsModule, AccountSecurityCoreModule],
  controllers: [AccountSecurityController],
  providers: [AccountSecurityService],
})
export class AccountSecurityModule {}
