import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateKycGate1764100000160 implements MigrationInterface {
  name = 'CreateKycGate1764100000160';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ledger"."kyc_gate" ("user_id" uuid NOT NULL, "kyc_status" character varying(20) NOT NULL, "version" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_kyc_gate" PRIMARY KEY ("user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ledger"."kyc_gate"`);
  }
}
