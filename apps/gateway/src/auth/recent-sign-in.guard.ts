import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { Clock } from '@portal/config';
import { IdentityCommands, REAUTHENTICATION_WINDOW_MINUTES, ReauthenticationErrorCodes } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { ApiError } from '../http/api-error';
import { requestMeta } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { RouteMetadata } from './route-metadata';

const REQUIRES_RECENT_SIGN_IN = 'gateway:requires-recent-sign-in';

/**
 * What moves money out or could hand the account to someone else: the caller's session must
 * have proved who is behind it (password, authenticator code or passkey, at sign-in or through
 * POST /auth/reauthenticate) within REAUTHENTICATION_WINDOW_MINUTES, or the answer is 401
 * `reauthentication_required` and nothing happens. A stolen access token alone is not enough.
 */
export const RequiresRecentSignIn = () =>
  applyDecorators(SetMetadata(REQUIRES_RECENT_SIGN_IN, true), ApiExtension('x-requires-recent-sign-in', REAUTHENTICATION_WINDOW_MINUTES), ApiErrorResponses(401));

/** Global, after the role and permission guards; asks identity only on the routes that need it. */
@Injectable()
export class RecentSignInGuard implements CanActivate {
  private readonly required: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    private readonly services: ServiceClient,
    private readonly clock: Clock,
  ) {
    this.required = new RouteMetadata(reflector, REQUIRES_RECENT_SIGN_IN);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http' || !this.required.of(context)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const actor = req.user;
    if (!actor) return true; // the authentication guard has refused it already
    const { provedAt } = await this.services.send(IdentityCommands.signInProof, { userId: actor.userId, sessionId: actor.sessionId }, requestMeta(req));
    const oldestAccepted = this.clock.now().getTime() - REAUTHENTICATION_WINDOW_MINUTES * 60_000;
    if (provedAt && Date.parse(provedAt) >= oldestAccepted) return true;
    throw ApiError.of(401, ReauthenticationErrorCodes.required);
  }
}
