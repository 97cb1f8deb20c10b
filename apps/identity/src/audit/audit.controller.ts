import { Controller } from '@nestjs/common';
import { Actor, AuditLogPage, IdentityCommands, ListAuditLogsPayload, RecordSecurityEventPayload, RecordSecurityEventResult, RequestMeta } from '@portal/contracts';
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

  @HandlesCommand(IdentityCommands.listAuditLogs)
  listAuditLogs(@CommandPayload() payload: ListAuditLogsPayload, @CommandActor() actor: Actor): Promise<AuditLogPage> {
    return this.audit.listAuditLogs(payload, actor);
  }
}
