import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { ServiceEnvironment } from '@portal/config';
import { decryptSettingSecret, isEncryptedSettingSecret, resolveSettingsSecretKey } from '@portal/config';
import { Actor, DEFAULT_FEATURE_TOGGLES, IdentityCommands, IdentityEvents } from '@portal/contracts';
import { PlatformSettings, PlatformSettingsModule, runService } from '@portal/messaging';
import { stopService } from '@portal/testing';
import { actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity, withDataSource } from '../testing/identity-harness';
import { SystemSetting } from './system-setting.entity';

describe('platform settings changes', () => {
  let harness: IdentityHarness;
  /** Another service that obeys settings, running beside identity. */
  let otherService: INestMicroservice;

  beforeAll(async () => {
    harness = await startIdentity('identity_settings');
    otherService = await runService({
      service: 'ledger',
      environment: ServiceEnvironment,
      env: harness.infrastructure.env,
      module: () => ({ module: class SettingsObeyingModule {}, imports: [PlatformSettingsModule] }),
    });
  });

  afterAll(async () => {
    await stopService(otherService);
    await harness?.stop();
  });

  const toggles = (withdrawals: boolean) => ({ ...DEFAULT_FEATURE_TOGGLES, withdrawals_enabled: withdrawals });

  it('takes effect in another running service without a restart, audited and announced with a version', async () => {
    const settings = otherService.get(PlatformSettings);
    await settings.loaded;
    expect(settings.get('feature_toggles')).toMatchObject({ withdrawals_enabled: true });
    const before = settings.version('feature_toggles');

    const { actor } = await signedInAdmin(harness);
    const updated = await harness.client.as(actor).send(IdentityCommands.updateSetting, { key: 'feature_toggles', value: toggles(false) });
    expect(updated).toEqual({ key: 'feature_toggles', value: toggles(false), version: before + 1 });

    const event = await harness.events.waitFor(IdentityEvents.settingChanged, (payload) => payload.version === before + 1);
    expect(event.payload).toEqual({ key: 'feature_toggles', value: toggles(false), version: before + 1, changedBy: actor.userId });
    const deadline = Date.now() + 5_000;
    while (settings.version('feature_toggles') <= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(settings.get('feature_toggles')).toMatchObject({ withdrawals_enabled: false });

    // An older version arriving late never replaces the newer value.
    settings.apply({ key: 'feature_toggles', value: toggles(true), version: before });
    expect(settings.get('feature_toggles')).toMatchObject({ withdrawals_enabled: false });

    const audit = await harness.client.as(actor).send(IdentityCommands.listAuditLogs, { category: 'admin_action' });
    expect(audit.items[0]).toMatchObject({ actionType: 'setting_updated', actorUserId: actor.userId, targetType: 'setting', targetId: 'feature_toggles' });
    expect((await harness.client.send(IdentityCommands.getPublicSettings, {})).featureToggles.withdrawals_enabled).toBe(false);
  });

  it('is refused to anyone but a super administrator, and for a key that does not exist', async () => {
    const { session } = await confirmedCustomer(harness);
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    const update = { key: 'feature_toggles', value: toggles(true) };
    expect(await failure(harness.client.as(actorOf(harness, session)).send(IdentityCommands.updateSetting, update))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.as(moderator).send(IdentityCommands.updateSetting, update))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.send(IdentityCommands.updateSetting, update))).toMatchObject({ statusCode: 401 });
    const { actor } = await signedInAdmin(harness);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.updateSetting, { key: 'made_up', value: 1 }))).toMatchObject({ statusCode: 404 });
  });

  describe('System Settings (admin)', () => {
    let superAdmin: Actor;
    const change = (key: string, value: unknown, actor: Actor = superAdmin) => harness.client.as(actor).send(IdentityCommands.changeSetting, { key, value });
    const refusal = async (key: string, value: unknown) => failure(change(key, value));
    const valueOf = async (key: string) => (await harness.client.as(superAdmin).send(IdentityCommands.listAdminSettings, {})).items.find((item) => item.key === key);

    beforeAll(async () => {
      superAdmin = (await signedInAdmin(harness)).actor;
    });

    it('lists every key with its seeded defaults, description, author and version', async () => {
      const { items } = await harness.client.as(superAdmin).send(IdentityCommands.listAdminSettings, {});
      const keys = items.map((item) => item.key);
      for (const key of ['platform_fees', 'roi_rates', 'supported_currencies', 'crypto_wallets', 'feature_toggles', 'admin_roles', 'biometric_verification_config', 'general', 'financial_limits', 'security']) {
        expect(keys).toContain(key);
      }
      expect(items.find((item) => item.key === 'financial_limits')).toMatchObject({ value: { minimumWithdrawal: 100, withdrawalRequiresKyc: false, fourEyesThreshold: 10000 }, updatedBy: null, version: 1 });
      expect(items.find((item) => item.key === 'security')?.value).toEqual({ sessionIdleMinutes: 30, sessionAbsoluteHours: 12, maxFailedLogins: 5, requireAdminMfa: false });
      expect(items.find((item) => item.key === 'general')?.value).toMatchObject({ phoneHours: 'Mon–Fri 9AM–5PM SGT', liveChatHours: '24/7', emailResponseTime: 'Within 4 hours' });
      expect(items.find((item) => item.key === 'platform_fees')).toMatchObject({ value: { personal: 2.5, corporate: 2, gipp: 1.5 }, description: expect.any(String) });
    });

    it('validates each key strictly and names what is wrong', async () => {
      const cases: [string, unknown, RegExp][] = [
        ['platform_fees', { personal: 2.55, corporate: 2, gipp: 1.5 }, /personal must be in steps of 0\.1/],
        ['platform_fees', { personal: 2.5, corporate: 2 }, /gipp is required/],
        ['platform_fees', { personal: -1, corporate: 2, gipp: 1.5 }, /personal must be a number from 0 to 100/],
        ['roi_rates', { personal: 'lots', corporate: 18, gipp: 25 }, /personal must be a number/],
        ['supported_currencies', 'USD, XYZ', /unknown currency XYZ/],
        ['supported_currencies', ' , ', /at least one currency/],
        // A currency the ledger keeps no accounts in would leave money nowhere to move.
        ['supported_currencies', 'CAD', /unknown currency CAD \(known: USD, EUR, GBP, SGD\)/],
        ['supported_currencies', ['USD', 'JPY'], /unknown currency JPY/],
        ['crypto_wallets', { bitcoin: '1BoatSLRHtKNngkdXEeobR76b53LETtpyX', ethereum: null }, /valid Bitcoin address/],
        ['crypto_wallets', { bitcoin: null, ethereum: '0x123' }, /ethereum must be 0x followed by 40/],
        ['feature_toggles', { ...DEFAULT_FEATURE_TOGGLES, withdrawals_enabled: 'no' }, /withdrawals_enabled must be true or false/],
        ['feature_toggles', { ...DEFAULT_FEATURE_TOGGLES, made_up: true }, /unknown field made_up/],
        ['financial_limits', { minimumWithdrawal: 0, withdrawalRequiresKyc: true, fourEyesThreshold: 1000 }, /minimumWithdrawal must be a number from 1/],
        ['financial_limits', { minimumWithdrawal: 100, withdrawalRequiresKyc: true }, /fourEyesThreshold is required/],
        ['financial_limits', { minimumWithdrawal: 100, withdrawalRequiresKyc: true, fourEyesThreshold: 1000, investmentFundingDays: 0 }, /investmentFundingDays must be a whole number from 1 to 365/],
        ['security', { sessionIdleMinutes: 2.5, sessionAbsoluteHours: 12, maxFailedLogins: 5, requireAdminMfa: false }, /sessionIdleMinutes must be a whole number from 5 to 1440/],
        ['security', { sessionIdleMinutes: 30, sessionAbsoluteHours: 12, maxFailedLogins: 500, requireAdminMfa: false }, /maxFailedLogins must be a whole number from 3 to 20/],
        ['admin_roles', { super_admin: ['users'], admin: [], moderator: [], support: [] }, /super_admin always has all permissions/],
        ['admin_roles', { super_admin: ['all'], admin: ['everything'], moderator: [], support: [] }, /unknown permission everything for admin/],
        ['general', { platformName: '' }, /Invalid general/],
        ['biometric_verification_config', { provider: null, apiKey: null, isEnabled: true }, /a provider and an API key are required/],
        ['feature_toggles', 'on', /must be an object/],
      ];
      for (const [key, value, message] of cases) {
        const error = await refusal(key, value);
        expect({ key, statusCode: error.statusCode }).toEqual({ key, statusCode: 400 });
        expect(error.message).toMatch(message);
      }
    });

    it('stores normalised values: currencies trimmed, upper-cased, blanks dropped; real Bitcoin addresses accepted', async () => {
      expect((await change('supported_currencies', ' usd, EUR ,, sgd ,')).value).toEqual(['USD', 'EUR', 'SGD']);
      const wallets = { bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ethereum: '0x52908400098527886E0F7030069857D2E4169EE7' };
      expect((await change('crypto_wallets', wallets)).value).toEqual(wallets);
      expect((await change('crypto_wallets', { ...wallets, bitcoin: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' })).value).toMatchObject({ bitcoin: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' });
      expect((await harness.client.send(IdentityCommands.getPublicSettings, {})).bitcoinWalletAddress).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
      expect((await change('platform_fees', { personal: 3.1, corporate: '2.2', gipp: 0 })).value).toEqual({ personal: 3.1, corporate: 2.2, gipp: 0 });
      // The funding period of approved investments is optional: left empty, the ledger's 30 days apply.
      const limits = { minimumWithdrawal: 100, withdrawalRequiresKyc: false, fourEyesThreshold: 10000 };
      expect((await change('financial_limits', { ...limits, investmentFundingDays: 45 })).value).toEqual({ ...limits, investmentFundingDays: 45 });
      expect((await change('financial_limits', { ...limits, investmentFundingDays: null })).value).toEqual(limits);
    });

    it('keeps a version history of who changed what, old and new value, newest first', async () => {
      const before = await valueOf('financial_limits');
      const first = { minimumWithdrawal: 250, withdrawalRequiresKyc: true, fourEyesThreshold: 5000 };
      const second = { minimumWithdrawal: 150.5, withdrawalRequiresKyc: false, fourEyesThreshold: 20000 };
      const changed = await change('financial_limits', first);
      expect(changed).toMatchObject({ key: 'financial_limits', value: first, version: (before?.version ?? 0) + 1, updatedBy: superAdmin.userId, updatedByEmail: expect.stringContaining('@') });
      await change('financial_limits', second);
      const history = await harness.client.as(superAdmin).send(IdentityCommands.getSettingHistory, { key: 'financial_limits' });
      expect(history.items.slice(0, 2)).toEqual([
        { version: changed.version + 1, changedBy: superAdmin.userId, changedByEmail: changed.updatedByEmail, changedAt: expect.any(String), previousValue: first, value: second },
        { version: changed.version, changedBy: superAdmin.userId, changedByEmail: changed.updatedByEmail, changedAt: expect.any(String), previousValue: before?.value, value: first },
      ]);
      expect((await valueOf('financial_limits'))?.value).toEqual(second);
      // Its minimum withdrawal is public, for the browser to check the rule as the ledger will; nothing else of it is.
      const published = await harness.client.send(IdentityCommands.getPublicSettings, {});
      expect(published.minimumWithdrawal).toBe(150.5);
      expect(JSON.stringify(published)).not.toContain('fourEyesThreshold');
      expect(await failure(harness.client.as(superAdmin).send(IdentityCommands.getSettingHistory, { key: 'made_up' }))).toMatchObject({ statusCode: 404 });
    });

    it('stores the biometric API key encrypted and never returns it, only masked, with isConfigured derived', async () => {
      const saved = await change('biometric_verification_config', { provider: 'built-in', apiKey: 'super-secret-key-1234', isEnabled: true });
      expect(saved.value).toEqual({ provider: 'built-in', apiKeyMasked: '••••', isEnabled: true, isConfigured: true });
      expect(JSON.stringify(saved)).not.toContain('super-secret-key-1234');
      const stored = await withDataSource(harness, (dataSource) => dataSource.manager.findOneByOrFail(SystemSetting, { settingKey: 'biometric_verification_config' }));
      const apiKey = (stored.settingValue as { apiKey: string }).apiKey;
      expect(isEncryptedSettingSecret(apiKey)).toBe(true);
      expect(decryptSettingSecret(resolveSettingsSecretKey({ nodeEnv: 'test', keysDir: harness.infrastructure.env.JWT_KEYS_DIR }), apiKey)).toBe('super-secret-key-1234');
      // Without apiKey the stored key stays; null removes it.
      expect((await change('biometric_verification_config', { provider: 'built-in', isEnabled: false })).value).toMatchObject({ isConfigured: true, isEnabled: false });
      expect((await change('biometric_verification_config', { provider: 'built-in', apiKey: null, isEnabled: false })).value).toMatchObject({ apiKeyMasked: null, isConfigured: false });
      const history = await harness.client.as(superAdmin).send(IdentityCommands.getSettingHistory, { key: 'biometric_verification_config' });
      expect(JSON.stringify(history)).not.toMatch(/super-secret|enc:v1/);
      const audit = await harness.client.as(superAdmin).send(IdentityCommands.listAuditLogs, { category: 'admin_action' });
      expect(JSON.stringify(audit)).not.toMatch(/super-secret|enc:v1/);
    });

    it('lets admins whose role has the settings permission read, and only super admins change', async () => {
      const { actor: admin } = await signedInAdmin(harness, 'admin');
      const { actor: support } = await signedInAdmin(harness, 'support');
      expect(await failure(harness.client.as(admin).send(IdentityCommands.listAdminSettings, {}))).toMatchObject({ statusCode: 403 });
      expect(await failure(harness.client.as(support).send(IdentityCommands.getSettingHistory, { key: 'general' }))).toMatchObject({ statusCode: 403 });
      expect(await failure(harness.client.send(IdentityCommands.listAdminSettings, {}))).toMatchObject({ statusCode: 401 });
      const roles = { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc', 'settings'], moderator: ['users', 'kyc'], support: ['tickets', 'notifications'] };
      await change('admin_roles', roles);
      expect((await harness.client.as(admin).send(IdentityCommands.listAdminSettings, {})).items.length).toBeGreaterThan(5);
      // The admin menu follows the role's current permissions.
      expect(await harness.client.as(admin).send(IdentityCommands.getMyAdminPermissions, {})).toEqual({ adminRole: 'admin', permissions: ['users', 'investments', 'transactions', 'kyc', 'settings'] });
      expect(await harness.client.as(support).send(IdentityCommands.getMyAdminPermissions, {})).toEqual({ adminRole: 'support', permissions: ['tickets', 'notifications'] });
      expect((await harness.client.as(superAdmin).send(IdentityCommands.getMyAdminPermissions, {})).permissions).toContain('all');
      expect(await failure(change('security', { sessionIdleMinutes: 30, sessionAbsoluteHours: 12, maxFailedLogins: 5, requireAdminMfa: true }, admin))).toMatchObject({ statusCode: 403, code: 'settings_change_super_admin_only', message: 'Only super administrators can change platform settings.' });
    });
  });
});
