import { randomUUID } from 'node:crypto';
import { AuthSession, SessionUser } from '@portal/contracts';
import { TestActor } from './gateway-harness';

export function customerActor(overrides: Partial<TestActor> = {}): TestActor {
  return { userId: randomUUID(), sessionId: randomUUID(), userType: 'customer', adminRole: null, ...overrides };
}

export function adminActor(overrides: Partial<TestActor> = {}): TestActor {
  return { userId: randomUUID(), sessionId: randomUUID(), userType: 'admin', adminRole: 'super_admin', ...overrides };
}

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: randomUUID(),
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'customer',
    adminRole: null,
    kycStatus: 'pending',
    userStatus: 'active',
    ...overrides,
  };
}

export function authSession(accessToken: string, overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    accessToken,
    refreshToken: `refresh-${randomUUID()}`,
    expiresIn: 900,
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    user: sessionUser(),
    ...overrides,
  };
}

export function validSignUp(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', password: 'secret-pass', confirmPassword: 'secret-pass', userType: 'customer', ...overrides };
}
