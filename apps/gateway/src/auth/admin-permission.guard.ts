import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest as Request } from 'fastify';
import { Actor, AdminEndpointPermission, permissionsSatisfy } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError } from '@portal/messaging';
import { ADMIN_AREA_PREFIX } from '../admin/admin-area.gate';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { pathOf, requestMeta, routedPathOf } from '../http/request-context';
import { REQUIRED_ADMIN_PERMISSION } from './access.decorators';
import { AdminAccessDenial, lacksPermission } from './admin-access';
import { AdminRolePermissions } from './admin-role-permissions';
import { RouteMetadata } from './route-metadata';

function isAdminPath(req: Request): boolean {
  // Routing ignores case and a trailing slash; so does this.
  const path = routedPathOf(req).toLowerCase();
  return path === ADMIN_AREA_PREFIX || path.startsWith(`${ADMIN_AREA_PREFIX}/`);
}

/**
 * Global, after UserTypeGuard: checks @RequiresAdminPermission against the caller's role's
 * current permissions. Guards run before pipes, so a role without the permission gets 403
 * whatever the body holds, never a 400 that tells it how to shape a request it may not
 * make. An admin route that declares no permission is refused: a forgotten declaration
 * closes the route instead of opening it to every admin.
 */
@Injectable()
export class AdminPermissionGuard implements CanActivate {
  private readonly requiredPermission: RouteMetadata<AdminEndpointPermission>;

  constructor(
    reflector: Reflector,
    private readonly roles: AdminRolePermissions,
    private readonly denial: AdminAccessDenial,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.requiredPermission = new RouteMetadata(reflector, REQUIRED_ADMIN_PERMISSION);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const required = this.requiredPermission.of(context);
    if (!required && !isAdminPath(req)) return true;
    const actor = req.user;
    if (!actor) throw ApiError.of(401, 'unauthenticated');
    if (actor.userType !== 'admin') throw this.denial.deny(req, actor);
    if (!required) {
      this.logger.error({ path: pathOf(req), method: req.method }, 'admin route declares no permission; refused');
      throw this.denial.deny(req, actor, { code: 'forbidden', permission: 'undeclared' });
    }
    if (required === 'any_admin') return true;
    let granted: string[];
    try {
      granted = await this.roles.of(actor, requestMeta(req));
    } catch (error) {
      throw this.unavailableOrRefused(error, req, actor, required);
    }
    if (permissionsSatisfy(granted, required)) return true;
    throw this.denial.deny(req, actor, lacksPermission(required));
  }

  /** Identity refusing the caller (no longer an admin) is a 403; identity not answering is a 503 or 504, never a 500. */
  private unavailableOrRefused(error: unknown, req: Request, actor: Actor, required: AdminEndpointPermission): ApiError {
    if (error instanceof ServiceCallError) {
      const status = error.body.statusCode;
      if (status === 401 || status === 403) return this.denial.deny(req, actor, lacksPermission(required));
      if (status === 503 || status === 504) return new ApiError(error.body);
    }
    this.logger.warn({ err: String(error), path: pathOf(req) }, 'admin permissions could not be checked');
    return ApiError.of(503, 'admin_permissions_unavailable');
  }
}
