import { Body, Param, ParseUUIDPipe } from '@nestjs/common';
import { EndSessionLinkPayload, IdentityCommands, RequestMeta, SessionDeviceErrorCodes, SessionEndedFromLink, SessionList, SessionsEnded } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { Public, RequiresAdminPermission, SignedIn } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, DeleteEndpoint, GetEndpoint } from '../openapi/endpoint.decorators';

/** A session id that is no UUID names no session: 404, as one that has ended. */
const sessionId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, SessionDeviceErrorCodes.sessionNotFound) });
const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'user_not_found') });

/**
 * Sessions and devices of the signed-in person (Settings → Security). Identity decides
 * whose session an id is (another person's is not found) and ends it; the gateway then
 * refuses its access tokens and closes its live-update streams (session revocation marks).
 */
@ApiController('me', 'api/v1/me/sessions')
@SignedIn()
export class MySessionsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'The live sessions: device and browser, address, first and last seen; the current one marked', type: SessionList })
  list(@RequestMetadata() meta: RequestMeta): Promise<SessionList> {
    return this.services.send(IdentityCommands.listMySessions, {}, meta);
  }

  @DeleteEndpoint({ summary: 'End every other session (this one stays): their refresh and access tokens stop working at once; each ending is audited', type: SessionsEnded })
  endOthers(@RequestMetadata() meta: RequestMeta): Promise<SessionsEnded> {
    return this.services.send(IdentityCommands.endMyOtherSessions, {}, meta);
  }

  @DeleteEndpoint(':id', { summary: 'End one of your sessions: its refresh and access tokens stop working at once, its live updates close; audited', type: SessionsEnded, errors: [404] })
  end(@Param('id', sessionId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SessionsEnded> {
    return this.services.send(IdentityCommands.endMySession, { sessionId: id }, meta);
  }
}

/** User Management: a user's sessions, seen and ended by an admin (audited with the admin as actor). */
@ApiController('admin', 'api/v1/admin/users/:id/sessions')
export class UserSessionsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: "A user's live sessions (an administrator's: super admins only)", type: SessionList, errors: [404] })
  @RequiresAdminPermission('users')
  list(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SessionList> {
    return this.services.send(IdentityCommands.listUserSessions, { userId: id }, meta);
  }

  @DeleteEndpoint(':sessionId', { summary: "End one of a user's sessions at once (an administrator's: super admins only); audited", type: SessionsEnded, errors: [404, 409] })
  @RequiresAdminPermission('users')
  end(@Param('id', userId) id: string, @Param('sessionId', sessionId) session: string, @RequestMetadata() meta: RequestMeta): Promise<SessionsEnded> {
    return this.services.send(IdentityCommands.endUserSession, { userId: id, sessionId: session }, meta);
  }
}

/** The "end that session" link of a new-sign-in email, opened in the web app (no sign-in). */
@ApiController('auth', 'api/v1/auth/end-session')
@Public()
export class EndSessionLinkController {
  constructor(private readonly services: ServiceClient) {}

  @ActionEndpoint({ summary: "End the session a new-sign-in email was sent about, with the email's single-use link", type: SessionEndedFromLink, errors: [400] })
  end(@Body() body: EndSessionLinkPayload, @RequestMetadata() meta: RequestMeta): Promise<SessionEndedFromLink> {
    return this.services.send(IdentityCommands.endSessionFromLink, { token: body.token }, meta);
  }
}
