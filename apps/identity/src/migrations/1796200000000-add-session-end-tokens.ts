import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions and devices: the single-use links of new-sign-in emails that end the session of
 * that sign-in. The session list itself needs no column: a session's first and last seen are
 * its start (session_started_at) and its newest token's created_at.
 */
export class AddSessionEndTokens1796200000000 implements MigrationInterface {
  name = 'AddSessionEndTokens1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."session_end_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "session_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_session_end_tokens" PRIMARY KEY ("id"), CONSTRAINT "fk_session_end_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_session_end_tokens_token_hash" ON "identity"."session_end_tokens" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_session_end_tokens_user_id" ON "identity"."session_end_tokens" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_session_end_tokens_expires_at" ON "identity"."session_end_tokens" ("expires_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."session_end_tokens"`);
  }
}
