import { Module } from '@nestjs/common';
import { AdminSupportController } from './admin-support.controller';
import { SupportController } from './support.controller';

@Module({ controllers: [SupportController, AdminSupportController] })
export class SupportModule {}
