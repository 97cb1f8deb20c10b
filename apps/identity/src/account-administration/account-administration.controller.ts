import { Controller } from '@nestjs/common';
import { Actor, ChangeAdminRolePayload, CreateAdminPayload, IdentityCommands, SessionUser, RequestMeta, SuspendUserPayload, UserDeletedResult, UserIdPayload, UserSummary } from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { AccountAdministrationService } from './account-administration.service';

@Controller()
export class AccountAdministrationController {
  constructor(private readonly accounts: AccountAdministrationService) {}

  @HandlesCommand(IdentityCommands.suspendUser)
  suspend(@CommandActor() actor: Actor, @CommandPayload() payload: SuspendUserPayload, @CommandMeta() meta: RequestMeta): Promise<UserSummary> {
    return this.accounts.suspend(actor, payload.userId, payload.reason, meta);
  }

  @HandlesCommand(IdentityCommands.activateUser)
  activate(@CommandActor() actor: Actor, @CommandPayload() payload: UserIdPayload, @CommandMeta() meta: RequestMeta): Promise<UserSummary> {
    return this.accounts.activate(actor, payload.userId, meta);
  }

  @HandlesCommand(IdentityCommands.deleteUser)
  delete(@CommandActor() actor: Actor, @CommandPayload() payload: UserIdPayload, @CommandMeta() meta: RequestMeta): Promise<UserDeletedResult> {
    return this.accounts.delete(actor, payload.userId, meta);
  }

  @HandlesCommand(IdentityCommands.changeAdminRole)
  changeAdminRole(@CommandActor() actor: Actor, @CommandPayload() payload: ChangeAdminRolePayload, @CommandMeta() meta: RequestMeta): Promise<UserSummary> {
    return this.accounts.changeAdminRole(actor, payload.userId, payload.adminRole, meta);
  }

  @HandlesCommand(IdentityCommands.createAdmin)
  createAdmin(@CommandActor() actor: Actor, @CommandPayload() payload: CreateAdminPayload, @CommandMeta() meta: RequestMeta): Promise<SessionUser> {
    return this.accounts.createAdmin(actor, payload, meta);
  }
}
