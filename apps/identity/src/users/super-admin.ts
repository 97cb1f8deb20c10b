import { EntityManager } from 'typeorm';
import { Actor } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { User } from './user.entity';

/**
 * The caller as an active super administrator, read from the database rather than the
 * token, so a demotion or suspension takes effect before the token expires.
 */
export async function requireSuperAdmin(manager: EntityManager, actor: Actor, refusal: string): Promise<User> {
  const user = await manager.findOneBy(User, { id: actor.userId });
  if (!user || user.userType !== 'admin' || user.adminRole !== 'super_admin' || user.userStatus === 'suspended') {
    throw ServiceError.forbidden(refusal, 'forbidden');
  }
  return user;
}
