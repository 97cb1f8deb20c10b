import { waitFor } from '@testing-library/react';
import { profileKey } from '../account-settings/profile-api';
import { createQueryClient } from '../app/query-client';
import { notificationKeys } from '../notifications/query-keys';
import { supportKeys } from '../support/query-keys';
import { aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { prefetch } from './prefetch';

const profile = { firstName: 'Ada', lastName: 'Lovelace', phone: null, photoFileId: null };

function frameGateway() {
  return fakeGateway({
    'GET /notifications/unread-count': { status: 200, body: { count: 3 } },
    'GET /me/profile': { status: 200, body: profile },
    'GET /support/tickets/summary': { status: 200, body: { openCount: 2 } },
  });
}

describe("the portal frame's first data", () => {
  it("asks for a customer's unread count, profile and open tickets under the keys the bell, header and sidebar read", async () => {
    const { calls } = frameGateway();
    const client = createQueryClient();
    prefetch(client, aUser({ userType: 'customer' }));
    await waitFor(() => expect(client.getQueryData(supportKeys.ownSummary())).toEqual({ openCount: 2 }));
    await waitFor(() => expect(client.getQueryData(notificationKeys.unreadCount())).toBe(3));
    await waitFor(() => expect(client.getQueryData(profileKey)).toEqual(profile));
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(['GET /me/profile', 'GET /notifications/unread-count', 'GET /support/tickets/summary']);
  });

  it("leaves an admin's ticket badge to the sidebar, which knows their role's permissions", async () => {
    const { calls } = frameGateway();
    const client = createQueryClient();
    prefetch(client, aUser({ userType: 'admin', adminRole: 'admin' }));
    await waitFor(() => expect(client.getQueryData(profileKey)).toEqual(profile));
    await waitFor(() => expect(client.getQueryData(notificationKeys.unreadCount())).toBe(3));
    expect(calls.map((call) => call.path)).not.toContain('/support/tickets/summary');
  });

  it("is sent after the page's own first data, which the screen waits on", async () => {
    const { calls } = frameGateway();
    const client = createQueryClient();
    prefetch(client, aUser());
    // Nothing yet in the task that restored the session (its promise callbacks included): the page's requests go first.
    await Promise.resolve();
    expect(client.isFetching()).toBe(0);
    await waitFor(() => expect(calls).toHaveLength(3));
  });
});
