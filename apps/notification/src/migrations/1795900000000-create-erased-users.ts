import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tombstones of deleted accounts (ErasedUser): late events about them are skipped. */
export class CreateErasedUsers1795900000000 implements MigrationInterface {
  name = 'CreateErasedUsers1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notification"."erased_users" ("user_id" uuid NOT NULL, "erased_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_erased_users" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_erased_users_erased_at" ON "notification"."erased_users" ("erased_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "notification"."idx_erased_users_erased_at"`);
    await queryRunner.query(`DROP TABLE "notification"."erased_users"`);
  }
}
