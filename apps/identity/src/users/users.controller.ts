import { Controller } from '@nestjs/common';
import { Actor, IdentityCommands, SessionUser } from '@portal/contracts';
import { CommandActor, HandlesCommand, ServiceError } from '@portal/messaging';
import { CurrentUserQueries } from './current-user.queries';
import { toSessionUser } from './user-records';

@Controller()
export class UsersController {
  constructor(private readonly currentUser: CurrentUserQueries) {}

  /** The signed-in person as stored now (a role or status change shows before the token expires). */
  @HandlesCommand(IdentityCommands.getCurrentUser)
  async getCurrentUser(@CommandActor() actor: Actor): Promise<SessionUser> {
    const user = await this.currentUser.find(actor.userId);
    if (!user) throw ServiceError.of(404, 'account_deleted');
    return toSessionUser(user);
  }
}
