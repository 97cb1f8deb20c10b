import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Actor, AdminEndpointPermission, UserType } from '@portal/contracts';
import { ApiErrorResponses } from '../openapi/api-responses';

export const PUBLIC_ROUTE = 'gateway:public-route';
export const REQUIRED_USER_TYPES = 'gateway:required-user-types';
export const REQUIRED_ADMIN_PERMISSION = 'gateway:required-admin-permission';

/** No sign-in needed. Every other route requires a valid access token of a live session. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Signed in as one of these user types; others get 403. Implies signed in. */
export const UserTypes = (...userTypes: UserType[]) =>
  applyDecorators(SetMetadata(REQUIRED_USER_TYPES, userTypes), ApiBearerAuth(), ApiErrorResponses(401, 403));

/**
 * Administrators whose role has the permission now (the admin_roles setting, asked of
 * identity): 'any_admin' for every admin, 'all' for super administrators only. Customers,
 * and admins whose role lacks it, are refused with 403 before the body is validated, and
 * the attempt is recorded. Every admin route declares one (ADMIN_ENDPOINT_PERMISSIONS
 * lists them; the OpenAPI document shows each as x-admin-permission).
 */
export const RequiresAdminPermission = (permission: AdminEndpointPermission) =>
  applyDecorators(UserTypes('admin'), SetMetadata(REQUIRED_ADMIN_PERMISSION, permission), ApiExtension('x-admin-permission', permission));

/** Marks a controller or route as needing sign-in in the OpenAPI document (the guard enforces it regardless). */
export const SignedIn = () => applyDecorators(ApiBearerAuth(), ApiErrorResponses(401));

/** The verified caller of a signed-in route. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<FastifyRequest>().user;
  // The global guard has run; reaching here without a caller would be a wiring mistake.
  if (!actor) throw new Error('CurrentActor used on a route without authentication');
  return actor;
});
