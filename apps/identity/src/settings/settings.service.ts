import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Actor, AllSettings, DEFAULT_FEATURE_TOGGLES, FEATURE_TOGGLES, FeatureToggle, IdentityEvents, PublicSettings, SettingValue } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { requireSuperAdmin } from '../users/super-admin';
import { SettingKeys, SystemSetting } from './system-setting.entity';

const PUBLIC_KEYS = [SettingKeys.featureToggles, SettingKeys.supportedCurrencies, SettingKeys.investmentDurations, SettingKeys.investmentCategories, SettingKeys.corporateStructures, SettingKeys.cryptoWallets];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function numberList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

/**
 * Every toggle the platform knows, from the stored value where it has one and the
 * default otherwise (a toggle added in a later release is on or off as its default says).
 */
export function resolveFeatureToggles(stored: unknown): Record<FeatureToggle, boolean> {
  const toggles = { ...DEFAULT_FEATURE_TOGGLES };
  if (isRecord(stored)) {
    for (const toggle of FEATURE_TOGGLES) {
      const value = stored[toggle];
      if (typeof value === 'boolean') toggles[toggle] = value;
    }
  }
  return toggles;
}

/** Reads settings straight from the table (no cache): an admin's change holds at once on every replica. */
@Injectable()
export class SettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async featureToggles(manager: EntityManager = this.dataSource.manager): Promise<Record<FeatureToggle, boolean>> {
    const row = await manager.findOneBy(SystemSetting, { settingKey: SettingKeys.featureToggles });
    return resolveFeatureToggles(row?.settingValue);
  }

  async publicSettings(): Promise<PublicSettings> {
    const rows = await this.dataSource.manager.findBy(SystemSetting, { settingKey: In(PUBLIC_KEYS) });
    const value = (key: string) => rows.find((row) => row.settingKey === key)?.settingValue;
    const durations = asRecord(value(SettingKeys.investmentDurations));
    const wallets = asRecord(value(SettingKeys.cryptoWallets));
    return {
      featureToggles: resolveFeatureToggles(value(SettingKeys.featureToggles)),
      supportedCurrencies: stringList(value(SettingKeys.supportedCurrencies)),
      personalDurations: numberList(durations.personal),
      corporateDurations: numberList(durations.corporate),
      gippDurations: numberList(durations.gipp),
      investmentCategories: stringList(value(SettingKeys.investmentCategories)),
      corporateStructures: stringList(value(SettingKeys.corporateStructures)),
      bitcoinWalletAddress: typeof wallets.bitcoin === 'string' && wallets.bitcoin ? wallets.bitcoin : null,
    };
  }

  async allSettings(): Promise<AllSettings> {
    const rows = await this.dataSource.manager.find(SystemSetting, { order: { settingKey: 'ASC' } });
    return { items: rows.map((row) => ({ key: row.settingKey, value: row.settingValue, version: row.version })) };
  }

  /**
   * Replaces a setting's value (super administrators only), audited, and announces it
   * with its new version so every service applies it without a restart. Which values
   * each key accepts is checked by the settings screens' issue; here a key must exist.
   */
  async updateSetting(key: string, value: unknown, actor: Actor): Promise<SettingValue> {
    return this.dataSource.transaction(async (manager) => {
      const admin = await requireSuperAdmin(manager, actor, 'Only super administrators can change platform settings.');
      const row = await manager.findOne(SystemSetting, { where: { settingKey: key }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw ServiceError.notFound(`There is no setting ${key}.`, 'setting_not_found');
      const previous = row.settingValue;
      row.settingValue = value;
      row.updatedBy = admin.id;
      row.version += 1;
      await manager.save(row);
      await recordAudit(manager, {
        category: 'admin_action',
        actionType: 'setting_updated',
        actor: { userId: admin.id, email: admin.email },
        targetType: 'setting',
        targetId: key,
        description: `Setting ${key} changed`,
        metadata: { previous, value, version: row.version },
      });
      await addToOutbox(manager, IdentityEvents.settingChanged, { key, value, version: row.version, changedBy: admin.id });
      return { key, value, version: row.version };
    });
  }
}
