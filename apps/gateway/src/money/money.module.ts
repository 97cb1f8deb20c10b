import { Module } from '@nestjs/common';
import { ExportAuditModule } from '../exports/export-audit';
import { AdminMoneyController } from './admin-money.controller';
import { MoneyController } from './money.controller';
import { TransactionExport } from './transaction-export';

@Module({ imports: [ExportAuditModule], controllers: [MoneyController, AdminMoneyController], providers: [TransactionExport] })
export class MoneyModule {}
