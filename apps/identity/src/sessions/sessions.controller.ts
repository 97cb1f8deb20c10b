import { Controller } from '@nestjs/common';
import { AuthSession, IdentityCommands, RefreshSessionPayload, RequestMeta, SignOutPayload } from '@portal/contracts';
import { CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @HandlesCommand(IdentityCommands.refreshSession)
  refreshSession(@CommandPayload() payload: RefreshSessionPayload, @CommandMeta() meta: RequestMeta): Promise<AuthSession> {
    return this.sessions.refreshSession(payload.refreshToken, meta);
  }

  @HandlesCommand(IdentityCommands.signOut)
  signOut(@CommandPayload() payload: SignOutPayload): Promise<void> {
    return this.sessions.signOut(payload.refreshToken);
  }
}
