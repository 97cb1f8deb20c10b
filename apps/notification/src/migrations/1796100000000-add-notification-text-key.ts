import { MigrationInterface, QueryRunner } from 'typeorm';

/** A notification's text code and raw values (Notification.textKey, textParams): older rows and broadcasts keep none. */
export class AddNotificationTextKey1796100000000 implements MigrationInterface {
  name = 'AddNotificationTextKey1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification"."notifications" ADD "text_key" character varying(60)`);
    await queryRunner.query(`ALTER TABLE "notification"."notifications" ADD "text_params" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification"."notifications" DROP COLUMN "text_params"`);
    await queryRunner.query(`ALTER TABLE "notification"."notifications" DROP COLUMN "text_key"`);
  }
}
