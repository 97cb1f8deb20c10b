import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import type { FeatureToggle } from '@portal/domain-rules';
import { refusal } from '../common/refusal';


/** The `general` setting: platform name and the Support Center's contacts and hours. */
export interface GeneralSettings {
  platformName: string;
  supportEmail: string | null;
  supportPhone: string | null;
  phoneHours: string;
  liveChatUrl: string | null;
  liveChatHours: string;
  liveChatResponseTime: string;
  emailResponseTime: string;
}

export class PublicSupportContacts {
  @ApiProperty() platformName: string;
  @ApiProperty({ nullable: true, type: String, description: 'Null: no support mailbox is configured' }) supportEmail: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Null: the phone line is shown as unavailable' }) supportPhone: string | null;
  @ApiProperty() phoneHours: string;
  @ApiProperty({ nullable: true, type: String, description: 'Null: live chat is not connected' }) liveChatUrl: string | null;
  @ApiProperty() liveChatHours: string;
  @ApiProperty() liveChatResponseTime: string;
  @ApiProperty() emailResponseTime: string;
}

export class PublicSettings {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'boolean' } })
  featureToggles: Record<FeatureToggle, boolean>;
  @ApiProperty({ type: [String] }) supportedCurrencies: string[];
  @ApiProperty({ type: [Number] }) personalDurations: number[];
  @ApiProperty({ type: [Number] }) corporateDurations: number[];
  @ApiProperty({ type: [Number] }) gippDurations: number[];
  @ApiProperty({ type: [String], description: 'GIPP investment categories' }) investmentCategories: string[];
  @ApiProperty({ type: [String] }) corporateStructures: string[];
  @ApiProperty({ nullable: true, type: String }) bitcoinWalletAddress: string | null;
  @ApiProperty({ description: 'The smallest withdrawal, in account currency units (System Settings: financial limits)' }) minimumWithdrawal: number;
  @ApiProperty({ type: PublicSupportContacts, description: 'The general setting: platform name, support contacts and hours' }) support: PublicSupportContacts;
}

/** One stored setting as services apply it. */
export interface SettingValue {
  key: string;
  value: unknown;
  version: number;
}

/** Every setting, for a service starting up (internal: the gateway never forwards it). */
export interface AllSettings {
  items: SettingValue[];
}

export class UpdateSettingPayload {
  @IsString()
  @MaxLength(100)
  key: string;

  @IsDefined(refusal('setting_value_required'))
  value: unknown;
}

/** The keys admins edit in System Settings (spec 02 §3 plus API.md's general, financial_limits, security). */
export const ADMIN_SETTING_KEYS = [
  'general',
  'financial_limits',
  'feature_toggles',
  'security',
  'platform_fees',
  'roi_rates',
  'supported_currencies',
  'crypto_wallets',
  'biometric_verification_config',
  'admin_roles',
  'investment_durations',
  'investment_categories',
  'corporate_structures',
] as const;
export type AdminSettingKey = (typeof ADMIN_SETTING_KEYS)[number];

/**
 * Decimal fields of settings (money limits; fee and return percents), by key: the gateway
 * forwards each as the text the admin sent (withMoneyTexts), so identity checks the decimals
 * written rather than a number JSON parsing already rounded.
 */
export const DECIMAL_SETTING_FIELDS: Partial<Record<AdminSettingKey, readonly string[]>> = {
  financial_limits: ['minimumWithdrawal', 'fourEyesThreshold'],
  platform_fees: ['personal', 'corporate', 'gipp'],
  roi_rates: ['personal', 'corporate', 'gipp'],
};

/** The decimal fields of the setting `key` (none for an unknown key, `constructor` included). */
export function decimalSettingFields(key: string): readonly string[] {
  return Object.prototype.hasOwnProperty.call(DECIMAL_SETTING_FIELDS, key) ? (DECIMAL_SETTING_FIELDS[key as AdminSettingKey] ?? []) : [];
}


/** One setting as the System Settings screen shows it (secrets masked, never returned). */
export class AdminSettingView {
  @ApiProperty({ enum: ADMIN_SETTING_KEYS }) key: string;
  @ApiProperty({ description: 'The whole value; the biometric API key appears only masked' }) value: unknown;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The admin who last changed it; null for the seeded default' }) updatedBy: string | null;
  @ApiProperty({ nullable: true, type: String }) updatedByEmail: string | null;
  @ApiProperty() updatedAt: string;
  @ApiProperty() version: number;
}

export class AdminSettingList {
  @ApiProperty({ type: [AdminSettingView] }) items: AdminSettingView[];
}

/** One change of a setting: who, when, the old and the new value (secrets masked). */
export class SettingHistoryEntry {
  @ApiProperty() version: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) changedBy: string | null;
  @ApiProperty({ nullable: true, type: String }) changedByEmail: string | null;
  @ApiProperty() changedAt: string;
  @ApiProperty({ nullable: true, description: 'The value before this change' }) previousValue: unknown;
  @ApiProperty() value: unknown;
}

export class SettingHistory {
  @ApiProperty() key: string;
  @ApiProperty({ type: [SettingHistoryEntry], description: 'Newest first' }) items: SettingHistoryEntry[];
}

export class SettingKeyPayload {
  @IsString()
  @MaxLength(100)
  key: string;
}

/** The signed-in admin's role and its current permissions (admin_roles), for the admin menu. */
export class AdminPermissionsView {
  @ApiProperty({ nullable: true, type: String }) adminRole: string | null;
  @ApiProperty({ type: [String], description: "The role's permissions; 'all' for super_admin" }) permissions: string[];
}
