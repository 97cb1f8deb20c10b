import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The audit log: security events reported by the gateway and the web app, and admin actions. */
@Module({ controllers: [AuditController], providers: [AuditService] })
export class AuditModule {}
