import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { AuthSession, DEFAULT_FEATURE_TOGGLES, healthCommand, IdentityCommands } from '@portal/contracts';
import { DataSource } from 'typeorm';
import { purgeSpentEvents, runService } from '@portal/messaging';
import { describeServiceBasics } from '@portal/testing';
import { IdentityEnvironment } from './identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from './identity-schema';
import { IdentityModule } from './identity.module';
import { DataRetention } from './retention/data-retention';
import { actorOf, confirmedCustomer, failure, IdentityHarness, startIdentity } from './testing/identity-harness';

describeServiceBasics({
  service: 'identity',
  schema: IDENTITY_SCHEMA,
  entities: identityEntities,
  migrations: identityMigrations,
  start: (env) => runService({ service: 'identity', environment: IdentityEnvironment, module: (environment) => IdentityModule.register(environment), env }),
});

describe('identity service', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('reports Redis in its health, beside PostgreSQL', async () => {
    const health = await harness.client.send(healthCommand('identity'), {});
    expect(health.dependencies).toEqual([
      { name: 'postgres', status: 'up' },
      { name: 'redis', status: 'up' },
    ]);
  });

  it('serves the seeded public settings', async () => {
    const settings = await harness.client.send(IdentityCommands.getPublicSettings, {});
    expect(settings).toEqual({
      // The frozen seed migration and the rules' defaults must agree.
      featureToggles: DEFAULT_FEATURE_TOGGLES,
      supportedCurrencies: ['USD', 'EUR', 'GBP', 'SGD'],
      personalDurations: [3, 6, 12, 24, 36],
      corporateDurations: [3, 6, 12, 24, 36, 48, 60],
      gippDurations: [3, 6, 12, 24, 36],
      investmentCategories: ['Oil & Gas', 'Gold Mining', 'Real Estate', 'Technology', 'Healthcare', 'Renewable Energy'],
      corporateStructures: ['Private Limited Company', 'Public Limited Company', 'Partnership', 'Sole Proprietorship', 'Limited Liability Partnership', 'Other'],
      bitcoinWalletAddress: null,
      minimumWithdrawal: 100,
      support: {
        platformName: 'Investment Portal',
        supportEmail: null,
        supportPhone: null,
        phoneHours: 'Mon–Fri 9AM–5PM SGT',
        liveChatUrl: null,
        liveChatHours: '24/7',
        liveChatResponseTime: '2 minutes',
        emailResponseTime: 'Within 4 hours',
      },
    });
  });

  it('seeds the back-office settings with the documented defaults', async () => {
    const { rows } = await harness.database.query<{ setting_key: string; setting_value: unknown }>(`SELECT setting_key, setting_value FROM identity.system_settings`);
    const stored = Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value]));
    expect(stored).toMatchObject({
      platform_fees: { personal: 2.5, corporate: 2, gipp: 1.5 },
      roi_rates: { personal: 15, corporate: 18, gipp: 25 },
      crypto_wallets: { bitcoin: null, ethereum: null },
      admin_roles: { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], moderator: ['users', 'kyc'], support: ['tickets', 'notifications'] },
    });
  });

  it('deletes spent tokens and published events once their retention has passed', async () => {
    const { session: oldSession } = await confirmedCustomer(harness);
    const { session: liveSession } = await confirmedCustomer(harness);
    const sql = (text: string, values: unknown[] = []) => harness.database.query(text, values);
    await sql(`UPDATE identity.refresh_tokens SET expires_at = now() - interval '8 days' WHERE user_id = $1`, [oldSession.user.id]);
    await sql(`UPDATE identity.email_confirmation_tokens SET expires_at = now() - interval '31 days' WHERE user_id = $1`, [oldSession.user.id]);
    await sql(`UPDATE identity.email_confirmation_tokens SET expires_at = now() - interval '29 days' WHERE user_id = $1`, [liveSession.user.id]);
    await sql(`UPDATE identity.outbox_events SET published_at = now() - interval '8 days' WHERE payload ->> 'userId' = $1`, [oldSession.user.id]);
    // Email change links hold the address asked for: gone a week after they expire, used or not.
    const changeLink = async (userId: string, expiresAgo: string, consumed: boolean) =>
      sql(
        `INSERT INTO identity.email_change_tokens (id, user_id, token_hash, new_email, expires_at, consumed_at) VALUES (gen_random_uuid(), $1, md5(random()::text), $2, now() - $3::interval, $4)`,
        [userId, `moved-${randomUUID().slice(0, 8)}@example.test`, expiresAgo, consumed ? new Date() : null],
      );
    await changeLink(oldSession.user.id, '8 days', false);
    await changeLink(oldSession.user.id, '9 days', true);
    await changeLink(liveSession.user.id, '6 days', true);

    const deleted = await harness.service.get(DataRetention).purge();
    // Spent event rows go by the outbox module every service shares.
    const deletedEvents = await purgeSpentEvents(harness.service.get(DataSource));

    expect(deleted).toEqual({ 'refresh tokens': 1, 'email confirmation tokens': 1, 'password reset tokens': 0, 'email change tokens': 2 });
    expect(deletedEvents.outboxEvents).toBeGreaterThanOrEqual(3);
    const count = async (table: string, userId: string) => (await sql(`SELECT count(*)::int AS n FROM identity.${table} WHERE user_id = $1`, [userId])).rows[0].n;
    expect(await count('refresh_tokens', oldSession.user.id)).toBe(0);
    expect(await count('refresh_tokens', liveSession.user.id)).toBe(1);
    expect(await count('email_confirmation_tokens', oldSession.user.id)).toBe(0);
    expect(await count('email_confirmation_tokens', liveSession.user.id)).toBe(1);
    expect(await count('email_change_tokens', oldSession.user.id)).toBe(0);
    expect(await count('email_change_tokens', liveSession.user.id)).toBe(1);
    const events = async (userId: string) => (await sql(`SELECT count(*)::int AS n FROM identity.outbox_events WHERE payload ->> 'userId' = $1`, [userId])).rows[0].n;
    expect(await events(oldSession.user.id)).toBe(0);
    expect(await events(liveSession.user.id)).toBeGreaterThanOrEqual(3);
  });

  describe('current user', () => {
    it('returns the signed-in person as stored', async () => {
      const { form, session } = await confirmedCustomer(harness);
      const user = await harness.client.as(actorOf(harness, session)).send(IdentityCommands.getCurrentUser, {});
      expect(user).toEqual({
        id: session.user.id,
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        userType: 'customer',
        adminRole: null,
        kycStatus: 'pending',
        userStatus: 'active',
      });
    });

    it('needs a signed-in caller', async () => {
      expect(await failure(harness.client.send(IdentityCommands.getCurrentUser, {}))).toMatchObject({ statusCode: 401 });
    });

    it('answers 404 once the account is gone', async () => {
      const { session }: { session: AuthSession } = await confirmedCustomer(harness);
      await harness.database.query('DELETE FROM identity.users WHERE id = $1', [session.user.id]);
      const actor = { userId: session.user.id, userType: 'customer' as const, adminRole: null, sessionId: 'gone' };
      expect(await failure(harness.client.as(actor).send(IdentityCommands.getCurrentUser, {}))).toMatchObject({ statusCode: 404 });
    });
  });
});
