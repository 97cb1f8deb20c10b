import { Controller } from '@nestjs/common';
import {
  Actor,
  AuditLogPage,
  IdentityCommands,
  ListAuditLogsPayload,
  RecordDataExportPayload,
  RecordDataExportResult,
  RecordFileViewPayload,
  RecordFileViewResult,
  RecordSecurityEventPayload,
  RecordSecurityEventResult,
  RequestMeta,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { AuditService } from './audit.service';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** The caller may be anonymous (an unauthenticated probe is worth recording too). */
  @HandlesCommand(IdentityCommands.recordSecurityEvent)
  recordSecurityEvent(@CommandPayload() payload: RecordSecurityEventPayload, @CommandMeta() meta: RequestMeta): Promise<RecordSecurityEventResult> {
    return this.audit.recordSecurityEvent(payload, meta);
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

  @HandlesCommand(IdentityCommands.listAuditLogs)
  listAuditLogs(@CommandPayload() payload: ListAuditLogsPayload, @CommandActor() actor: Actor): Promise<AuditLogPage> {
    return this.audit.listAuditLogs(payload, actor);
  }
}
