import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { RequestMeta } from '@portal/contracts';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { issueSessionEndLink, sessionIdOfRefreshToken } from '../sessions/session-end-links';
import { User } from '../users/user.entity';
import { KnownSignInDevice, UserSecurity } from './account-security.entities';
import { TwoFactorService } from './two-factor.service';

/** The browser and address pair of a sign-in, hashed with the account (no clear text kept). */
export function deviceHash(userId: string, meta: RequestMeta): string {
  return createHash('sha256')
    .update(`${userId}\n${meta.userAgent ?? ''}\n${meta.clientIp ?? ''}`, 'utf8')
    .digest('hex');
}

/**
 * Remembers each browser and address a user signs in from; a sign-in from a new pair
 * emails the owner when their login alerts are on, with a single-use link that ends the
 * session of that sign-in (given its refresh token). The very first pair of an account is
 * only remembered: there is nothing yet to compare it with.
 */
@Injectable()
export class LoginAlerts {
  constructor(
    private readonly twoFactor: TwoFactorService,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  async noteSignIn(manager: EntityManager, user: User, meta: RequestMeta, refreshToken?: string): Promise<boolean> {
    const rows: { inserted: boolean }[] = await manager.query(
      `INSERT INTO identity.known_sign_in_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [user.id, deviceHash(user.id, meta)],
    );
    if (!rows[0]?.inserted) return false;
    const known = await manager.count(KnownSignInDevice, { where: { userId: user.id } });
    if (known <= 1) return false;
    const settings = await manager.findOne(UserSecurity, { where: { userId: user.id }, select: { userId: true, loginAlerts: true } });
    // No row: the default, alerts on.
    if (settings && !settings.loginAlerts) return false;
    const sessionId = refreshToken ? await sessionIdOfRefreshToken(manager, refreshToken) : null;
    const endSessionUrl = sessionId ? await issueSessionEndLink(manager, this.environment, user.id, sessionId) : null;
    await this.twoFactor.announce(manager, user, 'new_sign_in', meta, { endSessionUrl });
    return true;
  }
}
