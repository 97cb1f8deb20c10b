import { Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';

/** Applications, drafts, the review workflow and the investments approvals open. */
@Module({ controllers: [ApplicationsController], providers: [ApplicationsService] })
export class ApplicationsFeatureModule {}
