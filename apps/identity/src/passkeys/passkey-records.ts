import { EntityManager } from 'typeorm';
import { Actor, PasskeySummary, RequestMeta } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { lockAccount } from '../sessions/account-lock';
import { User } from '../users/user.entity';
import { Passkey } from './passkey.entity';

export const passkeyNotFound = () => ServiceError.of(404, 'passkey_not_found');

export function toPasskeySummary(passkey: Passkey): PasskeySummary {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt ? passkey.lastUsedAt.toISOString() : null,
    synced: passkey.synced,
  };
}

/** The caller's account, locked until the transaction ends: changes to its passkeys take turns. */
export async function callerAccount(manager: EntityManager, actor: Actor): Promise<User> {
  const user = await lockAccount(manager, actor.userId);
  // Sessions end with the account; a token still in flight finds nothing to change.
  if (!user) throw ServiceError.of(401, 'unauthenticated');
  return user;
}

/** A passkey added or removed, in the security trail of the account, with the device that did it. */
export async function auditPasskeyChange(manager: EntityManager, user: User, action: 'passkey_added' | 'passkey_removed', passkey: Passkey, meta: RequestMeta): Promise<void> {
  await recordAudit(manager, {
    category: 'security_event',
    actionType: action,
    actor: { userId: user.id, email: user.email },
    targetType: 'user',
    targetId: user.id,
    description: action === 'passkey_added' ? `A passkey was added: ${passkey.name}` : `A passkey was removed: ${passkey.name}`,
    metadata: { passkeyId: passkey.id, passkeyName: passkey.name, userAgent: meta.userAgent, requestId: meta.requestId },
    clientIp: meta.clientIp ?? null,
  });
}
