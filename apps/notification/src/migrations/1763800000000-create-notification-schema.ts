import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateNotificationSchema1763800000000 implements MigrationInterface {
  name = 'CreateNotificationSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'notification');
    await queryRunner.query(
      `CREATE TABLE "notification"."email_deliveries" ("id" uuid NOT NULL, "event_id" uuid NOT NULL, "template" character varying(50) NOT NULL, "recipient" character varying(320) NOT NULL, "subject" character varying(300) NOT NULL, "message_id" character varying(998) NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "uq_email_deliveries_event_template" UNIQUE ("event_id", "template"), CONSTRAINT "PK_notification_email_deliveries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_email_deliveries_recipient" ON "notification"."email_deliveries" ("recipient", "sent_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."email_deliveries"`);
    await dropEventTablesV1(queryRunner, 'notification');
  }
}
