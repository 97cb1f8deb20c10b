import { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec 02 §3: the biometric configuration admins edit; off and unconfigured until they set a provider and key. */
export class SeedBiometricVerificationConfig1764100000150 implements MigrationInterface {
  name = 'SeedBiometricVerificationConfig1764100000150';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "identity"."system_settings" ("setting_key", "setting_value", "description") VALUES ($1, $2::jsonb, $3) ON CONFLICT ("setting_key") DO NOTHING`,
      ['biometric_verification_config', JSON.stringify({ provider: null, apiKey: null, isEnabled: false }), 'Biometric verification provider, API key and whether it is enabled'],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "identity"."system_settings" WHERE "setting_key" = 'biometric_verification_config' AND "updated_by" IS NULL`);
  }
}
