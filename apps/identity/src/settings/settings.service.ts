import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SettingsSecretBox } from '@portal/config';
import {
  Actor,
  ADMIN_PERMISSIONS,
  ADMIN_SETTING_KEYS,
  AdminPermissionsView,
  AdminSettingList,
  AdminSettingView,
  adminRoleAllows,
  AllSettings,
  DEFAULT_FEATURE_TOGGLES,
  FEATURE_TOGGLES,
  FeatureToggle,
  IdentityEvents,
  PublicSettings,
  PublicSupportContacts,
  resolveMinimumWithdrawal,
  resolveSecuritySettings,
  SECURITY_SETTING_KEY,
  SecuritySettings,
  SettingHistory,
  SettingValue,
} from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { requireSuperAdmin } from '../users/super-admin';
import { User } from '../users/user.entity';
import { DEFAULT_GENERAL, isAdminSettingKey, presentSetting, SETTING_RULES } from './setting-rules';
import { SettingKeys, SystemSetting } from './system-setting.entity';
import { SystemSettingChange } from './system-setting-change.entity';

const PUBLIC_KEYS = [
  SettingKeys.featureToggles,
  SettingKeys.supportedCurrencies,
  SettingKeys.investmentDurations,
  SettingKeys.investmentCategories,
  SettingKeys.corporateStructures,
  SettingKeys.cryptoWallets,
  SettingKeys.general,
  // Only its minimum withdrawal is public: the browser mirrors the rule.
  SettingKeys.financialLimits,
];

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
  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SettingsSecretBox,
  ) {}

  async featureToggles(manager: EntityManager = this.dataSource.manager): Promise<Record<FeatureToggle, boolean>> {
    const row = await manager.findOneBy(SystemSetting, { settingKey: SettingKeys.featureToggles });
    return resolveFeatureToggles(row?.settingValue);
  }

  /**
   * The `security` setting (session limits, sign-in lockout, admin two-factor), each field
   * from the stored value or its default; `maxFailedLogins` defaults to `defaultMaxFailedLogins`
   * (the environment's LOGIN_MAX_FAILURES_PER_ACCOUNT) while nothing is stored.
   */
  async security(manager: EntityManager = this.dataSource.manager, defaultMaxFailedLogins?: number): Promise<SecuritySettings> {
    const row = await manager.findOneBy(SystemSetting, { settingKey: SECURITY_SETTING_KEY });
    const defaults = resolveSecuritySettings(undefined);
    return resolveSecuritySettings(row?.settingValue, defaultMaxFailedLogins ? { ...defaults, maxFailedLogins: defaultMaxFailedLogins } : defaults);
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
      minimumWithdrawal: resolveMinimumWithdrawal(value(SettingKeys.financialLimits)),
      support: supportContacts(value(SettingKeys.general)),
    };
  }

  async allSettings(): Promise<AllSettings> {
    const rows = await this.dataSource.manager.find(SystemSetting, { order: { settingKey: 'ASC' } });
    return { items: rows.map((row) => ({ key: row.settingKey, value: row.settingValue, version: row.version })) };
  }

  /**
   * System Settings' list. Reading needs the admin role's `settings` permission (spec 02
   * §6 lists editing settings among admin abilities, and the admin_roles setting decides
   * which roles have it; super admins have all); changing needs a super admin.
   */
  async adminSettings(actor: Actor | null): Promise<AdminSettingList> {
    await this.requireSettingsReader(actor);
    const rows = await this.dataSource.manager.findBy(SystemSetting, { settingKey: In([...ADMIN_SETTING_KEYS]) });
    const emails = await this.emailsOf(rows.map((row) => row.updatedBy));
    const order = (key: string) => ADMIN_SETTING_KEYS.indexOf(key as (typeof ADMIN_SETTING_KEYS)[number]);
    return { items: rows.sort((a, b) => order(a.settingKey) - order(b.settingKey)).map((row) => this.view(row, emails)) };
  }

  async history(key: string, actor: Actor | null): Promise<SettingHistory> {
    await this.requireSettingsReader(actor);
    if (!isAdminSettingKey(key)) throw ServiceError.of(404, 'setting_not_found', { params: { key } });
    const changes = await this.dataSource.manager.find(SystemSettingChange, { where: { settingKey: key }, order: { version: 'DESC' }, take: 100 });
    return {
      key,
      items: changes.map((change) => ({
        version: change.version,
        changedBy: change.changedBy,
        changedByEmail: change.changedByEmail,
        changedAt: change.changedAt.toISOString(),
        previousValue: change.previousValue === null ? null : presentSetting(key, change.previousValue),
        value: presentSetting(key, change.value),
      })),
    };
  }

  /** The internal form services apply (the biometric key stays encrypted: only kyc decrypts it). */
  async updateSetting(key: string, value: unknown, actor: Actor | null): Promise<SettingValue> {
    const view = await this.changeSetting(key, value, actor);
    return { key: view.key, value: view.value, version: view.version };
  }

  /**
   * Replaces a setting's whole value (super administrators only) after validating it for
   * its key, keeps the change in the key's history, audits it and announces it with its
   * new version so every service applies it without a restart.
   */
  async changeSetting(key: string, value: unknown, actor: Actor | null): Promise<AdminSettingView> {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    return this.dataSource.transaction(async (manager) => {
      // Decided on the caller as stored, row share-locked before the setting's row (the order
      // account administration uses): a demotion or suspension of the caller under way decides.
      const admin = await requireSuperAdmin(manager, actor, 'settings_change_super_admin_only', { lock: true });
      if (!isAdminSettingKey(key)) throw ServiceError.of(404, 'setting_not_found', { params: { key } });
      const row = await manager.findOne(SystemSetting, { where: { settingKey: key }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw ServiceError.of(404, 'setting_not_found', { params: { key } });
      const previous = row.settingValue;
      const stored = SETTING_RULES[key].parse(value, { previous, secrets: this.secrets });
      row.settingValue = stored;
      row.updatedBy = admin.id;
      row.version += 1;
      await manager.save(row);
      const change = manager.create(SystemSettingChange, { id: randomUUID(), settingKey: key, version: row.version, previousValue: previous, value: stored, changedBy: admin.id, changedByEmail: admin.email });
      // The cast covers only the two jsonb values: TypeORM cannot type a free-form document.
      await manager.insert(SystemSettingChange, change as QueryDeepPartialEntity<SystemSettingChange>);
      await recordAudit(manager, {
        category: 'admin_action',
        actionType: 'setting_updated',
        actor: { userId: admin.id, email: admin.email },
        targetType: 'setting',
        targetId: key,
        description: `Setting ${key} changed`,
        metadata: { previous: presentSetting(key, previous), value: presentSetting(key, stored), version: row.version },
      });
      await addToOutbox(manager, IdentityEvents.settingChanged, { key, value: stored, version: row.version, changedBy: admin.id });
      const saved = await manager.findOneByOrFail(SystemSetting, { settingKey: key });
      return this.view(saved, new Map([[admin.id, admin.email]]));
    });
  }

  private view(row: SystemSetting, emails: Map<string, string>): AdminSettingView {
    return {
      key: row.settingKey,
      value: presentSetting(row.settingKey, row.settingValue),
      description: row.description,
      updatedBy: row.updatedBy,
      updatedByEmail: row.updatedBy ? (emails.get(row.updatedBy) ?? null) : null,
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  private async emailsOf(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (!wanted.length) return new Map();
    const users = await this.dataSource.manager.find(User, { where: { id: In(wanted) }, select: { id: true, email: true } });
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** The caller's role (from the database) and what the admin_roles setting grants it now. */
  async myAdminPermissions(actor: Actor | null): Promise<AdminPermissionsView> {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user || user.userType !== 'admin' || !user.adminRole) throw ServiceError.of(403, 'admin_access_denied');
    const roles = await this.dataSource.manager.findOneBy(SystemSetting, { settingKey: SettingKeys.adminRoles });
    const permissions = ['all', ...ADMIN_PERMISSIONS].filter((permission) => (permission === 'all' ? user.adminRole === 'super_admin' : adminRoleAllows(roles?.settingValue, user.adminRole, permission)));
    return { adminRole: user.adminRole, permissions };
  }

  /** An active admin whose role (from the database, not the token) has the settings permission. */
  private async requireSettingsReader(actor: Actor | null): Promise<void> {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user || user.userType !== 'admin' || user.userStatus === 'suspended') throw ServiceError.of(403, 'settings_access_denied');
    const roles = await this.dataSource.manager.findOneBy(SystemSetting, { settingKey: SettingKeys.adminRoles });
    if (!adminRoleAllows(roles?.settingValue, user.adminRole, 'settings')) throw ServiceError.of(403, 'settings_access_denied');
  }
}

/** The general setting as the Support Center shows it (defaults for what is not set). */
export function supportContacts(stored: unknown): PublicSupportContacts {
  const general = { ...DEFAULT_GENERAL, ...(isRecord(stored) ? stored : {}) } as Record<string, unknown>;
  const textOr = (field: keyof typeof DEFAULT_GENERAL) => (typeof general[field] === 'string' && general[field] ? (general[field] as string) : (DEFAULT_GENERAL[field] as string | null));
  return {
    platformName: textOr('platformName') ?? DEFAULT_GENERAL.platformName,
    supportEmail: textOr('supportEmail'),
    supportPhone: textOr('supportPhone'),
    phoneHours: textOr('phoneHours') ?? DEFAULT_GENERAL.phoneHours,
    liveChatUrl: textOr('liveChatUrl'),
    liveChatHours: textOr('liveChatHours') ?? DEFAULT_GENERAL.liveChatHours,
    liveChatResponseTime: textOr('liveChatResponseTime') ?? DEFAULT_GENERAL.liveChatResponseTime,
    emailResponseTime: textOr('emailResponseTime') ?? DEFAULT_GENERAL.emailResponseTime,
  };
}
