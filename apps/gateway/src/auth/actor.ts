import { AccessTokenClaims, Actor, ADMIN_ROLES, USER_TYPES } from '@portal/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, as AccessTokenAuthenticator leaves it. */
    user?: Actor;
  }
}

/** The caller described by verified claims, or null when the claims are not ours (wrong shape). */
export function actorFromClaims(claims: Partial<AccessTokenClaims>): Actor | null {
  const { sub, sid, typ, role } = claims;
  if (typeof sub !== 'string' || !sub || typeof sid !== 'string' || !sid) return null;
  if (!USER_TYPES.includes(typ as Actor['userType'])) return null;
  if (role !== null && role !== undefined && !ADMIN_ROLES.includes(role)) return null;
  return { userId: sub, sessionId: sid, userType: typ as Actor['userType'], adminRole: role ?? null };
}
