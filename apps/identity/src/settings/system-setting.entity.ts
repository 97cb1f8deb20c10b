import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One platform setting (spec 02 §3), a JSON value under a fixed key; defaults seeded by migration. */
@Entity({ name: 'system_settings' })
export class SystemSetting {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_system_settings' }) settingKey: string;
  @Column({ type: 'jsonb' }) settingValue: unknown;
  @Column({ type: 'text', nullable: true }) description: string | null;
  /** The admin who last changed it; null for the seeded default. */
  @Column({ type: 'uuid', nullable: true }) updatedBy: string | null;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
  /** Grows with each change; carried by settings-changed events so services never apply an older value. */
  @Column({ type: 'int', default: 1 }) version: number;
}

/** Keys the platform reads. Renaming one strands the stored value: add a migration instead. */
export const SettingKeys = {
  featureToggles: 'feature_toggles',
  supportedCurrencies: 'supported_currencies',
  platformFees: 'platform_fees',
  roiRates: 'roi_rates',
  cryptoWallets: 'crypto_wallets',
  adminRoles: 'admin_roles',
  investmentDurations: 'investment_durations',
  investmentCategories: 'investment_categories',
  corporateStructures: 'corporate_structures',
  general: 'general',
  financialLimits: 'financial_limits',
  security: 'security',
  biometricVerificationConfig: 'biometric_verification_config',
} as const;
