import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotificationPreferences1795474017510 implements MigrationInterface {
  name = 'CreateNotificationPreferences1795474017510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notification"."notification_preferences" ("user_id" uuid NOT NULL, "topics" jsonb NOT NULL, "version" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_notification_preferences" PRIMARY KEY ("user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."notification_preferences"`);
  }
}
