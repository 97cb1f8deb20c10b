import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { EmailLinksModule } from '../tokens/email-links.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/** Forgotten passwords: emailed single-use links and setting the new password. */
@Module({
  imports: [SessionsModule, SignInModule, EmailLinksModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService],
})
export class PasswordResetModule {}
