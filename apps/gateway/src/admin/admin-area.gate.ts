import { Injectable } from '@nestjs/common';
import { AccessTokenAuthenticator } from '../auth/access-token.authenticator';
import { AdminAccessDenial } from '../auth/admin-access';
import { isUnder, RequestHook, routedPathOf } from '../http/request-context';

export const ADMIN_AREA_PREFIX = '/api/v1/admin';

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
        (actor) => done(actor.userType === 'admin' ? undefined : this.denial.deny(request, actor)),
        done,
      );
    };
  }
}
