import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddUserDeletedAt1764100000130 implements MigrationInterface {
  name = 'AddUserDeletedAt1764100000130';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "deleted_at"`);
  }
}
