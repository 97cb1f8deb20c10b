import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../app/routes';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';

// The first render compiles the whole settings page; the machine running the suite may be busy.
jest.setTimeout(120_000);

const preferences = {
  notifications: { investmentUpdates: true, marketAlerts: true, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true },
  app: { theme: 'light', language: 'en', currency: 'USD', timezone: null as string | null },
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

describe('Account Settings, Profile tab', () => {
  const profile = {
    id: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
    email: 'ada@example.com',
    pendingEmail: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: null,
    address: null,
    dateOfBirth: null,
    nationality: null,
    photoFileId: null,
    userType: 'customer',
    adminRole: null,
    kycStatus: 'pending',
  };

  function openProfile() {
    const gateway = fakeGateway({
      'GET /me/preferences': { status: 200, body: preferences },
      'GET /me/profile': { status: 200, body: profile },
      'PATCH /me': { status: 200, body: { ...profile, pendingEmail: 'ada.new@example.com' } },
    });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes(routes, { path: '/app/settings', session: manager });
    return gateway;
  }

  it('asks for the current password once the email changes, and sends it with the new address', async () => {
    const gateway = openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 10_000 }));
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada.new@example.com' } });
    const password = await screen.findByLabelText('Current Password');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Current password is required', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(gateway.calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(password, { target: { value: 'my-current-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(gateway.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ email: 'ada.new@example.com', currentPassword: 'my-current-secret' }), { timeout: 10_000 });
  });

  it('asks for no password when the email stays the same', async () => {
    const gateway = openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 10_000 }));
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Augusta' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ADA@example.com ' } });
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(gateway.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ firstName: 'Augusta' }), { timeout: 10_000 });
  });
});

describe('Account Settings, Preferences tab', () => {
  it("shows the device's own time zone until another is picked, and saves that as no pick (null) (issue 30)", async () => {
    const gateway = openSettings(async () => ({ status: 200, body: { ...preferences, version: 1 } }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Preferences' }, { timeout: 10_000 }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const select = (await screen.findByLabelText('Time Zone', undefined, { timeout: 10_000 })).closest('.ant-select') as HTMLElement;
    // What applies is what is shown: not a New York that nothing applied.
    expect(select).toHaveTextContent(`This device's time zone (${zone})`);
    expect(select).not.toHaveTextContent('Eastern Time (New York)');

    fireEvent.click(screen.getAllByRole('button', { name: 'Save Preferences' })[0]);
    await waitFor(() => expect(gateway.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ app: { timezone: null } }), { timeout: 10_000 });
  });

  it('shows the Data and Privacy section under one heading, with Privacy Settings in its header', async () => {
    openSettings(async () => ({ status: 200, body: preferences }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Preferences' }, { timeout: 10_000 }));
    const download = await screen.findByRole('button', { name: /Download My Data/ }, { timeout: 10_000 });
    expect(screen.getAllByText('Data and Privacy')).toHaveLength(1);
    // The Privacy Settings button sits in the header of the same card as Download My Data.
    const card = download.closest('.ant-card');
    expect(card).not.toBeNull();
    expect(card?.querySelector('.ant-card-head')?.textContent).toContain('Privacy Settings');
    fireEvent.click(screen.getByRole('button', { name: 'Privacy Settings' }));
    expect(await screen.findByRole('dialog', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
