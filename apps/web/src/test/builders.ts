import type { AuthSession, components, InvestmentView, SessionUser } from '@portal/api-client';
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

/**
 * An active personal investment of $2,500 over 12 months (an approved application, paid in
 * full), as GET /investments lists it: 15% a year, a 2.5% fee, nothing accrued yet.
 */
export function anInvestment(overrides: Partial<InvestmentView> = {}): InvestmentView {
  return {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    applicationId: '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    userId: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
    investmentType: 'personal',
    amount: '2500.00',
    fundedAmount: '2500.00',
    pendingAmount: '0.00',
    unfundedAmount: '0.00',
    currency: 'USD',
    status: 'active',
    startDate: '2026-11-23',
    maturityDate: '2027-11-23',
    fundingDeadline: null,
    durationMonths: 12,
    expectedReturnRate: '15.00',
    expectedReturnAmount: '375.00',
    feeRate: '2.50',
    feeAmount: '62.50',
    accruedReturn: '0.00',
    netPayout: '2812.50',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

type WebhookEndpointView = components['schemas']['WebhookEndpointView'];
type WebhookDeliveryView = components['schemas']['WebhookDeliveryView'];

/** A webhook endpoint as the Webhooks screen lists it: completed deposits to an accounting system. */
export function aWebhookEndpoint(overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: '5b1e0c2d-3f4a-4b5c-8d6e-7f8091a2b3c4',
    url: 'https://hooks.example.com/portal',
    events: ['ledger.deposit.completed.v1'],
    description: 'Accounting',
    createdAt: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}

/** A delivery of a completed deposit to that endpoint, answered 200 at the first attempt. */
export function aWebhookDelivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: '6c2f1d3e-4a5b-4c6d-9e7f-8091a2b3c4d5',
    endpointId: '5b1e0c2d-3f4a-4b5c-8d6e-7f8091a2b3c4',
    eventId: '0f9e8d7c-6b5a-4948-8372-615243342516',
    eventType: 'ledger.deposit.completed.v1',
    status: 'succeeded',
    attempts: 1,
    lastResponseCode: 200,
    lastError: null,
    replayOf: null,
    createdAt: '2026-11-29T10:00:00.000Z',
    lastAttemptAt: '2026-11-29T10:00:01.000Z',
    ...overrides,
  };
}
