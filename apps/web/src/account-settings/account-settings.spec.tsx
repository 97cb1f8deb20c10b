import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../app/routes';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';

// The first render compiles the whole settings page; the machine running the suite may be busy.
jest.setTimeout(120_000);

const preferences = {
  notifications: { investmentUpdates: true, marketAlerts: true, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true },
  app: { theme: 'light', language: 'en', currency: 'USD', timezone: 'America/New_York' },
  privacy: { dataSharing: false, marketingEmails: false, analyticsTracking: true, cookiePreferences: true, thirdPartyIntegrations: false },
  version: 0,
  updatedAt: null,
};

function openSettings(put: () => Promise<{ status: number; body?: unknown }>) {
  const gateway = fakeGateway({ 'GET /me/preferences': { status: 200, body: preferences }, 'PUT /me/preferences': put });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes(routes, { path: '/app/settings', session: manager });
  return gateway;
}

describe('Account Settings, Notifications tab', () => {
  it('groups the toggles as the spec says, says what is always sent, and saves the whole set', async () => {
    const gateway = openSettings(async () => ({ status: 200, body: { ...preferences, version: 1 } }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }, { timeout: 10_000 }));
    expect(await screen.findByText('Always sent: security and legally required messages', undefined, { timeout: 10_000 })).toBeInTheDocument();
    for (const group of ['Investment', 'Account', 'Marketing']) expect(screen.getByText(group)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Investment updates' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save Preferences' })[0]);
    expect(await screen.findByText('Preferences Saved', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const put = gateway.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ notifications: { ...preferences.notifications, investmentUpdates: false }, app: preferences.app, privacy: preferences.privacy });
  });

  it('shows the spec message when saving fails', async () => {
    openSettings(async () => ({ status: 503, body: undefined }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }, { timeout: 10_000 }));
    await screen.findByText('Always sent: security and legally required messages', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save Preferences' })[0]);
    await waitFor(() => expect(screen.getByText('Failed to save preferences. Please try again.')).toBeInTheDocument(), { timeout: 10_000 });
  });
});
