import { linkIn, SignedInAccount, TestStack, uniqueEmail } from '@portal/testing';
import { adminOn, approvedDeposit, customerOn, useTestStack } from './journeys';

type Body = Record<string, unknown>;

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Issue 9 over HTTP: preferences, profile and email change, and notification toggles obeyed.
describe('account settings over HTTP', () => {
  let stack: TestStack;
  let admin: SignedInAccount;

  useTestStack(
    'api-account-settings',
    async (started) => {
      stack = started;
      admin = await adminOn(stack);
    },
    { timeoutMs: 180_000 },
  );

  const preferences = (overrides: { notifications?: Body; app?: Body; privacy?: Body } = {}) => ({
    notifications: { investmentUpdates: true, marketAlerts: true, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true, ...overrides.notifications },
    app: { theme: 'dark', language: 'en', currency: 'USD', timezone: 'America/Chicago', ...overrides.app },
    privacy: { dataSharing: false, marketingEmails: false, analyticsTracking: true, cookiePreferences: true, thirdPartyIntegrations: false, ...overrides.privacy },
  });

  it('keeps preferences on the server, refuses unknown values, and needs sign-in', async () => {
    const customer = await customerOn(stack);
    const defaults = await customer.api.get<Body>('/api/v1/me/preferences');
    expect(defaults).toMatchObject({ status: 200, body: { version: 0, app: { theme: 'light' }, privacy: { analyticsTracking: true, cookiePreferences: true, dataSharing: false } } });

    const saved = await customer.api.request<Body>('PUT', '/api/v1/me/preferences', preferences());
    expect(saved).toMatchObject({ status: 200, body: { version: 1, app: { theme: 'dark', timezone: 'America/Chicago' } } });
    expect((await customer.api.get<Body>('/api/v1/me/preferences')).body).toEqual(saved.body);

    const invalid = await customer.api.request<Body>('PUT', '/api/v1/me/preferences', preferences({ app: { theme: 'neon' } }));
    expect(invalid).toMatchObject({ status: 400, body: { message: 'theme must be one of: light, dark, system', details: [{ field: 'app.theme' }] } });
    expect((await stack.api.get('/api/v1/me/preferences')).status).toBe(401);
  });

  it('a customer who turned off investment updates gets none, but still hears about account activity', async () => {
    const customer = await customerOn(stack, { firstName: 'Dorothy' });
    expect((await customer.api.request('PUT', '/api/v1/me/preferences', preferences({ notifications: { investmentUpdates: false } }))).status).toBe(200);
    const titles = async () => (await customer.api.get<{ items: { title: string }[] }>('/api/v1/notifications')).body.items.map((item) => item.title);

    // Investment Protection is an investment update: switched off.
    const created = await admin.api.post<Body>('/api/v1/admin/security-deposits', { userId: customer.user.id, amount: '100' });
    expect(created.status).toBe(201);
    // A completed deposit is account activity: still on; it arrives after the security deposit's event.
    await approvedDeposit(customer, admin, 500);

    await until(async () => (await titles()).includes('Deposit completed'));
    expect(await titles()).toEqual(['Deposit completed']);
    expect((await stack.inbox.lastEmailTo(customer.email, { subject: /deposit has been credited/i })).subject).toBe('Your deposit has been credited');
  });

  it('edits the profile, refuses bad input, and changes the email only from the link sent to the new address', async () => {
    const customer = await customerOn(stack, { firstName: 'Ada' });
    const edited = await customer.api.request<Body>('PATCH', '/api/v1/me', { firstName: 'Augusta', phone: '+44 20 7946 0000', dateOfBirth: '1985-12-10', nationality: 'British', address: '12 St James Sq, London' });
    expect(edited).toMatchObject({ status: 200, body: { firstName: 'Augusta', phone: '+44 20 7946 0000', dateOfBirth: '1985-12-10', nationality: 'British' } });
    expect((await customer.api.get<Body>('/api/v1/me')).body).toMatchObject({ firstName: 'Augusta' });

    const refused = await customer.api.request<Body>('PATCH', '/api/v1/me', { dateOfBirth: '31/12/1985' });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Please enter a valid date of birth (YYYY-MM-DD)' } });

    // A stolen session alone cannot move the account: a new email needs the current password.
    const newEmail = uniqueEmail('moved');
    const withoutPassword = await customer.api.request<Body>('PATCH', '/api/v1/me', { email: newEmail });
    expect(withoutPassword).toMatchObject({ status: 400, body: { message: 'Current password is required', details: [{ field: 'currentPassword' }] } });
    const wrongPassword = await customer.api.request<Body>('PATCH', '/api/v1/me', { email: newEmail, currentPassword: 'not-the-password' });
    expect(wrongPassword).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect((await customer.api.get<Body>('/api/v1/me/profile')).body).toMatchObject({ email: customer.email, pendingEmail: null });

    const pending = await customer.api.request<Body>('PATCH', '/api/v1/me', { email: newEmail, currentPassword: customer.password });
    expect(pending).toMatchObject({ status: 200, body: { email: customer.email, pendingEmail: newEmail } });
    const audit = await admin.api.get<{ items: { actionType: string; targetId: string }[] }>(`/api/v1/admin/audit-logs?action=email_change_requested&actorUserId=${customer.user.id}`);
    expect(audit.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ actionType: 'email_change_requested', targetId: customer.user.id })]));
    const link = linkIn(await stack.inbox.lastEmailTo(newEmail, { subject: /confirm your new email/i }), '/auth/confirm-email-change');
    const confirmed = await stack.api.post<Body>('/api/v1/me/email/confirm', { token: link.searchParams.get('token') });
    expect(confirmed).toMatchObject({ status: 200, body: { email: newEmail } });
    expect((await stack.api.post('/api/v1/auth/login', { email: newEmail, password: customer.password })).status).toBe(200);
    expect((await stack.inbox.lastEmailTo(customer.email, { subject: /email address was changed/i })).text).toContain(newEmail);
  });
});
