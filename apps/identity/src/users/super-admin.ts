import { EntityManager } from 'typeorm';
import { Actor, UserMessageCode } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { lockAccountShared } from '../sessions/account-lock';
import { User } from './user.entity';

/**
 * The caller as an active super administrator, read from the database rather than the
 * token, so a demotion or suspension takes effect before the token expires; anyone else is
 * refused (403) with `refusal`, the code saying what only super administrators may do.
 *
 * `lock`: for a transaction that acts on the answer. The caller's row stays share-locked
 * until it ends (see lockAccountShared), so a demotion, suspension or deletion of the caller
 * under way has committed before the role is read, and none commits before the action does.
 */
export async function requireSuperAdmin(manager: EntityManager, actor: Actor, refusal: UserMessageCode, options: { lock?: boolean } = {}): Promise<User> {
  const user = options.lock ? await lockAccountShared(manager, actor.userId) : await manager.findOneBy(User, { id: actor.userId });
  if (!user || user.userType !== 'admin' || user.adminRole !== 'super_admin' || user.userStatus === 'suspended') {
    throw ServiceError.of(403, refusal);
  }
  return user;
}
