import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { LoginAttemptLimiter } from './login-attempt-limiter';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/** Sign-in with email and password, limited per account and per client address. */
@Module({
  imports: [SessionsModule],
  controllers: [SignInController],
  providers: [LoginAttemptLimiter, SignInService],
  exports: [LoginAttemptLimiter],
})
export class SignInModule {}
