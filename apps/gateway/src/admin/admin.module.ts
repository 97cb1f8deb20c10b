import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ExportAuditModule } from '../exports/export-audit';
import { AdminAreaGate } from './admin-area.gate';
import { AuditLogsController } from './audit-logs.controller';

@Module({
  imports: [AuthModule, ExportAuditModule],
  controllers: [AuditLogsController],
  providers: [AdminAreaGate],
})
export class AdminModule {}
