import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, IdentityCommands, SessionUser } from '@portal/contracts';
import { CommandActor, HandlesCommand, ServiceError } from '@portal/messaging';
import { User } from './user.entity';
import { toSessionUser } from './user-records';

@Controller()
export class UsersController {
  constructor(private readonly dataSource: DataSource) {}

  /** The signed-in person as stored now (a role or status change shows before the token expires). */
  @HandlesCommand(IdentityCommands.getCurrentUser)
  async getCurrentUser(@CommandActor() actor: Actor): Promise<SessionUser> {
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.notFound('This account no longer exists.', 'user_not_found');
    return toSessionUser(user);
  }
}
