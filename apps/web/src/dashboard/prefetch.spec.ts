import { waitFor } from '@testing-library/react';
import { currentUserKey } from '../api/use-current-user';
import { createQueryClient } from '../app/query-client';
import { MY_KYC_DOCUMENTS_KEY } from '../kyc/my-documents';
import { aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { prefetch } from './prefetch';

function dashboardGateway(kycStatus: 'pending' | 'verified') {
  return fakeGateway({
    'GET /me': { status: 200, body: aUser({ kycStatus }) },
    'GET /me/preferences': { status: 404 },
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {} } },
    'GET /balance': { status: 200, body: { currency: 'USD', available: '0.00', held: '0.00', locked: '0.00', totalInvested: '0.00', totalReturns: '0.00', otherCurrencies: [] } },
    'GET /security-deposits': { status: 200, body: { items: [] } },
    'GET /investments': { status: 200, body: { items: [], total: 0 } },
    'GET /kyc/documents': { status: 200, body: { items: [] } },
  });
}

describe("the customer dashboard's first data", () => {
  it('asks for the KYC documents once the customer is known to be pending, as the KYC notice does', async () => {
    const { calls } = dashboardGateway('pending');
    const client = createQueryClient();
    prefetch(client, aUser());
    await waitFor(() => expect(client.getQueryData(MY_KYC_DOCUMENTS_KEY)).toEqual({ items: [] }));
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('/kyc/documents')).toBeGreaterThan(paths.indexOf('/me'));
  });

  it('does not ask for them for a verified customer, whose notice does not read them', async () => {
    const { calls } = dashboardGateway('verified');
    const client = createQueryClient();
    prefetch(client, aUser({ kycStatus: 'verified' }));
    await waitFor(() => expect(client.getQueryData(currentUserKey)).toMatchObject({ kycStatus: 'verified' }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls.map((call) => call.path)).not.toContain('/kyc/documents');
  });
});
