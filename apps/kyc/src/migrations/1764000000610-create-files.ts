import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFiles1764000000610 implements MigrationInterface {
  name = 'CreateFiles1764000000610';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "kyc"."files" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "name" character varying(255) NOT NULL, "size" integer NOT NULL, "mime_type" character varying(100) NOT NULL, "purpose" character varying(60), "sha256" character varying(64) NOT NULL, "content" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_files" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_files_owner" ON "kyc"."files" ("owner_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "kyc"."file_upload_parts" ("upload_id" uuid NOT NULL, "part_index" integer NOT NULL, "owner_id" uuid NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_file_upload_parts" PRIMARY KEY ("upload_id", "part_index"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "kyc"."file_upload_parts"`);
    await queryRunner.query(`DROP INDEX "kyc"."idx_files_owner"`);
    await queryRunner.query(`DROP TABLE "kyc"."files"`);
  }
}
