import { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec 01 §9 corporate structures, offered by the corporate application form from the public settings. */
const STRUCTURES = ['Private Limited Company', 'Public Limited Company', 'Partnership', 'Sole Proprietorship', 'Limited Liability Partnership', 'Other'];

export class SeedCorporateStructures1764000000600 implements MigrationInterface {
  name = 'SeedCorporateStructures1764000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "identity"."system_settings" ("setting_key", "setting_value", "description") VALUES ($1, $2::jsonb, $3) ON CONFLICT ("setting_key") DO NOTHING`,
      ['corporate_structures', JSON.stringify(STRUCTURES), 'Company structures offered on corporate applications'],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "identity"."system_settings" WHERE "setting_key" = 'corporate_structures' AND "updated_by" IS NULL`);
  }
}
