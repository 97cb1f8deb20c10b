import { Module } from '@nestjs/common';
import { AccountSecurityCoreModule } from '../account-security/account-security-core.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { LoginAttemptLimiter } from './login-attempt-limiter';
import { MfaChallenges } from './mfa-challenges';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/** Sign-in with email and password (and an authenticator code when two-factor is on), limited per account and per client address. */
@Module({
  imports: [SessionsModule, SettingsModule, AccountSecurityCoreModule],
  controllers: [SignInController],
  providers: [LoginAttemptLimiter, MfaChallenges, SignInService],
  exports: [LoginAttemptLimiter, SignInService],
})
export class SignInModule {}
