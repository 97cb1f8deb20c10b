import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which revoked refresh tokens were revoked by reuse detection. A session's newest token
 * revoked by a sign-out, password reset or suspension was never used: presented again it is
 * refused without being recorded as theft, and without replacing the reason the gateway shows.
 * A constant default: no table rewrite.
 */
export class AddRefreshTokenRevokedForReuse1795475300001 implements MigrationInterface {
  name = 'AddRefreshTokenRevokedForReuse1795475300001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" ADD "revoked_for_reuse" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" DROP COLUMN "revoked_for_reuse"`);
  }
}
