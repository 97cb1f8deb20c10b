import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { ServiceEnvironment } from '@portal/config';
import { DEFAULT_FEATURE_TOGGLES, IdentityCommands, IdentityEvents } from '@portal/contracts';
import { PlatformSettings, PlatformSettingsModule, runService } from '@portal/messaging';
import { stopService } from '@portal/testing';
import { actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

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
});
