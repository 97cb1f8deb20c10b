import { Module } from '@nestjs/common';
import { AdminApplicationsController, ApplicationsController, InvestmentsController } from './applications.controller';

@Module({ controllers: [ApplicationsController, InvestmentsController, AdminApplicationsController] })
export class ApplicationsModule {}
