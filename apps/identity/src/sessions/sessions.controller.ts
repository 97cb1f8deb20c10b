import { Controller } from '@nestjs/common';
import { Actor, AuthSession, IdentityCommands, RefreshSessionPayload, RequestMeta, SignOutPayload } from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
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

  @HandlesCommand(IdentityCommands.signOutCurrentSession)
  async signOutCurrentSession(@CommandActor() actor: Actor | null): Promise<void> {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    await this.sessions.signOutSession(actor.userId, actor.sessionId);
  }
}
