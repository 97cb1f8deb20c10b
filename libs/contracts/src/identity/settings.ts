import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

export const FEATURE_TOGGLES = [
  'investments_enabled',
  'withdrawals_enabled',
  'new_registrations',
  'email_notifications',
  'kyc_verification',
  'crypto_payments',
  'bank_transfers',
  'sms_notifications',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

/** Defaults of spec 02 §9; stored in identity.system_settings and editable by admins. */
export const DEFAULT_FEATURE_TOGGLES: Record<FeatureToggle, boolean> = {
  investments_enabled: true,
  withdrawals_enabled: true,
  new_registrations: true,
  email_notifications: true,
  kyc_verification: true,
  crypto_payments: true,
  bank_transfers: true,
  sms_notifications: false,
};

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

  @IsDefined({ message: 'value is required' })
  value: unknown;
}
