import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ExportAuditModule } from '../exports/export-audit';
import { BackOfficeController } from './back-office.controller';
import { BackOfficeFigures } from './back-office-figures';
import { TreasuryController } from './treasury.controller';

/** Overview and Reports & Analytics: figures composed from the services that own them; treasury's earnings actuals and maturity schedule. */
@Module({ imports: [AuthModule, ExportAuditModule], controllers: [BackOfficeController, TreasuryController], providers: [BackOfficeFigures] })
export class BackOfficeModule {}
