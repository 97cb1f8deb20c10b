import { Module } from '@nestjs/common';
import { AccountAdministrationModule } from '../account-administration/account-administration.module';
import { AccountSecurityCoreModule } from '../account-security/account-security-core.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountClosureController } from './account-closure.controller';
import { AccountClosureService } from './account-closure.service';

/** Customers delete their own account (Danger Zone). */
@Module({ imports: [SessionsModule, AccountAdministrationModule, AccountSecurityCoreModule], controllers: [AccountClosureController], providers: [AccountClosureService] })
export class AccountClosureModule {}
