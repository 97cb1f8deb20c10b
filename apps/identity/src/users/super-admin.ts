import { EntityManager } from 'typeorm';
import { Actor } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { lockAccountShared } from '../sessions/account-lock';
import { User } from './user.entity';

/**
 * The caller as an active super administrator, read from the database rather than the
 * token, so a demotion or suspension takes effect before the token expires.
 *
 * `lock`: for a transaction that acts on the answer. The caller's row stays share-locked
 * until it ends (see lockAccountShared), so a demotion, suspension or deletion of the caller
 * under way has committed before the role is read, and none commits before the action does.
 */
export async function requireSuperAdmin(manager: EntityManager, actor: Actor, refusal: string, options: { lock?: boolean } = {}): Promise<User> {
  const user = options.lock ? await lockAccountShared(manager, actor.userId) : await manager.findOneBy(User, { id: actor.userId });
  if (!user || user.userType !== 'admin' || user.adminRole !== 'super_admin' || user.userStatus === 'suspended') {
    throw ServiceError.forbidden(refusal, 'forbidden');
  }
  return user;
}
