import { Module } from '@nestjs/common';
import { BackOfficeController } from './back-office.controller';
import { BackOfficeFigures } from './back-office-figures';

/** Overview and Reports & Analytics: figures composed from the services that own them. */
@Module({ controllers: [BackOfficeController], providers: [BackOfficeFigures] })
export class BackOfficeModule {}
