import { Module } from '@nestjs/common';
import { AdminMoneyController } from './admin-money.controller';
import { MoneyController } from './money.controller';
import { TransactionExport } from './transaction-export';

@Module({ controllers: [MoneyController, AdminMoneyController], providers: [TransactionExport] })
export class MoneyModule {}
