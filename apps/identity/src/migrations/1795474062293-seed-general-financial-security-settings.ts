import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The settings System Settings edits that had no row yet, with the spec's defaults
 * (spec 02 §9: minimum withdrawal $100, session timeout 30 minutes, 5 failed logins;
 * Support Center hours and response times). Written out, not imported: a migration
 * inserts the same values however the code changes later.
 */
const DEFAULTS: { key: string; value: unknown; description: string }[] = [
  {
    key: 'general',
    value: {
      platformName: 'Investment Portal',
      supportEmail: null,
      supportPhone: null,
      phoneHours: 'Mon–Fri 9AM–5PM SGT',
      liveChatUrl: null,
      liveChatHours: '24/7',
      liveChatResponseTime: '2 minutes',
      emailResponseTime: 'Within 4 hours',
    },
    description: 'Platform name, support contacts and hours shown in the Support Center',
  },
  {
    key: 'financial_limits',
    value: { minimumWithdrawal: 100, withdrawalRequiresKyc: false, fourEyesThreshold: 10000 },
    description: 'Minimum withdrawal, whether withdrawals need verified KYC, and the amount above which a withdrawal needs two admins',
  },
  {
    key: 'security',
    value: { sessionIdleMinutes: 30, sessionAbsoluteHours: 12, maxFailedLogins: 5, requireAdminMfa: false },
    description: 'Session time-outs, failed sign-ins before lock-out, and whether admins must use two-factor sign-in',
  },
];

export class SeedGeneralFinancialSecuritySettings1795474062293 implements MigrationInterface {
  name = 'SeedGeneralFinancialSecuritySettings1795474062293';

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
