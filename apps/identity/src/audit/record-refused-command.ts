import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { RecordRefusedCommandPayload, RecordSecurityEventResult } from '@portal/contracts';
import { recordAudit } from './record-audit';

/** Why the command was refused, in the record's words. */
const REASONS: Record<RecordRefusedCommandPayload['refusal'], string> = {
  unsigned: 'it carried no signature',
  unknown_signer: 'its signer is not trusted',
  expired: 'its signature had expired',
  bad_signature: 'its signature does not match its content',
  replayed: 'it was a copy of a command already handled',
};

/**
 * A service refused a command no trusted key signed: someone on the message bus tried to
 * give an order, perhaps as an administrator. The record names the actor the envelope
 * claimed as its target (the person someone tried to act as), never as its actor.
 */
export async function recordRefusedCommand(dataSource: DataSource, payload: RecordRefusedCommandPayload): Promise<RecordSecurityEventResult> {
  const claimedUserId = payload.claimedActor?.userId;
  const claimedAs = payload.claimedActor?.userType === 'admin' ? ` as an administrator (${payload.claimedActor.adminRole ?? 'no role'})` : payload.claimedActor?.userType ? ` as a ${payload.claimedActor.userType}` : '';
  const more = payload.alsoRefusedUnreported > 0 ? `; ${payload.alsoRefusedUnreported} more refused since the last record` : '';
  const row = await recordAudit(dataSource.manager, {
    category: 'security_event',
    actionType: 'command_refused',
    actor: null,
    targetType: claimedUserId && isUUID(claimedUserId) ? 'user' : null,
    targetId: claimedUserId && isUUID(claimedUserId) ? claimedUserId : null,
    description: `The ${payload.service} service refused a command to ${payload.subject}${claimedAs}: ${REASONS[payload.refusal]}${more}`,
    metadata: {
      service: payload.service,
      subject: payload.subject,
      refusal: payload.refusal,
      signer: payload.signer,
      claimedActor: payload.claimedActor,
      requestId: payload.requestId,
      alsoRefusedUnreported: payload.alsoRefusedUnreported || undefined,
    },
  });
  return { id: row.id };
}
