import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateKycProfiles1763900000000 implements MigrationInterface {
  name = 'CreateKycProfiles1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "kyc"."kyc_profiles" ("user_id" uuid NOT NULL, "kyc_status" character varying(20) NOT NULL, "version" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_kyc_profiles" PRIMARY KEY ("user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "kyc"."kyc_profiles"`);
  }
}
