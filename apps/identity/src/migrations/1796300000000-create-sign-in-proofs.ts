import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each session last proved who is behind it (see SignInProofRecord). Rows go with
 * their account; a session's row outliving its refresh tokens is harmless (the gateway
 * refuses the session first) and is swept with the account's other session data.
 */
export class CreateSignInProofs1796300000000 implements MigrationInterface {
  name = 'CreateSignInProofs1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."sign_in_proofs" (
        "session_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "proved_at" timestamptz NOT NULL,
        CONSTRAINT "pk_sign_in_proofs" PRIMARY KEY ("session_id"),
        CONSTRAINT "fk_sign_in_proofs_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_sign_in_proofs_user_id" ON "identity"."sign_in_proofs" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."sign_in_proofs"`);
  }
}
