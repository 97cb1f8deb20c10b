import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountAdministrationController } from './account-administration.controller';
import { AccountAdministrationService } from './account-administration.service';

/** Admins suspend, re-activate and delete accounts and change admin roles; each ends the sessions it must. */
@Module({ imports: [SessionsModule], controllers: [AccountAdministrationController], providers: [AccountAdministrationService], exports: [AccountAdministrationService] })
export class AccountAdministrationModule {}
