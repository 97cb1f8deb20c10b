import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language of each customer's emails (issue 9); English until a preferences event says otherwise. */
export class AddNotificationPreferenceLanguage1795600000000 implements MigrationInterface {
  name = 'AddNotificationPreferenceLanguage1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification"."notification_preferences" ADD "language" character varying(2) NOT NULL DEFAULT 'en'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification"."notification_preferences" DROP COLUMN "language"`);
  }
}
