import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Request } from 'express';
import { Actor, UserType } from '@portal/contracts';
import { ApiErrorResponses } from '../openapi/api-responses';

export const PUBLIC_ROUTE = 'gateway:public-route';
export const REQUIRED_USER_TYPES = 'gateway:required-user-types';

/** No sign-in needed. Every other route requires a valid access token of a live session. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Signed in as one of these user types; others get 403. Implies signed in. */
export const Roles = (...userTypes: UserType[]) =>
  applyDecorators(SetMetadata(REQUIRED_USER_TYPES, userTypes), ApiBearerAuth(), ApiErrorResponses(401, 403));

/** Administrators only. Customers are refused with 403 and the attempt is recorded for review. */
export const AdminOnly = () => Roles('admin');

/** Marks a controller or route as needing sign-in in the OpenAPI document (the guard enforces it regardless). */
export const SignedIn = () => applyDecorators(ApiBearerAuth(), ApiErrorResponses(401));

/** The verified caller of a signed-in route. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<Request>().user;
  // The global guard has run; reaching here without a caller would be a wiring mistake.
  if (!actor) throw new Error('CurrentActor used on a route without authentication');
  return actor;
});
