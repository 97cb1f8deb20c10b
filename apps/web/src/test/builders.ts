import type { AuthSession, SessionUser } from '@portal/api-client';
import type { UserType } from '../auth/access-rules';

/** Test data builders: a user and the session the gateway would return for them. */
export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'customer',
    adminRole: null,
    kycStatus: 'pending',
    userStatus: 'active',
    ...overrides,
  };
}

export function aSession(userType: UserType = 'customer', overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    accessToken: `access-${userType}`,
    refreshToken: 'opaque-refresh',
    expiresIn: 900,
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    user: aUser({ userType, adminRole: userType === 'admin' ? 'admin' : null }),
    ...overrides,
  };
}
