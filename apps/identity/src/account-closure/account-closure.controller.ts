import { Controller } from '@nestjs/common';
import { AccountClosureCommands, AccountDeletedReply, Actor, DeleteOwnAccountPayload, RequestMeta } from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { AccountClosureService } from './account-closure.service';

@Controller()
export class AccountClosureController {
  constructor(private readonly closure: AccountClosureService) {}

  @HandlesCommand(AccountClosureCommands.deleteOwnAccount)
  deleteOwn(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: DeleteOwnAccountPayload): Promise<AccountDeletedReply> {
    return this.closure.deleteOwn(actor, payload.password, meta);
  }
}
