import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AuditLogPage,
  CustomerViewRecorded,
  IdentityCommands,
  ListAuditLogsPayload,
  RecordCustomerViewPayload,
  RecordDataExportPayload,
  RecordDataExportResult,
  RecordFileViewPayload,
  RecordFileViewResult,
  RecordRefusedCommandPayload,
  RecordSecurityEventPayload,
  RecordSecurityEventResult,
  RequestMeta,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { AuditService } from './audit.service';
import { recordCustomerView } from './record-customer-view';
import { recordRefusedCommand } from './record-refused-command';

@Controller()
export class AuditController {
  constructor(
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  /** The caller may be anonymous (an unauthenticated probe is worth recording too). */
  @HandlesCommand(IdentityCommands.recordSecurityEvent)
  recordSecurityEvent(@CommandPayload() payload: RecordSecurityEventPayload, @CommandMeta() meta: RequestMeta): Promise<RecordSecurityEventResult> {
    return this.audit.recordSecurityEvent(payload, meta);
  }

  /** Sent by a service (its command signed) that refused a command no trusted key signed. */
  @HandlesCommand(IdentityCommands.recordRefusedCommand)
  recordRefusedCommand(@CommandPayload() payload: RecordRefusedCommandPayload): Promise<RecordSecurityEventResult> {
    return recordRefusedCommand(this.dataSource, payload);
  }

  /** Active administrators only: the gateway records every admin file export here before sending it. */
  @HandlesCommand(IdentityCommands.recordDataExport)
  recordDataExport(@CommandPayload() payload: RecordDataExportPayload, @CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<RecordDataExportResult> {
    return this.audit.recordDataExport(payload, actor, meta);
  }

  /** Active administrators only: the gateway records every admin opening another person's file here before sending it. */
  @HandlesCommand(IdentityCommands.recordFileView)
  recordFileView(@CommandPayload() payload: RecordFileViewPayload, @CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<RecordFileViewResult> {
    return this.audit.recordFileView(payload, actor, meta);
  }

  /** Admins whose role has the users permission: the gateway records every read of the customer view here before reading (issue 30). */
  @HandlesCommand(IdentityCommands.recordCustomerView)
  recordCustomerView(@CommandPayload() payload: RecordCustomerViewPayload, @CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<CustomerViewRecorded> {
    return recordCustomerView(this.dataSource, payload, actor, meta);
  }

  @HandlesCommand(IdentityCommands.listAuditLogs)
  listAuditLogs(@CommandPayload() payload: ListAuditLogsPayload, @CommandActor() actor: Actor): Promise<AuditLogPage> {
    return this.audit.listAuditLogs(payload, actor);
  }
}
