import { Module } from '@nestjs/common';
import { ExportAuditModule } from '../exports/export-audit';
import { BackOfficeController } from './back-office.controller';
import { BackOfficeFigures } from './back-office-figures';

/** Overview and Reports & Analytics: figures composed from the services that own them. */
@Module({ imports: [ExportAuditModule], controllers: [BackOfficeController], providers: [BackOfficeFigures] })
export class BackOfficeModule {}
