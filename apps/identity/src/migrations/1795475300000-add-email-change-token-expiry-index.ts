import { MigrationInterface, QueryRunner } from 'typeorm';

/** Data retention deletes email change links by expiry, as it does the other emailed links (each indexed for it). */
export class AddEmailChangeTokenExpiryIndex1795475300000 implements MigrationInterface {
  name = 'AddEmailChangeTokenExpiryIndex1795475300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_email_change_tokens_expires_at" ON "identity"."email_change_tokens" ("expires_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."idx_email_change_tokens_expires_at"`);
  }
}
