import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessTokenAuthenticator } from './access-token.authenticator';
import { PUBLIC_ROUTE } from './access.decorators';
import { RouteMetadata } from './route-metadata';

/** Global: every route needs a valid access token of a live session unless marked @Public(). */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly isPublic: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    private readonly authenticator: AccessTokenAuthenticator,
  ) {
    this.isPublic = new RouteMetadata(reflector, PUBLIC_ROUTE);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.isPublic.of(context)) return true;
    const http = context.switchToHttp();
    await this.authenticator.authenticate(http.getRequest<FastifyRequest>());
    return true;
  }
}
