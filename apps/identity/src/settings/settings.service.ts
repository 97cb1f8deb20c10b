import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { DEFAULT_FEATURE_TOGGLES, FEATURE_TOGGLES, FeatureToggle, PublicSettings } from '@portal/contracts';
import { SettingKeys, SystemSetting } from './system-setting.entity';

const PUBLIC_KEYS = [SettingKeys.featureToggles, SettingKeys.supportedCurrencies, SettingKeys.investmentDurations, SettingKeys.investmentCategories, SettingKeys.cryptoWallets];

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
      investmentCategories: stringList(value(SettingKeys.investmentCategories)),
      bitcoinWalletAddress: typeof wallets.bitcoin === 'string' && wallets.bitcoin ? wallets.bitcoin : null,
    };
  }
}
