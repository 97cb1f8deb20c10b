import { Module } from '@nestjs/common';
import { HealthController, HealthDetailsController } from './health.controller';
import { Readiness } from './readiness';

@Module({ controllers: [HealthController, HealthDetailsController], providers: [Readiness] })
export class HealthModule {}
