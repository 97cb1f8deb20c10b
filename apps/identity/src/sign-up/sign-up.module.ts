import { Module } from '@nestjs/common';
import { EmailConfirmationModule } from '../email-confirmation/email-confirmation.module';
import { SettingsModule } from '../settings/settings.module';
import { SignUpController } from './sign-up.controller';
import { SignUpService } from './sign-up.service';

/** Customer self-registration (refused while the new_registrations toggle is off). */
@Module({ imports: [SettingsModule, EmailConfirmationModule], controllers: [SignUpController], providers: [SignUpService] })
export class SignUpModule {}
