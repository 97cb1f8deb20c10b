import 'reflect-metadata';
import { DEFAULT_PREFERENCES, IdentityCommands, IdentityEvents, UpdatePreferencesPayload } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, queuedEvents, startIdentity } from '../testing/identity-harness';

function chosen(overrides: Partial<UpdatePreferencesPayload> = {}): UpdatePreferencesPayload {
  return {
    notifications: { ...DEFAULT_PREFERENCES.notifications, investmentUpdates: false, promotions: true },
    app: { theme: 'dark', language: 'fr', currency: 'EUR', timezone: 'America/Denver' },
    privacy: { ...DEFAULT_PREFERENCES.privacy, dataSharing: true, analyticsTracking: false },
    ...overrides,
  };
}

describe('preferences', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('preferences');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('starts from the spec defaults: analytics and cookies on, other privacy toggles off', async () => {
    const { session } = await confirmedCustomer(harness);
    const preferences = await harness.client.as(actorOf(harness, session)).send(IdentityCommands.getPreferences, {});
    expect(preferences).toEqual({ ...DEFAULT_PREFERENCES, version: 0, updatedAt: null });
    expect(preferences.privacy).toEqual({ dataSharing: false, marketingEmails: false, analyticsTracking: true, cookiePreferences: true, thirdPartyIntegrations: false });
    // Dates follow the device until a zone is picked (issue 30): no zone is claimed before then.
    expect(preferences.app.timezone).toBeNull();
  });

  it("keeps the device's own time zone through a save that picks none, and a picked zone until it is given back", async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const deviceZone = await customer.send(IdentityCommands.updatePreferences, chosen({ app: { theme: 'dark', language: 'en', currency: 'USD', timezone: null } }));
    expect(deviceZone).toMatchObject({ version: 1, app: { theme: 'dark', timezone: null } });
    const picked = await customer.send(IdentityCommands.updatePreferences, chosen({ app: { theme: 'dark', language: 'en', currency: 'USD', timezone: 'America/Denver' } }));
    expect((await customer.send(IdentityCommands.getPreferences, {})).app.timezone).toBe('America/Denver');
    expect(picked.version).toBe(2);
    await customer.send(IdentityCommands.updatePreferences, chosen({ app: { theme: 'dark', language: 'en', currency: 'USD', timezone: null } }));
    expect((await customer.send(IdentityCommands.getPreferences, {})).app.timezone).toBeNull();
  });

  it('stores each person\'s own choices and announces the notification toggles with a growing version', async () => {
    const { session } = await confirmedCustomer(harness);
    const { session: other } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const saved = await customer.send(IdentityCommands.updatePreferences, chosen());
    expect(saved).toMatchObject({ ...chosen(), version: 1, updatedAt: expect.any(String) });
    expect(await customer.send(IdentityCommands.getPreferences, {})).toEqual(saved);
    // Someone else's stay at the defaults.
    expect((await harness.client.as(actorOf(harness, other)).send(IdentityCommands.getPreferences, {})).version).toBe(0);

    const again = await customer.send(IdentityCommands.updatePreferences, chosen({ app: { theme: 'system', language: 'de', currency: 'CAD', timezone: 'America/Chicago' } }));
    expect(again).toMatchObject({ version: 2, app: { theme: 'system', language: 'de', currency: 'CAD', timezone: 'America/Chicago' } });

    const announced = await queuedEvents(harness, IdentityEvents.preferencesChanged, 'userId', session.user.id);
    expect(announced).toEqual([
      { userId: session.user.id, notifications: chosen().notifications, language: chosen().app.language, version: 1 },
      { userId: session.user.id, notifications: chosen().notifications, language: 'de', version: 2 },
    ]);
    const published = await harness.events.waitFor(IdentityEvents.preferencesChanged, (payload) => payload.userId === session.user.id && payload.version === 2);
    expect(published.payload.notifications.investmentUpdates).toBe(false);
  });

  it('refuses unknown values and missing groups with a clear 400, and changes nothing', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const invalid: [unknown, string][] = [
      [{ ...chosen(), app: { ...chosen().app, theme: 'purple' } }, 'theme must be one of: light, dark, system'],
      [{ ...chosen(), app: { ...chosen().app, language: 'it' } }, 'language must be one of: en, es, fr, de'],
      [{ ...chosen(), app: { ...chosen().app, currency: 'JPY' } }, 'currency must be one of: USD, EUR, GBP, CAD'],
      [{ ...chosen(), app: { ...chosen().app, timezone: 'Europe/Paris' } }, 'timezone must be one of: America/New_York, America/Chicago, America/Denver, America/Los_Angeles'],
      // The device's zone is said with null; a missing zone is a mistake, not a choice.
      [{ ...chosen(), app: { theme: 'light', language: 'en', currency: 'USD' } }, 'timezone must be one of: America/New_York, America/Chicago, America/Denver, America/Los_Angeles'],
      [{ ...chosen(), notifications: { ...chosen().notifications, marketAlerts: 'yes' } }, 'marketAlerts must be true or false'],
      [{ ...chosen(), privacy: { ...chosen().privacy, cookiePreferences: undefined } }, 'cookiePreferences must be true or false'],
      [{ notifications: chosen().notifications, app: chosen().app }, 'privacy is required (an object)'],
    ];
    for (const [payload, message] of invalid) {
      const refused = await failure(customer.send(IdentityCommands.updatePreferences, payload as UpdatePreferencesPayload));
      expect(refused).toMatchObject({ statusCode: 400, message });
    }
    expect((await customer.send(IdentityCommands.getPreferences, {})).version).toBe(0);
    expect(await queuedEvents(harness, IdentityEvents.preferencesChanged, 'userId', session.user.id)).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expect(await failure(harness.client.send(IdentityCommands.getPreferences, {}))).toMatchObject({ statusCode: 401 });
  });
});
