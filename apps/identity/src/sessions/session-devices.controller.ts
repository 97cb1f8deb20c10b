import { Controller } from '@nestjs/common';
import {
  Actor,
  EndSessionLinkPayload,
  IdentityCommands,
  RequestMeta,
  SessionEndedFromLink,
  SessionIdPayload,
  SessionList,
  SessionsEnded,
  UserSessionPayload,
  UserSessionsPayload,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { SessionDevicesService } from './session-devices.service';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
}

/** Sessions and devices: the caller's own (Settings → Security), a user's (User Management), and the emailed link. */
@Controller()
export class SessionDevicesController {
  constructor(private readonly devices: SessionDevicesService) {}

  @HandlesCommand(IdentityCommands.listMySessions)
  listMine(@CommandActor() actor: Actor | null): Promise<SessionList> {
    return this.devices.listMine(signedIn(actor));
  }

  @HandlesCommand(IdentityCommands.endMySession)
  endMine(@CommandActor() actor: Actor | null, @CommandPayload() payload: SessionIdPayload, @CommandMeta() meta: RequestMeta): Promise<SessionsEnded> {
    return this.devices.endMine(signedIn(actor), payload.sessionId, meta);
  }

  @HandlesCommand(IdentityCommands.endMyOtherSessions)
  endMyOthers(@CommandActor() actor: Actor | null, @CommandMeta() meta: RequestMeta): Promise<SessionsEnded> {
    return this.devices.endMyOthers(signedIn(actor), meta);
  }

  @HandlesCommand(IdentityCommands.listUserSessions)
  listUsers(@CommandActor() actor: Actor | null, @CommandPayload() payload: UserSessionsPayload): Promise<SessionList> {
    return this.devices.listUsers(signedIn(actor), payload.userId);
  }

  @HandlesCommand(IdentityCommands.endUserSession)
  endUsers(@CommandActor() actor: Actor | null, @CommandPayload() payload: UserSessionPayload, @CommandMeta() meta: RequestMeta): Promise<SessionsEnded> {
    return this.devices.endUsers(signedIn(actor), payload.userId, payload.sessionId, meta);
  }

  @HandlesCommand(IdentityCommands.endSessionFromLink)
  endFromLink(@CommandPayload() payload: EndSessionLinkPayload, @CommandMeta() meta: RequestMeta): Promise<SessionEndedFromLink> {
    return this.devices.endFromLink(payload.token, meta);
  }
}
