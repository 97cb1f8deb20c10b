import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { IdentityEnvironment } from '../identity-environment';
import { webLink } from '../tokens/email-links';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';
import { RefreshToken } from './refresh-token.entity';
import { SessionEndToken } from './session-end-token.entity';

/** The web page that opens the link and asks the gateway to end the session. */
export const END_SESSION_LINK_PATH = '/auth/end-session';

/**
 * A new sign-in's "end that session" link, inside the sign-in's transaction: the token is
 * kept as a hash, bound to the session, usable once, until the session's refresh token could
 * no longer be renewed anyway.
 */
export async function issueSessionEndLink(manager: EntityManager, environment: Pick<IdentityEnvironment, 'WEB_URL' | 'REFRESH_TOKEN_TTL_DAYS'>, userId: string, sessionId: string): Promise<string> {
  const { token, tokenHash } = newOpaqueToken();
  await manager.insert(SessionEndToken, {
    id: randomUUID(),
    userId,
    sessionId,
    tokenHash,
    expiresAt: new Date(Date.now() + environment.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    consumedAt: null,
  });
  return webLink(environment.WEB_URL, END_SESSION_LINK_PATH, token);
}

/** The session a refresh token just issued in this transaction belongs to. */
export async function sessionIdOfRefreshToken(manager: EntityManager, refreshToken: string): Promise<string | null> {
  const token = await manager.findOne(RefreshToken, { where: { tokenHash: hashOpaqueToken(refreshToken) }, select: { id: true, sessionId: true } });
  return token?.sessionId ?? null;
}
