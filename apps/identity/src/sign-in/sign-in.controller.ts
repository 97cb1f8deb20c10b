import { Controller } from '@nestjs/common';
import { AuthSession, IdentityCommands, RequestMeta, SignInPayload } from '@portal/contracts';
import { CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { SignInService } from './sign-in.service';

@Controller()
export class SignInController {
  constructor(private readonly signInService: SignInService) {}

  /** meta.clientIp, set by the gateway, feeds the per-address limit. */
  @HandlesCommand(IdentityCommands.signIn)
  signIn(@CommandPayload() payload: SignInPayload, @CommandMeta() meta: RequestMeta): Promise<AuthSession> {
    return this.signInService.signIn(payload, meta);
  }
}
