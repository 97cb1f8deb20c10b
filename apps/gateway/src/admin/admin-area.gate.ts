import { Injectable } from '@nestjs/common';
import { AccessTokenAuthenticator } from '../auth/access-token.authenticator';
import { AdminAccessDenial } from '../auth/admin-access';
import { ApiError } from '../http/api-error';
import { isUnder, RequestHook, routedPathOf } from '../http/request-context';

export const ADMIN_AREA_PREFIX = '/api/v1/admin';

/** Whether the request creates an administrator; routing ignores case and a trailing slash, and so does this. */
function createsAdmin(request: Parameters<RequestHook>[0]): boolean {
  return request.method === 'POST' && routedPathOf(request).toLowerCase().replace(/\/+$/, '') === `${ADMIN_AREA_PREFIX}/admins`;
}

/** The same refusal (status, and the security event already sent) in spec 02 §5's words for Create Admin's caller checks. */
function inCreateAdminWords(error: Error, request: Parameters<RequestHook>[0]): Error {
  if (!(error instanceof ApiError) || !createsAdmin(request)) return error;
  if (error.body.statusCode === 401 && error.body.code === 'unauthenticated') return ApiError.of(401, 'create_admin_signed_out');
  if (error.body.statusCode === 403) return ApiError.of(403, 'create_admin_admins_only');
  return error;
}

/**
 * Mounted on /api/v1/admin before routing, so it covers every admin path, including
 * those no controller serves yet: a signed-out caller gets 401, a customer 403 (and a
 * security event), and only an admin reaches routing, where an unknown path is 404.
 * Admin routes still declare @RequiresAdminPermission(); this gate is the first line, not the only.
 */
@Injectable()
export class AdminAreaGate {
  constructor(
    private readonly authenticator: AccessTokenAuthenticator,
    private readonly denial: AdminAccessDenial,
  ) {}

  hook(): RequestHook {
    return (request, _reply, done) => {
      if (!isUnder(routedPathOf(request), ADMIN_AREA_PREFIX)) return done();
      this.authenticator.authenticate(request).then(
        (actor) => done(actor.userType === 'admin' ? undefined : inCreateAdminWords(this.denial.deny(request, actor), request)),
        (error: Error) => done(inCreateAdminWords(error, request)),
      );
    };
  }
}
