import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Defaults of spec 02 §9. Written out here rather than imported from the contracts: a
 * migration must insert the same values however the constants change later.
 */
const DEFAULTS: { key: string; value: unknown; description: string }[] = [
  {
    key: 'feature_toggles',
    value: {
      investments_enabled: true,
      withdrawals_enabled: true,
      new_registrations: true,
      email_notifications: true,
      kyc_verification: true,
      crypto_payments: true,
      bank_transfers: true,
      sms_notifications: false,
    },
    description: 'Platform features that can be switched on or off',
  },
  { key: 'supported_currencies', value: ['USD', 'EUR', 'GBP', 'SGD'], description: 'Currencies accepted for deposits and withdrawals' },
  { key: 'platform_fees', value: { personal: 2.5, corporate: 2, gipp: 1.5 }, description: 'Platform fee percent by investment type' },
  { key: 'roi_rates', value: { personal: 15, corporate: 18, gipp: 25 }, description: 'Return on investment percent by investment type' },
  { key: 'crypto_wallets', value: { bitcoin: null, ethereum: null }, description: 'Receiving wallet addresses for crypto deposits' },
  {
    key: 'admin_roles',
    value: { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], moderator: ['users', 'kyc'], support: ['tickets', 'notifications'] },
    description: 'Permissions of each admin role',
  },
  {
    key: 'investment_durations',
    value: { personal: [3, 6, 12, 24, 36], corporate: [3, 6, 12, 24, 36, 48, 60], gipp: [3, 6, 12, 24, 36] },
    description: 'Investment durations offered, in months, by investment type',
  },
  {
    key: 'investment_categories',
    value: ['Oil & Gas', 'Gold Mining', 'Real Estate', 'Technology', 'Healthcare', 'Renewable Energy'],
    description: 'GIPP investment categories',
  },
];

export class SeedSystemSettings1763800000001 implements MigrationInterface {
  name = 'SeedSystemSettings1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const setting of DEFAULTS) {
      await queryRunner.query(
        `INSERT INTO "identity"."system_settings" ("setting_key", "setting_value", "description") VALUES ($1, $2::jsonb, $3) ON CONFLICT ("setting_key") DO NOTHING`,
        [setting.key, JSON.stringify(setting.value), setting.description],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "identity"."system_settings" WHERE "setting_key" = ANY($1) AND "updated_by" IS NULL`, [DEFAULTS.map((setting) => setting.key)]);
  }
}
