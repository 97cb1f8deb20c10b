import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddProfileFieldsAndEmailChangeTokens1795474325390 implements MigrationInterface {
  name = 'AddProfileFieldsAndEmailChangeTokens1795474325390';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD "phone" character varying(30), ADD "address" character varying(300), ADD "date_of_birth" date, ADD "nationality" character varying(100), ADD "photo_file_id" uuid`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."email_change_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "new_email" character varying(254) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_email_change_tokens" PRIMARY KEY ("id"), CONSTRAINT "fk_email_change_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_email_change_tokens_token_hash" ON "identity"."email_change_tokens" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_email_change_tokens_user_id" ON "identity"."email_change_tokens" ("user_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."email_change_tokens"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "photo_file_id", DROP COLUMN "nationality", DROP COLUMN "date_of_birth", DROP COLUMN "address", DROP COLUMN "phone"`);
  }
}
