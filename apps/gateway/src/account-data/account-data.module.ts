import { Module } from '@nestjs/common';
import { AccountDataController } from './account-data.controller';

@Module({ controllers: [AccountDataController] })
export class AccountDataModule {}
