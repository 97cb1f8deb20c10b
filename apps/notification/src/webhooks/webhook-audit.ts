import { EntityManager } from 'typeorm';
import { Actor, NotificationEvents, RequestMeta } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';

/** An admin's webhook action in the audit trail (notification.audit.recorded, through the outbox, in the transaction that acts). */
export async function auditWebhookAction(
  manager: EntityManager,
  admin: Actor,
  meta: RequestMeta,
  action: { actionType: string; targetType: string; targetId: string; description: string; metadata: Record<string, unknown> },
): Promise<void> {
  await addToOutbox(manager, NotificationEvents.auditRecorded, {
    category: 'admin_action',
    actor: { userId: admin.userId },
    clientIp: meta.clientIp ?? null,
    ...action,
  });
}
