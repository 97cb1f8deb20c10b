import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials): each user's public keys, their signature counters and
 * names. A credential id belongs to one account only.
 */
export class CreatePasskeys1796100000000 implements MigrationInterface {
  name = 'CreatePasskeys1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."passkeys" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "credential_id" character varying(1400) NOT NULL, "public_key" bytea NOT NULL, "counter" bigint NOT NULL DEFAULT 0, "transports" character varying(16) array NOT NULL DEFAULT '{}', "name" character varying(64) NOT NULL, "synced" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_passkeys" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_passkeys_credential_id" ON "identity"."passkeys" ("credential_id")`);
    await queryRunner.query(`CREATE INDEX "ix_passkeys_user_id" ON "identity"."passkeys" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."passkeys" ADD CONSTRAINT "fk_passkeys_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."passkeys"`);
  }
}
