import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { UserType } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { REQUIRED_USER_TYPES } from './access.decorators';
import { AdminAccessDenial } from './admin-access';
import { RouteMetadata } from './route-metadata';

/** Global, after AuthenticationGuard: enforces @UserTypes / @RequiresAdminPermission (its admin part) on the route or its controller. */
@Injectable()
export class UserTypeGuard implements CanActivate {
  private readonly requiredUserTypes: RouteMetadata<UserType[]>;

  constructor(
    reflector: Reflector,
    private readonly denial: AdminAccessDenial,
  ) {
    this.requiredUserTypes = new RouteMetadata(reflector, REQUIRED_USER_TYPES);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const required = this.requiredUserTypes.of(context);
    if (!required?.length) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = req.user;
    if (!actor) throw ApiError.of(401, 'unauthenticated');
    if (required.includes(actor.userType)) return true;
    if (required.includes('admin')) throw this.denial.deny(req, actor);
    throw ApiError.of(403, 'forbidden');
  }
}
