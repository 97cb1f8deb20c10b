import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a file's bytes live: `storage` names the driver (rows written before stay
 * 'postgres', their bytes in `content`); with 's3', `storage_key` is the object's key and
 * `content` is null.
 */
export class FileStorageLocation1796500000000 implements MigrationInterface {
  name = 'FileStorageLocation1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "kyc"."files" ADD "storage" character varying(16) NOT NULL DEFAULT 'postgres'`);
    await queryRunner.query(`ALTER TABLE "kyc"."files" ADD "storage_key" character varying(300)`);
    await queryRunner.query(`ALTER TABLE "kyc"."files" ALTER COLUMN "content" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "kyc"."files" ADD CONSTRAINT "chk_files_storage" CHECK ("storage" = 'postgres' OR ("storage" = 's3' AND "storage_key" IS NOT NULL AND "content" IS NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Refuses while files are in the bucket: move them back first (their bytes are not here).
    await queryRunner.query(`ALTER TABLE "kyc"."files" DROP CONSTRAINT "chk_files_storage"`);
    await queryRunner.query(`ALTER TABLE "kyc"."files" ALTER COLUMN "content" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "kyc"."files" DROP COLUMN "storage_key"`);
    await queryRunner.query(`ALTER TABLE "kyc"."files" DROP COLUMN "storage"`);
  }
}
