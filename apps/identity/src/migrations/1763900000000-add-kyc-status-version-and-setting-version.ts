import { MigrationInterface, QueryRunner } from 'typeorm';

/** Versions that order updates from events: the KYC status read model and settings changes. */
export class AddKycStatusVersionAndSettingVersion1763900000000 implements MigrationInterface {
  name = 'AddKycStatusVersionAndSettingVersion1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "kyc_status_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "identity"."system_settings" ADD "version" integer NOT NULL DEFAULT '1'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."system_settings" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "kyc_status_version"`);
  }
}
