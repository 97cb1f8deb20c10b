import { SettingsSecretBox } from '@portal/config';
import { ADMIN_PERMISSIONS, ADMIN_ROLES, AdminSettingKey, CURRENCIES, FEATURE_TOGGLES } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { isBitcoinAddress } from './bitcoin-address';

/** What a rule may need beyond the new value: the stored one (kept secrets) and the secret box. */
export interface RuleContext {
  previous: unknown;
  secrets: SettingsSecretBox;
}

export interface SettingRule {
  /** The new value as stored, or a 400 naming what is wrong. */
  parse(value: unknown, context: RuleContext): unknown;
  /** The stored value as an admin's browser may see it (secrets masked). */
  present?(stored: unknown): unknown;
}

function invalid(key: string, problem: string): ServiceError {
  return ServiceError.of(400, 'invalid_setting', { params: { key, problem } });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with exactly these fields (none missing, none unknown). */
function exactObject(key: string, value: unknown, fields: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  if (!isRecord(value)) throw invalid(key, `must be an object with ${fields.join(', ')}.`);
  const unknown = Object.keys(value).filter((field) => !fields.includes(field));
  if (unknown.length) throw invalid(key, `unknown field ${unknown.join(', ')}.`);
  const missing = fields.filter((field) => !(field in value) && !optional.includes(field));
  if (missing.length) throw invalid(key, `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required.`);
  return value;
}

function bool(key: string, field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(key, `${field} must be true or false.`);
  return value;
}

function integer(key: string, field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(key, `${field} must be a whole number from ${min} to ${max}.`);
  return value;
}

/**
 * A number in [min, max] with at most `decimals` decimals (fees and rates: step 0.1; money:
 * 0.01), judged on its text: the gateway forwards these fields as the admin wrote them
 * (DECIMAL_SETTING_FIELDS), so `100.001` or `99.999999999999999` is refused, not rounded.
 */
function decimal(key: string, field: string, value: unknown, min: number, max: number, decimals: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const number = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number) || number < min || number > max) throw invalid(key, `${field} must be a number from ${min} to ${max}.`);
  if ((text.split('.')[1] ?? '').length > decimals) throw invalid(key, `${field} must be in steps of ${(1 / 10 ** decimals).toFixed(decimals)}.`);
  return number;
}

