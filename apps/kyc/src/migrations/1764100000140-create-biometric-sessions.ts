import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBiometricSessions1764100000140 implements MigrationInterface {
  name = 'CreateBiometricSessions1764100000140';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "kyc"."biometric_sessions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "provider" character varying(50) NOT NULL, "status" character varying(20) NOT NULL, "steps" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_biometric_sessions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_biometric_sessions_user" ON "kyc"."biometric_sessions" ("user_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "kyc"."idx_biometric_sessions_user"`);
    await queryRunner.query(`DROP TABLE "kyc"."biometric_sessions"`);
  }
}