function text(key: string, field: string, value: unknown, max: number, options: { nullable?: boolean; pattern?: RegExp; patternMessage?: string } = {}): string | null {
  if (value === null || (typeof value === 'string' && value.trim() === '' && options.nullable)) {
    if (options.nullable) return null;
    throw invalid(key, `${field} is required.`);
  }
  if (typeof value !== 'string' || value.trim() === '') throw invalid(key, `${field} is required.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(key, `${field} must be at most ${max} characters.`);
  if (options.pattern && !options.pattern.test(trimmed)) throw invalid(key, options.patternMessage ?? `${field} is not valid.`);
  return trimmed;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const ETHEREUM = /^0x[0-9a-fA-F]{40}$/;
const INVESTMENT_TYPES = ['personal', 'corporate', 'gipp'] as const;

/** Fees and ROI: a percent per investment type, step 0.1. */
function percentByType(key: string, max: number): SettingRule {
  return {
    parse(value) {
      const record = exactObject(key, value, INVESTMENT_TYPES);
      return Object.fromEntries(INVESTMENT_TYPES.map((type) => [type, decimal(key, type, record[type], 0, max, 1)]));
    },
  };
}

function stringList(key: string, max: number): SettingRule {
  return {
    parse(value) {
      const items = (typeof value === 'string' ? value.split(',') : value) as unknown;
      if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) throw invalid(key, 'must be a list of names.');
      const names = [...new Set((items as string[]).map((item) => item.trim()).filter(Boolean))];
      if (!names.length) throw invalid(key, 'must name at least one.');
      if (names.length > 50 || names.some((name) => name.length > max)) throw invalid(key, `at most 50 names of at most ${max} characters.`);
      return names;
    },
  };
}

const MASK = '••••';

/**
 * Biometric configuration. The API key is stored encrypted and never returned: a browser
 * sees `apiKeyMasked` and `isConfigured` (provider and key both present, spec 02 §3). A
 * PUT without `apiKey` (or with null for none) keeps or clears it; a new string replaces it.
 */
const biometric: SettingRule = {
  parse(value, { previous, secrets }) {
    const key = 'biometric_verification_config';
    const record = exactObject(key, value, ['provider', 'apiKey', 'isEnabled', 'apiKeyMasked', 'isConfigured'], ['apiKey', 'apiKeyMasked', 'isConfigured']);
    const provider = text(key, 'provider', record.provider, 100, { nullable: true, pattern: /^[a-z0-9][a-z0-9._-]*$/i, patternMessage: 'provider must be a provider name (letters, digits, dot, dash, underscore).' });
    const isEnabled = bool(key, 'isEnabled', record.isEnabled);
    let apiKey: string | null;
    if (record.apiKey === undefined) {
      const stored = isRecord(previous) && typeof previous.apiKey === 'string' && previous.apiKey ? previous.apiKey : null;
      apiKey = stored;
    } else {
      const plain = text(key, 'apiKey', record.apiKey, 500, { nullable: true });
      apiKey = plain === null ? null : secrets.encrypt(plain);
    }
    if (isEnabled && (!provider || !apiKey)) throw invalid(key, 'a provider and an API key are required to enable biometric verification.');
    return { provider, apiKey, isEnabled };
  },
  present(stored) {
    const record = isRecord(stored) ? stored : {};
    const provider = typeof record.provider === 'string' && record.provider ? record.provider : null;
    const apiKey = typeof record.apiKey === 'string' && record.apiKey ? record.apiKey : null;
    return { provider, apiKeyMasked: apiKey ? MASK : null, isEnabled: record.isEnabled === true, isConfigured: Boolean(provider && apiKey) };
  },
};

/** Every key an admin may edit, with its server-side validation (spec 02 §3, §5, §9; API.md). */
export const SETTING_RULES: Record<AdminSettingKey, SettingRule> = {
  general: {
    parse(value) {
      const key = 'general';
      const record = exactObject(key, value, ['platformName', 'supportEmail', 'supportPhone', 'phoneHours', 'liveChatUrl', 'liveChatHours', 'liveChatResponseTime', 'emailResponseTime']);
      return {
        platformName: text(key, 'platformName', record.platformName, 100),
        supportEmail: text(key, 'supportEmail', record.supportEmail, 200, { nullable: true, pattern: EMAIL, patternMessage: 'supportEmail must be an email address.' }),
        supportPhone: text(key, 'supportPhone', record.supportPhone, 20, { nullable: true, pattern: PHONE, patternMessage: 'supportPhone must be a phone number (digits, spaces, +, -, parentheses).' }),
        phoneHours: text(key, 'phoneHours', record.phoneHours, 100),
        liveChatUrl: text(key, 'liveChatUrl', record.liveChatUrl, 500, { nullable: true, pattern: HTTP_URL, patternMessage: 'liveChatUrl must be an http(s) address.' }),
        liveChatHours: text(key, 'liveChatHours', record.liveChatHours, 100),
        liveChatResponseTime: text(key, 'liveChatResponseTime', record.liveChatResponseTime, 100),
        emailResponseTime: text(key, 'emailResponseTime', record.emailResponseTime, 100),
      };
    },
  },
  financial_limits: {
    parse(value) {
      const key = 'financial_limits';
      // investmentFundingDays: how long an approved investment waits for its money (the ledger's default when absent).
      const record = exactObject(key, value, ['minimumWithdrawal', 'withdrawalRequiresKyc', 'fourEyesThreshold', 'investmentFundingDays'], ['investmentFundingDays']);
      return {
        minimumWithdrawal: decimal(key, 'minimumWithdrawal', record.minimumWithdrawal, 1, 1_000_000, 2),
        withdrawalRequiresKyc: bool(key, 'withdrawalRequiresKyc', record.withdrawalRequiresKyc),
        fourEyesThreshold: decimal(key, 'fourEyesThreshold', record.fourEyesThreshold, 0, 1_000_000_000, 2),
        ...(record.investmentFundingDays === undefined || record.investmentFundingDays === null ? {} : { investmentFundingDays: integer(key, 'investmentFundingDays', record.investmentFundingDays, 1, 365) }),
      };
    },
  },
  feature_toggles: {
    parse(value) {
      const record = exactObject('feature_toggles', value, FEATURE_TOGGLES);
      return Object.fromEntries(FEATURE_TOGGLES.map((toggle) => [toggle, bool('feature_toggles', toggle, record[toggle])]));
    },
  },
  security: {
    parse(value) {
      const key = 'security';
      const record = exactObject(key, value, ['sessionIdleMinutes', 'sessionAbsoluteHours', 'maxFailedLogins', 'requireAdminMfa']);
      return {
        sessionIdleMinutes: integer(key, 'sessionIdleMinutes', record.sessionIdleMinutes, 5, 1440),
        sessionAbsoluteHours: integer(key, 'sessionAbsoluteHours', record.sessionAbsoluteHours, 1, 720),
        maxFailedLogins: integer(key, 'maxFailedLogins', record.maxFailedLogins, 3, 20),
        requireAdminMfa: bool(key, 'requireAdminMfa', record.requireAdminMfa),
      };
    },
  },
  platform_fees: percentByType('platform_fees', 100),
  roi_rates: percentByType('roi_rates', 100),
  supported_currencies: {
    parse(value) {
      const items = (typeof value === 'string' ? value.split(',') : value) as unknown;
      if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) throw invalid('supported_currencies', 'must be currency codes separated by commas.');
      const codes = [...new Set((items as string[]).map((item) => item.trim().toUpperCase()).filter(Boolean))];
      if (!codes.length) throw invalid('supported_currencies', 'name at least one currency.');
      // Only currencies the ledger keeps accounts in: the ledger refuses money in any currency
      // this list leaves out, so listing only others (CAD, say) would stop every deposit.
      const unknown = codes.filter((code) => !(CURRENCIES as readonly string[]).includes(code));
      if (unknown.length) throw invalid('supported_currencies', `unknown currency ${unknown.join(', ')} (known: ${CURRENCIES.join(', ')}).`);
      return codes;
    },
  },
  crypto_wallets: {
    parse(value) {
      const key = 'crypto_wallets';
      const record = exactObject(key, value, ['bitcoin', 'ethereum']);
      const bitcoin = text(key, 'bitcoin', record.bitcoin, 100, { nullable: true });
      if (bitcoin && !isBitcoinAddress(bitcoin)) throw invalid(key, 'bitcoin must be a valid Bitcoin address (1…, 3… or bc1…, checksum included).');
      const ethereum = text(key, 'ethereum', record.ethereum, 42, { nullable: true, pattern: ETHEREUM, patternMessage: 'ethereum must be 0x followed by 40 hexadecimal digits.' });
      return { bitcoin, ethereum };
    },
  },
  biometric_verification_config: biometric,
  admin_roles: {
    parse(value) {
      const key = 'admin_roles';
      const record = exactObject(key, value, ADMIN_ROLES);
      const roles: Record<string, string[]> = {};
      for (const role of ADMIN_ROLES) {
        const granted = record[role];
        if (!Array.isArray(granted) || granted.some((permission) => typeof permission !== 'string')) throw invalid(key, `${role} must be a list of permissions.`);
        const permissions = [...new Set(granted as string[])];
        if (role === 'super_admin') {
          // Super admins keep every permission: otherwise no one could edit roles again.
          if (permissions.length !== 1 || permissions[0] !== 'all') throw invalid(key, 'super_admin always has all permissions.');
        } else {
          const unknown = permissions.filter((permission) => !(ADMIN_PERMISSIONS as readonly string[]).includes(permission));
          if (unknown.length) throw invalid(key, `unknown permission ${unknown.join(', ')} for ${role} (known: ${ADMIN_PERMISSIONS.join(', ')}).`);
        }
        roles[role] = permissions;
      }
      return roles;
    },
  },
  investment_durations: {
    parse(value) {
      const key = 'investment_durations';
      const record = exactObject(key, value, INVESTMENT_TYPES);
      return Object.fromEntries(
        INVESTMENT_TYPES.map((type) => {
          const months = record[type];
          if (!Array.isArray(months) || !months.length) throw invalid(key, `${type} must list at least one duration in months.`);
          return [type, [...new Set(months.map((month) => integer(key, `${type} durations`, month, 1, 600)))].sort((a, b) => a - b)];
        }),
      );
    },
  },
  investment_categories: stringList('investment_categories', 100),
  corporate_structures: stringList('corporate_structures', 100),
};

export function isAdminSettingKey(key: string): key is AdminSettingKey {
  return Object.prototype.hasOwnProperty.call(SETTING_RULES, key);
}

/** The stored value as a browser may see it. */
export function presentSetting(key: string, stored: unknown): unknown {
  return isAdminSettingKey(key) && SETTING_RULES[key].present ? SETTING_RULES[key].present(stored) : stored;
}

/** For the Support Center (public): the general setting, or its defaults while unset. */
export const DEFAULT_GENERAL = {
  platformName: 'Investment Portal',
  supportEmail: null,
  supportPhone: null,
  phoneHours: 'Mon–Fri 9AM–5PM SGT',
  liveChatUrl: null,
  liveChatHours: '24/7',
  liveChatResponseTime: '2 minutes',
  emailResponseTime: 'Within 4 hours',
};
